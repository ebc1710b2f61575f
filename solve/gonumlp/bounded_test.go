package gonumlp

import (
	"context"
	"errors"
	"math"
	"math/rand/v2"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/solve"
)

// netlibDeadline bounds each NETLIB solve in TestNetlibReturns.
const netlibDeadline = 2 * time.Second

// returnSlack is the generous multiple of a deadline within which a solve
// that hit it must have returned (one gonum iteration on the largest
// admitted system takes milliseconds).
const returnSlack = 5

// TestNetlibReturns runs every NETLIB instance: one beyond MaxRows × MaxCols
// must be refused with ErrTooLarge naming its size; any other must return,
// within returnSlack × netlibDeadline, either Optimal at the optimum of
// optimal.csv (glpsol --exact, see that file) and verified, or TimeLimit. No
// goroutine may outlive the solves. With -short only the instances of the
// quick conformance set run.
func TestNetlibReturns(t *testing.T) {
	list, err := instances.Netlib()
	if err != nil {
		t.Skipf("NETLIB instances not available: %v", err)
	}
	before := runtime.NumGoroutine()
	for _, in := range list {
		t.Run(in.Name, func(t *testing.T) {
			m, err := mps.ReadFile(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			r, c := StandardFormSize(m)
			if testing.Short() && r <= MaxRows && c <= MaxCols && r > quickRows {
				t.Skipf("-short: standard form %d × %d is beyond the quick set (%d rows)", r, c, quickRows)
			}
			ctx, cancel := context.WithTimeout(context.Background(), netlibDeadline)
			defer cancel()
			start := time.Now()
			sol, rep, err := solve.Solve(ctx, m, Name, solve.Options{})
			took := time.Since(start)
			if r > MaxRows || c > MaxCols {
				if !errors.Is(err, ErrTooLarge) {
					t.Fatalf("standard form %d × %d beyond the cap: err = %v, want ErrTooLarge", r, c, err)
				}
				return
			}
			if err != nil {
				t.Fatal(err)
			}
			if took > returnSlack*netlibDeadline {
				t.Errorf("returned after %v, deadline %v", took, netlibDeadline)
			}
			switch sol.Status {
			case lp.TimeLimit:
				t.Logf("time limit after %v", took)
			case lp.Optimal:
				if !rep.OK {
					t.Errorf("optimum fails verification: %q", rep.Problems)
				}
				if e := math.Abs(sol.Objective-in.Optimum) / math.Max(1, math.Abs(in.Optimum)); e > 1e-6 {
					t.Errorf("objective %.12g, want %.12g (relative error %.2g; %s)", sol.Objective, in.Optimum, e, in.Source)
				}
			default:
				t.Errorf("status %v, want optimal or time_limit", sol.Status)
			}
		})
	}
	if after := settledGoroutines(before); after > before {
		t.Errorf("%d goroutines before the solves, %d after", before, after)
	}
}

// settledGoroutines waits up to settleTime for the goroutine count to fall to
// want (goroutines of the runtime and of expired context timers exit within
// microseconds) and returns the last count.
func settledGoroutines(want int) int {
	const settleTime = 300 * time.Millisecond
	n := runtime.NumGoroutine()
	for end := time.Now().Add(settleTime); n > want && time.Now().Before(end); n = runtime.NumGoroutine() {
		time.Sleep(5 * time.Millisecond)
	}
	return n
}

// denseLP is max cᵀx s.t. Ax ≤ b, x ≥ 0 with every entry of A an integer in
// [1, 100], c in [1, 100] and b in [1000, 2000) (seeded): feasible (x = 0)
// and bounded (A > 0). At 240 × 350 (standard form 240 × 590, within the
// cap) gonum takes about 0.8 s on one core.
func denseLP(rows, cols int) *lp.Model {
	r := rand.New(rand.NewPCG(3, 4))
	m := lp.New("dense", lp.Maximize)
	for j := 0; j < cols; j++ {
		m.AddVar("", 0, lp.Inf, float64(1+r.IntN(100)))
	}
	for i := 0; i < rows; i++ {
		terms := make([]lp.Term, cols)
		for j := range terms {
			terms[j] = lp.Term{Var: j, Coef: float64(1 + r.IntN(100))}
		}
		m.AddLE("", float64(1000+r.IntN(1000)), terms...)
	}
	return m
}

// TestNoGoroutineOutlivesSolve stops a solve that needs about 0.8 s after
// 20 ms. Solve must report TimeLimit, and the goroutine count must be back
// to where it was within settledGoroutines' 300 ms: a solver left running
// in the background would still be at work for most of a second.
func TestNoGoroutineOutlivesSolve(t *testing.T) {
	m := denseLP(240, 350)
	before := runtime.NumGoroutine()
	const deadline = 20 * time.Millisecond
	ctx, cancel := context.WithTimeout(context.Background(), deadline)
	defer cancel()
	start := time.Now()
	sol, err := New().Solve(ctx, m, solve.Options{})
	took := time.Since(start)
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != lp.TimeLimit {
		t.Fatalf("status %v after %v, want time_limit", sol.Status, took)
	}
	// One iteration takes milliseconds; 50× the deadline is generous.
	if took > 50*deadline {
		t.Errorf("returned after %v, deadline %v", took, deadline)
	}
	if after := settledGoroutines(before); after > before {
		t.Errorf("%d goroutines before the solve, %d after it returned", before, after)
	}
}

// countdown is a context whose Done channel closes at the n-th call of Done,
// which stops a solve at a known point of gonum's run without a clock.
type countdown struct {
	context.Context
	mu   sync.Mutex
	left int
	ch   chan struct{}
}

func newCountdown(n int) *countdown {
	return &countdown{Context: context.Background(), left: n, ch: make(chan struct{})}
}

func (c *countdown) Done() <-chan struct{} {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.left--; c.left == 0 {
		close(c.ch)
	}
	return c.ch
}

func (c *countdown) Err() error {
	select {
	case <-c.ch:
		return context.Canceled
	default:
		return nil
	}
}

// TestWatchdog checks both ways a gonum run is stopped from inside: a
// context that expires while gonum reads the matrix (TimeLimit), and the
// column-read budget (IterationLimit). Each must leave a clean solution
// without a point, and the same model must solve when nothing stops it.
func TestWatchdog(t *testing.T) {
	m := denseLP(30, 40)
	if sol, err := New().Solve(context.Background(), m, solve.Options{}); err != nil || sol.Status != lp.Optimal {
		t.Fatalf("unstopped: %v %v, want optimal", sol, err)
	}
	ctx := newCountdown(3)
	sol, err := New().Solve(ctx, m, solve.Options{})
	if err != nil || sol.Status != lp.TimeLimit || sol.X != nil {
		t.Errorf("context expiring inside gonum: %+v %v, want time_limit without a point", sol, err)
	}
	defer func(w int) { workLimit = w }(workLimit)
	workLimit = 0
	sol, err = New().Solve(context.Background(), m, solve.Options{})
	if err != nil || sol.Status != lp.IterationLimit || sol.X != nil {
		t.Errorf("work budget 0: %+v %v, want iteration_limit without a point", sol, err)
	}
}
