package presolve

import (
	"fmt"
	"testing"

	"github.com/streamopt/streamopt/lp/presolve/presolvetest"
)

// BenchmarkPresolveDenseRow presolves presolvetest.DenseRow(n): one row over
// all n columns, most of them column singletons of it. The package doc
// quotes the figures.
func BenchmarkPresolveDenseRow(b *testing.B) {
	for _, n := range []int{1_000, 10_000, 100_000} {
		m, err := presolvetest.DenseRow(n)
		if err != nil {
			b.Fatal(err)
		}
		b.Run(fmt.Sprintf("n=%d", n), func(b *testing.B) {
			for b.Loop() {
				if _, err := Presolve(m, Options{}); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}
