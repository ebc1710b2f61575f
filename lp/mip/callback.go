package mip

import (
	"errors"
	"fmt"
	"math"
	"time"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
)

// ErrStop, returned by a callback (or wrapped in what it returns), stops the
// search: Solve then returns the incumbent and the best bound with status
// lp.TimeLimit, as for a cancelled context. Any other error a callback
// returns also stops the search, and Solve returns it (wrapped) instead of
// a solution.
var ErrStop = errors.New("mip: stop requested by a callback")

// ErrCallback is wrapped by the errors about what a callback returned: a
// malformed row, or a lazy constraint that cuts off an incumbent accepted
// before. It is an input error (package fault): the caller's callback is at
// fault, not the solver.
var ErrCallback = fault.New(fault.ErrInput, "mip: callback")

// EventKind says why Callbacks.Event is called.
type EventKind int

const (
	// IncumbentEvent: a new incumbent was accepted; Event.X holds it.
	IncumbentEvent EventKind = iota + 1
	// ProgressEvent: the periodic report, after the root node and then
	// every Callbacks.Every nodes.
	ProgressEvent
)

func (k EventKind) String() string {
	switch k {
	case IncumbentEvent:
		return "incumbent"
	case ProgressEvent:
		return "progress"
	}
	return fmt.Sprintf("EventKind(%d)", int(k))
}

// Event is what the search reports to Callbacks.Event. Values are in the
// model's own sense.
type Event struct {
	Kind EventKind
	// X is the new incumbent (IncumbentEvent only; nil otherwise), a copy
	// the callback may keep.
	X []float64
	// Source names what found the incumbent: "lp" (an integral node LP),
	// "rounding", "fractional diving", "coefficient diving", "pseudo-cost
	// diving", "vector-length diving", "guided diving", "strong
	// branching", "feasibility jump" (before the root LP, with Nodes 0),
	// "feaspump", "rens" or "rins"; a 1-opt improvement of an incumbent
	// appends " + 1-opt" to its source (IncumbentEvent only).
	Source string
	// Objective is the incumbent's cᵀx + c₀; +∞ for a minimisation (−∞ for a
	// maximisation) while there is none.
	Objective float64
	// Bound is the best proven bound on the optimum (−∞ for a minimisation,
	// +∞ for a maximisation, until the root LP is solved), and Gap is
	// |Objective − Bound| / max(1, |Objective|), +∞ without an incumbent.
	Bound, Gap float64
	// Nodes counts the nodes processed, Open those waiting, Iterations the
	// simplex iterations so far; Time is the time since Solve started.
	Nodes, Open, Iterations int
	Time                    time.Duration
}

// Point is what the user-cut and lazy-constraint callbacks see.
type Point struct {
	// X is the point: the node's LP optimum for Callbacks.Cuts, a candidate
	// incumbent (integer columns integral) for Callbacks.Lazy. It belongs to
	// the search: read it during the call, copy it to keep it.
	X []float64
	// Objective is cᵀx + c₀ at X, in the model's sense.
	Objective float64
	// Source is what produced X: "lp" for a node LP (always, for Cuts), or
	// the heuristic that proposed the candidate (see Event.Source).
	Source string
	// Node is the number of the node being processed (1 is the root) and
	// Depth its depth in the tree (0 at the root).
	Node, Depth int
}

// Callbacks are the optional functions the search calls. They run in the
// goroutine that runs Solve, one call at a time, and the search waits for
// each: a slow callback slows the search (and is not interrupted by the
// context's deadline). With Cuts or Lazy set, the tree search runs one
// node at a time on that goroutine, whatever Options.Threads (each node's
// LP depends on the rows returned at the nodes before it). Rows they return are copied; the callbacks must not
// modify Point.X.
//
// A callback that returns ErrStop stops the search with status TimeLimit;
// one that returns another error stops it too, and Solve returns that error.
type Callbacks struct {
	// Event, if set, is called on every new incumbent and periodically.
	Event func(Event) error
	// Every is the number of nodes between progress events; 0 means 100.
	Every int
	// Cuts, if set, separates user cuts: it is called with the LP optimum of
	// every node whose point is not integral and returns inequalities over
	// the model's columns that every integer solution of the model
	// satisfies (valid inequalities). Those the point violates are added to
	// the LP of every later node, and the node's LP is solved again, up to
	// UserCutRounds times per node. A returned row that cuts off an integer
	// solution can make the answer wrong: validity is the caller's promise.
	Cuts func(Point) ([]lp.Row, error)
	// Lazy, if set, is called on every candidate incumbent (an integral node
	// LP point and every heuristic solution) that satisfies the model and
	// the lazy constraints returned so far and would improve the incumbent.
	// It returns constraints that every solution must satisfy and that the
	// model left out (typically those the candidate violates, e.g. subtour
	// elimination rows). A
	// candidate that violates a returned row is rejected; every returned row
	// is kept for the rest of the search, added to the LP of later nodes,
	// and checked on every later candidate. An empty answer accepts the
	// candidate. A row that cuts off the incumbent accepted before is an
	// error wrapping ErrCallback. With Lazy set, a model whose LP relaxation
	// is unbounded is refused (an error wrapping ErrCallback): whether the
	// rows left out bound it cannot be known.
	Lazy func(Point) ([]lp.Row, error)
}

