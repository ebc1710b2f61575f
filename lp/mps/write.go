package mps

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
	// Format is Auto (default: fixed when every name and number fits the
	// fixed columns, free otherwise), Fixed or Free.
	Format Format
	// ObjSense writes the objective as it is, with an OBJSENSE section
	// (MIN or MAX), instead of the default that every reader agrees on:
	// no OBJSENSE section, and a maximisation written as the minimisation
	// of its negated objective. For readers that honour OBJSENSE MAX
	// (CPLEX, HiGHS); glpsol 5.0 rejects the section ("invalid indicator
	// record") and clp 1.17.6 and cbc 2.10.8 read the file as a
	// minimisation ("MAX found after OBJSENSE - Coin ignores").
	ObjSense bool
	// Comment holds lines written as "*" comments after the header lines
	// the writer puts first (see doc.go), for example what the objective
	// means. A line may not contain a line break.
	Comment []string
}

// Set names the writer uses.
const (
	rhsSetName   = "RHS"
	rangeSetName = "RNG"
	boundSetName = "BND"
)

// Write writes m to w in MPS format. The model must pass m.Validate. Rows
// and columns with an empty name are written as R<i> and C<j> (1-based,
// made unique); two rows, or two columns, with the same name are an error.
// Every number is written with the fewest digits that read back exactly, so
// Read(Write(m)) gives m back.
func Write(w io.Writer, m *lp.Model, opts WriteOptions) error {
	if m == nil {
		return errors.New("mps: write: nil model")
	}
	if err := m.Validate(); err != nil {
		return fmt.Errorf("mps: write: %w", err)
	}
	if opts.Format < Auto || opts.Format > Free {
		return fmt.Errorf("mps: write: unknown format %v", opts.Format)
	}
	if err := modelfile.CheckComment("mps: write: Comment", opts.Comment); err != nil {
		return err
	}
	wr, err := newWriter(m, opts)
	if err != nil {
		return err
	}
	bw := bufio.NewWriterSize(w, 64<<10)
	wr.w = bw
	wr.write()
	return bw.Flush()
}

// WriteFile writes m to the file at path; a name ending in ".gz" (any
// case) is gzipped. The file replaces the one at path only once it is
// complete: after an error, the old file is as it was.
func WriteFile(path string, m *lp.Model, opts WriteOptions) error {
	return modelfile.Create(path, func(w io.Writer) error { return Write(w, m, opts) })
}

type writer struct {
	w       *bufio.Writer
	m       *lp.Model
	fixed   bool
	rows    []string // row names
	cols    []string // column names
	obj     string   // objective row name
	rowKind []byte   // 'L', 'G', 'E' per row
	rhs     []float64
	rng     []float64 // 0 = no range
	buf     []byte
	opts    WriteOptions
	negate  bool // write the negated objective (a maximisation as a minimisation)
	hasObj  bool // write the objective row
}

func newWriter(m *lp.Model, opts WriteOptions) (*writer, error) {
	wr := &writer{m: m, opts: opts, negate: m.Sense == lp.Maximize && !opts.ObjSense}
	f := opts.Format
	var err error
	if wr.rows, err = uniqueNames("row", len(m.Rows), func(i int) string { return m.Rows[i].Name }, "R"); err != nil {
		return nil, err
	}
	taken := make(map[string]bool, len(wr.rows))
	for _, s := range wr.rows {
		taken[s] = true
	}
	// A model read from a file without an N row has no objective name and
	// no objective; keep it that way unless the N row is needed.
	wr.hasObj = m.ObjName != "" || (len(m.Rows) == 0 && len(m.Vars) > 0)
	for _, c := range m.Obj {
		wr.hasObj = wr.hasObj || c != 0
	}
	wr.obj = m.ObjName
	if wr.obj == "" {
		wr.obj = "obj"
	}
	for taken[wr.obj] && m.ObjName == "" {
		wr.obj += "_"
	}
	if taken[wr.obj] {
		return nil, fmt.Errorf("mps: write: objective and a row are both named %q", wr.obj)
	}
	if wr.cols, err = uniqueNames("column", len(m.Vars), func(j int) string { return m.Vars[j].Name }, "C"); err != nil {
		return nil, err
	}
	wr.rowKind = make([]byte, len(m.Rows))
	wr.rhs = make([]float64, len(m.Rows))
	wr.rng = make([]float64, len(m.Rows))
	for i := range m.Rows {
		wr.rowKind[i], wr.rhs[i], wr.rng[i] = rowForm(m.Rows[i].Lower, m.Rows[i].Upper)
	}

	for _, n := range append(wr.rows, wr.obj) {
		if isMarker(n) {
			return nil, fmt.Errorf("mps: write: row name %q is reserved", n)
		}
		if strings.HasPrefix(n, "$") {
			return nil, fmt.Errorf("mps: write: row name %q starts with \"$\", which CPLEX and GLPK read as the start of a comment in fields 3 and 5", n)
		}
	}
	fixedOK, why := wr.fitsFixed()
	switch f {
	case Fixed:
		if !fixedOK {
			return nil, fmt.Errorf("mps: write: fixed format impossible: %s", why)
		}
		wr.fixed = true
	case Auto:
		wr.fixed = fixedOK
	}
	if strings.ContainsAny(m.Name, "\r\n") {
		return nil, fmt.Errorf("mps: write: model name %q contains a line break", m.Name)
	}
	if !wr.fixed {
		if err := wr.freeNamesOK(); err != nil {
			return nil, err
		}
	}
	return wr, nil
}

