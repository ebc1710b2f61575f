package mps

import (
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"strings"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/modelfile"
)

// ReadOptions control how a file is read. The zero value is the default.
type ReadOptions struct {
	// Format is Auto (default), Fixed or Free.
	Format Format
	// IntegerUnbounded gives an integer column declared between MARKER lines
	// that no BOUNDS record names the bounds [0, +Inf), as lp_solve does,
	// instead of the default [0, 1] of CPLEX, Gurobi, GLPK, CLP/CBC and HiGHS.
	IntegerUnbounded bool
	// MaxBytes caps the bytes read (after decompression), MaxLines the
	// lines up to ENDATA; over a cap, reading stops with an error wrapping
	// ErrTooManyBytes or ErrTooManyLines. 0 means the default: 16 MiB and
	// 1 Mi (1 048 576) lines, under which a read takes less than 1 GB.
	MaxBytes, MaxLines int64
}

// Caps on what a reader reads (ReadOptions.MaxBytes and MaxLines): input
// errors (fault.ErrInput).
var (
	ErrTooManyBytes = modelfile.ErrTooManyBytes
	ErrTooManyLines = modelfile.ErrTooManyLines
)

// ErrCorrupt is wrapped by the error for a damaged or truncated gzip file
// (an input error).
var ErrCorrupt = modelfile.ErrCorrupt

// Read reads a model in MPS format (fixed or free, detected line by line)
// from r. name is used in error messages only.
func Read(r io.Reader, name string) (*lp.Model, error) {
	return ReadWithOptions(r, name, ReadOptions{})
}

// ReadWithOptions is Read with explicit options.
func ReadWithOptions(r io.Reader, name string, opts ReadOptions) (*lp.Model, error) {
	return ReadContext(context.Background(), r, name, opts)
}

// ReadContext is ReadWithOptions that stops with ctx's error once ctx is
// done. It reads r to its end, also after ENDATA (what follows is ignored),
// so that a gzip stream's checksum is checked.
func ReadContext(ctx context.Context, r io.Reader, name string, opts ReadOptions) (*lp.Model, error) {
	if opts.Format < Auto || opts.Format > Free {
		return nil, fmt.Errorf("mps: read %s: unknown format %v", name, opts.Format)
	}
	p := newParser(name, opts)
	if err := p.run(modelfile.NewLines(ctx, r, modelfile.Limits{MaxBytes: opts.MaxBytes, MaxLines: opts.MaxLines})); err != nil {
		return nil, err
	}
	return p.finish()
}

// ReadFile reads the MPS file at path; a name ending in ".gz" (any case)
// is gunzipped, and a damaged or truncated gzip file is an error wrapping
// ErrCorrupt. Error messages name the file by path.
func ReadFile(path string) (*lp.Model, error) {
	return ReadFileWithOptions(path, ReadOptions{})
}

// ReadFileWithOptions is ReadFile with explicit options.
func ReadFileWithOptions(path string, opts ReadOptions) (*lp.Model, error) {
	return ReadFileContext(context.Background(), path, opts)
}

