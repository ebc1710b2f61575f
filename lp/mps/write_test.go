package mps_test

import (
	"bytes"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// roundTrip writes m and reads it back.
func roundTrip(t *testing.T, m *lp.Model, opts mps.WriteOptions) (*lp.Model, string) {
	t.Helper()
	var buf bytes.Buffer
	if err := mps.Write(&buf, m, opts); err != nil {
		t.Fatalf("write: %v", err)
	}
	out := buf.String()
	back, err := mps.Read(strings.NewReader(out), "out.mps")
	if err != nil {
		t.Fatalf("read back: %v\n%s", err, out)
	}
	return back, out
}

// TestWriteText pins the layout: the expected file is written out by hand
// from the rules in doc.go. The maximisation is written negated, its
// constant only in the header line.
func TestWriteText(t *testing.T) {
	m := lp.New("SMALL", lp.Maximize)
	m.ObjName = "PROFIT"
	m.ObjOffset = 2.5
	x := m.AddVar("X", 0, 4, 3)
	y := m.AddIntVar("Y", -lp.Inf, 10, 2)
	z := m.AddBinary("Z", 0)
	w := m.AddVar("W", -lp.Inf, -1, 0)
	m.AddLE("CAP", 8, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 2})
	m.AddRow("BAND", 1, 3, lp.Term{Var: x, Coef: 1}, lp.Term{Var: z, Coef: -1})
	m.AddEQ("FIX", 0.1, lp.Term{Var: w, Coef: 1}, lp.Term{Var: z, Coef: 1})
	want := text(
		"* written by streamopt lp/mps",
		"* objective of the model = -(objective of this file) + 2.5",
		"* the model maximises; the file minimises the negated objective (no OBJSENSE)",
		"* the objective constant is in no row (readers differ on the sign of its RHS)",
		"* profit in euro",
		"NAME          SMALL",
		"ROWS",
		fx("N", "PROFIT"),
		fx("L", "CAP"),
		fx("G", "BAND"),
		fx("E", "FIX"),
		"COLUMNS",
		fx("", "X", "PROFIT", "-3"),
		fx("", "X", "CAP", "1"),
		fx("", "X", "BAND", "1"),
		fx("", "MARK0000", "'MARKER'", "", "'INTORG'"),
		fx("", "Y", "PROFIT", "-2"),
		fx("", "Y", "CAP", "2"),
		fx("", "Z", "BAND", "-1"),
		fx("", "Z", "FIX", "1"),
		fx("", "MARK0001", "'MARKER'", "", "'INTEND'"),
		fx("", "W", "FIX", "1"),
		"RHS",
		fx("", "RHS", "CAP", "8"),
		fx("", "RHS", "BAND", "1"),
		fx("", "RHS", "FIX", "0.1"),
		"RANGES",
		fx("", "RNG", "BAND", "2"),
		"BOUNDS",
		fx("UP", "BND", "X", "4"),
		fx("MI", "BND", "Y"),
		fx("UP", "BND", "Y", "10"),
		fx("BV", "BND", "Z"),
		fx("MI", "BND", "W"),
		fx("UP", "BND", "W", "-1"),
		"ENDATA")
	var buf bytes.Buffer
	if err := mps.Write(&buf, m, mps.WriteOptions{Comment: []string{"profit in euro"}}); err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(want, buf.String()); d != "" {
		t.Errorf("output (-want +got):\n%s", d)
	}
	back, err := mps.Read(&buf, "small.mps")
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(m, back); d != "" {
		t.Errorf("round trip (-want +got):\n%s", d)
	}
}

