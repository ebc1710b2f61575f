package mps_test

import (
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/modelfile/readertest"
	"github.com/streamopt/streamopt/lp/mps"
)

var inf = math.Inf(1)

type model = readertest.Model

var (
	cv   = readertest.CV
	iv   = readertest.IV
	text = readertest.Text
)

// row builds a row from alternating column index and coefficient.
func row(name string, lo, hi float64, iv ...float64) lp.Row {
	r := lp.Row{Name: name, Lower: lo, Upper: hi}
	for k := 0; k+1 < len(iv); k += 2 {
		r.Ind = append(r.Ind, int(iv[k]))
		r.Val = append(r.Val, iv[k+1])
	}
	return r
}

// fx lays out a fixed-format data line: code in columns 2-3, then names in
// columns 5-12, 15-22, 40-47 and numbers right-aligned in columns 25-36 and
// 50-61.
func fx(code string, f ...string) string {
	b := []byte(strings.Repeat(" ", 61))
	copy(b[1:], code)
	starts := []int{4, 14, 24, 39, 49}
	for k, s := range f {
		if k == 2 || k == 4 {
			copy(b[starts[k]+12-len(s):], s)
		} else {
			copy(b[starts[k]:], s)
		}
	}
	return strings.TrimRight(string(b), " ")
}

// A two-column model used by several cases, in fixed layout:
//
//	min x + 2y  s.t.  c1: x + y ≤ 4,  c2: x − y ≥ 1,  c3: y = 0.5 (before RANGES/BOUNDS)
func baseRows(extraRHS, ranges, bounds []string) string {
	lines := []string{
		"NAME          BASE",
		"ROWS",
		fx("N", "COST"),
		fx("L", "C1"),
		fx("G", "C2"),
		fx("E", "C3"),
		"COLUMNS",
		fx("", "X", "COST", "1.", "C1", "1."),
		fx("", "X", "C2", "1."),
		fx("", "Y", "COST", "2.", "C1", "1."),
		fx("", "Y", "C2", "-1.", "C3", "1."),
		"RHS",
		fx("", "RHS", "C1", "4.", "C2", "1."),
		fx("", "RHS", "C3", "0.5"),
	}
	lines = append(lines, extraRHS...)
	if ranges != nil {
		lines = append(append(lines, "RANGES"), ranges...)
	}
	if bounds != nil {
		lines = append(append(lines, "BOUNDS"), bounds...)
	}
	return text(append(lines, "ENDATA")...)
}

func baseModel(c1, c2, c3 [2]float64, x, y lp.Var) *lp.Model {
	return model{Name: "BASE", Obj: "COST", C: []float64{1, 2},
		Cols: []lp.Var{x, y},
		Rows: []lp.Row{
			row("C1", c1[0], c1[1], 0, 1, 1, 1),
			row("C2", c2[0], c2[1], 0, 1, 1, -1),
			row("C3", c3[0], c3[1], 1, 1),
		}}.Build()
}

var (
	c1Def = [2]float64{-inf, 4}
	c2Def = [2]float64{1, inf}
	c3Def = [2]float64{0.5, 0.5}
	xDef  = cv("X", 0, inf)
	yDef  = cv("Y", 0, inf)
)