// uniqueNames returns the names of n items, generating prefix<i+1> for the
// empty ones, and fails on a repeated non-empty name.
func uniqueNames(what string, n int, name func(int) string, prefix string) ([]string, error) {
	out := make([]string, n)
	seen := make(map[string]int, n)
	for i := 0; i < n; i++ {
		s := name(i)
		if s == "" {
			continue
		}
		if k, dup := seen[s]; dup {
			return nil, fmt.Errorf("mps: write: %ss %d and %d are both named %q", what, k, i, s)
		}
		seen[s] = i
		out[i] = s
	}
	for i := 0; i < n; i++ {
		if out[i] != "" {
			continue
		}
		s := prefix + strconv.Itoa(i+1)
		for {
			if _, dup := seen[s]; !dup {
				break
			}
			s += "_"
		}
		seen[s] = i
		out[i] = s
	}
	return out, nil
}

// rowForm chooses how to write the row lo ≤ aᵀx ≤ hi: its type, right-hand
// side and range (0 for none), such that reading them back gives exactly
// lo and hi.
func rowForm(lo, hi float64) (kind byte, rhs, rng float64) {
	loInf, hiInf := math.IsInf(lo, -1), math.IsInf(hi, 1)
	switch {
	case loInf && hiInf:
		return 'L', Infinity, 0 // free row: "≤ 1e30" reads back as ≤ +Inf
	case loInf:
		return 'L', hi, 0
	case hiInf:
		return 'G', lo, 0
	case lo == hi:
		return 'E', lo, 0
	}
	// A range. The reader computes hi = lo + |R| for a G row and
	// lo = hi − |R| for an L row; of the R within 64 ulps of hi − lo that
	// reproduce both ends, take the one whose right-hand side and range
	// are written shortest (so that a range read from a fixed-format file,
	// whose hi − lo may need 17 digits where the file's R had 3, fits the
	// fixed columns again), preferring G and then the R nearest hi − lo.
	// The right-hand side must stay below Infinity, which reads as infinite.
	base := hi - lo
	found, bestLen := false, 0
	consider := func(c float64) {
		if c <= 0 || math.IsInf(c, 0) {
			return
		}
		for _, k := range []byte{'G', 'L'} {
			r, ok := lo, lo+c == hi
			if k == 'L' {
				r, ok = hi, hi-c == lo
			}
			if !ok || math.Abs(r) >= Infinity {
				continue
			}
			if n := len(formatNumber(r)) + len(formatNumber(c)); !found || n < bestLen {
				kind, rhs, rng, found, bestLen = k, r, c, true, n
			}
		}
	}
	consider(base)
	up, down := base, base
	for n := 0; n < 64; n++ {
		up, down = math.Nextafter(up, math.Inf(1)), math.Nextafter(down, 0)
		consider(up)
		consider(down)
	}
	if found {
		return kind, rhs, rng
	}
	// No exact form exists (the ends have opposite signs or very different
	// magnitudes and hi − lo needs more bits than a float64 has). Keep one
	// end exact and move the other as little as possible, measured in ulps
	// of that end.
	kind, rhs, rng = 'G', lo, base
	best := math.Inf(1)
	nearest := func(k byte, r, c, got, want float64) {
		if c <= 0 || math.IsInf(c, 0) || math.Abs(r) >= Infinity {
			return
		}
		ulp := math.Nextafter(math.Abs(want), math.Inf(1)) - math.Abs(want)
		if e := math.Abs(got-want) / ulp; e < best {
			kind, rhs, rng, best = k, r, c, e
		}
	}
	c := base
	for n := 0; n < 8; n++ {
		c = math.Nextafter(c, 0)
	}
	for n := 0; n < 17; n++ {
		nearest('G', lo, c, lo+c, hi)
		nearest('L', hi, c, hi-c, lo)
		c = math.Nextafter(c, math.Inf(1))
	}
	return kind, rhs, rng
}

