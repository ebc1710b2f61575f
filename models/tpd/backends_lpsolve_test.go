//go:build lpsolve

package tpd

// With -tags lpsolve the lp_solve backend joins the MILP cross-check.
import _ "github.com/streamopt/streamopt/solve/lpsolve"
