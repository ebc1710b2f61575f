package readertest

import (
	"strings"

	"github.com/streamopt/streamopt/lp"
)

// Model is a compact description of the model a reader should return for
// a hand-written file; Build makes it.
type Model struct {
	Name, Obj string
	Sense     lp.Sense
	Offset    float64
	Cols      []lp.Var
	C         []float64
	Rows      []lp.Row
}

// Build returns the lp.Model d describes; a row without terms gets the
// empty (non-nil) index and value slices a reader returns.
func (d Model) Build() *lp.Model {
	m := &lp.Model{Name: d.Name, ObjName: d.Obj, Sense: d.Sense, ObjOffset: d.Offset, Vars: d.Cols, Obj: d.C}
	for _, r := range d.Rows {
		if r.Ind == nil {
			r.Ind, r.Val = []int{}, []float64{}
		}
		m.Rows = append(m.Rows, r)
	}
	return m
}

// CV is a continuous column with bounds [lo, hi].
func CV(name string, lo, hi float64) lp.Var { return lp.Var{Name: name, Lower: lo, Upper: hi} }

// IV is an integer column with bounds [lo, hi].
func IV(name string, lo, hi float64) lp.Var {
	return lp.Var{Name: name, Lower: lo, Upper: hi, Integer: true}
}

// Text joins lines, each ended by "\n".
func Text(lines ...string) string { return strings.Join(lines, "\n") + "\n" }
