//go:build clp

package main

// Compiled with -tags clp: the COIN-OR CLP backend registers itself, and
// -backend auto solves the global method's LPs with it.
import _ "github.com/streamopt/streamopt/solve/clp"
