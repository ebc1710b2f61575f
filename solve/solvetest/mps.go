package solvetest

import "github.com/streamopt/streamopt/lp/mps"

func init() { readMPS = mps.ReadFile }
