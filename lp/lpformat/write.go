package lpformat

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/modelfile"
)

// WriteOptions control how a model is written. The zero value is the default.
type WriteOptions struct {
	// Comment holds lines written as "\" comments after the header lines
	// the writer puts first (see doc.go), for example what the objective
	// means. A line may not contain a line break.
	Comment []string
}

// Write writes m to w in CPLEX LP format. The model must pass m.Validate.
//
// The file describes FileModel(m): m with the names of Names and each range
// row written as two rows; Read reads it back as exactly that model. Every
// number is written with the fewest digits that read back exactly.
func Write(w io.Writer, m *lp.Model, opts WriteOptions) error {
	if err := modelfile.CheckComment("lpformat: write: Comment", opts.Comment); err != nil {
		return err
	}
	fm, err := FileModel(m)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	wr := &writer{w: bw, m: fm}
	wr.header(m, opts.Comment)
	wr.write()
	return bw.Flush()
}

// WriteFile writes m to the file at path; a name ending in ".gz" (any
// case) is gzipped. The file replaces the one at path only once it is
// complete: after an error, the old file is as it was.
func WriteFile(path string, m *lp.Model, opts WriteOptions) error {
	return modelfile.Create(path, func(w io.Writer) error { return Write(w, m, opts) })
}

// FileModel returns the model the file Write writes for m describes, as
// Read reads it back: m with the column, row and objective names of Names,
// the model name without leading and trailing blanks, every range row
// lo ≤ aᵀx ≤ hi (lo < hi, both finite, or lo > hi) replaced by the two rows
// aᵀx ≥ lo and aᵀx ≤ hi, named NAME_lo and NAME_hi after the row's name
// (see doc.go) and unnamed when it has none, and zero coefficients left out.
// Columns, bounds, integrality, the sense and the objective constant are
// those of m. m must pass Validate.
func FileModel(m *lp.Model) (*lp.Model, error) {
	if m == nil {
		return nil, errors.New("lpformat: write: nil model")
	}
	if err := m.Validate(); err != nil {
		return nil, fmt.Errorf("lpformat: write: %w", err)
	}
	if strings.ContainsAny(m.Name, "\r\n") {
		return nil, fmt.Errorf("lpformat: write: model name %q contains a line break", m.Name)
	}
	if len(m.Rows) > 0 && len(m.Vars) == 0 {
		return nil, errors.New("lpformat: write: a model with rows but no columns cannot be written (a constraint needs a variable)")
	}
	cols, rows, obj := Names(m)
	lo, hi := rangeNames(m, rows)
	fm := &lp.Model{Name: strings.TrimSpace(m.Name), Sense: m.Sense, ObjName: obj, ObjOffset: m.ObjOffset}
	if len(m.Vars) > 0 {
		fm.Obj = append([]float64(nil), m.Obj...)
		fm.Vars = append([]lp.Var(nil), m.Vars...)
		for j := range fm.Vars {
			fm.Vars[j].Name = cols[j]
		}
	}
	row := func(name string, r *lp.Row, lower, upper float64) lp.Row {
		out := lp.Row{Name: name, Ind: []int{}, Val: []float64{}, Lower: lower, Upper: upper}
		for k, j := range r.Ind {
			if r.Val[k] != 0 {
				out.Ind = append(out.Ind, j)
				out.Val = append(out.Val, r.Val[k])
			}
		}
		return out
	}
	for i := range m.Rows {
		r := &m.Rows[i]
		if r.Type() == lp.RowRange {
			fm.Rows = append(fm.Rows, row(lo[i], r, r.Lower, math.Inf(1)), row(hi[i], r, math.Inf(-1), r.Upper))
			continue
		}
		fm.Rows = append(fm.Rows, row(rows[i], r, r.Lower, r.Upper))
	}
	return fm, nil
}

