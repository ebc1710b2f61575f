package lpformat

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
	// MaxBytes caps the bytes read (after decompression), MaxLines the
	// lines up to End; over a cap, reading stops with an error wrapping
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

// Read reads a model in CPLEX LP format from r. name is used in error
// messages only.
func Read(r io.Reader, name string) (*lp.Model, error) {
	return ReadContext(context.Background(), r, name, ReadOptions{})
}

// ReadContext is Read with explicit options that stops with ctx's error
// once ctx is done. It reads r to its end, also after End (what follows is
// ignored), so that a gzip stream's checksum is checked.
func ReadContext(ctx context.Context, r io.Reader, name string, opts ReadOptions) (*lp.Model, error) {
	p := &parser{name: name, m: &lp.Model{}, colIdx: map[string]int{}, rowLine: map[string]int{}, sec: secStart}
	if err := p.run(modelfile.NewLines(ctx, r, modelfile.Limits{MaxBytes: opts.MaxBytes, MaxLines: opts.MaxLines})); err != nil {
		return nil, err
	}
	return p.finish()
}

// ReadFile reads the LP file at path; a name ending in ".gz" (any case) is
// gunzipped, and a damaged or truncated gzip file is an error wrapping
// ErrCorrupt. Error messages name the file by path.
func ReadFile(path string) (*lp.Model, error) {
	return ReadFileContext(context.Background(), path, ReadOptions{})
}

// ReadFileContext is ReadFile with explicit options that stops with ctx's
// error once ctx is done, also while a read from a pipe waits.
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
	secStart section = iota
	secObjective
	secConstraints
	secBounds
	secGenerals
	secBinaries
	secEnd
)

var sectionNames = [...]string{
	secStart: "start", secObjective: "objective", secConstraints: "Subject To",
	secBounds: "Bounds", secGenerals: "Generals", secBinaries: "Binaries", secEnd: "End",
}

// keyword is a section keyword: the words that open it, lower case.
type keyword struct {
	words []string
	sec   section
	sense lp.Sense
	unsup string // non-empty: a section this package does not support
}

// keywords lists every section keyword, longest spelling first where one is
// a prefix of another.
var keywords = []keyword{
	{words: []string{"minimize"}, sec: secObjective, sense: lp.Minimize},
	{words: []string{"minimise"}, sec: secObjective, sense: lp.Minimize},
	{words: []string{"minimum"}, sec: secObjective, sense: lp.Minimize},
	{words: []string{"min"}, sec: secObjective, sense: lp.Minimize},
	{words: []string{"maximize"}, sec: secObjective, sense: lp.Maximize},
	{words: []string{"maximise"}, sec: secObjective, sense: lp.Maximize},
	{words: []string{"maximum"}, sec: secObjective, sense: lp.Maximize},
	{words: []string{"max"}, sec: secObjective, sense: lp.Maximize},
	{words: []string{"subject", "to"}, sec: secConstraints},
	{words: []string{"such", "that"}, sec: secConstraints},
	{words: []string{"s.t."}, sec: secConstraints},
	{words: []string{"st."}, sec: secConstraints},
	{words: []string{"st"}, sec: secConstraints},
	{words: []string{"bounds"}, sec: secBounds},
	{words: []string{"bound"}, sec: secBounds},
	{words: []string{"general", "constraints"}, unsup: "general constraints"},
	{words: []string{"generals"}, sec: secGenerals},
	{words: []string{"general"}, sec: secGenerals},
	{words: []string{"gen"}, sec: secGenerals},
	{words: []string{"integers"}, sec: secGenerals},
	{words: []string{"integer"}, sec: secGenerals},
	{words: []string{"int"}, sec: secGenerals},
	{words: []string{"binaries"}, sec: secBinaries},
	{words: []string{"binary"}, sec: secBinaries},
	{words: []string{"bin"}, sec: secBinaries},
	{words: []string{"semi-continuous"}, unsup: "semi-continuous variables"},
	{words: []string{"semis"}, unsup: "semi-continuous variables"},
	{words: []string{"semi"}, unsup: "semi-continuous variables"},
	{words: []string{"sos"}, unsup: "special ordered sets"},
	{words: []string{"sos1"}, unsup: "special ordered sets"},
	{words: []string{"sos2"}, unsup: "special ordered sets"},
	{words: []string{"lazy", "constraints"}, unsup: "lazy constraints"},
	{words: []string{"user", "cuts"}, unsup: "user cuts"},
	{words: []string{"pwlobj"}, unsup: "piecewise-linear objective"},
	{words: []string{"multi-objectives"}, unsup: "multiple objectives"},
	{words: []string{"end"}, sec: secEnd},
}

