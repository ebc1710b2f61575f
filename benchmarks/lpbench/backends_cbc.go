//go:build cbc

package main

import _ "github.com/streamopt/streamopt/solve/cbc"