// TestWriteFormatChoice: fixed only when every name and number fits.
func TestWriteFormatChoice(t *testing.T) {
	tenth := 0.1
	long := tenth + 0.2 // 0.30000000000000004: 19 characters
	mk := func(col string, coef float64) *lp.Model {
		m := lp.New("M", lp.Minimize)
		m.ObjName = "obj"
		x := m.AddVar(col, 0, lp.Inf, 1)
		m.AddGE("r", 1, lp.Term{Var: x, Coef: coef})
		return m
	}
	tests := []struct {
		name      string
		m         *lp.Model
		opts      mps.WriteOptions
		wantLine  string // the COLUMNS line of the matrix entry
		wantError string
	}{
		{"short names: fixed", mk("x", 2), mps.WriteOptions{}, fx("", "x", "r", "2"), ""},
		{"long name: free", mk("a_long_column", 2), mps.WriteOptions{}, "    a_long_column r                2", ""},
		{"long number: free", mk("x", long), mps.WriteOptions{}, "    x         r         0.30000000000000004", ""},
		{"forced free with short names keeps the columns", mk("x", 2), mps.WriteOptions{Format: mps.Free}, fx("", "x", "r", "2"), ""},
		{"forced fixed with a long name", mk("a_long_column", 2), mps.WriteOptions{Format: mps.Fixed}, "",
			`mps: write: fixed format impossible: name "a_long_column" does not fit 8 columns`},
		{"forced fixed with a long number", mk("x", long), mps.WriteOptions{Format: mps.Fixed}, "",
			`mps: write: fixed format impossible: coefficient 0.30000000000000004 in row "r" needs more than 12 characters`},
		{"blank in a long name", mk("a long column", 2), mps.WriteOptions{}, "",
			`mps: write: name "a long column" contains a blank; free MPS cannot hold it`},
		{"blank in a short name: fixed", mk("a b", 2), mps.WriteOptions{}, fx("", "a b", "r", "2"), ""},
		{"leading $ in a column name: fixed", mk("$x", 2), mps.WriteOptions{}, fx("", "$x", "r", "2"), ""},
		{"leading $ in a column name: not free", mk("$x", 2), mps.WriteOptions{Format: mps.Free}, "",
			`mps: write: name "$x" starts with "$", which glpsol reads as a comment in free MPS; free MPS cannot hold it`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var buf bytes.Buffer
			err := mps.Write(&buf, tc.m, tc.opts)
			if tc.wantError != "" {
				if err == nil || err.Error() != tc.wantError {
					t.Fatalf("error %v, want %q", err, tc.wantError)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if !strings.Contains(buf.String(), "\n"+tc.wantLine+"\n") {
				t.Errorf("no line %q in\n%s", tc.wantLine, buf.String())
			}
			back, err := mps.Read(&buf, "m.mps")
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.m, back); d != "" {
				t.Errorf("round trip (-want +got):\n%s", d)
			}
		})
	}
}

// TestWriteBoundsRoundTrip covers every bound shape, continuous and integer.
func TestWriteBoundsRoundTrip(t *testing.T) {
	ninf := math.Inf(-1)
	shapes := [][2]float64{
		{0, lp.Inf}, {0, 1}, {0, 5}, {2, lp.Inf}, {-3, 7}, {ninf, lp.Inf}, {ninf, 4}, {ninf, -4},
		{0, -1.9}, {5, 3}, {2.5, 2.5}, {-1e-300, 9.99e29}, {ninf, 0}, {-2, 0},
	}
	for _, integer := range []bool{false, true} {
		m := lp.New("B", lp.Minimize)
		m.ObjName = "obj"
		terms := []lp.Term{}
		for k, s := range shapes {
			j := m.AddVar("c"+string(rune('a'+k)), s[0], s[1], float64(k))
			m.Vars[j].Integer = integer
			terms = append(terms, lp.Term{Var: j, Coef: 1})
		}
		m.AddLE("sum", 100, terms...)
		for _, f := range []mps.Format{mps.Auto, mps.Free} {
			back, out := roundTrip(t, m, mps.WriteOptions{Format: f})
			if d := cmp.Diff(m, back); d != "" {
				t.Errorf("integer=%v %v: round trip (-want +got):\n%s\n%s", integer, f, d, out)
			}
		}
	}
}

// TestWriteRanges: a range as the reader builds it, [b, fl(b+|R|)] or
// [fl(b−|R|), b], comes back bit for bit; an arbitrary range [lo, hi] comes
// back within one ulp (of that end) at each end (MPS cannot express every pair exactly:
// hi − lo may need more bits than a float64 has). Property test, fixed seed.
func TestWriteRanges(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	value := func(i int) float64 {
		switch i % 3 {
		case 0:
			return (rng.Float64() - 0.5) * 200
		case 1:
			return math.Copysign(math.Pow(10, rng.Float64()*40-20), rng.Float64()-0.5)
		}
		return float64(rng.IntN(20000)-10000) / 100
	}
	m := lp.New("R", lp.Minimize)
	m.ObjName = "obj"
	x := m.AddVar("x", 0, 1, 1)
	const n = 3000
	for i := 0; i < n; i++ {
		b, r := value(i), math.Abs(value(i+1))
		lo, hi := b, b+r // G row, or E row with R > 0
		if i%2 == 1 {
			lo, hi = b-r, b // L row, or E row with R < 0
		}
		if lo < hi {
			m.AddRow("", lo, hi, lp.Term{Var: x, Coef: 1})
		}
	}
	nRead := len(m.Rows)
	for i := 0; i < n; i++ {
		lo, hi := value(i), value(i+1)
		if lo > hi {
			lo, hi = hi, lo
		}
		if lo < hi {
			m.AddRow("", lo, hi, lp.Term{Var: x, Coef: 1})
		}
	}
	back, _ := roundTrip(t, m, mps.WriteOptions{})
	inexact := 0
	for i := range m.Rows {
		a, b := m.Rows[i], back.Rows[i]
		if a.Lower == b.Lower && a.Upper == b.Upper {
			continue
		}
		inexact++
		ulp := func(v float64) float64 { return math.Nextafter(math.Abs(v), math.Inf(1)) - math.Abs(v) }
		if i < nRead || math.Abs(a.Lower-b.Lower) > ulp(a.Lower) || math.Abs(a.Upper-b.Upper) > ulp(a.Upper) {
			t.Errorf("row %d: [%v, %v] came back as [%v, %v]", i, a.Lower, a.Upper, b.Lower, b.Upper)
		}
	}
	t.Logf("%d of %d arbitrary ranges moved by at most one ulp", inexact, len(m.Rows)-nRead)
}