// reserved reports whether s (any case) is a keyword a name may not be:
// every section word and inf, infinity and free.
func reserved(s string) bool {
	l := strings.ToLower(s)
	switch l {
	case "inf", "infinity", "free", "subject", "such", "to", "that":
		return true
	}
	for _, k := range keywords {
		if len(k.words) == 1 && k.words[0] == l {
			return true
		}
	}
	return false
}

// matchKeyword reports whether line (leading blanks removed) opens a
// section, and returns the rest of the line. A keyword must be followed by
// a blank or the end of the line, and not by a colon (then it is a name).
func matchKeyword(line string) (keyword, string, bool) {
	low := asciiLower(line) // same length as line, whatever the bytes
	for _, k := range keywords {
		rest, ok := low, true
		for n, w := range k.words {
			if n > 0 {
				t := strings.TrimLeft(rest, " \t")
				if len(t) == len(rest) {
					ok = false
					break
				}
				rest = t
			}
			if !strings.HasPrefix(rest, w) {
				ok = false
				break
			}
			rest = rest[len(w):]
		}
		if !ok || (rest != "" && !isBlank(rest[0])) {
			continue
		}
		if strings.HasPrefix(strings.TrimLeft(rest, " \t\r\v\f"), ":") {
			continue
		}
		return k, line[len(line)-len(rest):], true
	}
	return keyword{}, "", false
}

// asciiLower lower-cases the ASCII letters of s and keeps every other byte.
func asciiLower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

type parser struct {
	name string
	m    *lp.Model
	sec  section
	seen [secEnd + 1]bool
	line int
	toks []token // tokens of the current objective or constraints section

	colIdx  map[string]int
	rowLine map[string]int // constraint name -> line

	objLine *modelfile.Objective // from the header comment, if any
}

func (p *parser) errf(line int, format string, args ...any) error {
	return &Error{Name: p.name, Line: line, Err: fmt.Errorf(format, args...)}
}