// UserCutRounds bounds how often a node's LP is solved again after user cuts.
const UserCutRounds = 5

// maxLazyRounds bounds how often one node's LP is solved again because its
// integral point violated lazy constraints; a node that needs more is
// dropped with its bound and the answer becomes NumericalError.
const maxLazyRounds = 1000

// halted reports whether the search must stop: the context ended or a
// callback asked to stop.
func (s *search) halted() bool { return s.stop != nil || s.ctx.Err() != nil }

// callbackFailed records a callback's error (the first one wins).
func (s *search) callbackFailed(err error) {
	if err != nil && s.stop == nil {
		s.stop = err
	}
}

// stopErr is the error Solve returns for a callback's stop: nil for ErrStop
// (the search ends with a limit status) or when no callback stopped it.
func (s *search) stopErr() error {
	if s.stop == nil || errors.Is(s.stop, ErrStop) {
		return nil
	}
	if errors.Is(s.stop, ErrCallback) {
		return s.stop
	}
	return fmt.Errorf("mip: callback: %w", s.stop)
}

// event sends an event of kind k to the event callback.
func (s *search) event(k EventKind, x []float64, source string) {
	if s.opts.Callbacks.Event == nil || s.stop != nil {
		return
	}
	lb := math.Min(s.lowerBound(), s.active)
	e := Event{Kind: k, Source: source, Objective: s.sign * s.incZ, Bound: s.sign * lb,
		Gap: inf, Nodes: s.nodes, Open: len(s.open), Iterations: s.iters, Time: time.Since(s.start)}
	if s.incX != nil {
		e.Gap = gap(s.incZ, lb)
	}
	if x != nil {
		e.X = append([]float64(nil), x...)
	}
	s.callbackFailed(s.opts.Callbacks.Event(e))
}

// checkRows checks the rows a callback returned and copies them.
func (s *search) checkRows(what string, rows []lp.Row) ([]lp.Row, error) {
	out := make([]lp.Row, len(rows))
	for k, r := range rows {
		if len(r.Ind) != len(r.Val) {
			return nil, fmt.Errorf("%w: %s row %d (%s): %d indices but %d values", ErrCallback, what, k, r.Name, len(r.Ind), len(r.Val))
		}
		if err := lp.CheckBounds(r.Lower, r.Upper); err != nil {
			return nil, fmt.Errorf("%w: %s row %d (%s): %v", ErrCallback, what, k, r.Name, err)
		}
		if math.IsInf(r.Lower, -1) && math.IsInf(r.Upper, 1) {
			return nil, fmt.Errorf("%w: %s row %d (%s): both sides are infinite", ErrCallback, what, k, r.Name)
		}
		seen := make(map[int]bool, len(r.Ind))
		for t, j := range r.Ind {
			if j < 0 || j >= s.n {
				return nil, fmt.Errorf("%w: %s row %d (%s): column index %d out of range [0,%d)", ErrCallback, what, k, r.Name, j, s.n)
			}
			if seen[j] {
				return nil, fmt.Errorf("%w: %s row %d (%s): column %d appears twice", ErrCallback, what, k, r.Name, j)
			}
			seen[j] = true
			if v := r.Val[t]; math.IsNaN(v) || math.IsInf(v, 0) {
				return nil, fmt.Errorf("%w: %s row %d (%s): coefficient of column %d must be finite, got %v", ErrCallback, what, k, r.Name, j, v)
			}
		}
		out[k] = lp.Row{Name: r.Name, Ind: append([]int(nil), r.Ind...), Val: append([]float64(nil), r.Val...), Lower: r.Lower, Upper: r.Upper}
	}
	return out, nil
}

