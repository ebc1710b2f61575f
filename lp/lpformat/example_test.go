package lpformat_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/lpformat"
)

func ExampleRead() {
	const file = `\Problem name: tiny
Maximize
 profit: 3 x + 2 y + 5
Subject To
 cap: x + y <= 4
 band: -1 <= x - y <= 1
Bounds
 x <= 3
 y free
Generals
 x
End
`
	m, err := lpformat.Read(strings.NewReader(file), "tiny.lp")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %s, objective %q, offset %g\n", m.Name, m.Sense, m.ObjName, m.ObjOffset)
	for j, v := range m.Vars {
		fmt.Printf("column %s: [%g, %g] integer=%v cost %g\n", v.Name, v.Lower, v.Upper, v.Integer, m.Obj[j])
	}
	for _, r := range m.Rows {
		fmt.Printf("row %s: %g <= %v·%v <= %g\n", r.Name, r.Lower, r.Val, r.Ind, r.Upper)
	}

	_, err = lpformat.Read(strings.NewReader(strings.Replace(file, "x + y <= 4", "x + y <= 4 + z", 1)), "tiny.lp")
	fmt.Println(err)
	// Output:
	// tiny: max, objective "profit", offset 5
	// column x: [0, 3] integer=true cost 3
	// column y: [-Inf, +Inf] integer=false cost 2
	// row cap: -Inf <= [1 1]·[0 1] <= 4
	// row band: -1 <= [1 -1]·[0 1] <= 1
	// tiny.lp:5: constraint "cap": unexpected "+" after the right-hand side
}

func ExampleWrite() {
	m := lp.New("PLAN", lp.Maximize)
	x := m.AddVar("x", 0, 4, 3)
	y := m.AddIntVar("y", -2, lp.Inf, 2)
	b := m.AddBinary("b", -1)
	m.ObjOffset = 1.5
	m.AddLE("cap", 10, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 2})
	m.AddRow("band", -1, 1, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: -1}, lp.Term{Var: b, Coef: 0.5})
	if err := lpformat.Write(os.Stdout, m, lpformat.WriteOptions{Comment: []string{"profit per day"}}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// \ written by streamopt lp/lpformat
	// \ objective of the model = objective of this file + 1.5
	// \ the objective constant is in no row (glpsol takes no constant there)
	// \ each range row lo <= expr <= hi is written as NAME_lo: expr >= lo
	// \ and NAME_hi: expr <= hi
	// \ profit per day
	// \Problem name: PLAN
	// Maximize
	//  + 3 x + 2 y - b
	// Subject To
	//  cap: + x + 2 y <= 10
	//  band_lo: + x - y + 0.5 b >= -1
	//  band_hi: + x - y + 0.5 b <= 1
	// Bounds
	//  0 <= x <= 4
	//  y >= -2
	// Generals
	//  y
	// Binaries
	//  b
	// End
}

func ExampleFileModel() {
	m := lp.New("PLAN", lp.Minimize)
	x := m.AddVar("x[1]", 0, 4, 3) // brackets are not allowed in LP names
	m.AddRow("band", -1, 1, lp.Term{Var: x, Coef: 1})
	fm, err := lpformat.FileModel(m)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(fm.Vars[0].Name)
	for _, r := range fm.Rows {
		fmt.Printf("%s: %g <= x <= %g\n", r.Name, r.Lower, r.Upper)
	}
	// Output:
	// x_1_
	// band_lo: -1 <= x <= +Inf
	// band_hi: -Inf <= x <= 1
}

func ExampleReadFile() {
	_, err := lpformat.ReadFile("missing.lp")
	fmt.Println(err != nil)
	// Output: true
}

func ExampleWriteFile() {
	dir, err := os.MkdirTemp("", "lpformat")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	m := lp.New("G", lp.Minimize)
	x := m.AddVar("x", 1, 2, 1)
	m.AddGE("r", 1.5, lp.Term{Var: x, Coef: 1})
	path := filepath.Join(dir, "g.lp")
	if err := lpformat.WriteFile(path, m, lpformat.WriteOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	back, err := lpformat.ReadFile(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Name, back.NumRows(), back.NumVars(), back.Vars[0].Lower, back.Rows[0].Lower)
	// Output: G 1 1 1 1.5
}

func ExampleNames() {
	m := lp.New("", lp.Minimize)
	m.AddVar("flow[1,2]", 0, 1, 1) // brackets are not allowed
	m.AddVar("2nd", 0, 1, 1)       // nor a leading digit
	m.AddVar("e7", 0, 1, 1)        // reads as an exponent
	m.AddVar("", 0, 1, 1)          // no name
	m.AddVar("x", 0, 1, 1)
	m.AddVar("x", 0, 1, 1) // taken
	m.AddLE("free", 1)     // a keyword
	cols, rows, _ := lpformat.Names(m)
	fmt.Println(cols, rows)
	// Output: [flow_1,2_ _2nd _e7 C4 x x_2] [_free]
}

func ExampleValidName() {
	for _, s := range []string{"x1", "x(1,2)", "1x", "e24", "eels", "end", "a b"} {
		fmt.Printf("%s:%v ", s, lpformat.ValidName(s))
	}
	fmt.Println()
	// Output: x1:true x(1,2):true 1x:false e24:false eels:false end:false a b:false
}
