package solfile

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"math"
	"regexp"
	"strconv"
	"strings"
)

// maxLine is the longest line the readers accept.
const maxLine = 1 << 20

// lines reads a file line by line, counting lines.
type lines struct {
	name string
	sc   *bufio.Scanner
	n    int
	back bool // the current line is to be returned again
	cur  string
}

func newLines(r io.Reader, name string) *lines {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxLine)
	return &lines{name: name, sc: sc}
}

// next returns the next line with its blanks trimmed, false at the end.
func (l *lines) next() (string, bool, error) {
	if l.back {
		l.back = false
		return l.cur, true, nil
	}
	if !l.sc.Scan() {
		if err := l.sc.Err(); err != nil {
			if errors.Is(err, bufio.ErrTooLong) {
				return "", false, errAt(l.name, l.n+1, "line longer than %d bytes", maxLine)
			}
			return "", false, &readError{l.name, err}
		}
		return "", false, nil
	}
	l.n++
	l.cur = strings.TrimSpace(l.sc.Text())
	return l.cur, true, nil
}

// nextData returns the next line that is not blank.
func (l *lines) nextData() (string, bool, error) {
	for {
		s, ok, err := l.next()
		if !ok || err != nil || s != "" {
			return s, ok, err
		}
	}
}

func (l *lines) errf(format string, args ...any) error {
	return errAt(l.name, l.n, format, args...)
}

// readError is a failure of the reader below (not of the content).
type readError struct {
	name string
	err  error
}

func (e *readError) Error() string { return e.name + ": " + e.err.Error() }
func (e *readError) Unwrap() error { return e.err }

// cbcHeader matches the first line of a cbc solution file.
var cbcHeader = regexp.MustCompile(`^(.*\S)\s+-\s+objective value\s+(\S+)$`)

// Read reads a solution file in any of the formats of the package,
// detected from its first line that is not blank (see the package
// documentation); name is used in errors.
func Read(r io.Reader, name string) (*File, error) {
	l := newLines(r, name)
	first, ok, err := l.nextData()
	if err != nil {
		return nil, err
	}
	if !ok {
		return nil, errAt(name, 0, "empty file: no solution")
	}
	l.back = true
	f := &File{name: name}
	switch {
	case first == "Model status":
		f.Format = HiGHS
		err = readHiGHS(l, f)
	case cbcHeader.MatchString(first):
		f.Format = CBC
		err = readCBC(l, f)
	default:
		f.Format = MIPLIB
		err = readMIPLIB(l, f)
	}
	if err != nil {
		return nil, err
	}
	return f, nil
}

// parseValue parses a value field; what names it in errors.
func (l *lines) parseValue(s, what string) (float64, error) {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil || math.IsNaN(v) {
		return 0, l.errf("%s: not a number: %q", what, s)
	}
	return v, nil
}

// nameValue parses a "name value" line.
func (l *lines) nameValue(s, what string) (Value, error) {
	fs := strings.Fields(s)
	if len(fs) != 2 {
		return Value{}, l.errf("want \"name value\" for a %s, got %d fields: %q", what, len(fs), clip(s))
	}
	v, err := l.parseValue(fs[1], fmt.Sprintf("value of %s %q", what, fs[0]))
	return Value{Name: fs[0], Value: v, Line: l.n}, err
}

func clip(s string) string {
	if len(s) > 60 {
		return s[:60] + "..."
	}
	return s
}

// expect reads the next non-blank line, which must be want.
func (l *lines) expect(want string) error {
	s, ok, err := l.nextData()
	switch {
	case err != nil:
		return err
	case !ok:
		return l.errf("unexpected end of file: want %q", want)
	case s != want:
		return l.errf("want %q, got %q", want, clip(s))
	}
	return nil
}