// ReadFileContext is ReadFileWithOptions that stops with ctx's error once
// ctx is done, also while a read from a pipe waits.
func ReadFileContext(ctx context.Context, path string, opts ReadOptions) (*lp.Model, error) {
	f, err := modelfile.Open(ctx, path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return ReadContext(ctx, f, path, opts)
}

type section int

const (
	secNone section = iota
	secObjSense
	secObjName
	secRows
	secColumns
	secRHS
	secRanges
	secBounds
	secEnd
)

var sectionNames = [...]string{
	secNone: "", secObjSense: "OBJSENSE", secObjName: "OBJNAME", secRows: "ROWS",
	secColumns: "COLUMNS", secRHS: "RHS", secRanges: "RANGES", secBounds: "BOUNDS", secEnd: "ENDATA",
}

// unsupportedSections are sections of MPS extensions this package does not model.
var unsupportedSections = map[string]string{
	"QUADOBJ": "quadratic objective", "QSECTION": "quadratic objective", "QMATRIX": "quadratic objective",
	"QCMATRIX": "quadratic constraints", "CSECTION": "conic constraints", "SOS": "special ordered sets",
	"INDICATORS": "indicator constraints", "LAZYCONS": "lazy constraints", "USERCUTS": "user cuts",
	"GENCONS": "general constraints", "PWLOBJ": "piecewise-linear objective", "PWLNAM": "piecewise-linear objective",
	"PWLSEC": "piecewise-linear objective", "BRANCH": "branching priorities", "SETS": "special ordered sets",
}

type rowInfo struct {
	name    string
	typ     byte // 'N', 'L', 'G', 'E'
	line    int
	model   int // index in Model.Rows, -1 for N rows
	rhs     float64
	rhsLine int
	rng     float64
	rngLine int
}

type colInfo struct {
	line     int
	lowerSet bool // a LO, MI, FR, FX, LI or BV record gave the lower bound
	anyBound bool // some BOUNDS record named the column
}

// record is one parsed data line.
type record struct {
	typ    string // ROWS: row type; BOUNDS: bound type
	set    string // RHS, RANGES, BOUNDS: set name
	name   string // ROWS: row; COLUMNS, BOUNDS: column
	marker string // COLUMNS: "INTORG" or "INTEND" on a marker line
	n      int    // number of (key, val) pairs
	keys   [2]string
	vals   [2]float64
	val    float64 // BOUNDS value
	hasVal bool
}

type parser struct {
	name string
	opts ReadOptions
	line int
	sec  section
	seen [secEnd + 1]bool

	m       *lp.Model
	rows    []rowInfo
	rowIdx  map[string]int
	objRow  int
	objName string // from OBJNAME
	nSense  int    // OBJSENSE values seen

	cols   []colInfo
	colIdx map[string]int
	ind    [][]int
	val    [][]float64
	inInt  bool
	cur    int         // current column
	curRow map[int]int // row -> line of the current column's entries

	rhsSet, rngSet, bndSet       string
	haveRHS, haveRng, haveBndSet bool
	objRHS                       float64
	objRHSLine                   int

	started bool                 // a line other than a comment or blank was read
	objLine *modelfile.Objective // from the header comment, if any
}

func newParser(name string, opts ReadOptions) *parser {
	return &parser{
		name: name, opts: opts, m: &lp.Model{},
		rowIdx: map[string]int{}, colIdx: map[string]int{}, objRow: -1, cur: -1,
		curRow: map[int]int{},
	}
}

func (p *parser) errf(format string, args ...any) error {
	return &Error{Name: p.name, Line: p.line, Err: fmt.Errorf(format, args...)}
}

func (p *parser) run(lines *modelfile.Lines) error {
	for {
		raw, err := lines.Next()
		if len(raw) > 0 {
			p.line++
			line := trimBlanksRight(raw)
			if line != "" && line[0] == '*' && !p.started && p.objLine == nil {
				o, ok, err := modelfile.ParseObjective(line[1:])
				if err != nil {
					return p.fail(lines, p.errf("%v", err))
				}
				if ok {
					p.objLine = &o
				}
			}
			if line != "" && line[0] != '*' {
				p.started = true
				var perr error
				if isBlank(line[0]) {
					perr = p.dataLine(line)
				} else {
					perr = p.header(line)
				}
				if perr != nil {
					return p.fail(lines, perr)
				}
				if p.sec == secEnd {
					if err := lines.Finish(); err != nil {
						return fmt.Errorf("%s: after ENDATA: %w", p.name, err)
					}
					return nil
				}
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
	}
	return &Error{Name: p.name, Err: errors.New("missing ENDATA")}
}

// fail returns err, the error of a line, unless the rest of the input
// shows it to be a damaged gzip stream, which explains err.
func (p *parser) fail(lines *modelfile.Lines, err error) error {
	if cerr := lines.Damaged(); cerr != nil {
		return fmt.Errorf("%s: %w", p.name, cerr)
	}
	return err
}

// trimBlanksRight cuts the blanks (isBlank) off the end of s. It is
// strings.TrimRight without the set that call builds each time, which was
// half the time of reading a file of blank lines.
func trimBlanksRight(s string) string {
	for len(s) > 0 && isBlank(s[len(s)-1]) {
		s = s[:len(s)-1]
	}
	return s
}

func (p *parser) header(line string) error {
	tok := splitFree(line)
	kw := strings.ToUpper(tok[0])
	rest := tok[1:]
	switch kw {
	case "NAME":
		if p.seen[secNone] || p.seen[secRows] {
			return p.errf("NAME must come first, once")
		}
		p.seen[secNone] = true
		p.m.Name = modelName(line, p.opts.Format)
		if strings.ContainsRune(p.m.Name, '\r') {
			// A carriage return ends a line only before the line feed.
			return p.errf("NAME: model name %q contains a carriage return", p.m.Name)
		}
		p.sec = secNone
		return nil
	case "OBJSENSE", "OBJSENCE":
		if p.seen[secObjSense] {
			return p.errf("OBJSENSE given twice")
		}
		p.seen[secObjSense] = true
		p.sec = secObjSense
		if len(rest) > 0 {
			return p.objSense(rest)
		}
		return nil
	case "OBJNAME":
		if p.seen[secObjName] {
			return p.errf("OBJNAME given twice")
		}
		if p.seen[secRows] {
			return p.errf("OBJNAME must come before ROWS")
		}
		p.seen[secObjName] = true
		p.sec = secObjName
		if len(rest) > 0 {
			return p.objNameLine(rest)
		}
		return nil
	case "ROWS", "COLUMNS", "RHS", "RANGES", "BOUNDS", "ENDATA":
	default:
		if what, ok := unsupportedSections[kw]; ok {
			return p.errf("section %s (%s): %w", kw, what, ErrUnsupported)
		}
		return p.errf("unknown section %q", tok[0])
	}
	var s section
	for i, n := range sectionNames {
		if n == kw {
			s = section(i)
		}
	}
	if p.seen[s] {
		return p.errf("section %s given twice", kw)
	}
	switch s {
	case secRows:
		if p.seen[secColumns] || p.seen[secRHS] || p.seen[secRanges] || p.seen[secBounds] {
			return p.errf("ROWS must come before COLUMNS, RHS, RANGES and BOUNDS")
		}
	case secColumns:
		if p.seen[secRHS] || p.seen[secRanges] || p.seen[secBounds] {
			return p.errf("COLUMNS must come before RHS, RANGES and BOUNDS")
		}
	}
	if p.sec == secObjName && p.objName == "" {
		return p.errf("OBJNAME section has no row name")
	}
	p.endColumn()
	p.seen[s] = true
	p.sec = s
	return nil
}

// modelName takes the model name from a NAME line: columns 15-22 of a line
// that fits the fixed layout there, else everything after the keyword.
func modelName(line string, f Format) string {
	rest := strings.Trim(line[min(4, len(line)):], " \t\r\n\v\f")
	if f == Free {
		return rest
	}
	fits := len(line) <= 22 || line[22] == ' '
	for i := 4; i < 14 && i < len(line); i++ {
		if line[i] != ' ' {
			fits = false
		}
	}
	if fits {
		if len(line) <= 14 {
			return ""
		}
		return strings.Trim(line[14:min(22, len(line))], " \t\r\n\v\f")
	}
	return rest
}

func (p *parser) objSense(tok []string) error {
	if len(tok) != 1 {
		return p.errf("OBJSENSE: want one of MIN, MAX, MINIMIZE, MAXIMIZE, got %q", strings.Join(tok, " "))
	}
	if p.nSense++; p.nSense > 1 {
		return p.errf("OBJSENSE given twice")
	}
	switch strings.ToUpper(tok[0]) {
	case "MIN", "MINIMIZE", "MINIMISE":
		p.m.Sense = lp.Minimize
	case "MAX", "MAXIMIZE", "MAXIMISE":
		p.m.Sense = lp.Maximize
	default:
		return p.errf("OBJSENSE: want one of MIN, MAX, MINIMIZE, MAXIMIZE, got %q", tok[0])
	}
	return nil
}

func (p *parser) objNameLine(tok []string) error {
	if len(tok) != 1 || p.objName != "" {
		return p.errf("OBJNAME: want one row name, got %q", strings.Join(tok, " "))
	}
	p.objName = tok[0]
	return nil
}

func (p *parser) dataLine(line string) error {
	switch p.sec {
	case secNone:
		return p.errf("data line outside any section")
	case secEnd:
		return nil
	case secObjSense:
		return p.objSense(splitFree(line))
	case secObjName:
		return p.objNameLine(splitFree(line))
	}
	if p.opts.Format == Free || (p.opts.Format == Auto && !fitsFixed(line)) {
		return p.useFree(line)
	}
	rec, err := p.parseFixed(splitFixed(line))
	if err == nil {
		err = p.check(&rec)
	}
	if err == nil {
		return p.apply(&rec)
	}
	if p.opts.Format == Fixed {
		return err
	}
	// The line fits the fixed layout but does not read as fixed MPS: try free.
	rec2, err2 := p.parseFree(splitFree(line))
	if err2 == nil {
		err2 = p.check(&rec2)
	}
	if err2 == nil {
		return p.apply(&rec2)
	}
	return err
}

func (p *parser) useFree(line string) error {
	rec, err := p.parseFree(splitFree(line))
	if err == nil {
		err = p.check(&rec)
	}
	if err == nil {
		err = p.apply(&rec)
	}
	return err
}

func isMarker(s string) bool { return strings.EqualFold(s, "'MARKER'") }

func markerKind(s string) string {
	k := strings.ToUpper(strings.Trim(s, "'"))
	if k == "INTORG" || k == "INTEND" {
		return k
	}
	return ""
}

// parseFixed reads the six fixed fields of a data line of the current section.
func (p *parser) parseFixed(f [6]string) (record, error) {
	var r record
	switch p.sec {
	case secRows:
		if f[0] == "" || f[1] == "" || f[2]+f[3]+f[4]+f[5] != "" {
			return r, p.errf("ROWS: want a row type in columns 2-3 and a name in columns 5-12")
		}
		r.typ, r.name = f[0], f[1]
		return r, nil
	case secColumns:
		if f[0] != "" {
			return r, p.errf("COLUMNS: columns 2-3 must be blank, got %q", f[0])
		}
		if f[1] == "" {
			return r, p.errf("COLUMNS: missing column name")
		}
		r.name = f[1]
		if isMarker(f[2]) {
			var kinds []string
			for _, s := range f[3:] {
				if s != "" {
					kinds = append(kinds, s)
				}
			}
			if len(kinds) != 1 || markerKind(kinds[0]) == "" {
				return r, p.errf("COLUMNS: MARKER line needs 'INTORG' or 'INTEND'")
			}
			r.marker = markerKind(kinds[0])
			return r, nil
		}
		return r, p.pairs(&r, f[2:6], "COLUMNS")
	case secRHS, secRanges:
		if f[0] != "" {
			return r, p.errf("%s: columns 2-3 must be blank, got %q", sectionNames[p.sec], f[0])
		}
		r.set = f[1]
		return r, p.pairs(&r, f[2:6], sectionNames[p.sec])
	case secBounds:
		if f[4] != "" || f[5] != "" {
			return r, p.errf("BOUNDS: fields 5 and 6 (columns 40-61) must be blank")
		}
		r.typ, r.set, r.name = strings.ToUpper(f[0]), f[1], f[2]
		return r, p.boundValue(&r, f[3])
	}
	return r, p.errf("data line in section %s", sectionNames[p.sec])
}

// parseFree reads the blank-separated tokens of a data line.
func (p *parser) parseFree(t []string) (record, error) {
	var r record
	switch p.sec {
	case secRows:
		if len(t) != 2 {
			return r, p.errf("ROWS: want a row type and a name, got %d fields", len(t))
		}
		r.typ, r.name = t[0], t[1]
		return r, nil
	case secColumns:
		r.name = t[0]
		if len(t) >= 2 && isMarker(t[1]) {
			if len(t) != 3 || markerKind(t[2]) == "" {
				return r, p.errf("COLUMNS: MARKER line needs 'INTORG' or 'INTEND'")
			}
			r.marker = markerKind(t[2])
			return r, nil
		}
		if len(t) != 3 && len(t) != 5 {
			return r, p.errf("COLUMNS: want a column name and one or two (row, value) pairs, got %d fields", len(t))
		}
		return r, p.pairs(&r, t[1:], "COLUMNS")
	case secRHS, secRanges:
		// An even number of fields means the set name is omitted.
		if len(t) < 2 || len(t) > 5 {
			return r, p.errf("%s: want an optional set name and one or two (row, value) pairs, got %d fields", sectionNames[p.sec], len(t))
		}
		if len(t)%2 == 1 {
			r.set, t = t[0], t[1:]
		}
		return r, p.pairs(&r, t, sectionNames[p.sec])
	case secBounds:
		r.typ = strings.ToUpper(t[0])
		rest := t[1:]
		val := ""
		if needsValue(r.typ) {
			switch len(rest) {
			case 2:
				r.name, val = rest[0], rest[1]
			case 3:
				r.set, r.name, val = rest[0], rest[1], rest[2]
			default:
				return r, p.errf("BOUNDS: want type, optional set name, column and value, got %d fields", len(t))
			}
		} else {
			switch len(rest) {
			case 1:
				r.name = rest[0]
			case 2:
				r.set, r.name = rest[0], rest[1]
			case 3:
				r.set, r.name, val = rest[0], rest[1], rest[2]
			default:
				return r, p.errf("BOUNDS: want type, optional set name and column, got %d fields", len(t))
			}
		}
		return r, p.boundValue(&r, val)
	}
	return r, p.errf("data line in section %s", sectionNames[p.sec])
}

func needsValue(typ string) bool {
	switch typ {
	case "UP", "LO", "FX", "LI", "UI", "SC":
		return true
	}
	return false
}

// pairs fills r.keys/r.vals from fields (key, value[, key, value]).
func (p *parser) pairs(r *record, f []string, sec string) error {
	for k := 0; k < len(f); k += 2 {
		key := f[k]
		val := ""
		if k+1 < len(f) {
			val = f[k+1]
		}
		if key == "" && val == "" {
			continue
		}
		if key == "" {
			return p.errf("%s: value %q without a row name", sec, val)
		}
		if val == "" {
			return p.errf("%s: missing value for row %q", sec, key)
		}
		v, err := parseNumber(val)
		if err != nil {
			return p.errf("%s: row %q: %v", sec, key, err)
		}
		r.keys[r.n], r.vals[r.n] = key, v
		r.n++
	}
	if r.n == 0 {
		return p.errf("%s: missing row name and value", sec)
	}
	return nil
}

func (p *parser) boundValue(r *record, s string) error {
	switch r.typ {
	case "UP", "LO", "FX", "LI", "UI", "FR", "MI", "PL", "BV":
	case "SC":
		return p.errf("BOUNDS: bound type SC (semi-continuous): %w", ErrUnsupported)
	case "":
		return p.errf("BOUNDS: missing bound type")
	default:
		return p.errf("BOUNDS: unknown bound type %q", r.typ)
	}
	if r.name == "" {
		return p.errf("BOUNDS: missing column name")
	}
	if !needsValue(r.typ) {
		return nil // a value after FR, MI, PL or BV is ignored
	}
	if s == "" {
		return p.errf("BOUNDS: %s bound on column %q needs a value", r.typ, r.name)
	}
	v, err := parseNumber(s)
	if err != nil {
		return p.errf("BOUNDS: %s bound on column %q: %v", r.typ, r.name, err)
	}
	r.val, r.hasVal = v, true
	return nil
}

// check resolves the names of a record without changing any state.
func (p *parser) check(r *record) error {
	switch p.sec {
	case secRows:
		switch strings.ToUpper(r.typ) {
		case "N", "L", "G", "E":
		default:
			return p.errf("ROWS: unknown row type %q for row %q (want N, L, G or E)", r.typ, r.name)
		}
	case secColumns:
		if r.marker != "" {
			return nil
		}
		for k := 0; k < r.n; k++ {
			if _, ok := p.rowIdx[r.keys[k]]; !ok {
				return p.errf("unknown row %q in COLUMNS", r.keys[k])
			}
		}
	case secRHS, secRanges:
		for k := 0; k < r.n; k++ {
			if _, ok := p.rowIdx[r.keys[k]]; !ok {
				return p.errf("unknown row %q in %s", r.keys[k], sectionNames[p.sec])
			}
		}
	case secBounds:
		if _, ok := p.colIdx[r.name]; !ok {
			return p.errf("unknown column %q in BOUNDS", r.name)
		}
	}
	return nil
}

func (p *parser) apply(r *record) error {
	switch p.sec {
	case secRows:
		return p.addRow(r)
	case secColumns:
		return p.addColumnEntries(r)
	case secRHS:
		return p.addRHS(r)
	case secRanges:
		return p.addRange(r)
	case secBounds:
		return p.addBound(r)
	}
	return nil
}

func (p *parser) addRow(r *record) error {
	if isMarker(r.name) {
		return p.errf("ROWS: row name %q is reserved", r.name)
	}
	if strings.HasPrefix(r.name, "$") {
		// Nor could a writer write it: glpsol drops an entry whose row
		// field starts with $.
		return p.errf("ROWS: row name %q starts with \"$\" (CPLEX and GLPK read a field 3 or 5 that starts with $ as a comment)", r.name)
	}
	if i, dup := p.rowIdx[r.name]; dup {
		return p.errf("duplicate row %q (first at line %d)", r.name, p.rows[i].line)
	}
	typ := strings.ToUpper(r.typ)[0]
	info := rowInfo{name: r.name, typ: typ, line: p.line, model: -1}
	if typ == 'N' {
		if p.objRow < 0 && (p.objName == "" || p.objName == r.name) {
			p.objRow = len(p.rows)
			p.m.ObjName = r.name
		}
	} else {
		info.model = len(p.m.Rows)
		p.m.Rows = append(p.m.Rows, lp.Row{Name: r.name})
		p.ind = append(p.ind, nil)
		p.val = append(p.val, nil)
	}
	p.rowIdx[r.name] = len(p.rows)
	p.rows = append(p.rows, info)
	return nil
}

// endColumn closes the current column: later entries for it are an error.
func (p *parser) endColumn() {
	p.cur = -1
	clear(p.curRow)
}

func (p *parser) addColumnEntries(r *record) error {
	if r.marker != "" {
		p.endColumn()
		switch {
		case r.marker == "INTORG" && p.inInt:
			return p.errf("COLUMNS: 'INTORG' inside an integer block")
		case r.marker == "INTEND" && !p.inInt:
			return p.errf("COLUMNS: 'INTEND' without 'INTORG'")
		}
		p.inInt = r.marker == "INTORG"
		return nil
	}
	if p.cur < 0 || p.m.Vars[p.cur].Name != r.name {
		if j, ok := p.colIdx[r.name]; ok {
			return p.errf("column %q continues after other columns (first at line %d); list each column's entries together", r.name, p.cols[j].line)
		}
		p.endColumn()
		p.cur = len(p.m.Vars)
		p.colIdx[r.name] = p.cur
		p.m.Vars = append(p.m.Vars, lp.Var{Name: r.name, Lower: 0, Upper: math.Inf(1), Integer: p.inInt})
		p.m.Obj = append(p.m.Obj, 0)
		p.cols = append(p.cols, colInfo{line: p.line})
	}
	j := p.cur
	for k := 0; k < r.n; k++ {
		i := p.rowIdx[r.keys[k]]
		v := r.vals[k]
		if first, dup := p.curRow[i]; dup {
			return p.errf("duplicate entry for column %q in row %q (first at line %d)", r.name, r.keys[k], first)
		}
		p.curRow[i] = p.line
		if math.IsInf(v, 0) {
			return p.errf("COLUMNS: coefficient of column %q in row %q must be finite, got %v", r.name, r.keys[k], v)
		}
		switch info := &p.rows[i]; {
		case i == p.objRow:
			p.m.Obj[j] = v
		case info.model < 0: // a further N row: dropped
		case v != 0:
			p.ind[info.model] = append(p.ind[info.model], j)
			p.val[info.model] = append(p.val[info.model], v)
		}
	}
	return nil
}

// useSet reports whether a record of set name s belongs to the first set of
// its section; records of other sets are ignored.
func useSet(s string, chosen *string, have *bool) bool {
	if !*have {
		*chosen, *have = s, true
	}
	return s == *chosen
}

func (p *parser) addRHS(r *record) error {
	if !useSet(r.set, &p.rhsSet, &p.haveRHS) {
		return nil
	}
	for k := 0; k < r.n; k++ {
		i := p.rowIdx[r.keys[k]]
		info := &p.rows[i]
		if info.rhsLine > 0 {
			return p.errf("duplicate RHS for row %q (first at line %d)", info.name, info.rhsLine)
		}
		info.rhs, info.rhsLine = clampInf(r.vals[k]), p.line
		if i == p.objRow {
			if math.IsInf(info.rhs, 0) {
				return p.errf("RHS of objective row %q must be finite, got %v", info.name, r.vals[k])
			}
			p.objRHS, p.objRHSLine = info.rhs, p.line
		}
	}
	return nil
}

func (p *parser) addRange(r *record) error {
	if !useSet(r.set, &p.rngSet, &p.haveRng) {
		return nil
	}
	for k := 0; k < r.n; k++ {
		info := &p.rows[p.rowIdx[r.keys[k]]]
		if info.rngLine > 0 {
			return p.errf("duplicate RANGES entry for row %q (first at line %d)", info.name, info.rngLine)
		}
		info.rng, info.rngLine = r.vals[k], p.line
	}
	return nil
}

func (p *parser) addBound(r *record) error {
	if !useSet(r.set, &p.bndSet, &p.haveBndSet) {
		return nil
	}
	j := p.colIdx[r.name]
	v := &p.m.Vars[j]
	c := &p.cols[j]
	b := clampInf(r.val)
	c.anyBound = true
	switch r.typ {
	case "UP", "UI":
		if math.IsInf(b, -1) {
			return p.errf("BOUNDS: %s bound of column %q is -infinity", r.typ, r.name)
		}
		v.Upper = b
		if b < 0 && !c.lowerSet {
			// CPLEX, HiGHS and CLP: a negative upper bound with no lower bound frees the lower bound.
			v.Lower = math.Inf(-1)
		}
	case "LO", "LI":
		if math.IsInf(b, 1) {
			return p.errf("BOUNDS: %s bound of column %q is +infinity", r.typ, r.name)
		}
		v.Lower, c.lowerSet = b, true
	case "FX":
		if math.IsInf(b, 0) {
			return p.errf("BOUNDS: FX bound of column %q must be finite, got %v", r.name, r.val)
		}
		v.Lower, v.Upper, c.lowerSet = b, b, true
	case "FR":
		v.Lower, v.Upper, c.lowerSet = math.Inf(-1), math.Inf(1), true
	case "MI":
		v.Lower, c.lowerSet = math.Inf(-1), true
	case "PL":
		v.Upper = math.Inf(1)
	case "BV":
		v.Lower, v.Upper, c.lowerSet = 0, 1, true
	}
	if r.typ == "BV" || r.typ == "LI" || r.typ == "UI" {
		v.Integer = true
	}
	return nil
}

func (p *parser) finish() (*lp.Model, error) {
	if p.objName != "" && p.objRow < 0 {
		return nil, &Error{Name: p.name, Err: fmt.Errorf("OBJNAME %q is not an N row", p.objName)}
	}
	for i := range p.rows {
		info := &p.rows[i]
		if info.model < 0 {
			continue
		}
		row := &p.m.Rows[info.model]
		row.Ind, row.Val = p.ind[info.model], p.val[info.model]
		if row.Ind == nil {
			row.Ind, row.Val = []int{}, []float64{}
		}
		lo, hi, err := rowBounds(info)
		if err != nil {
			return nil, &Error{Name: p.name, Line: info.rhsLine, Err: err}
		}
		row.Lower, row.Upper = lo, hi
	}
	for j := range p.m.Vars {
		if v := &p.m.Vars[j]; v.Integer && !p.cols[j].anyBound && !p.opts.IntegerUnbounded {
			v.Upper = 1
		}
	}
	if p.objRHS != 0 {
		p.m.ObjOffset = -p.objRHS
	}
	if p.objLine != nil {
		p.objLine.Apply(p.m)
	}
	if err := p.m.Validate(); err != nil {
		return nil, &Error{Name: p.name, Err: err}
	}
	return p.m, nil
}

// rowBounds turns a row's type, right-hand side and range into [lo, hi].
func rowBounds(info *rowInfo) (lo, hi float64, err error) {
	rhs, r := info.rhs, info.rng
	inf := math.Inf(1)
	if math.IsInf(rhs, 0) {
		ok := info.rngLine == 0 && (info.typ == 'L' && rhs > 0 || info.typ == 'G' && rhs < 0)
		if !ok {
			return 0, 0, fmt.Errorf("RHS of %c row %q is infinite (|value| >= %g)", info.typ, info.name, Infinity)
		}
	}
	switch info.typ {
	case 'L':
		lo, hi = -inf, rhs
	case 'G':
		lo, hi = rhs, inf
	default: // 'E'
		lo, hi = rhs, rhs
	}
	if info.rngLine == 0 {
		return lo, hi, nil
	}
	a := math.Abs(r)
	switch {
	case info.typ == 'L':
		lo = rhs - a
	case info.typ == 'G':
		hi = rhs + a
	case r > 0:
		hi = rhs + a
	case r < 0:
		lo = rhs - a
	}
	return lo, hi, nil
}