func (p *parser) run(lines *modelfile.Lines) error {
	for {
		raw, err := lines.Next()
		if len(raw) > 0 {
			p.line++
			if perr := p.doLine(raw); perr != nil {
				return p.fail(lines, perr)
			}
			if p.sec == secEnd {
				if err := lines.Finish(); err != nil {
					return fmt.Errorf("%s: after End: %w", p.name, err)
				}
				return nil
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return fmt.Errorf("%s: %w", p.name, err)
		}
	}
	if err := p.flush(); err != nil {
		return err
	}
	if p.sec == secStart {
		return &Error{Name: p.name, Err: errors.New("no objective section (Minimize or Maximize)")}
	}
	return &Error{Name: p.name, Err: errors.New("missing End")}
}

// fail returns err, the error of a line, unless the rest of the input
// shows it to be a damaged gzip stream, which explains err.
func (p *parser) fail(lines *modelfile.Lines, err error) error {
	if cerr := lines.Damaged(); cerr != nil {
		return fmt.Errorf("%s: %w", p.name, cerr)
	}
	return err
}

func (p *parser) doLine(raw string) error {
	text := raw
	if k := strings.IndexByte(text, '\\'); k >= 0 {
		if p.sec == secStart {
			if err := p.headerComment(text[k+1:]); err != nil {
				return err
			}
		}
		text = text[:k]
	}
	for text != "" && isBlank(text[0]) { // not strings.TrimLeft, which builds its set on every line
		text = text[1:]
	}
	if text == "" {
		return nil
	}
	if k, rest, ok := matchKeyword(text); ok {
		if k.unsup != "" {
			return p.errf(p.line, "section %q (%s): %w", strings.TrimSpace(text[:len(text)-len(rest)]), k.unsup, ErrUnsupported)
		}
		if err := p.open(k); err != nil {
			return err
		}
		text = rest
		if p.sec == secEnd {
			return nil
		}
	}
	if p.sec == secStart {
		return p.errf(p.line, "%q before the objective section: the file must start with Minimize or Maximize", word(text, 0))
	}
	toks, err := lexLine(text, p.line)
	if err != nil {
		return &Error{Name: p.name, Line: p.line, Err: err}
	}
	if len(toks) == 0 {
		return nil
	}
	switch p.sec {
	case secObjective, secConstraints:
		p.toks = append(p.toks, toks...)
		return nil
	case secBounds:
		return p.bound(toks)
	case secGenerals, secBinaries:
		return p.integers(toks)
	}
	return nil
}

// headerComment reads a comment before the objective: the first
// objective line (lp/modelfile) and the model name.
func (p *parser) headerComment(c string) error {
	if p.objLine == nil {
		o, ok, err := modelfile.ParseObjective(c)
		if err != nil {
			return p.errf(p.line, "%v", err)
		}
		if ok {
			p.objLine = &o
			return nil
		}
	}
	return p.problemName(c)
}

// problemName takes the model name from a comment before the objective in
// the forms CPLEX ("\Problem name: NAME") and GLPK ("\* Problem: NAME *\")
// write.
func (p *parser) problemName(c string) error {
	c = strings.TrimRight(c, " \t\r\n\v\f")
	name, ok := "", false
	if strings.HasPrefix(c, "*") && strings.HasSuffix(c, "*\\") {
		c = strings.TrimSpace(strings.TrimSuffix(c[1:], "*\\"))
		name, ok = strings.CutPrefix(c, "Problem:")
	} else {
		name, ok = strings.CutPrefix(c, "Problem name:")
	}
	if !ok || p.m.Name != "" {
		return nil
	}
	name = strings.TrimSpace(name)
	if strings.ContainsRune(name, '\r') {
		// A carriage return ends a line only before the line feed.
		return p.errf(p.line, "model name %q contains a carriage return", name)
	}
	p.m.Name = name
	return nil
}

// open starts section k, after checking the order of sections.
func (p *parser) open(k keyword) error {
	if err := p.flush(); err != nil {
		return err
	}
	s := k.sec
	switch {
	case s == secObjective && p.seen[secObjective]:
		return p.errf(p.line, "second objective section (only one objective is supported)")
	case s != secObjective && !p.seen[secObjective]:
		return p.errf(p.line, "section %s before the objective section (Minimize or Maximize)", sectionNames[s])
	case s == secConstraints && p.seen[secConstraints]:
		return p.errf(p.line, "second Subject To section")
	case s != secEnd && s != secConstraints && s != secObjective && !p.seen[secConstraints]:
		return p.errf(p.line, "section %s before Subject To (the constraints section is mandatory)", sectionNames[s])
	case s == secBounds && p.seen[secBounds]:
		return p.errf(p.line, "second Bounds section")
	case s == secBounds && (p.seen[secGenerals] || p.seen[secBinaries]):
		return p.errf(p.line, "Bounds must come before Generals and Binaries")
	case s == secEnd && !p.seen[secConstraints]:
		return p.errf(p.line, "End before Subject To (the constraints section is mandatory)")
	}
	if s == secObjective {
		p.m.Sense = k.sense
	}
	p.seen[s] = true
	p.sec = s
	return nil
}

// flush parses the tokens collected for the objective or constraints.
func (p *parser) flush() error {
	toks := p.toks
	p.toks = nil
	switch p.sec {
	case secObjective:
		return p.objective(toks)
	case secConstraints:
		return p.constraints(toks)
	}
	return nil
}

// col returns the index of the column named by t, adding it if new.
func (p *parser) col(t token) (int, error) {
	if j, ok := p.colIdx[t.text]; ok {
		return j, nil
	}
	if err := p.checkName(t); err != nil {
		return 0, err
	}
	j := len(p.m.Vars)
	p.colIdx[t.text] = j
	p.m.Vars = append(p.m.Vars, lp.Var{Name: t.text, Lower: 0, Upper: math.Inf(1)})
	p.m.Obj = append(p.m.Obj, 0)
	return j, nil
}

func (p *parser) checkName(t token) error {
	switch {
	case exponentLike(t.text):
		return p.errf(t.line, "invalid name %q: a name may not be e or E alone or followed by a digit or another e (they read as exponents)", t.text)
	case reserved(t.text):
		return p.errf(t.line, "keyword %q used as a name", t.text)
	}
	return nil
}

// linear accumulates a linear expression: columns in order of first
// appearance with their summed coefficients, and the constant.
type linear struct {
	cols  []int
	coef  map[int]float64
	konst float64
	nkon  int // number of constant terms
	kline int // line of the first constant term
	nterm int
}

func (e *linear) add(j int, v float64) {
	if e.coef == nil {
		e.coef = map[int]float64{}
	}
	if _, ok := e.coef[j]; !ok {
		e.cols = append(e.cols, j)
	}
	e.coef[j] += v
}

// expr parses terms from toks[i:] until a sense token, a colon or the end,
// and returns the index of the token where it stopped.
func (p *parser) expr(toks []token, i int, e *linear) (int, error) {
	for i < len(toks) {
		t := toks[i]
		if t.kind == tSense || t.kind == tColon {
			return i, nil
		}
		start := t
		neg, signs := false, 0
		for i < len(toks) && toks[i].kind == tSign {
			neg = neg != toks[i].neg
			signs++
			i++
		}
		if e.nterm > 0 && signs == 0 {
			if start.kind == tName && i+1 < len(toks) && toks[i+1].kind == tColon {
				return i, nil // "name:" ends the expression
			}
			return i, p.errf(start.line, "missing + or - before %q", start.text)
		}
		if i == len(toks) || toks[i].kind == tSense || toks[i].kind == tColon {
			if signs > 0 {
				return i, p.errf(start.line, "sign %q without a term", start.text)
			}
			return i, nil
		}
		coef, haveNum := 1.0, false
		if toks[i].kind == tNum {
			coef, haveNum = toks[i].num, true
			i++
		}
		if neg {
			coef = -coef
		}
		e.nterm++
		if i < len(toks) && toks[i].kind == tName && !(infWord(toks[i].text) && haveNum) {
			t := toks[i]
			if infWord(t.text) {
				return i, p.errf(t.line, "%q in a linear expression (infinity is only a bound or right-hand side)", t.text)
			}
			j, err := p.col(t)
			if err != nil {
				return i, err
			}
			e.add(j, coef)
			i++
			continue
		}
		if !haveNum {
			return i, p.errf(toks[i].line, "unexpected %q in a linear expression", toks[i].text)
		}
		if e.nkon == 0 {
			e.kline = start.line
		}
		e.konst += coef
		e.nkon++
	}
	return i, nil
}

func (p *parser) objective(toks []token) error {
	i := 0
	if len(toks) >= 2 && toks[0].kind == tName && toks[1].kind == tColon {
		if toks[1].line != toks[0].line {
			return p.errf(toks[1].line, "the objective name and its colon must be on the same line")
		}
		if err := p.checkName(toks[0]); err != nil {
			return err
		}
		p.m.ObjName = toks[0].text
		i = 2
	}
	var e linear
	i, err := p.expr(toks, i, &e)
	if err != nil {
		return err
	}
	if i < len(toks) {
		t := toks[i]
		if t.kind == tName && i+1 < len(toks) && toks[i+1].kind == tColon {
			return p.errf(t.line, "second objective %q (one objective only)", t.text)
		}
		if t.kind == tColon {
			return p.errf(t.line, "unexpected \":\" in the objective (one objective only; its name goes first)")
		}
		return p.errf(t.line, "unexpected %q in the objective", t.text)
	}
	for _, j := range e.cols {
		p.m.Obj[j] += e.coef[j]
	}
	p.m.ObjOffset = e.konst
	return nil
}

// rhsValue reads a signed number or infinity starting at toks[i]; the
// tokens must be on line line.
func (p *parser) rhsValue(toks []token, i, line int, what string) (float64, int, error) {
	neg, signs := false, 0
	for i < len(toks) && toks[i].kind == tSign && toks[i].line == line {
		neg = neg != toks[i].neg
		signs++
		i++
	}
	if signs > 1 {
		return 0, i, p.errf(line, "%s: more than one sign", what)
	}
	if i >= len(toks) || toks[i].line != line {
		return 0, i, p.errf(line, "%s: missing number (it must be on the same line as the operator)", what)
	}
	t := toks[i]
	var v float64
	switch {
	case t.kind == tNum:
		v = t.num
	case t.kind == tName && infWord(t.text):
		v = math.Inf(1)
	case t.kind == tName:
		return 0, i, p.errf(line, "%s: want a number, got variable %q (variables go on the left-hand side)", what, t.text)
	default:
		return 0, i, p.errf(line, "%s: want a number, got %q", what, t.text)
	}
	if neg {
		v = -v
	}
	if math.Abs(v) >= Infinity {
		v = math.Copysign(math.Inf(1), v)
	}
	return v, i + 1, nil
}

func (p *parser) constraints(toks []token) error {
	i := 0
	for i < len(toks) {
		t := toks[i]
		if !t.first {
			return p.errf(t.line, "constraint must begin on a new line, got %q after the right-hand side", t.text)
		}
		line := t.line
		name := ""
		if t.kind == tName && i+1 < len(toks) && toks[i+1].kind == tColon {
			if toks[i+1].line != t.line {
				return p.errf(toks[i+1].line, "a constraint name and its colon must be on the same line")
			}
			if err := p.checkName(t); err != nil {
				return err
			}
			name = t.text
			if first, dup := p.rowLine[name]; dup {
				return p.errf(t.line, "constraint %q defined twice (first at line %d)", name, first)
			}
			p.rowLine[name] = t.line
			i += 2
		}
		label := "constraint"
		if name != "" {
			label = fmt.Sprintf("constraint %q", name)
		}
		// A ranged constraint starts with a constant and an operator.
		lo, hi := math.Inf(-1), math.Inf(1)
		var lead sense
		ranged := false
		if k := skipSigns(toks, i); k < len(toks) && (toks[k].kind == tNum || (toks[k].kind == tName && infWord(toks[k].text))) &&
			k+1 < len(toks) && toks[k+1].kind == tSense {
			v, k2, err := p.rhsValue(toks, i, toks[k].line, label+": left-hand bound")
			if err != nil {
				return err
			}
			lead = toks[k2].sense
			switch lead {
			case senseLE:
				lo = v
			case senseGE:
				hi = v
			default:
				return p.errf(toks[k2].line, "%s: \"=\" in a double inequality (want lo <= expression <= hi or hi >= expression >= lo)", label)
			}
			ranged = true
			i = k2 + 1
		}
		var e linear
		k, err := p.expr(toks, i, &e)
		if err != nil {
			return err
		}
		if e.nkon > 0 {
			return p.errf(e.kline, "%s: constant term on the left-hand side (constants go on the right-hand side only)", label)
		}
		if k >= len(toks) || toks[k].kind != tSense {
			at := line
			if k < len(toks) {
				at = toks[k].line
				if toks[k].kind == tColon {
					return p.errf(at, "%s: unexpected \":\" (a constraint name goes first, once)", label)
				}
			} else if k > 0 {
				at = toks[k-1].line
			}
			return p.errf(at, "%s: missing operator and right-hand side", label)
		}
		if e.nterm == 0 {
			return p.errf(toks[k].line, "%s: no terms on the left-hand side", label)
		}
		op := toks[k]
		v, next, err := p.rhsValue(toks, k+1, op.line, label+": right-hand side")
		if err != nil {
			return err
		}
		if next < len(toks) && !toks[next].first {
			if toks[next].kind == tName && next+1 < len(toks) && toks[next+1].kind == tColon {
				return p.errf(toks[next].line, "constraint %q must begin on a new line", toks[next].text)
			}
			if toks[next].kind == tName {
				return p.errf(toks[next].line, "%s: variable %q on the right-hand side (the right-hand side is one number)", label, toks[next].text)
			}
			return p.errf(toks[next].line, "%s: unexpected %q after the right-hand side", label, toks[next].text)
		}
		if ranged {
			if op.sense != lead {
				return p.errf(op.line, "%s: the two operators of a double inequality must point the same way", label)
			}
			if lead == senseLE {
				hi = v
			} else {
				lo = v
			}
			if math.IsInf(lo, 1) || math.IsInf(hi, -1) {
				return p.errf(op.line, "%s: infinite bound on the wrong side (lower +inf or upper -inf)", label)
			}
		} else {
			switch op.sense {
			case senseLE:
				if math.IsInf(v, -1) {
					return p.errf(op.line, "%s: right-hand side -infinity for <=", label)
				}
				hi = v
			case senseGE:
				if math.IsInf(v, 1) {
					return p.errf(op.line, "%s: right-hand side +infinity for >=", label)
				}
				lo = v
			case senseEQ:
				if math.IsInf(v, 0) {
					return p.errf(op.line, "%s: infinite right-hand side for =", label)
				}
				lo, hi = v, v
			}
		}
		row := lp.Row{Name: name, Ind: []int{}, Val: []float64{}, Lower: lo, Upper: hi}
		for _, j := range e.cols {
			if c := e.coef[j]; c != 0 {
				row.Ind = append(row.Ind, j)
				row.Val = append(row.Val, c)
			}
		}
		p.m.Rows = append(p.m.Rows, row)
		i = next
	}
	return nil
}

func skipSigns(toks []token, i int) int {
	for i < len(toks) && toks[i].kind == tSign {
		i++
	}
	return i
}

// bound parses one line of the Bounds section.
func (p *parser) bound(toks []token) error {
	line := toks[0].line
	isVar := func(t token) bool { return t.kind == tName && !infWord(t.text) }
	isFree := func(t token) bool { return t.kind == tName && strings.EqualFold(t.text, "free") }
	// x free
	if len(toks) == 2 && isVar(toks[0]) && isFree(toks[1]) {
		j, err := p.col(toks[0])
		if err != nil {
			return err
		}
		p.m.Vars[j].Lower, p.m.Vars[j].Upper = math.Inf(-1), math.Inf(1)
		return nil
	}
	// Locate the variable: the only name that is not infinity.
	vi := -1
	for k, t := range toks {
		if isVar(t) {
			if isFree(t) {
				return p.errf(line, "bound: misplaced \"free\" (want: variable free)")
			}
			if vi >= 0 {
				return p.errf(line, "bound: want one variable, got %q and %q (one bound per line)", toks[vi].text, t.text)
			}
			vi = k
		}
	}
	if vi < 0 {
		return p.errf(line, "bound without a variable")
	}
	if vi > 0 && toks[vi-1].kind == tSign {
		return p.errf(line, "bound: sign before variable %q", toks[vi].text)
	}
	j, err := p.col(toks[vi])
	if err != nil {
		return err
	}
	v := &p.m.Vars[j]
	name := toks[vi].text
	what := fmt.Sprintf("bound on %q", name)
	type side struct {
		op  sense
		val float64
	}
	var left, right *side
	// Left: value op var.
	if vi > 0 {
		if vi < 2 || toks[vi-1].kind != tSense {
			return p.errf(line, "%s: want value, operator, variable", what)
		}
		val, k, err := p.rhsValue(toks[:vi-1], 0, line, what)
		if err != nil {
			return err
		}
		if k != vi-1 {
			return p.errf(line, "%s: unexpected %q", what, toks[k].text)
		}
		left = &side{op: toks[vi-1].sense, val: val}
	}
	if vi+1 < len(toks) {
		if toks[vi+1].kind != tSense {
			return p.errf(line, "%s: unexpected %q after the variable (want an operator or \"free\")", what, toks[vi+1].text)
		}
		val, k, err := p.rhsValue(toks, vi+2, line, what)
		if err != nil {
			return err
		}
		if k != len(toks) {
			return p.errf(line, "%s: unexpected %q", what, toks[k].text)
		}
		right = &side{op: toks[vi+1].sense, val: val}
	}
	if left == nil && right == nil {
		return p.errf(line, "%s: missing operator and value", what)
	}
	lo, hi := v.Lower, v.Upper
	setLo := func(x float64) error {
		if math.IsInf(x, 1) {
			return p.errf(line, "%s: lower bound +infinity", what)
		}
		lo = x
		return nil
	}
	setHi := func(x float64) error {
		if math.IsInf(x, -1) {
			return p.errf(line, "%s: upper bound -infinity", what)
		}
		hi = x
		return nil
	}
	if left != nil && right != nil && (left.op == senseEQ || right.op == senseEQ || left.op != right.op) {
		return p.errf(line, "%s: a double bound needs two <= or two >= operators", what)
	}
	apply := func(s *side, varLeft bool) error {
		op := s.op
		if !varLeft { // value op var: flip to var op' value
			switch op {
			case senseLE:
				op = senseGE
			case senseGE:
				op = senseLE
			}
		}
		switch op {
		case senseLE:
			return setHi(s.val)
		case senseGE:
			return setLo(s.val)
		}
		if math.IsInf(s.val, 0) {
			return p.errf(line, "%s: cannot fix a variable at infinity", what)
		}
		lo, hi = s.val, s.val
		return nil
	}
	if left != nil {
		if err := apply(left, false); err != nil {
			return err
		}
	}
	if right != nil {
		if err := apply(right, true); err != nil {
			return err
		}
	}
	v.Lower, v.Upper = lo, hi
	return nil
}

// integers parses a line of the Generals or Binaries section.
func (p *parser) integers(toks []token) error {
	for _, t := range toks {
		if t.kind != tName {
			return p.errf(t.line, "%s: want variable names, got %q", sectionNames[p.sec], t.text)
		}
		j, err := p.col(t)
		if err != nil {
			return err
		}
		v := &p.m.Vars[j]
		v.Integer = true
		if p.sec == secBinaries {
			v.Lower, v.Upper = 0, 1
		}
	}
	return nil
}

func (p *parser) finish() (*lp.Model, error) {
	if p.objLine != nil {
		p.objLine.Apply(p.m)
	}
	if err := p.m.Validate(); err != nil {
		return nil, &Error{Name: p.name, Err: err}
	}
	return p.m, nil
}
