package tpd

import (
	"context"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/streamopt/streamopt/internal/extsolve"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/modelfile"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/solve"
)

// gridsPerSecond are the grids of the decimal-grid tests, as steps per
// second: Δ = 1, 0.5, 0.1 and the campus default 0.005 s.
var gridsPerSecond = []int{1, 2, 10, 200}

// gridInstances is how many RandomSmallGrid instances the decimal-grid
// tests draw per grid: 25, or 200 with STREAMOPT_LONG=1 (800 cbc runs:
// give go test a -timeout above its default 10 minutes on a busy machine).
func gridInstances() int {
	if os.Getenv("STREAMOPT_LONG") == "1" {
		return 200
	}
	return 25
}

// TestExactOnDecimalGrids checks that Exact succeeds on random small
// instances whose data lie on the grids of gridsPerSecond, returns a
// schedule whose every start and end is exactly Δ·t for an integer t (no
// time built by sums), whose cost equals the model objective (exact on the
// grid, spec C.3 (i)), and whose optimum is Δ times the one of the same
// instance on the 1 s grid (RandomSmallGrid scales every time by Δ). The
// decimal grids are where float sums miss grid points: 0.025 + 0.005 is
// 0.030000000000000002, 0.005·6 is 0.03.
func TestExactOnDecimalGrids(t *testing.T) {
	ctx := context.Background()
	n := gridInstances()
	for _, ps := range gridsPerSecond {
		t.Run(fmt.Sprintf("slot=%g", 1/float64(ps)), func(t *testing.T) {
			for seed := uint64(1); seed <= uint64(n); seed++ {
				s, tasks, err := RandomSmallGrid(seed, ps)
				if err != nil {
					t.Fatal(err)
				}
				ex := exactOptimal(t, ctx, s, tasks, seed)
				g := grid{s.Slot}
				for i, o := range ex.Schedule {
					for _, at := range []float64{o.Start, o.Finish} {
						if at != g.at(int(math.Round(at/s.Slot))) {
							t.Errorf("seed %d: sub-task %d: time %v is not Δ·t on the grid of %v", seed, i, at, s.Slot)
						}
					}
				}
				if ps == 1 {
					continue
				}
				s1, tasks1 := RandomSmall(seed)
				ex1 := exactOptimal(t, ctx, s1, tasks1, seed)
				if want := ex1.Total * s.Slot; math.Abs(ex.Total-want) > objTol*want {
					t.Errorf("seed %d: OPT %.12g on the grid of %g, want %.12g = Δ × OPT on the 1 s grid", seed, ex.Total, s.Slot, want)
				}
			}
		})
	}
}

// exactOptimal runs Exact on the instance's own grid and fails the test
// unless it returns an optimal schedule that costs its model objective.
func exactOptimal(t *testing.T, ctx context.Context, s *Scenario, tasks []Task, seed uint64) *ExactResult {
	t.Helper()
	ex, err := Exact(ctx, s, tasks, s.Slot, "auto", solve.Options{})
	if err != nil {
		t.Fatalf("seed %d, slot %g: %v", seed, s.Slot, err)
	}
	if ex.Status != lp.Optimal {
		t.Fatalf("seed %d, slot %g: status %v", seed, s.Slot, ex.Status)
	}
	if math.Abs(ex.Total-ex.Objective) > objTol*ex.Total {
		t.Errorf("seed %d, slot %g: on-grid data, yet schedule cost %.12g != model objective %.12g", seed, s.Slot, ex.Total, ex.Objective)
	}
	return ex
}