func TestWriteNames(t *testing.T) {
	m := lp.New("", lp.Minimize)
	x := m.AddVar("", 0, 1, 1)
	y := m.AddVar("C1", 0, 1, 1) // taken: the unnamed column 1 becomes C1_
	m.AddGE("", 1, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 1})
	back, _ := roundTrip(t, m, mps.WriteOptions{})
	got := []string{back.ObjName, back.Vars[0].Name, back.Vars[1].Name, back.Rows[0].Name}
	want := []string{"obj", "C1_", "C1", "R1"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("names %q, want %q", got, want)
	}

	dup := lp.New("", lp.Minimize)
	dup.AddVar("x", 0, 1, 0)
	dup.AddVar("x", 0, 1, 0)
	if err := mps.Write(&bytes.Buffer{}, dup, mps.WriteOptions{}); err == nil || err.Error() != `mps: write: columns 0 and 1 are both named "x"` {
		t.Errorf("duplicate column names: error %v", err)
	}
	clash := lp.New("", lp.Minimize)
	clash.ObjName = "r"
	clash.AddRow("r", 0, 1)
	if err := mps.Write(&bytes.Buffer{}, clash, mps.WriteOptions{}); err == nil || err.Error() != `mps: write: objective and a row are both named "r"` {
		t.Errorf("objective name clash: error %v", err)
	}
	dollar := lp.New("", lp.Minimize)
	dollar.AddRow("$r", 0, 1)
	if err := mps.Write(&bytes.Buffer{}, dollar, mps.WriteOptions{}); err == nil || !strings.HasPrefix(err.Error(), `mps: write: row name "$r" starts with "$"`) {
		t.Errorf("row name with a leading $: error %v", err)
	}
	marker := lp.New("", lp.Minimize)
	marker.AddRow("'MARKER'", 0, 1)
	if err := mps.Write(&bytes.Buffer{}, marker, mps.WriteOptions{}); err == nil || err.Error() != `mps: write: row name "'MARKER'" is reserved` {
		t.Errorf("reserved row name: error %v", err)
	}
}

func TestWriteInvalid(t *testing.T) {
	bad := lp.New("", lp.Minimize)
	bad.AddVar("x", math.NaN(), 1, 0)
	if err := mps.Write(&bytes.Buffer{}, bad, mps.WriteOptions{}); err == nil || !strings.Contains(err.Error(), "invalid model") {
		t.Errorf("NaN bound: error %v", err)
	}
	if err := mps.Write(&bytes.Buffer{}, nil, mps.WriteOptions{}); err == nil {
		t.Error("nil model accepted")
	}
	if err := mps.Write(&bytes.Buffer{}, lp.New("", lp.Minimize), mps.WriteOptions{Format: 9}); err == nil {
		t.Error("unknown format accepted")
	}
}

// TestWriteObjSense: by default neither sense gets an OBJSENSE section
// and a maximisation is written negated; with ObjSense both get one and the
// objective is written as it is. Either way the header line brings the
// model back.
func TestWriteObjSense(t *testing.T) {
	for _, s := range []lp.Sense{lp.Minimize, lp.Maximize} {
		for _, objSense := range []bool{false, true} {
			m := lp.New("S", s)
			m.ObjName = "obj"
			m.ObjOffset = -4
			x := m.AddVar("x", 0, 1, 1.5)
			m.AddLE("r", 1, lp.Term{Var: x, Coef: 1})
			back, out := roundTrip(t, m, mps.WriteOptions{ObjSense: objSense})
			wantSense := map[lp.Sense]string{lp.Minimize: "OBJSENSE\n    MIN\n", lp.Maximize: "OBJSENSE\n    MAX\n"}[s]
			if has := strings.Contains(out, "\nOBJSENSE"); has != objSense || (objSense && !strings.Contains(out, wantSense)) {
				t.Errorf("%v ObjSense=%v: OBJSENSE section written = %v, want %v as %q:\n%s", s, objSense, has, objSense, wantSense, out)
			}
			cost := "1.5"
			if s == lp.Maximize && !objSense {
				cost = "-1.5"
			}
			if want := fx("", "x", "obj", cost); !strings.Contains(out, "\n"+want+"\n") {
				t.Errorf("%v ObjSense=%v: no line %q in\n%s", s, objSense, want, out)
			}
			if strings.Contains(out, "RHS       obj") {
				t.Errorf("%v ObjSense=%v: the constant went to the objective row:\n%s", s, objSense, out)
			}
			if d := cmp.Diff(m, back); d != "" {
				t.Errorf("%v ObjSense=%v round trip (-want +got):\n%s", s, objSense, d)
			}
		}
	}
}