// fixedName reports whether s can be a fixed-format name.
func fixedName(s string) bool {
	if len(s) > 8 || s == "" || s[0] == ' ' || s[len(s)-1] == ' ' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != ' ' && isBlank(c) {
			return false
		}
	}
	return true
}

func freeName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if isBlank(s[i]) {
			return false
		}
	}
	return true
}

// fitsFixed reports whether every name and number fits the fixed columns.
func (wr *writer) fitsFixed() (bool, string) {
	m := wr.m
	for _, s := range [][]string{wr.rows, wr.cols, {wr.obj}} {
		for _, n := range s {
			if !fixedName(n) {
				return false, fmt.Sprintf("name %q does not fit 8 columns", n)
			}
		}
	}
	num := func(v float64) bool { return len(formatNumber(v)) <= 12 }
	for j := range m.Vars {
		v := &m.Vars[j]
		if !num(wr.cost(j)) || !num(v.Lower) || !num(v.Upper) {
			return false, fmt.Sprintf("a number of column %q needs more than 12 characters", wr.cols[j])
		}
	}
	for i := range m.Rows {
		r := &m.Rows[i]
		if !num(wr.rhs[i]) || !num(wr.rng[i]) {
			return false, fmt.Sprintf("a bound of row %q needs more than 12 characters", wr.rows[i])
		}
		for _, v := range r.Val {
			if !num(v) {
				return false, fmt.Sprintf("coefficient %s in row %q needs more than 12 characters", formatNumber(v), wr.rows[i])
			}
		}
	}
	return true, ""
}

// cost returns the objective coefficient of column j as the file holds it.
func (wr *writer) cost(j int) float64 {
	if wr.negate {
		return -wr.m.Obj[j]
	}
	return wr.m.Obj[j]
}

// header writes the comment lines before NAME: who wrote the file, the
// objective line (lp/modelfile), why the objective looks as it does,
// and the caller's lines.
func (wr *writer) header() {
	m, w := wr.m, wr.w
	obj := modelfile.Objective{Negated: wr.negate, Constant: m.ObjOffset}
	lines := []string{"written by streamopt lp/mps", obj.Line()}
	if wr.negate {
		lines = append(lines, "the model maximises; the file minimises the negated objective (no OBJSENSE)")
	}
	if m.ObjOffset != 0 {
		lines = append(lines, "the objective constant is in no row (readers differ on the sign of its RHS)")
	}
	modelfile.Comments(w, "*", append(lines, wr.opts.Comment...)...)
}

func (wr *writer) freeNamesOK() error {
	for _, s := range [][]string{wr.rows, wr.cols, {wr.obj}} {
		for _, n := range s {
			if !freeName(n) {
				return fmt.Errorf("mps: write: name %q contains a blank; free MPS cannot hold it", n)
			}
			if strings.HasPrefix(n, "$") {
				return fmt.Errorf("mps: write: name %q starts with \"$\", which glpsol reads as a comment in free MPS; free MPS cannot hold it", n)
			}
		}
	}
	return nil
}

// line writes a data line: code in field 1, then the remaining fields.
// Each field starts at its fixed-format column (numbers, fields 4 and 6,
// end at theirs) when the text before it leaves room, else one space after
// it. Fixed output therefore keeps the column layout; free output keeps it
// too wherever names and numbers are short, which lets readers that guess
// the format (CoinMpsIO) read it either way, and is still valid free MPS.
func (wr *writer) line(code string, f ...string) {
	buf := wr.buf[:0]
	put := func(k int, s string) {
		if s == "" {
			return
		}
		start := fixedFields[k][0]
		if k == 3 || k == 5 {
			start = max(start, fixedFields[k][1]-len(s))
		}
		if len(buf) > 0 && len(buf) >= start {
			buf = append(buf, ' ')
		}
		for len(buf) < start {
			buf = append(buf, ' ')
		}
		buf = append(buf, s...)
	}
	put(0, code)
	for k, s := range f {
		put(k+1, s)
	}
	buf = append(buf, '\n')
	wr.w.Write(buf)
	wr.buf = buf
}