// TestExactMatchesCBCOnDecimalGrids checks Exact against an independent
// solver: the exact MILP that Export writes is solved by cbc (COIN-OR
// CBC) from an MPS file, and its optimum must equal Exact's objective on
// every instance and grid of TestExactOnDecimalGrids. The model has no
// objective constant (each sub-task's −r_m is in its columns' costs); a
// constant would be written on the objective row, which cbc includes in
// the value it reports (TestCBCRunnerOffset).
func TestExactMatchesCBCOnDecimalGrids(t *testing.T) {
	cbc := cbcOrSkip(t)
	ctx := context.Background()
	n := gridInstances()
	total, agree := 0, 0
	for _, ps := range gridsPerSecond {
		t.Run(fmt.Sprintf("slot=%g", 1/float64(ps)), func(t *testing.T) {
			for seed := uint64(1); seed <= uint64(n); seed++ {
				s, tasks, err := RandomSmallGrid(seed, ps)
				if err != nil {
					t.Fatal(err)
				}
				ex := exactOptimal(t, ctx, s, tasks, seed)
				exp, err := s.ExportTrace(tasks, fmt.Sprintf("RandomSmallGrid(%d, %d)", seed, ps))
				if err != nil {
					t.Fatal(err)
				}
				if len(exp.Models) == 0 || exp.Models[0].Name != "exact" {
					t.Fatalf("seed %d: no exact MILP exported (%q)", seed, exp.ExactSkipped)
				}
				m := exp.Models[0].Model
				if m.ObjOffset != 0 {
					t.Errorf("seed %d: exported exact MILP has objective constant %g; the model puts −r_m in the columns", seed, m.ObjOffset)
				}
				got, status := cbcSolve(t, cbc, m)
				total++
				if status != lp.Optimal {
					t.Errorf("seed %d, slot %g: cbc says %v", seed, s.Slot, status)
					continue
				}
				if math.Abs(got-ex.Objective) > objTol*math.Max(1e-3, ex.Objective) {
					t.Errorf("seed %d, slot %g: Exact %.10g, cbc %.10g", seed, s.Slot, ex.Objective, got)
					continue
				}
				agree++
			}
		})
	}
	t.Logf("Exact = cbc on %d of %d instances (%d per grid, Δ = 1, 0.5, 0.1, 0.005 s)", agree, total, n)
}

// TestCBCRunnerOffset checks the cbc runner and how cbc treats an objective
// constant: min x + 10 s.t. x ≥ 2.5, x integer in [0, 10] has the optimum
// x = 3, objective 13 (by hand), which cbc must report with the constant.
func TestCBCRunnerOffset(t *testing.T) {
	cbc := cbcOrSkip(t)
	m := lp.New("offset", lp.Minimize)
	x := m.AddIntVar("x", 0, 10, 1)
	m.AddGE("c1", 2.5, lp.Term{Var: x, Coef: 1})
	m.ObjOffset = 10
	if got, status := cbcSolve(t, cbc, m); status != lp.Optimal || got != 13 {
		t.Errorf("cbc: %v %g, want optimal 13", status, got)
	}
}

// cbcOrSkip returns the path of cbc, or skips the test when it is not on
// PATH (fails instead with STREAMOPT_REQUIRE_TOOLS=1).
func cbcOrSkip(t *testing.T) string {
	t.Helper()
	p, err := extsolve.Find(extsolve.CBC)
	if err != nil {
		if os.Getenv("STREAMOPT_REQUIRE_TOOLS") == "1" {
			t.Fatal("cbc not on PATH, and STREAMOPT_REQUIRE_TOOLS=1")
		}
		t.Skip("cbc not on PATH: no independent MILP solve (install coinor-cbc)")
	}
	return p
}

// cbcSolve writes m as MPS, solves it with the cbc command
// (internal/extsolve) and returns the objective, mapped back to the model
// through the file's header line, and cbc's status.
func cbcSolve(t *testing.T, cbc string, m *lp.Model) (float64, lp.Status) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "model.mps")
	if err := mps.WriteFile(path, m, mps.WriteOptions{Format: mps.Free}); err != nil {
		t.Fatal(err)
	}
	obj, err := modelfile.ReadObjective(path, "*")
	if err != nil {
		t.Fatal(err)
	}
	// the limit guards against a hung solver; it is not a timing check
	res, err := extsolve.Run(context.Background(), extsolve.CBC, cbc, path, extsolve.FreeMPS, extsolve.Options{Limit: 2 * time.Minute, MIP: m.IsMIP()})
	if err != nil {
		t.Fatalf("cbc: %v\n%s", err, res.Output)
	}
	if !res.HasObjective {
		return math.NaN(), res.Status
	}
	return obj.ToModel(res.Objective), res.Status
}
