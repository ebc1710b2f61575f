//go:build lpsolve

package main

import _ "github.com/streamopt/streamopt/solve/lpsolve"
