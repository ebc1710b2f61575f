package solve

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"sync"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// boundLP is a random feasible, bounded LP: min/max over
// rows Σ a_ij x_j ≤ b_i with a ≥ 0 mixed with ≥ rows, 0 ≤ x ≤ 10.
func boundLP(seed uint64, m, n int) *lp.Model {
	r := rand.New(rand.NewPCG(seed, 3))
	md := lp.New("bound", lp.Minimize)
	for j := 0; j < n; j++ {
		md.AddVar("", 0, 10, 0)
	}
	for i := 0; i < m; i++ {
		var t []lp.Term
		for j := 0; j < n; j++ {
			if r.IntN(3) == 0 {
				t = append(t, lp.Term{Var: j, Coef: 1 + 4*r.Float64()})
			}
		}
		if len(t) == 0 {
			continue
		}
		if i%3 == 0 {
			md.AddGE("", 1, t...)
		} else {
			md.AddLE("", 20+10*r.Float64(), t...)
		}
	}
	return md
}

// coldSimplex is the pure-Go simplex under another name: a backend
// without warm starts as far as Sequence knows.
type coldSimplex struct{ simplexBackend }

func (coldSimplex) Name() string { return "cold-simplex" }

var registerCold sync.Once

// TestSequenceMatchesSolve: minimising and maximising each column in turn
// through a Sequence gives the answers of a fresh Solve of the same model,
// verified (the report is Verify's), on the warm pure-Go simplex and on a
// backend without warm starts.
func TestSequenceMatchesSolve(t *testing.T) {
	registerCold.Do(func() { Register("cold-simplex", func() Backend { return coldSimplex{} }) })
	ctx := context.Background()
	for _, backend := range []string{SimplexName, "cold-simplex"} {
		for seed := uint64(1); seed <= 5; seed++ {
			m := boundLP(seed, 15, 12)
			q, err := NewSequence(m, backend, Options{})
			if err != nil {
				t.Fatal(err)
			}
			if (q.warm != nil) != (backend == SimplexName) {
				t.Fatalf("%s: warm solver %v", backend, q.warm != nil)
			}
			obj := make([]float64, len(m.Vars))
			for j := range m.Vars {
				for _, sense := range []lp.Sense{lp.Minimize, lp.Maximize} {
					clear(obj)
					obj[j] = 1
					q.SetObjective(sense, obj)
					got, rep, err := q.Solve(ctx)
					if err != nil {
						t.Fatal(err)
					}
					ref := m.Clone()
					ref.Sense = sense
					copy(ref.Obj, obj)
					want, _, err := Solve(ctx, ref, backend, Options{})
					if err != nil {
						t.Fatal(err)
					}
					if got.Status != want.Status || !rep.OK {
						t.Fatalf("%s seed %d col %d %v: status %v (report OK %v), fresh Solve %v", backend, seed, j, sense, got.Status, rep.OK, want.Status)
					}
					if got.Status == lp.Optimal && math.Abs(got.Objective-want.Objective) > 1e-7*math.Max(1, math.Abs(want.Objective)) {
						t.Fatalf("%s seed %d col %d %v: objective %.10g, fresh Solve %.10g", backend, seed, j, sense, got.Objective, want.Objective)
					}
					if got.Backend != backend {
						t.Fatalf("Backend = %q, want %q", got.Backend, backend)
					}
				}
			}
			if q.failed {
				t.Errorf("%s seed %d: a warm solve fell back to a fresh one", backend, seed)
			}
		}
	}
}

// TestSequenceInfeasible: an objective change cannot make a model
// feasible or infeasible; an infeasible model stays so, verified.
func TestSequenceInfeasible(t *testing.T) {
	m := lp.New("infeasible", lp.Minimize)
	x := m.AddVar("x", 0, 1, 1)
	m.AddGE("x ≥ 2", 2, lp.Term{Var: x, Coef: 1})
	q, err := NewSequence(m, SimplexName, Options{})
	if err != nil {
		t.Fatal(err)
	}
	for _, sense := range []lp.Sense{lp.Minimize, lp.Maximize} {
		q.SetObjective(sense, []float64{1})
		sol, rep, err := q.Solve(context.Background())
		if err != nil || sol.Status != lp.Infeasible || !rep.OK {
			t.Fatalf("%v: %v %v (report %v)", sense, sol.Status, err, rep.Problems)
		}
	}
}

// TestNewSequenceRefuses: the same checks as Solve.
func TestNewSequenceRefuses(t *testing.T) {
	if _, err := NewSequence(nil, Auto, Options{}); !errors.Is(err, lp.ErrInvalid) {
		t.Errorf("nil model: %v", err)
	}
	if _, err := NewSequence(boundLP(1, 3, 3), "no-such-backend", Options{}); !errors.Is(err, ErrUnknownBackend) {
		t.Errorf("unknown backend: %v", err)
	}
	big := boundLP(1, 3, 3)
	big.Obj[0] = 1e30
	if _, err := NewSequence(big, Auto, Options{}); !errors.Is(err, lp.ErrRange) {
		t.Errorf("coefficient 1e30: %v", err)
	}
}