// section reads a "# <title> n" line and the n "name value" lines after it.
func (l *lines) section(title, what string) ([]Value, error) {
	s, ok, err := l.nextData()
	if err != nil {
		return nil, err
	}
	prefix := "# " + title + " "
	if !ok || !strings.HasPrefix(s, prefix) {
		if !ok {
			s = "end of file"
		}
		return nil, l.errf("want \"%sN\", got %q", prefix, clip(s))
	}
	n, err := strconv.Atoi(strings.TrimSpace(s[len(prefix):]))
	if err != nil || n < 0 {
		return nil, l.errf("%s count: want a whole number >= 0, got %q", title, strings.TrimSpace(s[len(prefix):]))
	}
	var vs []Value
	for k := 0; k < n; k++ {
		s, ok, err := l.next()
		if err != nil {
			return nil, err
		}
		if !ok || strings.HasPrefix(s, "#") {
			return nil, l.errf("%s: the file lists %d of the %d it announces", title, k, n)
		}
		v, err := l.nameValue(s, what)
		if err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
	return vs, nil
}

func readHiGHS(l *lines, f *File) error {
	if err := l.expect("Model status"); err != nil {
		return err
	}
	s, ok, err := l.next()
	if err != nil {
		return err
	}
	if !ok || s == "" {
		return l.errf("model status: missing after \"Model status\"")
	}
	f.Status = s
	if err := l.expect("# Primal solution values"); err != nil {
		return err
	}
	s, ok, err = l.nextData()
	if err != nil {
		return err
	}
	switch {
	case !ok:
		return l.errf("unexpected end of file: want the primal solution status")
	case s == "None":
		f.NoPoint = true
	case s == "Feasible" || s == "Infeasible":
		s, _, err := l.nextData()
		if err != nil {
			return err
		}
		fs := strings.Fields(s)
		if len(fs) != 2 || fs[0] != "Objective" {
			return l.errf("want \"Objective value\", got %q", clip(s))
		}
		if f.Objective, err = l.parseValue(fs[1], "objective"); err != nil {
			return err
		}
		f.HasObjective = true
		if f.Cols, err = l.section("Columns", "column"); err != nil {
			return err
		}
		if f.Rows, err = l.section("Rows", "row"); err != nil {
			return err
		}
	default:
		return l.errf("primal solution status: want Feasible, Infeasible or None, got %q", clip(s))
	}
	// the dual values are optional; a basis section after them is skipped
	s, ok, err = l.nextData()
	if err != nil || !ok || s == "# Basis" {
		return err
	}
	if s != "# Dual solution values" {
		return l.errf("want \"# Dual solution values\", got %q", clip(s))
	}
	s, ok, err = l.nextData()
	switch {
	case err != nil:
		return err
	case !ok:
		return l.errf("unexpected end of file: want the dual solution status")
	case s == "None":
	case s == "Feasible" || s == "Infeasible":
		if f.ColDuals, err = l.section("Columns", "column"); err != nil {
			return err
		}
		if f.RowDuals, err = l.section("Rows", "row"); err != nil {
			return err
		}
	default:
		return l.errf("dual solution status: want Feasible, Infeasible or None, got %q", clip(s))
	}
	s, ok, err = l.nextData()
	if err != nil || !ok || s == "# Basis" {
		return err
	}
	return l.errf("unexpected line after the dual values: %q", clip(s))
}

// noIncumbent is the objective cbc prints when it has no solution.
const noIncumbent = 1e50

func readCBC(l *lines, f *File) error {
	s, _, err := l.nextData()
	if err != nil {
		return err
	}
	m := cbcHeader.FindStringSubmatch(s)
	f.Status = m[1]
	if f.Objective, err = l.parseValue(m[2], "objective value"); err != nil {
		return err
	}
	f.HasObjective = math.Abs(f.Objective) < noIncumbent
	low := strings.ToLower(f.Status)
	f.NoPoint = !f.HasObjective || strings.Contains(low, "infeasible") || strings.Contains(low, "unbounded")
	prev, blocks := -1, 1
	for {
		s, ok, err := l.nextData()
		if err != nil {
			return err
		}
		if !ok {
			return nil
		}
		fs := strings.Fields(strings.TrimPrefix(s, "**"))
		if len(fs) != 3 && len(fs) != 4 {
			return l.errf("want \"index name value [objective coefficient]\", got %d fields: %q", len(fs), clip(s))
		}
		k, err := strconv.Atoi(fs[0])
		if err != nil || k < 0 {
			return l.errf("index: want a whole number >= 0, got %q", fs[0])
		}
		v, err := l.parseValue(fs[2], fmt.Sprintf("value of %q", fs[1]))
		if err != nil {
			return err
		}
		if k <= prev {
			// cbc numbers the rows, then the columns, each from 0
			if blocks == 2 {
				return l.errf("index %d after %d: a cbc file has at most a row block and a column block", k, prev)
			}
			blocks++
			f.Rows, f.Cols = f.Cols, nil
		}
		prev = k
		f.Cols = append(f.Cols, Value{Name: fs[1], Value: v, Line: l.n})
	}
}

func readMIPLIB(l *lines, f *File) error {
	for {
		s, ok, err := l.nextData()
		if err != nil || !ok {
			return err
		}
		switch {
		case strings.HasPrefix(s, "#"):
		case s == "=infeas=":
			f.NoPoint = true
		case strings.HasPrefix(s, "=obj="):
			if f.HasObjective {
				return l.errf("a second =obj= line")
			}
			if f.Objective, err = l.parseValue(strings.TrimSpace(s[len("=obj="):]), "=obj="); err != nil {
				return err
			}
			f.HasObjective = true
		default:
			v, err := l.nameValue(s, "column")
			if err != nil {
				return err
			}
			f.Cols = append(f.Cols, v)
		}
	}
}
