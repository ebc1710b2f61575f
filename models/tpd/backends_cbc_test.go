//go:build cbc

package tpd

// With -tags cbc the CBC backend joins the MILP cross-check.
import _ "github.com/streamopt/streamopt/solve/cbc"
