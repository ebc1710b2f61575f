package solve

import (
	"context"
	"errors"
	"math"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// fake is a backend whose answer is scripted.
type fake struct {
	caps  Capabilities
	solve func(m *lp.Model) (*lp.Solution, error)
}

func (f *fake) Name() string               { return "fake" }
func (f *fake) Capabilities() Capabilities { return f.caps }
func (f *fake) Solve(_ context.Context, m *lp.Model, _ Options) (*lp.Solution, error) {
	return f.solve(m)
}

func TestSolveWith(t *testing.T) {
	// The optimum of maxModel is hand-derived in verify_test.go: x = (3, 1), z = 11.
	right := func(*lp.Model) (*lp.Solution, error) {
		return &lp.Solution{Status: lp.Optimal, Objective: 11, X: []float64{3, 1}}, nil
	}
	tests := []struct {
		name    string
		backend *fake
		model   *lp.Model
		err     error  // wanted error class, nil for success
		msg     string // substring of the error
		status  lp.Status
		ok      bool
	}{
		{name: "optimal", backend: &fake{Capabilities{LP: true}, right}, model: maxModel(), status: lp.Optimal, ok: true},
		{
			name: "wrong optimum downgraded",
			backend: &fake{Capabilities{LP: true}, func(*lp.Model) (*lp.Solution, error) {
				return &lp.Solution{Status: lp.Optimal, Objective: 13, X: []float64{3, 2}}, nil
			}},
			model: maxModel(), status: lp.NumericalError,
		},
		{
			// maxModel is feasible (x = (3, 1)); y = (1, 0) proves nothing.
			name: "unproven infeasibility downgraded",
			backend: &fake{Capabilities{LP: true, Rays: true}, func(*lp.Model) (*lp.Solution, error) {
				return &lp.Solution{Status: lp.Infeasible, FarkasRow: []float64{1, 0}}, nil
			}},
			model: maxModel(), status: lp.NumericalError,
		},
		{
			// maxModel is bounded (z ≤ 11); (0, −1) lowers the objective.
			name: "unproven unboundedness downgraded",
			backend: &fake{Capabilities{LP: true, Rays: true}, func(*lp.Model) (*lp.Solution, error) {
				return &lp.Solution{Status: lp.Unbounded, Ray: []float64{0, -1}}, nil
			}},
			model: maxModel(), status: lp.NumericalError,
		},
		{
			name: "panic recovered",
			backend: &fake{Capabilities{LP: true}, func(*lp.Model) (*lp.Solution, error) {
				var v []int
				_ = v[3]
				return nil, nil
			}},
			model: maxModel(), err: ErrBackend, msg: "panicked",
		},
		{
			name: "backend error wrapped",
			backend: &fake{Capabilities{LP: true}, func(*lp.Model) (*lp.Solution, error) {
				return nil, errors.New("license expired")
			}},
			model: maxModel(), err: ErrBackend, msg: "license expired",
		},
		{
			name:    "nil solution",
			backend: &fake{Capabilities{LP: true}, func(*lp.Model) (*lp.Solution, error) { return nil, nil }},
			model:   maxModel(), err: ErrBackend, msg: "no solution",
		},
		{name: "MILP on an LP backend", backend: &fake{Capabilities{LP: true}, right}, model: intModel(), err: ErrCapability, msg: `backend "fake" missing capability MILP: the model has 1 integer columns`},
		{name: "LP on a backend without LP", backend: &fake{Capabilities{MILP: true}, right}, model: maxModel(), err: ErrCapability, msg: "missing capability LP"},
		{
			name: "invalid model", backend: &fake{Capabilities{LP: true}, right},
			model: &lp.Model{Vars: []lp.Var{{Name: "x"}}}, err: lp.ErrInvalid, msg: "1 columns",
		},
		{
			name: "backend cannot modify the caller's model",
			backend: &fake{Capabilities{LP: true}, func(m *lp.Model) (*lp.Solution, error) {
				m.Obj[0] = 100
				return right(m)
			}},
			model: maxModel(), status: lp.Optimal, ok: true,
		},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			sol, rep, err := SolveWith(context.Background(), tc.backend, tc.model, Options{})
			if tc.err != nil {
				if !errors.Is(err, tc.err) || !strings.Contains(err.Error(), tc.msg) {
					t.Fatalf("err = %v, want %v containing %q", err, tc.err, tc.msg)
				}
				if sol != nil || rep != nil {
					t.Errorf("got a solution or report with an error")
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if sol.Status != tc.status || rep.OK != tc.ok {
				t.Errorf("status %v, report OK %v (%q); want %v, %v", sol.Status, rep.OK, rep.Problems, tc.status, tc.ok)
			}
			if sol.Backend != "fake" {
				t.Errorf("Backend = %q", sol.Backend)
			}
			if tc.model.Obj[0] != 3 {
				t.Errorf("caller's model changed")
			}
		})
	}
}

func TestSolveByName(t *testing.T) {
	_, _, err := Solve(context.Background(), maxModel(), "no-such-backend", Options{})
	if !errors.Is(err, ErrUnknownBackend) || fault.Of(err) != fault.Input {
		t.Errorf("unknown backend: err = %v", err)
	}
	_, _, err = Solve(context.Background(), nil, Auto, Options{})
	if !errors.Is(err, lp.ErrInvalid) {
		t.Errorf("nil model: err = %v", err)
	}
}

func TestChoose(t *testing.T) {
	all := map[string]Capabilities{
		"clp":     {LP: true, Duals: true, Rays: true},
		"lpsolve": {LP: true, MILP: true, Duals: true},
		"simplex": {LP: true, MILP: true, Duals: true, Rays: true, Ranging: true},
		"gonum":   {LP: true},
		"lponly":  {LP: true},
	}
	caps := func(n string) (Capabilities, bool) { c, ok := all[n]; return c, ok }
	tests := []struct {
		mip, ranging bool
		names        []string
		want         string // "" for an error
	}{
		{false, false, []string{"clp", "gonum", "lpsolve", "simplex"}, "clp"},
		{false, false, []string{"gonum", "lpsolve", "simplex"}, "simplex"},
		{false, false, []string{"gonum"}, "gonum"},
		{true, false, []string{"clp", "gonum", "lpsolve", "simplex"}, "simplex"},
		{true, false, []string{"clp", "gonum", "lpsolve"}, "lpsolve"},
		{true, false, []string{"clp", "gonum", "simplex"}, "simplex"},
		{true, false, []string{"clp", "gonum"}, ""},
		{false, false, nil, ""},
		// ranging passes over clp, which cannot give it
		{false, true, []string{"clp", "gonum", "lpsolve", "simplex"}, "simplex"},
		{false, true, []string{"clp", "gonum", "lpsolve"}, ""},
	}
	for _, tc := range tests {
		got, err := choose(tc.mip, tc.ranging, tc.names, caps)
		if got != tc.want || (tc.want == "") != (err != nil) {
			t.Errorf("choose(mip=%v, ranging=%v, %v) = %q, %v; want %q", tc.mip, tc.ranging, tc.names, got, err, tc.want)
		}
		if err != nil && !errors.Is(err, ErrCapability) {
			t.Errorf("error %v does not wrap ErrCapability", err)
		}
	}
}

// TestSimplexRawSwitches checks that every switch of lp/mip is a Raw key
// that reaches lp/mip's options.
func TestSimplexRawSwitches(t *testing.T) {
	for _, name := range mip.SwitchNames() {
		for _, v := range []mip.Switch{mip.On, mip.Off} {
			_, mo, err := simplexOptions(Options{Raw: map[string]string{name: v.String()}})
			if err != nil {
				t.Fatal(err)
			}
			if got := *mo.Switches()[name]; got != v {
				t.Errorf("Raw[%q] = %v: switch is %v", name, v, got)
			}
		}
	}
}

func TestSimplexRawOptions(t *testing.T) {
	tests := []struct {
		raw map[string]string
		msg string // "" for success
	}{
		{map[string]string{"method": "primal", "presolve": "off", "scaling": "off"}, ""},
		{map[string]string{"method": "dual"}, ""},
		{map[string]string{"method": "barrier"}, `options.Raw["method"]: must be one of [auto dual primal], got "barrier"`},
		{map[string]string{"pricing": "devex"}, `options.Raw["pricing"]: unknown option`},
		{map[string]string{"conflicts": "off", "cliques": "on", "probing": "auto"}, ""},
		{map[string]string{"cliques": "yes"}, `options.Raw["cliques"]: must be one of [auto on off], got "yes"`},
		{map[string]string{"zerohalf": "off", "restarts": "on"}, ""},
		{map[string]string{"restarts": "2"}, `options.Raw["restarts"]: must be one of [auto on off], got "2"`},
	}
	for _, tc := range tests {
		sol, _, err := Solve(context.Background(), maxModel(), SimplexName, Options{Raw: tc.raw})
		if tc.msg == "" {
			// maxModel's optimum, hand-derived in verify_test.go, is 11.
			if err != nil || sol.Status != lp.Optimal || math.Abs(sol.Objective-11) > 1e-9 {
				t.Errorf("Raw %v: %v, %v", tc.raw, sol, err)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tc.msg) {
			t.Errorf("Raw %v: err = %v, want %q", tc.raw, err, tc.msg)
		}
	}
}

// TestCheckBackend: every compiled-in name and "auto" pass; anything else is
// refused with an input error naming the value and every compiled-in backend.
func TestCheckBackend(t *testing.T) {
	for _, name := range append([]string{Auto, ""}, Backends()...) {
		if err := CheckBackend(name); err != nil {
			t.Errorf("CheckBackend(%q) = %v, want nil", name, err)
		}
	}
	err := CheckBackend("bogus")
	if !errors.Is(err, ErrUnknownBackend) || fault.Of(err) != fault.Input {
		t.Fatalf("CheckBackend(bogus) = %v, want an input error wrapping ErrUnknownBackend", err)
	}
	for _, want := range append([]string{`"bogus"`, Auto}, Backends()...) {
		if !strings.Contains(err.Error(), want) {
			t.Errorf("CheckBackend(bogus) = %q, does not name %s", err, want)
		}
	}
	// Solve refuses it with the same error.
	if _, _, err := Solve(context.Background(), maxModel(), "bogus", Options{}); !errors.Is(err, ErrUnknownBackend) {
		t.Errorf("Solve(bogus) = %v, want ErrUnknownBackend", err)
	}
}