func TestRead(t *testing.T) {
	tests := []struct {
		name string
		in   string
		opts mps.ReadOptions
		want *lp.Model
	}{
		{"fixed basic", baseRows(nil, nil, nil), mps.ReadOptions{}, baseModel(c1Def, c2Def, c3Def, xDef, yDef)},
		{"forced fixed", baseRows(nil, nil, nil), mps.ReadOptions{Format: mps.Fixed}, baseModel(c1Def, c2Def, c3Def, xDef, yDef)},
		{"CRLF", strings.ReplaceAll(baseRows(nil, nil, nil), "\n", "\r\n"), mps.ReadOptions{}, baseModel(c1Def, c2Def, c3Def, xDef, yDef)},
		{"comments and blank lines", strings.Replace(baseRows(nil, nil, nil), "COLUMNS\n", "* a comment\n\nCOLUMNS\n   \n*another\n", 1), mps.ReadOptions{}, baseModel(c1Def, c2Def, c3Def, xDef, yDef)},
		{"free with tabs and long names", text(
			"NAME a_long_model_name",
			"ROWS",
			" N\tthe_objective",
			"  L  capacity_constraint",
			"COLUMNS",
			" quantity_of_x\tthe_objective  -1.5 capacity_constraint 2",
			"RHS",
			" rhs capacity_constraint 3e1",
			"ENDATA"), mps.ReadOptions{},
			model{Name: "a_long_model_name", Obj: "the_objective", C: []float64{-1.5},
				Cols: []lp.Var{cv("quantity_of_x", 0, inf)},
				Rows: []lp.Row{row("capacity_constraint", -inf, 30, 0, 2)}}.Build()},
		{"OBJSENSE section MAX", strings.Replace(baseRows(nil, nil, nil), "ROWS\n", "OBJSENSE\n    MAX\nROWS\n", 1), mps.ReadOptions{},
			func() *lp.Model {
				m := baseModel(c1Def, c2Def, c3Def, xDef, yDef)
				m.Sense = lp.Maximize
				return m
			}()},
		{"OBJSENSE section MAXIMIZE", strings.Replace(baseRows(nil, nil, nil), "ROWS\n", "OBJSENSE\n  MAXIMIZE\nROWS\n", 1), mps.ReadOptions{},
			func() *lp.Model {
				m := baseModel(c1Def, c2Def, c3Def, xDef, yDef)
				m.Sense = lp.Maximize
				return m
			}()},
		{"OBJSENSE inline MAX", strings.Replace(baseRows(nil, nil, nil), "ROWS\n", "OBJSENSE MAX\nROWS\n", 1), mps.ReadOptions{},
			func() *lp.Model {
				m := baseModel(c1Def, c2Def, c3Def, xDef, yDef)
				m.Sense = lp.Maximize
				return m
			}()},
		{"OBJSENSE inline MIN, free", strings.Replace(baseRows(nil, nil, nil), "ROWS\n", "OBJSENSE    MINIMIZE\nROWS\n", 1), mps.ReadOptions{Format: mps.Free},
			baseModel(c1Def, c2Def, c3Def, xDef, yDef)},
		{"RHS on objective is minus the constant", baseRows([]string{fx("", "RHS", "COST", "-7.113")}, nil, nil), mps.ReadOptions{},
			func() *lp.Model {
				m := baseModel(c1Def, c2Def, c3Def, xDef, yDef)
				m.ObjOffset = 7.113
				return m
			}()},
		{"later N rows dropped", text(
			"NAME",
			"ROWS",
			fx("N", "OBJ"),
			fx("N", "OTHER"),
			fx("G", "R"),
			"COLUMNS",
			fx("", "X", "OBJ", "1.", "OTHER", "5."),
			fx("", "X", "R", "2."),
			"RHS",
			fx("", "RHS", "OTHER", "9.", "R", "1."),
			"RANGES",
			fx("", "RNG", "OTHER", "3."),
			"ENDATA"), mps.ReadOptions{},
			model{Obj: "OBJ", C: []float64{1}, Cols: []lp.Var{xDef2("X")}, Rows: []lp.Row{row("R", 1, inf, 0, 2)}}.Build()},
		{"OBJNAME picks the second N row", text(
			"NAME",
			"OBJNAME OTHER",
			"ROWS",
			fx("N", "OBJ"),
			fx("N", "OTHER"),
			fx("G", "R"),
			"COLUMNS",
			fx("", "X", "OBJ", "1.", "OTHER", "5."),
			fx("", "X", "R", "2."),
			"ENDATA"), mps.ReadOptions{},
			model{Obj: "OTHER", C: []float64{5}, Cols: []lp.Var{xDef2("X")}, Rows: []lp.Row{row("R", 0, inf, 0, 2)}}.Build()},
		// RANGES: MPSX definition (see doc.go): E with R > 0 → [b, b+R], R < 0 → [b+R, b];
		// L → [b−|R|, b]; G → [b, b+|R|].
		{"ranges, positive R", baseRows(nil, []string{
			fx("", "RNG", "C1", "3.", "C2", "2."),
			fx("", "RNG", "C3", "1.5")}, nil), mps.ReadOptions{},
			baseModel([2]float64{1, 4}, [2]float64{1, 3}, [2]float64{0.5, 2}, xDef, yDef)},
		{"ranges, negative R", baseRows(nil, []string{
			fx("", "RNG", "C1", "-3.", "C2", "-2."),
			fx("", "RNG", "C3", "-1.5")}, nil), mps.ReadOptions{},
			baseModel([2]float64{1, 4}, [2]float64{1, 3}, [2]float64{-1, 0.5}, xDef, yDef)},
		{"range zero on E row", baseRows(nil, []string{fx("", "RNG", "C3", "0.")}, nil), mps.ReadOptions{},
			baseModel(c1Def, c2Def, c3Def, xDef, yDef)},
		{"range infinite on L row", baseRows(nil, []string{fx("", "RNG", "C1", "Infinity")}, nil), mps.ReadOptions{},
			baseModel([2]float64{-inf, 4}, c2Def, c3Def, xDef, yDef)},
		{"range 1e30 is finite", baseRows(nil, []string{fx("", "RNG", "C1", "1e30")}, nil), mps.ReadOptions{},
			baseModel([2]float64{4 - 1e30, 4}, c2Def, c3Def, xDef, yDef)},
		{"bounds UP LO", baseRows(nil, nil, []string{
			fx("UP", "BND", "X", "4."),
			fx("LO", "BND", "Y", "-1."),
			fx("UP", "BND", "Y", "2.")}), mps.ReadOptions{},
			baseModel(c1Def, c2Def, c3Def, cv("X", 0, 4), cv("Y", -1, 2))},
		{"bounds FX FR", baseRows(nil, nil, []string{
			fx("FX", "BND", "X", "2.5"),
			fx("FR", "BND", "Y")}), mps.ReadOptions{},
			baseModel(c1Def, c2Def, c3Def, cv("X", 2.5, 2.5), cv("Y", -inf, inf))},
		{"bounds MI PL", baseRows(nil, nil, []string{
			fx("UP", "BND", "X", "3."),
			fx("PL", "BND", "X"),
			fx("MI", "BND", "Y")}), mps.ReadOptions{},
			baseModel(c1Def, c2Def, c3Def, cv("X", 0, inf), cv("Y", -inf, inf))},
		{"bounds BV LI UI", baseRows(nil, nil, []string{
			fx("BV", "BND", "X"),
			fx("LI", "BND", "Y", "2."),
			fx("UI", "BND", "Y", "7.")}), mps.ReadOptions{},
			baseModel(c1Def, c2Def, c3Def, iv("X", 0, 1), iv("Y", 2, 7))},
		{"negative UP without LO frees the lower bound", baseRows(nil, nil, []string{
			fx("UP", "BND", "X", "-1.9")}), mps.ReadOptions{},
			baseModel(c1Def, c2Def, c3Def, cv("X", -inf, -1.9), yDef)},
		{"negative UP after LO keeps it", baseRows(nil, nil, []string{
			fx("LO", "BND", "X", "-5."),
			fx("UP", "BND", "X", "-1.9"),
			fx("MI", "BND", "Y"),
			fx("UP", "BND", "Y", "-3.")}), mps.ReadOptions{},
			baseModel(c1Def, c2Def, c3Def, cv("X", -5, -1.9), cv("Y", -inf, -3))},
		{"LO after negative UP overrides", baseRows(nil, nil, []string{
			fx("UP", "BND", "X", "-1.9"),
			fx("LO", "BND", "X", "-4.")}), mps.ReadOptions{},
			baseModel(c1Def, c2Def, c3Def, cv("X", -4, -1.9), yDef)},
		{"explicit LO 0 then negative UP: empty bounds kept", baseRows(nil, nil, []string{
			fx("LO", "BND", "X", "0."),
			fx("UP", "BND", "X", "-1.")}), mps.ReadOptions{},
			baseModel(c1Def, c2Def, c3Def, cv("X", 0, -1), yDef)},
		{"bounds of magnitude 1e30 and Infinity are infinite", baseRows(nil, nil, []string{
			fx("LO", "BND", "X", "-1e30"),
			fx("UP", "BND", "X", "1e+30"),
			fx("LO", "BND", "Y", "-Infinity"),
			fx("UP", "BND", "Y", "inf")}), mps.ReadOptions{},
			baseModel(c1Def, c2Def, c3Def, cv("X", -inf, inf), cv("Y", -inf, inf))},
		{"second bound set ignored", baseRows(nil, nil, []string{
			fx("UP", "BND1", "X", "4."),
			fx("UP", "BND2", "Y", "5.")}), mps.ReadOptions{},
			baseModel(c1Def, c2Def, c3Def, cv("X", 0, 4), yDef)},
		{"second RHS set ignored", baseRows([]string{fx("", "RHS2", "C1", "9.")}, nil, nil), mps.ReadOptions{},
			baseModel(c1Def, c2Def, c3Def, xDef, yDef)},
		{"integer markers: default [0,1]", intModel(nil), mps.ReadOptions{},
			model{Obj: "OBJ", C: []float64{-1, -1, -1}, Cols: []lp.Var{iv("A", 0, 1), iv("B", 0, 5), cv("Z", 0, inf)},
				Rows: []lp.Row{row("R", -inf, 10.5, 0, 1, 1, 1, 2, 1)}}.Build()},
		{"integer markers: IntegerUnbounded", intModel(nil), mps.ReadOptions{IntegerUnbounded: true},
			model{Obj: "OBJ", C: []float64{-1, -1, -1}, Cols: []lp.Var{iv("A", 0, inf), iv("B", 0, 5), cv("Z", 0, inf)},
				Rows: []lp.Row{row("R", -inf, 10.5, 0, 1, 1, 1, 2, 1)}}.Build()},
		{"integer markers: LO cancels the default", intModel([]string{fx("LO", "BND", "A", "2.")}), mps.ReadOptions{},
			model{Obj: "OBJ", C: []float64{-1, -1, -1}, Cols: []lp.Var{iv("A", 2, inf), iv("B", 0, 5), cv("Z", 0, inf)},
				Rows: []lp.Row{row("R", -inf, 10.5, 0, 1, 1, 1, 2, 1)}}.Build()},
		{"empty set names (blend)", text(
			"NAME          BLENDLIKE",
			"ROWS",
			fx("N", "1"),
			fx("E", "65"),
			fx("L", "66"),
			"COLUMNS",
			fx("", "A", "1", "1.", "65", "2."),
			fx("", "A", "66", "3."),
			"RHS",
			fx("", "", "65", "23.26", "66", "5.25"),
			"ENDATA"), mps.ReadOptions{},
			model{Name: "BLENDLIKE", Obj: "1", C: []float64{1}, Cols: []lp.Var{xDef2("A")},
				Rows: []lp.Row{row("65", 23.26, 23.26, 0, 2), row("66", -inf, 5.25, 0, 3)}}.Build()},
		{"names with spaces (forplan)", text(
			"NAME          FORPLANL",
			"ROWS",
			fx("N", "OBJ"),
			fx("G", "A$   1 1"),
			fx("G", "LTSYCT"),
			"COLUMNS",
			fx("", "DEDO3 11", "OBJ", "-1.", "A$   1 1", "1."),
			fx("", "DEDO3 11", "LTSYCT", "1."),
			"RHS",
			fx("", "RHS 1", "LTSYCT", "10.", "A$   1 1", "3500."),
			"RANGES",
			fx("", "RNG 1", "LTSYCT", "284990."),
			"BOUNDS",
			fx("UP", "BND-1", "DEDO3 11", "200000."),
			"ENDATA"), mps.ReadOptions{},
			model{Name: "FORPLANL", Obj: "OBJ", C: []float64{-1}, Cols: []lp.Var{cv("DEDO3 11", 0, 200000)},
				Rows: []lp.Row{row("A$   1 1", 3500, inf, 0, 1), row("LTSYCT", 10, 285000, 0, 1)}}.Build()},
		{"zero coefficient declares the column only", text(
			"NAME",
			"ROWS",
			fx("N", "OBJ"),
			fx("L", "R"),
			"COLUMNS",
			fx("", "X", "R", "0."),
			fx("", "Y", "R", "1."),
			"ENDATA"), mps.ReadOptions{},
			model{Obj: "OBJ", C: []float64{0, 0}, Cols: []lp.Var{xDef2("X"), xDef2("Y")}, Rows: []lp.Row{row("R", -inf, 0, 1, 1)}}.Build()},
		{"numbers: Fortran exponent, signs, no leading digit", text(
			"NAME",
			"ROWS",
			fx("N", "OBJ"),
			fx("L", "R"),
			"COLUMNS",
			fx("", "X", "OBJ", "1.5D+02", "R", "-.25"),
			"RHS",
			fx("", "RHS", "R", "+2E-1"),
			"ENDATA"), mps.ReadOptions{},
			model{Obj: "OBJ", C: []float64{150}, Cols: []lp.Var{xDef2("X")}, Rows: []lp.Row{row("R", -inf, 0.2, 0, -0.25)}}.Build()},
		{"free: RHS and BOUNDS without set names", text(
			"NAME free",
			"ROWS",
			" N obj",
			" E r",
			"COLUMNS",
			" x obj 1 r 1",
			" y r 1",
			"RHS",
			" r 3",
			"BOUNDS",
			" UP x 2",
			" FR y",
			"ENDATA"), mps.ReadOptions{Format: mps.Free},
			model{Name: "free", Obj: "obj", C: []float64{1, 0}, Cols: []lp.Var{cv("x", 0, 2), cv("y", -inf, inf)},
				Rows: []lp.Row{row("r", 3, 3, 0, 1, 1, 1)}}.Build()},
		{"no N row", text(
			"NAME",
			"ROWS",
			fx("L", "R"),
			"COLUMNS",
			fx("", "X", "R", "1."),
			"ENDATA"), mps.ReadOptions{},
			model{C: []float64{0}, Cols: []lp.Var{xDef2("X")}, Rows: []lp.Row{row("R", -inf, 0, 0, 1)}}.Build()},
		{"empty model", "NAME EMPTY\nROWS\n N obj\nCOLUMNS\nRHS\nENDATA\n", mps.ReadOptions{},
			model{Name: "EMPTY", Obj: "obj"}.Build()},
		{"auto: fixed and free lines mixed", text(
			"NAME          MIXED",
			"ROWS",
			fx("N", "OBJ"),
			" L a_long_row_name",
			fx("G", "R 2"),
			"COLUMNS",
			fx("", "X", "OBJ", "1.", "R 2", "1."),
			" X a_long_row_name 2",
			" a_long_column OBJ 3 a_long_row_name 4",
			"RHS",
			" RHS a_long_row_name 5",
			fx("", "RHS", "R 2", "6."),
			"BOUNDS",
			" UP BND a_long_column 7",
			fx("MI", "BND", "X"),
			"ENDATA"), mps.ReadOptions{},
			model{Name: "MIXED", Obj: "OBJ", C: []float64{1, 3}, Cols: []lp.Var{cv("X", -inf, inf), cv("a_long_column", 0, 7)},
				Rows: []lp.Row{row("a_long_row_name", -inf, 5, 0, 2, 1, 4), row("R 2", 6, inf, 0, 1)}}.Build()},
		{"lines after ENDATA are ignored", baseRows(nil, nil, nil) + "garbage\n", mps.ReadOptions{},
			baseModel(c1Def, c2Def, c3Def, xDef, yDef)},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := mps.ReadWithOptions(strings.NewReader(tc.in), "t.mps", tc.opts)
			if err != nil {
				t.Fatal(err)
			}
			if d := cmp.Diff(tc.want, got); d != "" {
				t.Errorf("model (-want +got):\n%s", d)
			}
		})
	}
}

