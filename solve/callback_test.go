package solve

import (
	"context"
	"errors"
	"math"
	"strings"
	"sync"
	"testing"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// careless is a MILP backend for intModel (min x, x ≥ 1.5, x integer in
// [0, 10]) that answers x = 2 whatever it is told. With callbacks set to
// true it declares them and offers x = 2 to the lazy-constraint callback, but
// ignores what comes back: Solve's verification must catch the answer.
type careless struct{ callbacks bool }

func (careless) Name() string { return "careless" }
func (c careless) Capabilities() Capabilities {
	return Capabilities{LP: true, MILP: true, Callbacks: c.callbacks}
}
func (careless) Solve(_ context.Context, m *lp.Model, o Options) (*lp.Solution, error) {
	x := []float64{2}
	if o.Callbacks.Lazy != nil {
		if _, err := o.Callbacks.Lazy(mip.Point{X: x, Objective: 2, Source: "lp", Node: 1}); err != nil {
			return nil, err
		}
	}
	return &lp.Solution{Status: lp.Optimal, X: x, Objective: 2, RowActivity: m.Activities(x), BestBound: 2}, nil
}

var registerCareless = sync.OnceFunc(func() { Register("careless-test", func() Backend { return careless{} }) })

func TestCallbacksNeedTheCapability(t *testing.T) {
	event := Options{Callbacks: Callbacks{Event: func(mip.Event) error { return nil }}}
	_, _, err := SolveWith(context.Background(), careless{}, intModel(), event)
	if !errors.Is(err, ErrCapability) || fault.Of(err) != fault.Input ||
		!strings.Contains(err.Error(), `backend "careless" missing capability callbacks`) {
		t.Errorf("MILP with callbacks on a backend without them: %v", err)
	}
	// an LP never calls them: no refusal
	relaxed := intModel()
	relaxed.Vars[0].Integer = false
	if sol, _, err := SolveWith(context.Background(), careless{}, relaxed, event); err != nil || sol == nil {
		t.Errorf("LP with callbacks: %v", err)
	}
	if _, _, err := SolveWith(context.Background(), careless{}, intModel(), Options{}); err != nil {
		t.Errorf("MILP without callbacks: %v", err)
	}
	registerCareless()
	if _, err := NewSequence(intModel(), "careless-test", event); !errors.Is(err, ErrCapability) {
		t.Errorf("NewSequence: %v", err)
	}
	for _, name := range Backends() {
		b, _ := Open(name)
		if name == SimplexName && !b.Capabilities().Callbacks {
			t.Errorf("%s does not declare callbacks", name)
		}
	}
}

func TestVerifyChecksLazyRows(t *testing.T) {
	// the lazy row x ≥ 3 cuts off x = 2, which careless returns anyway
	lazy := func(p mip.Point) ([]lp.Row, error) {
		return []lp.Row{{Name: "atLeast3", Ind: []int{0}, Val: []float64{1}, Lower: 3, Upper: math.Inf(1)}}, nil
	}
	m := intModel()
	sol, rep, err := SolveWith(context.Background(), careless{callbacks: true}, m, Options{Callbacks: Callbacks{Lazy: lazy}})
	if err != nil {
		t.Fatal(err)
	}
	if rep.OK || sol.Status != lp.NumericalError || rep.LazyRows != 1 || rep.WorstRow != len(m.Rows) {
		t.Errorf("answer violating a lazy row: status %v, report ok=%v lazy rows %d worst row %d, problems %v",
			sol.Status, rep.OK, rep.LazyRows, rep.WorstRow, rep.Problems)
	}
	if len(sol.RowActivity) != len(m.Rows) {
		t.Errorf("the answer's RowActivity has %d entries for the model's %d rows", len(sol.RowActivity), len(m.Rows))
	}

	// the same lazy row on the pure-Go branch and bound: x = 3, verified
	sol, rep, err = Solve(context.Background(), m, SimplexName, Options{Callbacks: Callbacks{Lazy: lazy}})
	if err != nil {
		t.Fatal(err)
	}
	if !rep.OK || sol.Status != lp.Optimal || sol.Objective != 3 || rep.LazyRows == 0 {
		t.Errorf("simplex: status %v objective %v (want optimal 3: x ≥ 3 by hand), report ok=%v lazy rows %d %v",
			sol.Status, sol.Objective, rep.OK, rep.LazyRows, rep.Problems)
	}
	// without lazy rows the report says so
	if _, rep, err = Solve(context.Background(), m, SimplexName, Options{}); err != nil || rep.LazyRows != 0 {
		t.Errorf("no callback: %d lazy rows, %v", rep.LazyRows, err)
	}
}

// TestCallbackErrorThroughSolve: a callback's own error ends the solve and
// comes back from Solve, wrapped; mip.ErrStop is a limit status instead.
func TestCallbackErrorThroughSolve(t *testing.T) {
	boom := errors.New("boom")
	m := intModel()
	_, _, err := Solve(context.Background(), m, SimplexName, Options{Callbacks: Callbacks{Event: func(mip.Event) error { return boom }}})
	if !errors.Is(err, boom) {
		t.Errorf("callback error: %v", err)
	}
	// a knapsack that takes more than one node (glpsol 5.0: optimum 197)
	k := lp.New("knapsack", lp.Maximize)
	value := []float64{23, 31, 29, 44, 53, 38, 63, 85, 89, 82}
	weight := []float64{12, 17, 15, 23, 27, 21, 33, 43, 45, 41}
	var row []lp.Term
	for j := range value {
		row = append(row, lp.Term{Var: k.AddBinary("", value[j]), Coef: weight[j]})
	}
	k.AddLE("capacity", 100, row...)
	stop := func(e mip.Event) error {
		if e.Kind == mip.IncumbentEvent {
			return mip.ErrStop
		}
		return nil
	}
	sol, rep, err := Solve(context.Background(), k, SimplexName, Options{Callbacks: Callbacks{Event: stop}})
	if err != nil || sol.Status != lp.TimeLimit || !rep.OK || !sol.HasPrimal() || sol.BestBound < 197 || sol.Objective > 197 {
		t.Errorf("stop: %v %v %v", sol, rep, err)
	}
	bad := func(mip.Point) ([]lp.Row, error) { return []lp.Row{{Ind: []int{7}, Val: []float64{1}, Upper: 1}}, nil }
	_, _, err = Solve(context.Background(), m, SimplexName, Options{Callbacks: Callbacks{Lazy: bad}})
	if !errors.Is(err, mip.ErrCallback) || !strings.Contains(err.Error(), "column index 7 out of range") {
		t.Errorf("malformed lazy row: %v", err)
	}
}
