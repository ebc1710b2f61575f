package lpformat_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/lpformat"
	"github.com/streamopt/streamopt/lp/modelfile/readertest"
)

var inf = math.Inf(1)

type model = readertest.Model

var (
	cv   = readertest.CV
	iv   = readertest.IV
	text = readertest.Text
)

func row(name string, lo, hi float64, ind []int, val ...float64) lp.Row {
	return lp.Row{Name: name, Ind: ind, Val: val, Lower: lo, Upper: hi}
}

// TestRead reads small hand-written files, one feature each; the expected
// models follow from the rules in doc.go (which cite the IBM and GLPK
// documentation each rule comes from).
func TestRead(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want model
	}{
		{"minimal", text("Minimize", " obj: x + 2 y", "Subject To", " c1: x + y >= 1", "End"),
			model{Obj: "obj", Cols: []lp.Var{cv("x", 0, inf), cv("y", 0, inf)}, C: []float64{1, 2},
				Rows: []lp.Row{row("c1", 1, inf, []int{0, 1}, 1, 1)}}},
		{"keyword spellings and case", text("MAXIMISE", " 3 a", "such that", " a <= 4", "BOUND", " a >= -1", "GEN", " a", "end"),
			model{Sense: lp.Maximize, Cols: []lp.Var{iv("a", -1, inf)}, C: []float64{3},
				Rows: []lp.Row{row("", -inf, 4, []int{0}, 1)}}},
		{"s.t., integers, binary, max", text("max x - y", "s.t.", " x + y = 2", "Integers", " x", "Binary", " y", "END"),
			model{Sense: lp.Maximize, Cols: []lp.Var{iv("x", 0, inf), iv("y", 0, 1)}, C: []float64{1, -1},
				Rows: []lp.Row{row("", 2, 2, []int{0, 1}, 1, 1)}}},
		{"st on the constraint's line, minimum, bin, gen", text("minimum z", "st c: z >= 1", "bin", " b", "generals", " g", "End"),
			model{Cols: []lp.Var{cv("z", 0, inf), iv("b", 0, 1), iv("g", 0, inf)}, C: []float64{1, 0, 0},
				Rows: []lp.Row{row("c", 1, inf, []int{0}, 1)}}},
		{"objective over lines with constants summed (IBM: offset as a constant term)",
			text("Minimize", " cost:", "  2 x + 3.5", "  - 1 + y", "Subject To", "End"),
			model{Obj: "cost", Offset: 2.5, Cols: []lp.Var{cv("x", 0, inf), cv("y", 0, inf)}, C: []float64{2, 1}}},
		{"empty objective", text("Minimize", "Subject To", " r: x >= 1", "End"),
			model{Cols: []lp.Var{cv("x", 0, inf)}, C: []float64{0}, Rows: []lp.Row{row("r", 1, inf, []int{0}, 1)}}},
		{"every sense indicator (IBM list)", text("Minimize", " x", "Subject To",
			" a: x < 1", " b: x <= 2", " c: x =< 3", " d: x > 4", " h: x >= 5", " f: x => 6", " g: x = 7", "End"),
			model{Cols: []lp.Var{cv("x", 0, inf)}, C: []float64{1}, Rows: []lp.Row{
				row("a", -inf, 1, []int{0}, 1), row("b", -inf, 2, []int{0}, 1), row("c", -inf, 3, []int{0}, 1),
				row("d", 4, inf, []int{0}, 1), row("h", 5, inf, []int{0}, 1), row("f", 6, inf, []int{0}, 1),
				row("g", 7, 7, []int{0}, 1)}}},
		{"coefficients against names, fractions, exponents, repeated columns summed, double signs",
			text("Minimize", " 2x2 + .5 y - 1e2 z + 2.5E-1w", "Subject To",
				" r: x2 + 2 x2 - 3 x2 + + -4 y - - w >= -1.5e+3", "End"),
			model{Cols: []lp.Var{cv("x2", 0, inf), cv("y", 0, inf), cv("z", 0, inf), cv("w", 0, inf)}, C: []float64{2, 0.5, -100, 0.25},
				Rows: []lp.Row{row("r", -1500, inf, []int{1, 3}, -4, 1)}}},
		{"constraint over several lines, unnamed rows",
			text("Minimize", " x", "Subject To", " x", "  + y", "  >= 2", " x - y <= 0", "End"),
			model{Cols: []lp.Var{cv("x", 0, inf), cv("y", 0, inf)}, C: []float64{1, 0}, Rows: []lp.Row{
				row("", 2, inf, []int{0, 1}, 1, 1), row("", -inf, 0, []int{0, 1}, 1, -1)}}},
		{"ranges (extension): lo <= expr <= hi and hi >= expr >= lo",
			text("Minimize", " x", "Subject To", " r1: -5 <= x + y <= 10", " r2: 4 >= x - y >= -4", " -inf <= x <= 3", "End"),
			model{Cols: []lp.Var{cv("x", 0, inf), cv("y", 0, inf)}, C: []float64{1, 0}, Rows: []lp.Row{
				row("r1", -5, 10, []int{0, 1}, 1, 1), row("r2", -4, 4, []int{0, 1}, 1, -1), row("", -inf, 3, []int{0}, 1)}}},
		{"infinite right-hand sides: words and magnitude >= 1e30",
			text("Minimize", " x", "Subject To", " a: x >= -inf", " b: x <= 1e30", " c: x <= +Infinity", " d: x >= -1e+31", "End"),
			model{Cols: []lp.Var{cv("x", 0, inf)}, C: []float64{1}, Rows: []lp.Row{
				row("a", -inf, inf, []int{0}, 1), row("b", -inf, inf, []int{0}, 1), row("c", -inf, inf, []int{0}, 1), row("d", -inf, inf, []int{0}, 1)}}},
		{"zero coefficient keeps the column declared but out of the row",
			text("Minimize", " x", "Subject To", " r: 0 y + x >= 1", "End"),
			model{Cols: []lp.Var{cv("x", 0, inf), cv("y", 0, inf)}, C: []float64{1, 0}, Rows: []lp.Row{row("r", 1, inf, []int{0}, 1)}}},
		{"every bound form",
			text("Minimize", " a + b + c + d + e_ + f + g + h + k", "Subject To", "Bounds",
				" a >= -1", " -2 <= b", " c <= 3", " 4 >= d", " -5 <= e_ <= 5", " 6 >= f >= -6", " g = 7", " h free", " k FREE", "End"),
			model{Cols: []lp.Var{cv("a", -1, inf), cv("b", -2, inf), cv("c", 0, 3), cv("d", 0, 4), cv("e_", -5, 5),
				cv("f", -6, 6), cv("g", 7, 7), cv("h", -inf, inf), cv("k", -inf, inf)}, C: []float64{1, 1, 1, 1, 1, 1, 1, 1, 1}}},
		{"infinite bounds in every spelling",
			text("Minimize", " a + b + c + d", "Subject To", "Bounds",
				" -inf <= a <= +inf", " b >= -Infinity", " -INF <= c", " d <= 1e30", " d >= -1e30", "End"),
			model{Cols: []lp.Var{cv("a", -inf, inf), cv("b", -inf, inf), cv("c", -inf, inf), cv("d", -inf, inf)}, C: []float64{1, 1, 1, 1}}},
		{"negative upper bound alone keeps the lower bound 0 (IBM: the default lower bound remains in effect)",
			text("Minimize", " x + y", "Subject To", "Bounds", " x <= -1", " -inf <= y <= -1", "End"),
			model{Cols: []lp.Var{cv("x", 0, -1), cv("y", -inf, -1)}, C: []float64{1, 1}}},
		{"a later bound overrides (IBM: the last bound entered takes precedence)",
			text("Minimize", " x", "Subject To", "Bounds", " x <= 4", " x free", " x <= 2", "End"),
			model{Cols: []lp.Var{cv("x", -inf, 2)}, C: []float64{1}}},
		{"lower above upper is kept (an infeasible model, lp.CheckBounds allows it)",
			text("Minimize", " x", "Subject To", "Bounds", " 3 <= x <= 1", "End"),
			model{Cols: []lp.Var{cv("x", 3, 1)}, C: []float64{1}}},
		{"generals keep bounds, binaries set [0, 1] whatever Bounds said",
			text("Minimize", " x + y", "Subject To", "Bounds", " -3 <= x <= 8", " y <= 9", "Generals", " x", "Binaries", " y", "End"),
			model{Cols: []lp.Var{iv("x", -3, 8), iv("y", 0, 1)}, C: []float64{1, 1}}},
		{"columns first seen in Bounds, Generals, Binaries are appended in order",
			text("Minimize", " x", "Subject To", "Bounds", " u <= 1", "Generals", " g1 g2", " x", "Binaries", " b", "End"),
			model{Cols: []lp.Var{iv("x", 0, inf), cv("u", 0, 1), iv("g1", 0, inf), iv("g2", 0, inf), iv("b", 0, 1)}, C: []float64{1, 0, 0, 0, 0}}},
		{"comments anywhere, problem name from CPLEX's comment, text after End ignored",
			text("\\ a file", "\\Problem name: tiny model", "Minimize \\ the objective", " x \\ + y",
				"Subject To", "\\ r: x >= 7", " r: x >= 1 \\ first", "End", "this is ignored [ ] ^"),
			model{Name: "tiny model", Cols: []lp.Var{cv("x", 0, inf)}, C: []float64{1}, Rows: []lp.Row{row("r", 1, inf, []int{0}, 1)}}},
		{"problem name from GLPK's comment", text("\\* Problem: RNG *\\", "", "Minimize", " obj: x", "Subject To", "End"),
			model{Name: "RNG", Obj: "obj", Cols: []lp.Var{cv("x", 0, inf)}, C: []float64{1}}},
		{"names with every allowed symbol; names that only start like exponents",
			text("Minimize", " x(1,2) + a.b + _x + ~r_1 + y' + ea + `q` + {p} + \"s\" + !#$%&;?@ + a/b|c", "Subject To", "End"),
			model{Cols: []lp.Var{cv("x(1,2)", 0, inf), cv("a.b", 0, inf), cv("_x", 0, inf), cv("~r_1", 0, inf), cv("y'", 0, inf),
				cv("ea", 0, inf), cv("`q`", 0, inf), cv("{p}", 0, inf), cv("\"s\"", 0, inf), cv("!#$%&;?@", 0, inf), cv("a/b|c", 0, inf)},
				C: []float64{1, 1, 1, 1, 1, 1, 1, 1, 1, 1, 1}}},
		{"objective line: the file's objective negated plus 0.5 (lp/modelfile); only the first one counts",
			text("\\ objective of the model = -(objective of this file) + 0.5", "\\objective of the model = objective of this file - 7",
				"Minimize", " obj: 2 x - 1", "Subject To", "End"),
			model{Obj: "obj", Sense: lp.Maximize, Cols: []lp.Var{cv("x", 0, inf)}, C: []float64{-2}, Offset: 1 + 0.5}},
		{"objective line after the objective section is a plain comment",
			text("Minimize", "\\ objective of the model = -(objective of this file) + 0.5", " obj: 2 x", "Subject To", "End"),
			model{Obj: "obj", Cols: []lp.Var{cv("x", 0, inf)}, C: []float64{2}}},
		{"CRLF line ends and tabs", "Minimize\r\n\tobj:\tx\r\nSubject To\r\n\tc:\tx\t>=\t1\r\nEnd\r\n",
			model{Obj: "obj", Cols: []lp.Var{cv("x", 0, inf)}, C: []float64{1}, Rows: []lp.Row{row("c", 1, inf, []int{0}, 1)}}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := lpformat.Read(strings.NewReader(tc.in), "t.lp")
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want.Build(), got); d != "" {
				t.Errorf("model (-want +got):\n%s", d)
			}
		})
	}
}