func xDef2(name string) lp.Var { return cv(name, 0, inf) }

// intModel: A and B integer (B with UP 5), Z continuous; max A + B + Z
// written as min −A − B − Z, s.t. A + B + Z ≤ 10.5.
func intModel(bounds []string) string {
	lines := []string{
		"NAME",
		"ROWS",
		fx("N", "OBJ"),
		fx("L", "R"),
		"COLUMNS",
		fx("", "MARKER", "'MARKER'", "", "'INTORG'"),
		fx("", "A", "OBJ", "-1.", "R", "1."),
		fx("", "B", "OBJ", "-1.", "R", "1."),
		fx("", "MARKER", "'MARKER'", "", "'INTEND'"),
		fx("", "Z", "OBJ", "-1.", "R", "1."),
		"RHS",
		fx("", "RHS", "R", "10.5"),
		"BOUNDS",
		fx("UP", "BND", "B", "5."),
	}
	return text(append(append(lines, bounds...), "ENDATA")...)
}

func TestReadErrors(t *testing.T) {
	base := baseRows(nil, nil, nil)
	// replace returns base with line n (1-based) replaced by s.
	replace := func(n int, s string) string {
		lines := strings.Split(strings.TrimSuffix(base, "\n"), "\n")
		lines[n-1] = s
		return text(lines...)
	}
	tests := []struct {
		name, in, want string
		unsupported    bool
	}{
		{"unknown row in COLUMNS", replace(9, fx("", "X", "R09X", "1.")), `t.mps:9: unknown row "R09X" in COLUMNS`, false},
		{"unknown row in RHS", replace(13, fx("", "RHS", "C9", "4.")), `t.mps:13: unknown row "C9" in RHS`, false},
		{"unknown column in BOUNDS", baseRows(nil, nil, []string{fx("UP", "BND", "W", "4.")}), `t.mps:16: unknown column "W" in BOUNDS`, false},
		{"semi-continuous", baseRows(nil, nil, []string{fx("SC", "BND", "X", "4.")}), `t.mps:16: BOUNDS: bound type SC (semi-continuous): not supported`, true},
		{"unknown bound type", baseRows(nil, nil, []string{fx("XX", "BND", "X", "4.")}), `t.mps:16: BOUNDS: unknown bound type "XX"`, false},
		{"bound without value", baseRows(nil, nil, []string{fx("UP", "BND", "X")}), `t.mps:16: BOUNDS: UP bound on column "X" needs a value`, false},
		{"FX infinite", baseRows(nil, nil, []string{fx("FX", "BND", "X", "1e30")}), `t.mps:16: BOUNDS: FX bound of column "X" must be finite, got 1e+30`, false},
		{"UP minus infinity", baseRows(nil, nil, []string{fx("UP", "BND", "X", "-1e30")}), `t.mps:16: BOUNDS: UP bound of column "X" is -infinity`, false},
		{"LO plus infinity", baseRows(nil, nil, []string{fx("LO", "BND", "X", "inf")}), `t.mps:16: BOUNDS: LO bound of column "X" is +infinity`, false},
		{"duplicate entry", replace(10, fx("", "Y", "COST", "2.", "COST", "1.")), `t.mps:10: duplicate entry for column "Y" in row "COST" (first at line 10)`, false},
		{"duplicate entry on two lines", replace(9, fx("", "X", "C1", "1.")), `t.mps:9: duplicate entry for column "X" in row "C1" (first at line 8)`, false},
		{"duplicate row", replace(5, fx("G", "C1")), `t.mps:5: duplicate row "C1" (first at line 4)`, false},
		{"column split by another", replace(11, fx("", "X", "C3", "1.")), `t.mps:11: column "X" continues after other columns (first at line 8); list each column's entries together`, false},
		{"invalid number", replace(8, fx("", "X", "COST", "1.x", "C1", "1.")), `t.mps:8: COLUMNS: row "COST": invalid number "1.x"`, false},
		{"NaN rejected", replace(8, fx("", "X", "COST", "NaN", "C1", "1.")), `t.mps:8: COLUMNS: row "COST": invalid number "NaN"`, false},
		{"infinite coefficient", replace(8, fx("", "X", "COST", "inf", "C1", "1.")), `t.mps:8: COLUMNS: coefficient of column "X" in row "COST" must be finite, got +Inf`, false},
		{"missing value", replace(8, fx("", "X", "COST", "1.", "C1")), `t.mps:8: COLUMNS: missing value for row "C1"`, false},
		{"unknown row type", replace(5, fx("X", "C2")), `t.mps:5: ROWS: unknown row type "X" for row "C2" (want N, L, G or E)`, false},
		{"reserved row name", replace(5, fx("G", "'MARKER'")), `t.mps:5: ROWS: row name "'MARKER'" is reserved`, false},
		{"missing ENDATA", strings.TrimSuffix(base, "ENDATA\n"), `t.mps: missing ENDATA`, false},
		{"unknown section", replace(12, "RHSS"), `t.mps:12: unknown section "RHSS"`, false},
		{"quadratic section", replace(12, "QUADOBJ"), `t.mps:12: section QUADOBJ (quadratic objective): not supported`, true},
		{"data line before any section", "NAME\n    X  R  1\n", `t.mps:2: data line outside any section`, false},
		{"bad OBJSENSE", strings.Replace(base, "ROWS\n", "OBJSENSE\n    UP\nROWS\n", 1), `t.mps:3: OBJSENSE: want one of MIN, MAX, MINIMIZE, MAXIMIZE, got "UP"`, false},
		{"duplicate RHS", baseRows([]string{fx("", "RHS", "C3", "1e30")}, nil, nil), `t.mps:15: duplicate RHS for row "C3" (first at line 14)`, false},
		{"infinite RHS on E row", replace(14, fx("", "RHS", "C3", "1e30")), `t.mps:14: RHS of E row "C3" is infinite (|value| >= 1e+30)`, false},
		{"infinite RHS on G row", replace(13, fx("", "RHS", "C1", "4.", "C2", "1e31")), `t.mps:13: RHS of G row "C2" is infinite (|value| >= 1e+30)`, false},
		{"infinite RHS on objective", baseRows([]string{fx("", "RHS", "COST", "1e30")}, nil, nil), `t.mps:15: RHS of objective row "COST" must be finite, got 1e+30`, false},
		{"INTEND without INTORG", replace(10, fx("", "M", "'MARKER'", "", "'INTEND'")), `t.mps:10: COLUMNS: 'INTEND' without 'INTORG'`, false},
		{"marker without kind", replace(10, fx("", "M", "'MARKER'", "")), `t.mps:10: COLUMNS: MARKER line needs 'INTORG' or 'INTEND'`, false},
		{"COLUMNS after RHS", "NAME\nROWS\n N obj\nRHS\nCOLUMNS\nENDATA\n", `t.mps:5: COLUMNS must come before RHS, RANGES and BOUNDS`, false},
		{"ROWS after COLUMNS", "NAME\nCOLUMNS\nROWS\nENDATA\n", `t.mps:3: ROWS must come before COLUMNS, RHS, RANGES and BOUNDS`, false},
		{"section twice", strings.Replace(base, "RHS\n", "RHS\nRHS\n", 1), `t.mps:13: section RHS given twice`, false},
		{"OBJNAME unknown", strings.Replace(base, "ROWS\n", "OBJNAME NOPE\nROWS\n", 1), `t.mps: OBJNAME "NOPE" is not an N row`, false},
		{"duplicate range", baseRows(nil, []string{fx("", "RNG", "C1", "1."), fx("", "RNG", "C1", "2.")}, nil), `t.mps:17: duplicate RANGES entry for row "C1" (first at line 16)`, false},
		{"row name starting with $", replace(5, fx("G", "$C2")), `t.mps:5: ROWS: row name "$C2" starts with "$" (CPLEX and GLPK read a field 3 or 5 that starts with $ as a comment)`, false},
		{"carriage return inside NAME (the fuzz seed)", "NAME 0\r0\nENDATA", `t.mps:1: NAME: model name "0\r0" contains a carriage return`, false},
		{"malformed objective line", "* objective of the model = objective of this file + x\n" + base, `t.mps:1: malformed objective line "objective of the model = objective of this file + x" (want "objective of the model = objective of this file", optionally negated as -(...), then + or - a constant)`, false},
		{"free: too many fields", "NAME\nROWS\n N obj\n L r\nCOLUMNS\n x obj 1 r 2 r\nENDATA\n", `t.mps:6: COLUMNS: want a column name and one or two (row, value) pairs, got 6 fields`, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := mps.Read(strings.NewReader(tc.in), "t.mps")
			if err == nil {
				t.Fatalf("no error, want %q", tc.want)
			}
			if err.Error() != tc.want {
				t.Errorf("error\n got %q\nwant %q", err.Error(), tc.want)
			}
			var perr *mps.Error
			if !errors.As(err, &perr) {
				t.Errorf("error %T is not *mps.Error", err)
			}
			if got := errors.Is(err, mps.ErrUnsupported); got != tc.unsupported {
				t.Errorf("errors.Is(err, ErrUnsupported) = %v, want %v", got, tc.unsupported)
			}
		})
	}
}