// rangeNames returns the names of the two rows a range row i is written
// as: rows[i] followed by "_lo" and "_hi" ("" for an unnamed row), cut to
// fit MaxNameLen and made distinct from every row name and from each other
// by "_2", "_3", ... as in Names.
func rangeNames(m *lp.Model, rows []string) (lo, hi []string) {
	lo, hi = make([]string, len(rows)), make([]string, len(rows))
	taken := make(map[string]bool, len(rows))
	for _, s := range rows {
		taken[s] = true
	}
	unique := func(base string) string {
		s := base
		for k := 2; taken[s]; k++ {
			s = base + "_" + strconv.Itoa(k)
		}
		taken[s] = true
		return s
	}
	for i := range m.Rows {
		if m.Rows[i].Type() != lp.RowRange || rows[i] == "" {
			continue
		}
		base := rows[i]
		if len(base)+3 > MaxNameLen {
			base = base[:MaxNameLen-12]
		}
		lo[i], hi[i] = unique(base+"_lo"), unique(base+"_hi")
	}
	return lo, hi
}

// lineWidth is where the writer wraps long expressions (CPLEX truncates
// lines longer than 510 characters).
const lineWidth = 78

type writer struct {
	w    *bufio.Writer
	m    *lp.Model // the file model: valid distinct names, no range rows
	line []byte    // the current output line
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

// header writes the comment lines before the objective: who wrote the
// file, the objective line (lp/modelfile), what the file does with
// the constant and the ranges of m, the caller's lines, and the model name.
func (wr *writer) header(m *lp.Model, comment []string) {
	lines := []string{"written by streamopt lp/lpformat", modelfile.Objective{Constant: m.ObjOffset}.Line()}
	if m.ObjOffset != 0 {
		lines = append(lines, "the objective constant is in no row (glpsol takes no constant there)")
	}
	for i := range m.Rows {
		if m.Rows[i].Type() == lp.RowRange {
			lines = append(lines, "each range row lo <= expr <= hi is written as NAME_lo: expr >= lo",
				"and NAME_hi: expr <= hi")
			break
		}
	}
	modelfile.Comments(wr.w, "\\", append(lines, comment...)...)
	if wr.m.Name != "" {
		fmt.Fprintf(wr.w, "\\Problem name: %s\n", wr.m.Name)
	}
}

func (wr *writer) write() {
	m, w := wr.m, wr.w
	if m.Sense == lp.Maximize {
		w.WriteString("Maximize\n")
	} else {
		w.WriteString("Minimize\n")
	}
	// The objective lists every column in order, zero coefficients too,
	// so that reading the file back numbers the columns as they are here.
	wr.line = append(wr.line, ' ')
	if m.ObjName != "" {
		wr.line = append(wr.line, m.ObjName+":"...)
	}
	for j := range m.Vars {
		wr.putTerm(m.Obj[j], m.Vars[j].Name)
	}
	wr.newline()

	w.WriteString("Subject To\n")
	for i := range m.Rows {
		r := &m.Rows[i]
		wr.line = append(wr.line, ' ')
		if r.Name != "" {
			wr.line = append(wr.line, r.Name+":"...)
		}
		for k, j := range r.Ind {
			wr.putTerm(r.Val[k], m.Vars[j].Name)
		}
		if len(r.Ind) == 0 { // an empty row still needs a variable
			wr.putTerm(0, m.Vars[0].Name)
		}
		switch r.Type() {
		case lp.RowFree:
			wr.put(">= " + formatNumber(-Infinity))
		case lp.RowLE:
			wr.put("<= " + formatNumber(r.Upper))
		case lp.RowGE:
			wr.put(">= " + formatNumber(r.Lower))
		case lp.RowEQ:
			wr.put("= " + formatNumber(r.Lower))
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
	for j, v := range m.Vars {
		name := v.Name
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
			// "-inf", not "-infinity": cbc 2.10 reads only the former here.
			bound("-inf <= " + name + " <= " + formatNumber(hi))
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
		wr.put(wr.m.Vars[j].Name)
	}
	wr.newline()
}
