//go:build lpsolve

package main

// Compiled with -tags lpsolve: the lp_solve backend joins the MILP check.
import _ "github.com/streamopt/streamopt/solve/lpsolve"