// TestReadErrors checks that every malformed or unsupported input is an
// error that names the file and the line (the line numbers are those of
// the inputs below) and says what is wrong.
func TestReadErrors(t *testing.T) {
	const head = "Minimize\n obj: x\nSubject To\n" // lines 1-3
	tests := []struct {
		name  string
		in    string
		want  string // substring of the message, after "t.lp:"
		unsup bool   // wraps ErrUnsupported
	}{
		{"quadratic objective", text("Minimize", " obj: x + [ x ^ 2 ] / 2", "Subject To", "End"), "2: quadratic term", true},
		{"power outside brackets", head + " c: x ^ 2 >= 1\nEnd\n", "4: power operator", true},
		{"quadratic constraint", head + " c: x + [ x * y ] <= 1\nEnd\n", "4: quadratic term", true},
		{"SOS section", head + " c: x >= 1\nSOS\n s1: S1:: x:1\nEnd\n", "5: section \"SOS\" (special ordered sets)", true},
		{"semi-continuous section", head + "Semi-Continuous\n x\nEnd\n", "4: section \"Semi-Continuous\" (semi-continuous variables)", true},
		{"semis section", head + "semis\n x\nEnd\n", "4: section \"semis\"", true},
		{"lazy constraints", head + "Lazy Constraints\nEnd\n", "4: section \"Lazy Constraints\" (lazy constraints)", true},
		{"user cuts", head + "User Cuts\nEnd\n", "4: section \"User Cuts\" (user cuts)", true},
		{"general constraints", head + "General Constraints\nEnd\n", "4: section \"General Constraints\"", true},
		{"pwl objective", head + "PWLObj\nEnd\n", "4: section \"PWLObj\"", true},
		{"indicator constraint", head + " c: b = 1 -> x >= 2\nEnd\n", "4: indicator constraint", true},
		{"indicator <->", head + " c: b = 1 <-> x >= 2\nEnd\n", "4: indicator constraint", true},
		{"malformed number", head + " c: x <= 1.2.3\nEnd\n", "4: malformed number \"1.2.3\"", false},
		{"malformed exponent", head + " c: 1e x <= 1\nEnd\n", "4: malformed number \"1e\"", false},
		{"malformed exponent sign", head + " c: x <= 1e+\nEnd\n", "4: malformed number \"1e+\"", false},
		{"malformed objective line", "\\ objective of the model = objective of this file plus 2\n" + head + "End\n", "1: malformed objective line", false},
		{"carriage return inside the problem name", "\\Problem name: 0\r0\n" + head + "End\n", "1: model name \"0\\r0\" contains a carriage return", false},
		{"number out of range", head + " c: x <= 1e999\nEnd\n", "4: number \"1e999\" out of range", false},
		{"name starting with a period", head + " c: .x <= 1\nEnd\n", "4: malformed number or name \".x\"", false},
		{"exponent-like name e2", head + " c: x + e2 <= 1\nEnd\n", "4: invalid name \"e2\"", false},
		{"exponent-like name E", head + " c: x + E <= 1\nEnd\n", "4: invalid name \"E\"", false},
		{"exponent-like name eels", text("Minimize", " obj: eels", "Subject To", "End"), "2: invalid name \"eels\"", false},
		{"keyword as a variable", head + " c: x + free <= 1\nEnd\n", "4: keyword \"free\" used as a name", false},
		{"infinity in an expression", head + " c: x + inf <= 1\nEnd\n", "4: \"inf\" in a linear expression", false},
		{"unexpected character", head + " c: 2 * x <= 1\nEnd\n", "4: unexpected character \"*\"", false},
		{"non-ASCII character", head + " c: xé <= 1\nEnd\n", "4: unexpected character", false},
		{"unknown operator", head + " c: x == 1\nEnd\n", "4: unknown operator \"==\"", false},
		{"duplicate constraint name", head + " c: x <= 1\n c: x >= 0\nEnd\n", "5: constraint \"c\" defined twice (first at line 4)", false},
		{"constant on the left-hand side", head + " c: x + 3 >= 2\nEnd\n", "4: constraint \"c\": constant term on the left-hand side", false},
		{"variable on the right-hand side", head + " c: x >= y\nEnd\n", "4: constraint \"c\": right-hand side: want a number, got variable \"y\"", false},
		{"terms after the right-hand side", head + " c: x >= 2 + y\nEnd\n", "4: constraint \"c\": unexpected \"+\" after the right-hand side", false},
		{"missing right-hand side", head + " c: x >=\nEnd\n", "4: constraint \"c\": right-hand side: missing number", false},
		{"right-hand side on the next line", head + " c: x >=\n 2\nEnd\n", "4: constraint \"c\": right-hand side: missing number (it must be on the same line", false},
		{"missing sense", head + " c: x + y\nEnd\n", "4: constraint \"c\": missing operator and right-hand side", false},
		{"two constraints on one line", head + " c: x >= 1 d: x <= 3\nEnd\n", "4: constraint \"d\" must begin on a new line", false},
		{"name and colon on different lines", head + " c\n : x >= 1\nEnd\n", "5: a constraint name and its colon must be on the same line", false},
		{"no terms", head + " c: >= 2\nEnd\n", "4: constraint \"c\": no terms on the left-hand side", false},
		{"missing operator between terms", head + " c: x y >= 1\nEnd\n", "4: missing + or - before \"y\"", false},
		{"double inequality with =", head + " c: 1 = x <= 2\nEnd\n", "4: constraint \"c\": \"=\" in a double inequality", false},
		{"double inequality mixed", head + " c: 1 <= x >= 2\nEnd\n", "4: constraint \"c\": the two operators of a double inequality must point the same way", false},
		{"<= -inf", head + " c: x <= -inf\nEnd\n", "4: constraint \"c\": right-hand side -infinity for <=", false},
		{"= inf", head + " c: x = inf\nEnd\n", "4: constraint \"c\": infinite right-hand side for =", false},
		{"sense in the objective", text("Minimize", " obj: x >= 1", "Subject To", "End"), "2: unexpected \">=\" in the objective", false},
		{"two objectives", text("Minimize", " a: x", " b: y", "Subject To", "End"), "3: second objective \"b\" (one objective only)", false},
		{"second objective section", head + "Maximize\n y\nEnd\n", "4: second objective section", false},
		{"no objective", text("Subject To", " c: x >= 1", "End"), "1: section Subject To before the objective section", false},
		{"text before the objective", text("x + y", "Minimize", " x", "Subject To", "End"), "1: \"x\" before the objective section", false},
		{"empty file", "", "no objective section", false},
		{"missing End", head + " c: x >= 1\n", "missing End", false},
		{"missing Subject To", text("Minimize", " x", "Bounds", " x <= 1", "End"), "3: section Bounds before Subject To", false},
		{"End without Subject To", text("Minimize", " x", "End"), "3: End before Subject To", false},
		{"second Subject To", head + "Subject To\nEnd\n", "4: second Subject To section", false},
		{"Bounds after Generals", head + "Generals\n x\nBounds\n x <= 1\nEnd\n", "6: Bounds must come before Generals and Binaries", false},
		{"second Bounds", head + "Bounds\nBounds\nEnd\n", "5: second Bounds section", false},
		{"bound upper -inf", head + "Bounds\n x <= -inf\nEnd\n", "5: bound on \"x\": upper bound -infinity", false},
		{"bound lower +inf", head + "Bounds\n +inf <= x\nEnd\n", "5: bound on \"x\": lower bound +infinity", false},
		{"fixed at infinity", head + "Bounds\n x = inf\nEnd\n", "5: bound on \"x\": cannot fix a variable at infinity", false},
		{"sign before the bounded variable", head + "Bounds\n -x <= 3\nEnd\n", "5: bound: sign before variable \"x\"", false},
		{"two variables in a bound", head + "Bounds\n x + y <= 3\nEnd\n", "5: bound: want one variable, got \"x\" and \"y\"", false},
		{"value after a bound", head + "Bounds\n x >= 1 2\nEnd\n", "5: bound on \"x\": unexpected \"2\"", false},
		{"bound without operator", head + "Bounds\n x\nEnd\n", "5: bound on \"x\": missing operator and value", false},
		{"bound without variable", head + "Bounds\n 1 <= 2\nEnd\n", "5: bound without a variable", false},
		{"free alone", head + "Bounds\n free\nEnd\n", "5: bound: misplaced \"free\"", false},
		{"free on the wrong side", head + "Bounds\n free x\nEnd\n", "5: bound: misplaced \"free\"", false},
		{"mixed double bound", head + "Bounds\n 1 <= x >= 0\nEnd\n", "5: bound on \"x\": a double bound needs two <= or two >= operators", false},
		{"number in Generals", head + "Generals\n x 3\nEnd\n", "5: Generals: want variable names, got \"3\"", false},
		{"keyword as a constraint name", head + " st: x >= 1\nEnd\n", "4: keyword \"st\" used as a name", false},
		{"keyword in Binaries", head + "Binaries\n x inf\nEnd\n", "5: keyword \"inf\" used as a name", false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			m, err := lpformat.Read(strings.NewReader(tc.in), "t.lp")
			if err == nil {
				t.Fatalf("no error; read %+v", m)
			}
			if !strings.Contains(err.Error(), "t.lp:"+tc.want) && !strings.Contains(err.Error(), "t.lp: "+tc.want) {
				t.Errorf("error %q, want it to contain %q", err, "t.lp:"+tc.want)
			}
			var perr *lpformat.Error
			if !errors.As(err, &perr) {
				t.Errorf("error %v is not an *lpformat.Error", err)
			}
			if got := errors.Is(err, lpformat.ErrUnsupported); got != tc.unsup {
				t.Errorf("errors.Is(err, ErrUnsupported) = %v, want %v", got, tc.unsup)
			}
		})
	}
}

func TestReadFileMissing(t *testing.T) {
	if _, err := lpformat.ReadFile("does-not-exist.lp"); err == nil {
		t.Fatal("no error for a missing file")
	}
}
