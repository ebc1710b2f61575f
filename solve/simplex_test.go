package solve_test

import (
	"testing"

	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/solve/solvetest"
)

func TestSimplexConformance(t *testing.T) {
	solvetest.Run(t, func() solve.Backend {
		b, err := solve.Open(solve.SimplexName)
		if err != nil {
			t.Fatal(err)
		}
		return b
	}, solvetest.Config{Netlib: true})
}
