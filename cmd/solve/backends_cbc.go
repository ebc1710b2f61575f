//go:build cbc

package main

// Compiled with -tags cbc: the COIN-OR CBC backend registers itself.
import _ "github.com/streamopt/streamopt/solve/cbc"
