package solfile

import (
	"bufio"
	"fmt"
	"io"
	"math"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
)

// ErrFormat is wrapped by every error of the readers about the content of
// a file.
var ErrFormat = fault.New(fault.ErrInput, "malformed solution or basis file")

// lineError is the text of a reader's error; it wraps ErrFormat.
type lineError struct{ msg string }

func (e *lineError) Error() string { return e.msg }
func (e *lineError) Unwrap() error { return ErrFormat }

func errAt(name string, line int, format string, args ...any) error {
	return &lp.FileError{Name: name, Line: line, Err: &lineError{fmt.Sprintf(format, args...)}}
}

// Format is the layout of a solution file.
type Format int

const (
	HiGHS  Format = iota // HiGHS's raw solution file
	MIPLIB               // the MIPLIB .sol format
	CBC                  // cbc's solution file (read only)
)

func (f Format) String() string {
	switch f {
	case HiGHS:
		return "HiGHS"
	case MIPLIB:
		return "MIPLIB"
	case CBC:
		return "cbc"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// FormatFor returns the format a solution file of this name is written
// in: MIPLIB for a name ending in .sol (any case), else HiGHS.
func FormatFor(name string) Format {
	if strings.EqualFold(filepath.Ext(name), ".sol") {
		return MIPLIB
	}
	return HiGHS
}

// Value is one "name value" entry of a file, with its line.
type Value struct {
	Name  string
	Value float64
	Line  int
}

// File is the content of a solution file.
type File struct {
	Format Format
	// Status is the model status the file states (HiGHS, cbc), "" if none.
	Status string
	// Objective is the objective value the file states, when HasObjective.
	Objective    float64
	HasObjective bool
	// Cols and Rows are the primal values of the columns and the row
	// activities, in file order; NoPoint says the file states that there
	// is none (HiGHS "None", MIPLIB "=infeas=", cbc "Infeasible").
	Cols, Rows []Value
	NoPoint    bool
	// ColDuals and RowDuals are the reduced costs and row duals of a HiGHS
	// file; nil when it has none.
	ColDuals, RowDuals []Value
	name               string
}

// WriteHiGHS writes sol of m in HiGHS's raw solution layout (see the
// package documentation). Every column and row needs a name without
// blanks, unique among the columns (rows): see CheckSolutionNames.
func WriteHiGHS(w io.Writer, m *lp.Model, sol *lp.Solution) error {
	if err := checkSolution(m, sol); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	fmt.Fprintf(bw, "Model status\n%s\n\n# Primal solution values\n", highsStatus(sol.Status))
	if !sol.HasPrimal() {
		bw.WriteString("None\n")
	} else {
		fmt.Fprintf(bw, "Feasible\nObjective %s\n# Columns %d\n", num(sol.Objective), len(m.Vars))
		for j, v := range m.Vars {
			fmt.Fprintf(bw, "%s %s\n", v.Name, num(sol.X[j]))
		}
		act := sol.RowActivity
		if act == nil {
			act = m.Activities(sol.X)
		}
		fmt.Fprintf(bw, "# Rows %d\n", len(m.Rows))
		for i, r := range m.Rows {
			fmt.Fprintf(bw, "%s %s\n", r.Name, num(act[i]))
		}
	}
	bw.WriteString("\n# Dual solution values\n")
	if !sol.HasDual() || m.IsMIP() {
		bw.WriteString("None\n")
	} else {
		fmt.Fprintf(bw, "Feasible\n# Columns %d\n", len(m.Vars))
		for j, v := range m.Vars {
			fmt.Fprintf(bw, "%s %s\n", v.Name, num(sol.ReducedCost[j]))
		}
		fmt.Fprintf(bw, "# Rows %d\n", len(m.Rows))
		for i, r := range m.Rows {
			fmt.Fprintf(bw, "%s %s\n", r.Name, num(sol.RowDual[i]))
		}
	}
	return bw.Flush()
}

// WriteMIPLIB writes the point of sol in the MIPLIB .sol format: the
// objective on a "=obj=" line, then every column; "=infeas=" alone when
// sol has no point.
func WriteMIPLIB(w io.Writer, m *lp.Model, sol *lp.Solution) error {
	if err := checkSolution(m, sol); err != nil {
		return err
	}
	bw := bufio.NewWriter(w)
	if !sol.HasPrimal() {
		bw.WriteString("=infeas=\n")
		return bw.Flush()
	}
	fmt.Fprintf(bw, "=obj= %s\n", num(sol.Objective))
	for j, v := range m.Vars {
		fmt.Fprintf(bw, "%s %s\n", v.Name, num(sol.X[j]))
	}
	return bw.Flush()
}

// Write writes sol in format f (HiGHS or MIPLIB).
func Write(w io.Writer, f Format, m *lp.Model, sol *lp.Solution) error {
	switch f {
	case HiGHS:
		return WriteHiGHS(w, m, sol)
	case MIPLIB:
		return WriteMIPLIB(w, m, sol)
	}
	return fmt.Errorf("solfile: cannot write the %s format", f)
}

// checkSolution returns an error when m's names cannot be written or a
// vector of sol does not fit m.
func checkSolution(m *lp.Model, sol *lp.Solution) error {
	if err := CheckSolutionNames(m); err != nil {
		return err
	}
	if sol == nil {
		return fmt.Errorf("solfile: nil solution")
	}
	for _, v := range []struct {
		what string
		got  []float64
		want int
	}{{"X", sol.X, len(m.Vars)}, {"ReducedCost", sol.ReducedCost, len(m.Vars)}, {"RowActivity", sol.RowActivity, len(m.Rows)}, {"RowDual", sol.RowDual, len(m.Rows)}} {
		if v.got != nil && len(v.got) != v.want {
			return fmt.Errorf("solfile: solution has %d values in %s, the model needs %d", len(v.got), v.what, v.want)
		}
	}
	return nil
}

// num formats v in the shortest form that reads back to it; −0 is 0.
func num(v float64) string {
	if v == 0 {
		v = 0
	}
	return strconv.FormatFloat(v, 'g', -1, 64)
}

// CheckSolutionNames returns an error unless every column and row of m has
// a name without blanks, unique among the columns (rows), as a solution
// file names them: the writers need it, and a caller can check it before a
// long solve.
func CheckSolutionNames(m *lp.Model) error { return checkNames(m, false) }

// CheckBasisNames returns an error unless every column and row of m has a
// name, and the names with their blanks removed (as a basis file holds
// them, and CLP reads a fixed MPS name such as "DEDO3 1R") are unique
// among the columns (rows).
func CheckBasisNames(m *lp.Model) error { return checkNames(m, true) }

// checkNames applies CheckSolutionNames, or with strip CheckBasisNames.
func checkNames(m *lp.Model, strip bool) error {
	seen := map[string]string{}
	for j, v := range m.Vars {
		if err := nameOK("column", j, v.Name, seen, strip); err != nil {
			return err
		}
	}
	clear(seen)
	for i, r := range m.Rows {
		if err := nameOK("row", i, r.Name, seen, strip); err != nil {
			return err
		}
	}
	return nil
}

func nameOK(what string, k int, name string, seen map[string]string, strip bool) error {
	key := name
	if strip {
		key = stripBlanks(name)
	}
	switch {
	case key == "":
		return fmt.Errorf("solfile: %s %d has no name, and the file names every %s", what, k, what)
	case strings.ContainsAny(key, " \t\r\n"):
		return fmt.Errorf("solfile: %s %d: name %q has a blank, and a solution file cannot hold it", what, k, name)
	case seen[key] == name:
		return fmt.Errorf("solfile: %s %d: name %q is used twice", what, k, name)
	case seen[key] != "":
		return fmt.Errorf("solfile: %s %d: names %q and %q are the same without their blanks, as a basis file holds them", what, k, seen[key], name)
	}
	seen[key] = name
	return nil
}

// stripBlanks removes the blanks of a name, as CLP reads names of fixed MPS.
func stripBlanks(name string) string { return strings.ReplaceAll(name, " ", "") }

// highsStatus is the word HiGHS writes for a status (ours where HiGHS has none).
func highsStatus(s lp.Status) string {
	switch s {
	case lp.Optimal:
		return "Optimal"
	case lp.Infeasible:
		return "Infeasible"
	case lp.Unbounded:
		return "Unbounded"
	case lp.InfeasibleOrUnbounded:
		return "Primal infeasible or unbounded"
	case lp.TimeLimit:
		return "Time limit reached"
	case lp.IterationLimit:
		return "Iteration limit reached"
	case lp.NodeLimit:
		return "Node limit reached"
	case lp.NumericalError:
		return "Solve error"
	}
	return "Not Set"
}

// Point returns the values of f for the columns of m, matched by name: a
// value per column, NaN for a column a HiGHS file does not list, 0 for one
// a MIPLIB or cbc file does not list (those formats omit zeros). A name
// that is not a column of m, or a column given twice, is an error naming
// the line. A file that states there is no point is an error.
func (f *File) Point(m *lp.Model) ([]float64, error) {
	if f.NoPoint {
		return nil, errAt(f.name, 0, "the file holds no point (its status: %s)", orNone(f.Status))
	}
	idx := make(map[string]int, len(m.Vars))
	for j, v := range m.Vars {
		idx[v.Name] = j
	}
	x := make([]float64, len(m.Vars))
	fill := 0.0
	if f.Format == HiGHS {
		fill = math.NaN()
	}
	for j := range x {
		x[j] = fill
	}
	seen := make([]int, len(m.Vars))
	for _, v := range f.Cols {
		j, ok := idx[v.Name]
		if !ok {
			return nil, errAt(f.name, v.Line, "column %q: the model has no column of that name", v.Name)
		}
		if seen[j] != 0 {
			return nil, errAt(f.name, v.Line, "column %q: given twice (first on line %d)", v.Name, seen[j])
		}
		seen[j] = v.Line
		x[j] = v.Value
	}
	return x, nil
}

func orNone(s string) string {
	if s == "" {
		return "none stated"
	}
	return s
}
