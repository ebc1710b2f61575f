//go:build lpsolve

package main

// Compiled with -tags lpsolve: the lp_solve backend registers itself.
import _ "github.com/streamopt/streamopt/solve/lpsolve"
