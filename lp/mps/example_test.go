package mps_test

import (
	"fmt"
	"os"
	"strings"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

func ExampleRead() {
	const file = `NAME          TINY
ROWS
 N  COST
 L  LIM1
 G  LIM2
COLUMNS
    MARKER                 'MARKER'                 'INTORG'
    X         COST                 1   LIM1                 1
    MARKER                 'MARKER'                 'INTEND'
    Y         COST                -1   LIM1                 1
    Y         LIM2                 1
RHS
    RHS       COST                 2   LIM1                 4
    RHS       LIM2                 1
RANGES
    RNG       LIM2                 2
BOUNDS
 UP BND       X                    3
 MI BND       Y
ENDATA
`
	m, err := mps.Read(strings.NewReader(file), "tiny.mps")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Printf("%s: %d rows, %d columns, %d nonzeros, objective %q, offset %g\n",
		m.Name, m.NumRows(), m.NumVars(), m.NumNonzeros(), m.ObjName, m.ObjOffset)
	for j, v := range m.Vars {
		fmt.Printf("column %s: [%g, %g] integer=%v cost %g\n", v.Name, v.Lower, v.Upper, v.Integer, m.Obj[j])
	}
	for _, r := range m.Rows {
		fmt.Printf("row %s: %g <= ... <= %g\n", r.Name, r.Lower, r.Upper)
	}

	_, err = mps.Read(strings.NewReader(strings.Replace(file, "LIM2                 1\nRHS", "LIM9                 1\nRHS", 1)), "tiny.mps")
	fmt.Println(err)
	// Output:
	// TINY: 2 rows, 2 columns, 3 nonzeros, objective "COST", offset -2
	// column X: [0, 3] integer=true cost 1
	// column Y: [-Inf, +Inf] integer=false cost -1
	// row LIM1: -Inf <= ... <= 4
	// row LIM2: 1 <= ... <= 3
	// tiny.mps:11: unknown row "LIM9" in COLUMNS
}

func ExampleWrite() {
	m := lp.New("PLAN", lp.Maximize)
	x := m.AddVar("x", 0, 4, 3)
	y := m.AddIntVar("y", 0, lp.Inf, 2)
	m.ObjOffset = 1.5
	m.AddLE("cap", 10, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: 2})
	m.AddRow("band", -1, 1, lp.Term{Var: x, Coef: 1}, lp.Term{Var: y, Coef: -1})
	// Every reader takes this file as the minimisation of -3x - 2y; the
	// second line says how to get the model's objective from it.
	if err := mps.Write(os.Stdout, m, mps.WriteOptions{Comment: []string{"profit per day"}}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// * written by streamopt lp/mps
	// * objective of the model = -(objective of this file) + 1.5
	// * the model maximises; the file minimises the negated objective (no OBJSENSE)
	// * the objective constant is in no row (readers differ on the sign of its RHS)
	// * profit per day
	// NAME          PLAN
	// ROWS
	//  N  obj
	//  L  cap
	//  L  band
	// COLUMNS
	//     x         obj                 -3
	//     x         cap                  1
	//     x         band                 1
	//     MARK0000  'MARKER'                 'INTORG'
	//     y         obj                 -2
	//     y         cap                  2
	//     y         band                -1
	//     MARK0001  'MARKER'                 'INTEND'
	// RHS
	//     RHS       cap                 10
	//     RHS       band                 1
	// RANGES
	//     RNG       band                 2
	// BOUNDS
	//  UP BND       x                    4
	//  LO BND       y                    0
	//  PL BND       y
	// ENDATA
}

// With ObjSense the objective is written as it is, under OBJSENSE, for
// readers that honour OBJSENSE MAX.
func ExampleWrite_objSense() {
	m := lp.New("PLAN", lp.Maximize)
	x := m.AddVar("x", 0, 4, 3)
	m.AddLE("cap", 10, lp.Term{Var: x, Coef: 1})
	if err := mps.Write(os.Stdout, m, mps.WriteOptions{ObjSense: true}); err != nil {
		fmt.Println(err)
	}
	// Output:
	// * written by streamopt lp/mps
	// * objective of the model = objective of this file
	// NAME          PLAN
	// OBJSENSE
	//     MAX
	// ROWS
	//  N  obj
	//  L  cap
	// COLUMNS
	//     x         obj                  3
	//     x         cap                  1
	// RHS
	//     RHS       cap                 10
	// BOUNDS
	//  UP BND       x                    4
	// ENDATA
}

func ExampleReadFile() {
	// A name ending in ".gz" is read through gzip.
	_, err := mps.ReadFile("missing.mps.gz")
	fmt.Println(err != nil)
	// Output: true
}

func ExampleWriteFile() {
	dir, err := os.MkdirTemp("", "mps")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer os.RemoveAll(dir)
	m := lp.New("G", lp.Minimize)
	x := m.AddVar("x", 1, 2, 1)
	m.AddGE("r", 1.5, lp.Term{Var: x, Coef: 1})
	path := dir + "/g.mps.gz" // gzipped because of the name
	if err := mps.WriteFile(path, m, mps.WriteOptions{Format: mps.Free}); err != nil {
		fmt.Println(err)
		return
	}
	back, err := mps.ReadFile(path)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(back.Name, back.NumRows(), back.NumVars(), back.Vars[0].Lower, back.Rows[0].Lower)
	// Output: G 1 1 1 1.5
}

func ExampleReadWithOptions() {
	const file = `NAME INTS
ROWS
 N obj
 L r
COLUMNS
 M1 'MARKER' 'INTORG'
 n obj -1 r 1
 M2 'MARKER' 'INTEND'
RHS
 rhs r 10.5
ENDATA
`
	for _, unbounded := range []bool{false, true} {
		m, err := mps.ReadWithOptions(strings.NewReader(file), "ints.mps", mps.ReadOptions{IntegerUnbounded: unbounded})
		if err != nil {
			fmt.Println(err)
			return
		}
		fmt.Printf("IntegerUnbounded=%v: n in [%g, %g]\n", unbounded, m.Vars[0].Lower, m.Vars[0].Upper)
	}
	// Output:
	// IntegerUnbounded=false: n in [0, 1]
	// IntegerUnbounded=true: n in [0, +Inf]
}
