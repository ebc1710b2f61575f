package lpformat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/streamopt/streamopt/lp"
)

// WriteOptions control how a model is written. The zero value is the default.
type WriteOptions struct {
	// GLPK writes the two things GLPK 5.0 (glpsol --lp) cannot read in a
	// form it can: a range row lo ≤ aᵀx ≤ hi becomes the equality
	// aᵀx − r = 0 with a new column r ∈ [lo, hi] named "~r_<i>" (i the
	// 1-based row number), and a nonzero objective constant c₀ becomes the
	// term c₀·k of a new column k fixed at 1, named "~const". The file then
	// describes an equivalent model with extra columns: reading it back
	// gives those columns too.
	GLPK bool
}

// Write writes m to w in CPLEX LP format. The model must pass m.Validate.
//
// Every number is written with the fewest digits that read back exactly.
// Names that are not valid LP names are replaced (see Names); with valid,
// distinct names and the default options, Read(Write(m)) gives m back.
func Write(w io.Writer, m *lp.Model, opts WriteOptions) error {
	if m == nil {
		return errors.New("lpformat: write: nil model")
	}
	if err := m.Validate(); err != nil {
		return fmt.Errorf("lpformat: write: %w", err)
	}
	if strings.ContainsAny(m.Name, "\r\n") {
		return fmt.Errorf("lpformat: write: model name %q contains a line break", m.Name)
	}
	if len(m.Rows) > 0 && len(m.Vars) == 0 {
		return errors.New("lpformat: write: a model with rows but no columns cannot be written (a constraint needs a variable)")
	}
	wr := &writer{m: m, opts: opts}
	wr.cols, wr.rows, wr.obj = Names(m)
	bw := bufio.NewWriterSize(w, 64<<10)
	wr.w = bw
	wr.write()
	return bw.Flush()
}

// WriteFile writes m to the file at path.
func WriteFile(path string, m *lp.Model, opts WriteOptions) (err error) {
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	return Write(f, m, opts)
}

// lineWidth is where the writer wraps long expressions (CPLEX truncates
// lines longer than 510 characters).
const lineWidth = 78

type writer struct {
	w    *bufio.Writer
	m    *lp.Model
	opts WriteOptions
	cols []string
	rows []string
	obj  string
	line []byte // the current output line
}

