package simplex

import (
	"context"
	"math"
	"os"
	"testing"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// envLong enables the slower variants of the NETLIB test (without presolve,
// and with the primal simplex).
const envLong = "STREAMOPT_LONG"

// netlibTol is the required relative objective error against optimal.csv
// (whose values come from glpsol --exact / --xcheck, see its source column).
const netlibTol = 1e-6

func loadNetlib(tb testing.TB) []instances.Instance {
	tb.Helper()
	return instances.NetlibOrSkip(tb)
}

func TestNetlib(t *testing.T) {
	ins := loadNetlib(t)
	variants := []struct {
		name string
		opts Options
	}{{"presolve", Options{}}}
	if os.Getenv(envLong) != "" {
		variants = append(variants,
			struct {
				name string
				opts Options
			}{"nopresolve", Options{NoPresolve: true}})
	}
	for _, in := range ins {
		m, err := mps.ReadFile(in.Path)
		if err != nil {
			t.Fatalf("%s: %v", in.Name, err)
		}
		for _, v := range variants {
			t.Run(in.Name+"/"+v.name, func(t *testing.T) {
				sol, err := Solve(context.Background(), m, v.opts)
				if err != nil {
					t.Fatal(err)
				}
				if sol.Status != lp.Optimal {
					t.Fatalf("status %v after %d iterations, want optimal", sol.Status, sol.Iterations)
				}
				rel := math.Abs(sol.Objective-in.Optimum) / math.Max(1, math.Abs(in.Optimum))
				if rel > netlibTol {
					t.Errorf("objective %.12g, want %.12g (rel. error %.2g)", sol.Objective, in.Optimum, rel)
				}
				if err := checkOptimal(m, sol); err != nil {
					t.Error(err)
				}
			})
		}
	}
}

// BenchmarkNetlib times Solve (with presolve) on every NETLIB instance.
func BenchmarkNetlib(b *testing.B) {
	ins := loadNetlib(b)
	for _, in := range ins {
		m, err := mps.ReadFile(in.Path)
		if err != nil {
			b.Fatalf("%s: %v", in.Name, err)
		}
		b.Run(in.Name, func(b *testing.B) {
			for b.Loop() {
				sol, err := Solve(context.Background(), m, Options{})
				if err != nil || sol.Status != lp.Optimal {
					b.Fatalf("%v %v", sol.Status, err)
				}
			}
		})
	}
}