// violation returns by how much x violates row r, relative to the largest
// of the row's terms |aⱼxⱼ|, its violated side and 1 (the scale of the
// incumbent check); 0 if it holds.
func violation(r *lp.Row, x []float64) float64 {
	act, scale := 0.0, 1.0
	for k, j := range r.Ind {
		t := r.Val[k] * x[j]
		act += t
		scale = math.Max(scale, math.Abs(t))
	}
	switch {
	case act < r.Lower:
		return (r.Lower - act) / math.Max(scale, math.Abs(r.Lower))
	case act > r.Upper:
		return (act - r.Upper) / math.Max(scale, math.Abs(r.Upper))
	}
	return 0
}

// lazyCheck reports whether the candidate y (already checked against the
// model) satisfies the lazy constraints: first those returned so far, then
// those the callback returns for it, which join the pool. A point rejected
// by new rows leaves them pending (see addRows).
func (s *search) lazyCheck(y []float64, z float64, how string) bool {
	for i := range s.lazy {
		if violation(&s.lazy[i], y) > feasTol {
			return false
		}
	}
	if s.opts.Callbacks.Lazy == nil {
		return true
	}
	if s.stop != nil {
		return false // the callback cannot be asked any more
	}
	rows, err := s.opts.Callbacks.Lazy(s.point(y, z, how))
	if err == nil {
		rows, err = s.checkRows("lazy constraint", rows)
	}
	if err != nil {
		s.callbackFailed(err)
		return false
	}
	ok := true
	for i := range rows {
		if s.incX != nil && violation(&rows[i], s.incX) > feasTol {
			s.callbackFailed(fmt.Errorf("%w: lazy constraint row %d (%s), returned at node %d, cuts off the incumbent of objective %.10g accepted before: lazy constraints must hold for every solution of the model",
				ErrCallback, i, rows[i].Name, s.nodes, s.sign*s.incZ))
			return false
		}
		if violation(&rows[i], y) > feasTol {
			ok = false
		}
	}
	s.lazy = append(s.lazy, rows...)
	s.addRows(rows)
	return ok
}

// point makes the Point a callback sees.
func (s *search) point(x []float64, z float64, source string) Point {
	return Point{X: x, Objective: s.sign * z, Source: source, Node: s.nodes, Depth: s.depth}
}

// userCuts asks the cut callback for cuts at the LP point x of value z and
// queues those x violates; it reports whether there are any.
func (s *search) userCuts(x []float64, z float64) bool {
	rows, err := s.opts.Callbacks.Cuts(s.point(x, z, "lp"))
	if err == nil {
		rows, err = s.checkRows("user cut", rows)
	}
	if err != nil {
		s.callbackFailed(err)
		return false
	}
	var viol []lp.Row
	for i := range rows {
		if violation(&rows[i], x) > feasTol {
			viol = append(viol, rows[i])
		}
	}
	s.addRows(viol)
	s.userCutsAdded += len(viol)
	return len(viol) > 0
}

// addRows queues rows for the working model and the relaxation; they are
// installed by flushRows, at a point where the relaxation's column bounds
// are those of the node (s.lo, s.hi). The locks of the rounding heuristic
// take them at once.
func (s *search) addRows(rows []lp.Row) {
	for i := range rows {
		s.lockRow(&rows[i], 1)
	}
	s.pending = append(s.pending, rows...)
}

// flushRows installs the queued rows in the working model, the propagator
// and the relaxation (warm when it takes rows, rebuilt otherwise, with the
// node's bounds set again).
func (s *search) flushRows() error {
	if len(s.pending) == 0 {
		return nil
	}
	rows := s.pending
	s.pending = nil
	s.w.Rows = append(s.w.Rows, rows...)
	s.prop = newPropagator(s.w, s.isInt, s.opts.IntTol)
	if ra, ok := s.rel.(rowAdder); ok && ra.AddRows(rows) == nil {
		return nil
	}
	if err := s.rebuild(s.mk); err != nil {
		return err
	}
	for j := range s.n {
		s.rel.SetColBounds(j, s.lo[j], s.hi[j])
	}
	return nil
}