func formatNumber(v float64) string {
	if v == 0 {
		return "0"
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// put appends a token to the current line, wrapping before it if the line
// would grow past lineWidth.
func (wr *writer) put(tok string) {
	if len(wr.line) > 0 && len(wr.line)+1+len(tok) > lineWidth {
		wr.newline()
		wr.line = append(wr.line, ' ')
	}
	if n := len(wr.line); n > 0 && wr.line[n-1] != ' ' {
		wr.line = append(wr.line, ' ')
	}
	wr.line = append(wr.line, tok...)
}

// putTerm appends "+ c x" as one unit, so a coefficient never ends a line.
func (wr *writer) putTerm(c float64, name string) {
	sign := "+"
	if c < 0 || (c == 0 && math.Signbit(c)) {
		sign, c = "-", -c
	}
	tok := sign + " " + name
	if c != 1 {
		tok = sign + " " + formatNumber(c) + " " + name
	}
	wr.put(tok)
}

func (wr *writer) newline() {
	wr.line = append(wr.line, '\n')
	wr.w.Write(wr.line)
	wr.line = wr.line[:0]
}

func (wr *writer) write() {
	m, w := wr.m, wr.w
	w.WriteString("\\ written by streamopt lp/lpformat\n")
	if m.Name != "" {
		fmt.Fprintf(w, "\\Problem name: %s\n", m.Name)
	}
	if m.Sense == lp.Maximize {
		w.WriteString("Maximize\n")
	} else {
		w.WriteString("Minimize\n")
	}
	// The objective lists every column in order, zero coefficients too,
	// so that reading the file back numbers the columns as they are here.
	wr.line = append(wr.line, ' ')
	if wr.obj != "" {
		wr.line = append(wr.line, wr.obj+":"...)
	}
	for j := range m.Vars {
		wr.putTerm(m.Obj[j], wr.cols[j])
	}
	konst := ""
	if m.ObjOffset != 0 {
		if wr.opts.GLPK {
			konst = uniqueCol("~const", wr.cols)
			wr.putTerm(m.ObjOffset, konst)
		} else if m.ObjOffset < 0 {
			wr.put("- " + formatNumber(-m.ObjOffset))
		} else {
			wr.put("+ " + formatNumber(m.ObjOffset))
		}
	}
	wr.newline()

	w.WriteString("Subject To\n")
	type auxCol struct {
		name   string
		lo, hi float64
	}
	var auxs []auxCol
	taken := append([]string(nil), wr.cols...)
	if konst != "" {
		taken = append(taken, konst)
	}
	for i := range m.Rows {
		r := &m.Rows[i]
		wr.line = append(wr.line, ' ')
		if wr.rows[i] != "" {
			wr.line = append(wr.line, wr.rows[i]+":"...)
		}
		typ := r.Type()
		if typ == lp.RowRange && !wr.opts.GLPK {
			wr.put(formatNumber(r.Lower) + " <=")
		}
		wrote := false
		for k, j := range r.Ind {
			if r.Val[k] != 0 {
				wr.putTerm(r.Val[k], wr.cols[j])
				wrote = true
			}
		}
		if !wrote { // an empty row still needs a variable
			wr.putTerm(0, wr.cols[0])
		}
		switch typ {
		case lp.RowFree:
			wr.put(">= " + formatNumber(-Infinity))
		case lp.RowLE:
			wr.put("<= " + formatNumber(r.Upper))
		case lp.RowGE:
			wr.put(">= " + formatNumber(r.Lower))
		case lp.RowEQ:
			wr.put("= " + formatNumber(r.Lower))
		case lp.RowRange:
			if wr.opts.GLPK {
				a := uniqueCol("~r_"+strconv.Itoa(i+1), taken)
				taken = append(taken, a)
				auxs = append(auxs, auxCol{a, r.Lower, r.Upper})
				wr.putTerm(-1, a)
				wr.put("= 0")
			} else {
				wr.put("<= " + formatNumber(r.Upper))
			}
		}
		wr.newline()
	}

	var ints, bins []int
	bounds := false
	bound := func(s string) {
		if !bounds {
			w.WriteString("Bounds\n")
			bounds = true
		}
		w.WriteString(" " + s + "\n")
	}
	for _, a := range auxs {
		bound(formatNumber(a.lo) + " <= " + a.name + " <= " + formatNumber(a.hi))
	}
	if konst != "" {
		bound(konst + " = 1")
	}
	for j, v := range m.Vars {
		name := wr.cols[j]
		lo, hi := v.Lower, v.Upper
		loInf, hiInf := math.IsInf(lo, -1), math.IsInf(hi, 1)
		switch {
		case v.Integer && lo == 0 && hi == 1:
			bins = append(bins, j)
			continue
		case v.Integer:
			ints = append(ints, j)
		}
		switch {
		case lo == 0 && hiInf:
		case loInf && hiInf:
			bound(name + " free")
		case !loInf && lo == hi:
			bound(name + " = " + formatNumber(lo))
		case hiInf:
			bound(name + " >= " + formatNumber(lo))
		case loInf:
			bound("-infinity <= " + name + " <= " + formatNumber(hi))
		default:
			bound(formatNumber(lo) + " <= " + name + " <= " + formatNumber(hi))
		}
	}
	wr.nameList("Generals", ints)
	wr.nameList("Binaries", bins)
	w.WriteString("End\n")
}

func (wr *writer) nameList(title string, js []int) {
	if len(js) == 0 {
		return
	}
	wr.w.WriteString(title + "\n")
	wr.line = append(wr.line, ' ')
	for _, j := range js {
		wr.put(wr.cols[j])
	}
	wr.newline()
}

// uniqueCol returns base, or base followed by "_2", "_3", ... if taken.
func uniqueCol(base string, taken []string) string {
	set := make(map[string]bool, len(taken))
	for _, s := range taken {
		set[s] = true
	}
	s := base
	for n := 2; set[s]; n++ {
		s = base + "_" + strconv.Itoa(n)
	}
	return s
}
