package presolvetest_test

import (
	"fmt"

	"github.com/streamopt/streamopt/lp/presolve/presolvetest"
)

func ExampleDenseRow() {
	m, err := presolvetest.DenseRow(1000)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s: %d rows, %d columns, %d nonzeros\n", m.Name, m.NumRows(), m.NumVars(), m.NumNonzeros())
	fmt.Printf("row %s has %d entries\n", m.Rows[0].Name, len(m.Rows[0].Ind))
	_, err = presolvetest.DenseRow(10)
	fmt.Println(err)
	// Output:
	// denserow1000: 8 rows, 1001 columns, 1113 nonzeros
	// row dense has 1000 entries
	// presolvetest: n: must be >= 32, got 10
}
