package solfile

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/streamopt/streamopt/lp"
)

// WriteBasis writes b, a basis of m, in the MPS basis format: a NAME line,
// an XU or XL line pairing each basic column with a nonbasic row (at its
// upper or lower bound), a UL line for each nonbasic column at its upper
// bound, and ENDATA. Columns at their lower bound (or fixed, or free at
// zero) and basic rows are the format's defaults and get no line. Names
// are written without their blanks, as CLP reads them from fixed MPS
// ("DEDO3 1R" is DEDO31R; CheckBasisNames). Names of up to 8 characters sit
// in the fixed-format columns (5-12, 15-22). It returns an error when b
// does not fit m or does not have one basic entry per row.
func WriteBasis(w io.Writer, m *lp.Model, b lp.Basis) error {
	if err := CheckBasisNames(m); err != nil {
		return err
	}
	if len(b.Cols) != len(m.Vars) || len(b.Rows) != len(m.Rows) {
		return fmt.Errorf("solfile: basis has %d columns and %d rows, the model %d and %d", len(b.Cols), len(b.Rows), len(m.Vars), len(m.Rows))
	}
	if nb := b.NumBasic(); nb != len(m.Rows) {
		return fmt.Errorf("solfile: basis has %d basic entries, want %d (the number of rows)", nb, len(m.Rows))
	}
	name := m.Name
	if name == "" || strings.ContainsAny(name, " \t") {
		name = "BASIS"
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "NAME          %s\n", name)
	i := 0 // next row to look at for a nonbasic one
	for j, st := range b.Cols {
		switch st {
		case lp.Basic:
			for b.Rows[i] == lp.Basic {
				i++
			}
			code := "XL"
			if b.Rows[i] == lp.AtUpper {
				code = "XU"
			}
			fmt.Fprintf(bw, " %s %-8s  %s\n", code, stripBlanks(m.Vars[j].Name), stripBlanks(m.Rows[i].Name))
			i++
		case lp.AtUpper:
			fmt.Fprintf(bw, " UL %s\n", stripBlanks(m.Vars[j].Name))
		}
	}
	bw.WriteString("ENDATA\n")
	return bw.Flush()
}

// ReadBasis reads a basis of m in the MPS basis format (see WriteBasis and
// the package documentation); name is used in errors. Fields are
// separated by blanks, so that fixed and free MPS basis files both read; a
// name of the file is the name of m without its blanks, as WriteBasis and
// CLP write it; fields after the names (CLP writes a value there) are
// ignored. A status
// is normalised to the bounds of its column or row: nonbasic with equal
// bounds is lp.Fixed, at an infinite bound it moves to the finite one, or
// to lp.AtZero when both are infinite. Errors name the line and the field:
// an unknown code, a name that is not a column (a row) of m, an entry
// named twice.
func ReadBasis(r io.Reader, m *lp.Model, name string) (lp.Basis, error) {
	l := newLines(r, name)
	// names without blanks; -1 marks one that two names share
	index := func(n int, name func(int) string) map[string]int {
		idx := make(map[string]int, n)
		for k := 0; k < n; k++ {
			key := stripBlanks(name(k))
			if _, dup := idx[key]; dup {
				idx[key] = -1
			} else {
				idx[key] = k
			}
		}
		return idx
	}
	colIdx := index(len(m.Vars), func(j int) string { return m.Vars[j].Name })
	rowIdx := index(len(m.Rows), func(i int) string { return m.Rows[i].Name })
	b := lp.Basis{Cols: make([]lp.BasisStatus, len(m.Vars)), Rows: make([]lp.BasisStatus, len(m.Rows))}
	for j := range b.Cols {
		b.Cols[j] = lp.AtLower
	}
	colLine := make([]int, len(m.Vars))
	rowLine := make([]int, len(m.Rows))
	sawName, sawEnd := false, false
	for {
		s, ok, err := l.next()
		if err != nil {
			return lp.Basis{}, err
		}
		if !ok {
			break
		}
		if s == "" || strings.HasPrefix(s, "*") {
			continue
		}
		fs := strings.Fields(s)
		if !sawName {
			if fs[0] != "NAME" {
				return lp.Basis{}, l.errf("want a NAME line first, got %q", clip(s))
			}
			sawName = true
			continue
		}
		if fs[0] == "ENDATA" {
			sawEnd = true
			break
		}
		code := fs[0]
		col := func() (int, error) {
			if len(fs) < 2 {
				return 0, l.errf("%s: missing the column name", code)
			}
			j, ok := colIdx[fs[1]]
			if !ok {
				return 0, l.errf("%s: column %q: the model has no column of that name", code, fs[1])
			}
			if j < 0 {
				return 0, l.errf("%s: column %q: two columns of the model have that name without their blanks", code, fs[1])
			}
			if colLine[j] != 0 {
				return 0, l.errf("%s: column %q: named twice (first on line %d)", code, fs[1], colLine[j])
			}
			colLine[j] = l.n
			return j, nil
		}
		switch code {
		case "XU", "XL":
			j, err := col()
			if err != nil {
				return lp.Basis{}, err
			}
			if len(fs) < 3 {
				return lp.Basis{}, l.errf("%s: missing the row name after column %q", code, fs[1])
			}
			i, ok := rowIdx[fs[2]]
			if !ok {
				return lp.Basis{}, l.errf("%s: row %q: the model has no row of that name", code, fs[2])
			}
			if i < 0 {
				return lp.Basis{}, l.errf("%s: row %q: two rows of the model have that name without their blanks", code, fs[2])
			}
			if rowLine[i] != 0 {
				return lp.Basis{}, l.errf("%s: row %q: named twice (first on line %d)", code, fs[2], rowLine[i])
			}
			rowLine[i] = l.n
			b.Cols[j] = lp.Basic
			b.Rows[i] = lp.AtLower
			if code == "XU" {
				b.Rows[i] = lp.AtUpper
			}
		case "UL", "LL":
			j, err := col()
			if err != nil {
				return lp.Basis{}, err
			}
			b.Cols[j] = lp.AtLower
			if code == "UL" {
				b.Cols[j] = lp.AtUpper
			}
		default:
			return lp.Basis{}, l.errf("unknown code %q: want XU, XL, UL or LL", clip(code))
		}
	}
	switch {
	case !sawName:
		return lp.Basis{}, errAt(name, 0, "empty file: no NAME line")
	case !sawEnd:
		return lp.Basis{}, errAt(name, l.n, "missing ENDATA: the file is incomplete")
	}
	for j, v := range m.Vars {
		b.Cols[j] = normalise(b.Cols[j], v.Lower, v.Upper)
	}
	for i, r := range m.Rows {
		b.Rows[i] = normalise(b.Rows[i], r.Lower, r.Upper)
	}
	return b, nil
}

// normalise moves a nonbasic status to a bound that exists.
func normalise(st lp.BasisStatus, lo, hi float64) lp.BasisStatus {
	loInf, hiInf := math.IsInf(lo, -1), math.IsInf(hi, 1)
	switch {
	case st == lp.Basic:
		return st
	case lo == hi:
		return lp.Fixed
	case loInf && hiInf:
		return lp.AtZero
	case st == lp.AtLower && loInf:
		return lp.AtUpper
	case st == lp.AtUpper && hiInf:
		return lp.AtLower
	}
	return st
}
