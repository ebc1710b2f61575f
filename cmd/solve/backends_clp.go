//go:build clp

package main

// Compiled with -tags clp: the COIN-OR CLP backend registers itself.
import _ "github.com/streamopt/streamopt/solve/clp"