func (wr *writer) write() {
	m, w := wr.m, wr.w
	wr.header()
	switch {
	case m.Name == "":
		w.WriteString("NAME\n")
	case len(m.Name) <= 8:
		fmt.Fprintf(w, "NAME          %s\n", m.Name)
	default:
		fmt.Fprintf(w, "NAME %s\n", m.Name)
	}
	if wr.opts.ObjSense {
		if m.Sense == lp.Maximize {
			w.WriteString("OBJSENSE\n    MAX\n")
		} else {
			w.WriteString("OBJSENSE\n    MIN\n")
		}
	}

	w.WriteString("ROWS\n")
	if wr.hasObj {
		wr.line("N", wr.obj)
	}
	for i := range m.Rows {
		wr.line(string(wr.rowKind[i]), wr.rows[i])
	}

	w.WriteString("COLUMNS\n")
	a := m.Matrix()
	inInt := false
	markers := 0
	marker := func(kind string) {
		name := fmt.Sprintf("MARK%04d", markers)
		if markers > 9999 {
			name = fmt.Sprintf("M%07d", markers)
		}
		markers++
		wr.line("", name, "'MARKER'", "", "'"+kind+"'")
	}
	for j := range m.Vars {
		if m.Vars[j].Integer != inInt {
			if inInt {
				marker("INTEND")
			} else {
				marker("INTORG")
			}
			inInt = !inInt
		}
		col := wr.cols[j]
		wrote := false
		if c := wr.cost(j); c != 0 {
			wr.line("", col, wr.obj, formatNumber(c))
			wrote = true
		}
		for p := a.ColPtr[j]; p < a.ColPtr[j+1]; p++ {
			wr.line("", col, wr.rows[a.RowInd[p]], formatNumber(a.Val[p]))
			wrote = true
		}
		if !wrote { // a column without entries still has to be declared
			if wr.hasObj {
				wr.line("", col, wr.obj, "0")
			} else {
				wr.line("", col, wr.rows[0], "0")
			}
		}
	}
	if inInt {
		marker("INTEND")
	}

	w.WriteString("RHS\n")
	for i := range m.Rows {
		if wr.rhs[i] != 0 {
			wr.line("", rhsSetName, wr.rows[i], formatNumber(wr.rhs[i]))
		}
	}

	hasRange := false
	for i := range m.Rows {
		if wr.rng[i] != 0 {
			if !hasRange {
				w.WriteString("RANGES\n")
				hasRange = true
			}
			wr.line("", rangeSetName, wr.rows[i], formatNumber(wr.rng[i]))
		}
	}

	w.WriteString("BOUNDS\n")
	for j := range m.Vars {
		wr.bounds(j)
	}
	w.WriteString("ENDATA\n")
}

// bounds writes the BOUNDS records of column j. Integer columns always get
// explicit bounds, because readers disagree on the default of a column
// declared integer by markers; a negative upper bound is always preceded by
// an explicit lower bound, because readers disagree on what a lone negative
// UP does to the lower bound.
func (wr *writer) bounds(j int) {
	v := wr.m.Vars[j]
	col := wr.cols[j]
	lo, hi := v.Lower, v.Upper
	loInf, hiInf := math.IsInf(lo, -1), math.IsInf(hi, 1)
	rec := func(code string, val float64, withVal bool) {
		if withVal {
			wr.line(code, boundSetName, col, formatNumber(val))
		} else {
			wr.line(code, boundSetName, col)
		}
	}
	switch {
	case v.Integer && lo == 0 && hi == 1:
		rec("BV", 0, false)
		return
	case !loInf && lo == hi:
		rec("FX", lo, true)
		return
	case loInf && hiInf:
		rec("FR", 0, false)
		return
	}
	switch {
	case loInf:
		rec("MI", 0, false)
	case lo != 0 || v.Integer || (!hiInf && hi < 0):
		rec("LO", lo, true)
	}
	switch {
	case !hiInf:
		rec("UP", hi, true)
	case v.Integer:
		rec("PL", 0, false)
	}
}
