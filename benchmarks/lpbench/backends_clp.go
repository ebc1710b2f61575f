//go:build clp

package main

import _ "github.com/streamopt/streamopt/solve/clp"
