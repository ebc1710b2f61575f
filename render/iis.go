package render

import (
	"fmt"
	"io"
	"math"
	"text/tabwriter"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/iis"
)

// IISAnswer is the JSON form of an irreducible infeasible subsystem that
// solve lp --iis wrote: the file, its rows and its column bounds.
type IISAnswer struct {
	File   string           `json:"file"`
	Rows   []IISRowAnswer   `json:"rows"`
	Bounds []IISBoundAnswer `json:"bounds"`
}

// IISRowAnswer is a row of an IIS, with both its bounds.
type IISRowAnswer struct {
	Name  string `json:"name"`
	Lower number `json:"lower"`
	Upper number `json:"upper"`
}

// IISBoundAnswer is a column bound of an IIS.
type IISBoundAnswer struct {
	Column string `json:"column"`
	Bound  string `json:"bound"` // "lower" or "upper"
	Value  number `json:"value"`
}

// NewIISAnswer is the JSON form of s, an IIS of m written to file.
func NewIISAnswer(m *lp.Model, s *iis.IIS, file string) *IISAnswer {
	a := &IISAnswer{File: file, Rows: []IISRowAnswer{}, Bounds: []IISBoundAnswer{}}
	for _, i := range s.Rows {
		r := m.Rows[i]
		a.Rows = append(a.Rows, IISRowAnswer{rowName(m)(i), number(r.Lower), number(r.Upper)})
	}
	for _, b := range s.Bounds {
		v := m.Vars[b.Col]
		side, val := "lower", v.Lower
		if b.Upper {
			side, val = "upper", v.Upper
		}
		a.Bounds = append(a.Bounds, IISBoundAnswer{colName(m)(b.Col), side, number(val)})
	}
	return a
}

// IISTable writes the rows and bounds of s, an IIS of m written to file,
// one a line: a row as "lo <= NAME <= hi" (the finite sides), a bound as
// "x >= l" or "x <= u".
func IISTable(w io.Writer, m *lp.Model, s *iis.IIS, file string) error {
	fmt.Fprintf(w, "\nirreducible infeasible subsystem: %d rows, %d bounds (written to %s)\n", len(s.Rows), len(s.Bounds), file)
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	for _, i := range s.Rows {
		r := m.Rows[i]
		fmt.Fprintf(tw, "row\t%s\n", sides(rowName(m)(i), r.Lower, r.Upper))
	}
	for _, b := range s.Bounds {
		v := m.Vars[b.Col]
		if b.Upper {
			fmt.Fprintf(tw, "bound\t%s <= %.10g\n", colName(m)(b.Col), v.Upper)
		} else {
			fmt.Fprintf(tw, "bound\t%s >= %.10g\n", colName(m)(b.Col), v.Lower)
		}
	}
	return tw.Flush()
}

// sides writes the constraint lo <= name <= hi with its finite sides.
func sides(name string, lo, hi float64) string {
	switch {
	case lo == hi:
		return fmt.Sprintf("%s = %.10g", name, lo)
	case math.IsInf(lo, -1) && math.IsInf(hi, 1):
		return name + " free"
	case math.IsInf(lo, -1):
		return fmt.Sprintf("%s <= %.10g", name, hi)
	case math.IsInf(hi, 1):
		return fmt.Sprintf("%s >= %.10g", name, lo)
	}
	return fmt.Sprintf("%.10g <= %s <= %.10g", lo, name, hi)
}