// TestReadObjectiveLine: the header line maps the file's objective to the
// model's; only the first one before NAME counts; a malformed one is an
// error that names the line.
func TestReadObjectiveLine(t *testing.T) {
	body := text("NAME", "ROWS", " N obj", " L r", "COLUMNS", " x obj 2 r 1", "RHS", " rhs obj 3 r 1", "ENDATA")
	tests := []struct {
		name   string
		header []string
		sense  lp.Sense
		cost   float64
		offset float64
		err    string
	}{
		{"no header: RHS 3 is the constant -3", nil, lp.Minimize, 2, -3, ""},
		{"identity plus a constant", []string{"* objective of the model = objective of this file + 0.5"}, lp.Minimize, 2, -2.5, ""},
		{"negated", []string{"* objective of the model = -(objective of this file) - 1"}, lp.Maximize, -2, 3 - 1, ""},
		{"first line counts", []string{"*objective of the model = objective of this file", "* objective of the model = -(objective of this file)"}, lp.Minimize, 2, -3, ""},
		{"other comments are ignored", []string{"* objective of the model is nice", "* (objective of the model = -(objective of this file))"}, lp.Minimize, 2, -3, ""},
		{"malformed", []string{"* x", "* objective of the model = objective of that file"}, 0, 0, 0, `h.mps:2: malformed objective line`},
		{"sign in the number", []string{"* objective of the model = objective of this file + -2"}, 0, 0, 0, `h.mps:1: malformed objective line`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			in := body
			if tc.header != nil {
				in = text(tc.header...) + body
			}
			m, err := mps.Read(strings.NewReader(in), "h.mps")
			if tc.err != "" {
				if err == nil || !strings.HasPrefix(err.Error(), tc.err) {
					t.Fatalf("error %v, want one starting %q", err, tc.err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if m.Sense != tc.sense || m.Obj[0] != tc.cost || m.ObjOffset != tc.offset {
				t.Errorf("sense %v, cost %v, offset %v; want %v, %v, %v", m.Sense, m.Obj[0], m.ObjOffset, tc.sense, tc.cost, tc.offset)
			}
		})
	}
	// After NAME the line is an ordinary comment.
	late := strings.Replace(body, "ROWS\n", "ROWS\n* objective of the model = -(objective of this file)\n", 1)
	if m, err := mps.Read(strings.NewReader(late), "late.mps"); err != nil {
		t.Errorf("a line after NAME: %v", err)
	} else if m.Sense != lp.Minimize || m.Obj[0] != 2 {
		t.Errorf("a line after NAME: sense %v, cost %v; want min, 2", m.Sense, m.Obj[0])
	}
}

// TestWriteFreeRowAndNoObjective: a row free in both directions survives as
// "L" with RHS 1e30; a model without objective row gets none.
func TestWriteFreeRowAndNoObjective(t *testing.T) {
	m := lp.New("F", lp.Minimize)
	x := m.AddVar("x", 0, 1, 0)
	m.AddVar("y", 0, 1, 0) // no entries at all
	m.AddRow("free", math.Inf(-1), lp.Inf, lp.Term{Var: x, Coef: 1})
	back, out := roundTrip(t, m, mps.WriteOptions{})
	if strings.Contains(out, " N ") {
		t.Errorf("objective row written for a model without one:\n%s", out)
	}
	if d := cmp.Diff(m, back); d != "" {
		t.Errorf("round trip (-want +got):\n%s\n%s", d, out)
	}
}

// TestWriteHugeFiniteBound: a finite bound of magnitude ≥ Infinity (1e30) is
// written as it is and so reads back as infinite (doc.go).
func TestWriteHugeFiniteBound(t *testing.T) {
	m := lp.New("H", lp.Minimize)
	m.ObjName = "obj"
	m.AddVar("x", -2e30, 3e30, 1)
	back, _ := roundTrip(t, m, mps.WriteOptions{})
	if v := back.Vars[0]; !math.IsInf(v.Lower, -1) || !math.IsInf(v.Upper, 1) {
		t.Errorf("bounds read back as [%v, %v], want [-Inf, +Inf]", v.Lower, v.Upper)
	}
}