func TestReadBadOptions(t *testing.T) {
	if _, err := mps.ReadWithOptions(strings.NewReader("ENDATA\n"), "t.mps", mps.ReadOptions{Format: 7}); err == nil {
		t.Error("unknown format accepted")
	}
	if _, err := mps.ReadFile("no/such/file.mps"); err == nil {
		t.Error("missing file accepted")
	}
}

// TestReadForcedFormat: forcing a format turns off the per-line fallback.
func TestReadForcedFormat(t *testing.T) {
	tests := []struct {
		name, in string
		format   mps.Format
		want     string
	}{
		{"free cannot read a name with a space", text("NAME", "ROWS", fx("N", "OBJ"), fx("G", "R 2"), "ENDATA"), mps.Free,
			`t.mps:4: ROWS: want a row type and a name, got 3 fields`},
		{"fixed cannot read long names", text("NAME", "ROWS", " N objective_row", "ENDATA"), mps.Fixed,
			`t.mps:3: ROWS: want a row type in columns 2-3 and a name in columns 5-12`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			_, err := mps.ReadWithOptions(strings.NewReader(tc.in), "t.mps", mps.ReadOptions{Format: tc.format})
			if err == nil || err.Error() != tc.want {
				t.Errorf("error %v, want %q", err, tc.want)
			}
			if _, err := mps.Read(strings.NewReader(tc.in), "t.mps"); err != nil && tc.format == mps.Free {
				t.Errorf("auto detection failed: %v", err)
			}
		})
	}
}
