package solve

import (
	"context"
	"fmt"
	"io"
	"math"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// Errors Solve wraps, so that callers can tell a bad request (the first two,
// and lp.ErrInvalid for a malformed model) from a solver failure.
var (
	// ErrUnknownBackend: no backend of that name is compiled in.
	ErrUnknownBackend = fault.New(fault.ErrInput, "unknown backend")
	// ErrCapability: the backend cannot serve this model (e.g. a MILP on an LP-only backend).
	ErrCapability = fault.New(fault.ErrInput, "missing capability")
	// ErrBackend: the backend failed to run, panicked or returned nonsense.
	ErrBackend = fault.New(fault.ErrSolver, "backend failure")
	// ErrNoStop: the context ended, and the backend had still not returned
	// StopGrace later; there is no answer. It is of the limit kind, and the
	// error that wraps it wraps the context's error too.
	ErrNoStop = fault.New(fault.ErrLimit, "backend did not stop")
)

// StopGrace is how long Solve waits for a backend to return once the
// context has ended (its deadline passed, or it was cancelled) before it
// gives up on the backend and returns an error wrapping ErrNoStop. Every
// backend is asked to stop within a fraction of a second; the grace
// covers a native library that does not look at its stop signal often
// enough, so that no caller hangs on it.
const StopGrace = 2 * time.Second

// stopGrace is StopGrace; tests of the package shorten it.
var stopGrace = StopGrace

// Preference lists of the auto rule, best first, by measured strength
// (benchmarks/lpbench; the figures are in the package doc). On LPs, clp is
// the fastest backend. On MILPs, the pure-Go branch and bound (simplex)
// solves every shared MIPLIB instance but sp150x300d within 30 s, while
// lp_solve 5.5 finds no proven optimum within the limit on bell5, gt2,
// p0548 and sp150x300d, so lp_solve comes second.
var (
	autoMILP = []string{"simplex", "lpsolve"}
	autoLP   = []string{"clp", "simplex"}
)

// Choose returns the backend the name "auto" stands for, given the model:
// for a MILP (any integer column) the first of simplex, lpsolve that is
// compiled in and declares MILP; for an LP the first of clp, simplex that is
// compiled in and declares LP. When none of the preferred backends qualifies,
// the first other registered backend (in name order) that declares the needed
// capability is used. It returns an error wrapping ErrCapability when no
// compiled-in backend can serve the model.
func Choose(m *lp.Model) (string, error) {
	return choose(m != nil && m.IsMIP(), false, Backends(), func(name string) (Capabilities, bool) {
		b, err := Open(name)
		if err != nil {
			return Capabilities{}, false
		}
		return b.Capabilities(), true
	})
}

// choose applies the auto rule to the compiled-in names; caps reports a
// backend's capabilities. With ranging, only a backend that declares
// Ranging qualifies.
func choose(mip, ranging bool, names []string, caps func(string) (Capabilities, bool)) (string, error) {
	pref := autoLP
	if mip {
		pref = autoMILP
	}
	order := make([]string, 0, len(names)+len(pref))
	for _, p := range pref {
		if slices.Contains(names, p) {
			order = append(order, p)
		}
	}
	for _, n := range names {
		if !slices.Contains(order, n) {
			order = append(order, n)
		}
	}
	for _, n := range order {
		c, ok := caps(n)
		if ok && ((mip && c.MILP) || (!mip && c.LP)) && (!ranging || c.Ranging) {
			return n, nil
		}
	}
	need := "LP"
	if mip {
		need = "MILP"
	}
	if ranging {
		need += " with ranging"
	}
	return "", fmt.Errorf("solve: %w: no compiled-in backend declares %s (compiled in: %s)", ErrCapability, need, strings.Join(names, ", "))
}

// CheckCapabilities returns an error wrapping ErrCapability, naming the
// backend and the missing capability, when b cannot solve m.
func CheckCapabilities(b Backend, m *lp.Model) error {
	c := b.Capabilities()
	if m.IsMIP() {
		if !c.MILP {
			k := 0
			for _, v := range m.Vars {
				if v.Integer {
					k++
				}
			}
			return fmt.Errorf("solve: backend %q %w MILP: the model has %d integer columns", b.Name(), ErrCapability, k)
		}
		return nil
	}
	if !c.LP {
		return fmt.Errorf("solve: backend %q %w LP", b.Name(), ErrCapability)
	}
	return nil
}

// checkCallbacks returns an error wrapping ErrCapability when opts sets a
// callback for the MILP m and b cannot call it.
func checkCallbacks(b Backend, m *lp.Model, opts Options) error {
	if m.IsMIP() && opts.hasCallbacks() && !b.Capabilities().Callbacks {
		return fmt.Errorf("solve: backend %q %w callbacks: options.Callbacks is set for a MILP (backend %q serves them)", b.Name(), ErrCapability, SimplexName)
	}
	return nil
}

// checkRanging returns an error wrapping ErrCapability when opts asks for
// ranging that b cannot give for m: b lacks the capability, or m is a MILP.
func checkRanging(b Backend, m *lp.Model, opts Options) error {
	switch {
	case !opts.Ranging:
		return nil
	case m.IsMIP():
		return fmt.Errorf("solve: %w ranging: ranging is of an LP basis, and the model has integer columns", ErrCapability)
	case !b.Capabilities().Ranging:
		return fmt.Errorf("solve: backend %q %w ranging (backends with it: %s)", b.Name(), ErrCapability, strings.Join(rangingBackends(), ", "))
	}
	return nil
}

// checkPresolve refuses an Options.Presolve value that is not one of the
// constants, and PresolveOn for a backend that has no presolve (an error
// wrapping ErrCapability that names the backend).
func checkPresolve(b Backend, p Presolve) error {
	switch {
	case p < PresolveDefault || p > PresolveOff:
		return fmt.Errorf("solve: %w: options.Presolve: unknown value %d", lp.ErrInvalid, int(p))
	case p == PresolveOn && !b.Capabilities().Presolve:
		return fmt.Errorf("solve: backend %q %w presolve: it has none and solves the model as given (use presolve off or the default)", b.Name(), ErrCapability)
	}
	return nil
}

// rangingBackends lists the compiled-in backends that declare Ranging.
func rangingBackends() []string {
	var out []string
	for _, n := range Backends() {
		if b, err := Open(n); err == nil && b.Capabilities().Ranging {
			out = append(out, n)
		}
	}
	return out
}

// verifyTolerances returns the tolerances Solve verifies with: the defaults,
// loosened to the backend tolerances the caller asked for when those are larger.
func verifyTolerances(o Options) Tolerances {
	t := DefaultTolerances()
	t.Primal = math.Max(t.Primal, o.PrimalTol)
	t.Dual = math.Max(t.Dual, o.DualTol)
	t.Integrality = math.Max(t.Integrality, o.IntTol)
	return t
}

// Solve validates m, refuses data outside lp.DefaultLimits (magnitudes
// above 1e20, or a row spread above 1e20: see lp.Model.CheckRange),
// opens the named backend ("auto", or "", applies Choose), checks
// that it has the capabilities m needs, runs it, stamps Solution.Backend and
// Solution.Time, and verifies the result with Verify (tolerances: the
// defaults, or the Options' PrimalTol, DualTol, IntTol where larger). A
// result claimed Optimal that fails verification, or claimed Infeasible or
// Unbounded with a certificate that fails, is downgraded to
// lp.NumericalError; the solution and the report are kept so the caller can
// see what went wrong.
//
// Errors: a malformed model wraps lp.ErrInvalid, and out-of-range data
// lp.ErrRange as well; an unknown backend wraps
// ErrUnknownBackend; a backend that lacks a needed capability wraps
// ErrCapability (there is never a silent fallback to another backend); a
// backend that returns an error, panics or returns no solution wraps
// ErrBackend. Outcomes of the optimisation itself (infeasible, unbounded,
// limits) are statuses, not errors. The report is nil only when err is not nil.
//
// The backend runs in its own goroutine. When it has not returned StopGrace
// after ctx ended, Solve returns an error wrapping ErrNoStop and ctx.Err()
// without an answer, and leaves the backend to finish on its own (on a
// copy of m; what it still writes to Options.Log is dropped).
func Solve(ctx context.Context, m *lp.Model, backend string, opts Options) (*lp.Solution, *Report, error) {
	name, b, err := openFor(m, backend, opts)
	if err == nil && (backend == Auto || backend == "") && opts.Presolve == PresolveOn && !b.Capabilities().Presolve {
		name, b, err = openPresolving(m, opts.Ranging)
	}
	if err != nil {
		return nil, nil, err
	}
	if ctx == nil {
		ctx = context.Background()
	}
	sol, rep, err := solveWith(ctx, b, m, opts)
	if sol != nil {
		sol.Backend = name
	}
	return sol, rep, err
}

// openFor validates m and opens the backend the name stands for ("auto"
// or "" apply the auto rule, for ranging too when opts asks for it),
// returning its name; Solve and NewSequence start so.
func openFor(m *lp.Model, backend string, opts Options) (string, Backend, error) {
	if m == nil {
		return "", nil, fmt.Errorf("solve: %w: nil model", lp.ErrInvalid)
	}
	if err := m.Validate(); err != nil {
		return "", nil, fmt.Errorf("solve: %w", err)
	}
	if err := CheckBackend(backend); err != nil {
		return "", nil, fmt.Errorf("solve: %w", err)
	}
	name := backend
	if name == Auto || name == "" {
		var err error
		name, err = choose(m.IsMIP(), opts.Ranging && !m.IsMIP(), Backends(), func(name string) (Capabilities, bool) {
			b, err := Open(name)
			if err != nil {
				return Capabilities{}, false
			}
			return b.Capabilities(), true
		})
		if err != nil {
			return "", nil, err
		}
	}
	b, err := Open(name)
	if err != nil {
		return "", nil, fmt.Errorf("solve: %w %q: %v", ErrUnknownBackend, name, err)
	}
	return name, b, nil
}

// openPresolving opens the backend "auto" stands for among those that
// declare Capabilities.Presolve: what Solve does when asked for PresolveOn.
func openPresolving(m *lp.Model, ranging bool) (string, Backend, error) {
	caps := func(name string) (Capabilities, bool) {
		b, err := Open(name)
		if err != nil {
			return Capabilities{}, false
		}
		return b.Capabilities(), true
	}
	var names []string
	for _, n := range Backends() {
		if c, ok := caps(n); ok && c.Presolve {
			names = append(names, n)
		}
	}
	name, err := choose(m.IsMIP(), ranging, names, caps)
	if err != nil {
		return "", nil, fmt.Errorf("%w (with presolve on)", err)
	}
	b, err := Open(name)
	return name, b, err
}

// CheckBackend returns nil when name is "auto", "" (the same) or the name of
// a compiled-in backend, and otherwise an error wrapping ErrUnknownBackend
// (an input error, package fault) that names the value and lists the
// backends compiled in. Solve applies it first; a model that takes a
// backend name from its caller applies it before any work starts, so that a
// bogus name is refused even when no solver would have been needed.
func CheckBackend(name string) error {
	if name == Auto || name == "" || slices.Contains(Backends(), name) {
		return nil
	}
	return fmt.Errorf("%w %q (compiled in: %s)", ErrUnknownBackend, name, strings.Join(append([]string{Auto}, Backends()...), ", "))
}

// SolveWith is Solve on a backend instance rather than a registered name,
// for a backend configured or built outside the registry. It does everything
// Solve does after opening the backend, and sets Solution.Backend to b.Name().
func SolveWith(ctx context.Context, b Backend, m *lp.Model, opts Options) (*lp.Solution, *Report, error) {
	if b == nil {
		return nil, nil, fmt.Errorf("solve: %w: nil backend", ErrUnknownBackend)
	}
	if m == nil {
		return nil, nil, fmt.Errorf("solve: %w: nil model", lp.ErrInvalid)
	}
	if err := m.Validate(); err != nil {
		return nil, nil, fmt.Errorf("solve: %w", err)
	}
	if ctx == nil {
		ctx = context.Background()
	}
	return solveWith(ctx, b, m, opts)
}

func solveWith(ctx context.Context, b Backend, m *lp.Model, opts Options) (*lp.Solution, *Report, error) {
	// Data no double-precision backend can be trusted with are refused
	// before any backend sees them (lp.DefaultLimits).
	if err := m.CheckRange(lp.DefaultLimits()); err != nil {
		return nil, nil, fmt.Errorf("solve: %w", err)
	}
	if err := CheckCapabilities(b, m); err != nil {
		return nil, nil, err
	}
	if err := checkCallbacks(b, m, opts); err != nil {
		return nil, nil, err
	}
	lazy := recordLazy(&opts)
	if err := checkRanging(b, m, opts); err != nil {
		return nil, nil, err
	}
	if err := checkPresolve(b, opts.Presolve); err != nil {
		return nil, nil, err
	}
	if err := checkStart(m, opts); err != nil {
		return nil, nil, err
	}
	opts, warnings := dropUnusable(b, opts)
	start := time.Now()
	sol, err := safeSolve(ctx, b, m, opts)
	elapsed := time.Since(start)
	if err != nil {
		return nil, nil, err
	}
	sol.Warnings = append(warnings, sol.Warnings...)
	fillRelaxationBound(ctx, b, m, opts, sol)
	sol.Backend = b.Name()
	sol.Time = elapsed
	rep := verified(m, sol, opts, *lazy...)
	return sol, &rep, nil
}

// recordLazy wraps the lazy-constraint callback of o, if any, so that the
// rows it returns are kept (copied) in the slice it returns, for Verify. The
// callback runs in the backend's goroutine; the slice is read only after
// that goroutine has returned its answer (safeSolve's channel orders the
// two), never when Solve gave up on it.
func recordLazy(o *Options) *[]lp.Row {
	rows := new([]lp.Row)
	if f := o.Callbacks.Lazy; f != nil {
		o.Callbacks.Lazy = func(p mip.Point) ([]lp.Row, error) {
			r, err := f(p)
			if err == nil {
				for _, row := range r {
					row.Ind = slices.Clone(row.Ind)
					row.Val = slices.Clone(row.Val)
					*rows = append(*rows, row)
				}
			}
			return r, err
		}
	}
	return rows
}

// verified verifies sol against m and the lazy constraints returned during
// the solve (the rows m must also satisfy), with the tolerances of opts, and
// downgrades to lp.NumericalError an answer that fails: an Optimal one, or
// an Infeasible or Unbounded one whose certificate (Farkas row, ray) does
// not prove it. A caller that prunes on "infeasible" must not act on a
// claim the backend could not prove.
func verified(m *lp.Model, sol *lp.Solution, opts Options, lazy ...lp.Row) Report {
	vm, vs := m, sol
	if len(lazy) > 0 {
		vm = m.Clone()
		vm.Rows = append(vm.Rows, lazy...)
		if sol.X != nil && sol.RowActivity != nil && len(sol.X) == len(m.Vars) {
			c := *sol
			c.RowActivity = append(slices.Clip(sol.RowActivity), vm.Activities(sol.X)[len(m.Rows):]...)
			vs = &c
		}
	}
	rep := Verify(vm, vs, verifyTolerances(opts))
	rep.LazyRows = len(lazy)
	switch sol.Status {
	case lp.Optimal, lp.Infeasible, lp.Unbounded:
		if !rep.OK {
			sol.Status = lp.NumericalError
		}
	}
	return rep
}

// safeSolve runs the backend with a model it cannot modify (a clone) in a
// goroutine of its own, turns a panic or a nil solution into an error, and
// gives up on a backend that has not returned stopGrace after ctx ended.
func safeSolve(ctx context.Context, b Backend, m *lp.Model, opts Options) (*lp.Solution, error) {
	type result struct {
		sol      *lp.Solution
		err      error
		panicked bool // err is the panic, already worded
	}
	var log *droppingWriter
	if opts.Log != nil {
		log = &droppingWriter{w: opts.Log}
		opts.Log = log
	}
	name := b.Name()
	m = m.Clone()
	done := make(chan result, 1) // buffered: an abandoned backend must not block
	go func() {
		var r result
		defer func() {
			if p := recover(); p != nil {
				r = result{err: fmt.Errorf("solve: %w: backend %q panicked: %v", ErrBackend, name, p), panicked: true}
			}
			done <- r
		}()
		r.sol, r.err = b.Solve(ctx, m, opts)
	}()
	var r result
	select {
	case r = <-done:
	case <-ctx.Done():
		grace := time.NewTimer(stopGrace)
		defer grace.Stop()
		select {
		case r = <-done:
		case <-grace.C:
			if log != nil {
				log.drop()
			}
			return nil, fmt.Errorf("solve: %w: backend %q had not returned %v after the solve was stopped (%w); no answer is available",
				ErrNoStop, name, stopGrace, ctx.Err())
		}
	}
	// A backend that stopped at the deadline by its own clock can return a
	// moment before ctx reports it; wait for ctx, so that a caller that
	// asks ctx.Err() why the solve stopped gets the answer.
	if d, ok := ctx.Deadline(); ok && !time.Now().Before(d) {
		<-ctx.Done()
	}
	if r.panicked {
		return nil, r.err
	}
	if r.err != nil {
		return nil, fmt.Errorf("solve: %w: backend %q: %w", ErrBackend, name, r.err)
	}
	if r.sol == nil {
		return nil, fmt.Errorf("solve: %w: backend %q returned no solution and no error", ErrBackend, name)
	}
	return r.sol, nil
}

// droppingWriter passes writes on until drop is called, and drops them
// after, so that a backend Solve has given up on no longer writes to the
// caller's log.
type droppingWriter struct {
	mu      sync.Mutex
	w       io.Writer
	dropped bool
}

func (d *droppingWriter) Write(p []byte) (int, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if d.dropped {
		return len(p), nil
	}
	return d.w.Write(p)
}

func (d *droppingWriter) drop() {
	d.mu.Lock()
	d.dropped = true
	d.mu.Unlock()
}

// checkStart returns an error wrapping lp.ErrInvalid when Options.Start or
// Options.Basis does not fit m.
func checkStart(m *lp.Model, o Options) error {
	if o.Start != nil {
		if len(o.Start) != len(m.Vars) {
			return fmt.Errorf("solve: %w: Options.Start has %d values, the model has %d columns", lp.ErrInvalid, len(o.Start), len(m.Vars))
		}
		for j, v := range o.Start {
			if math.IsInf(v, 0) {
				return fmt.Errorf("solve: %w: Options.Start[%d] (column %s): must be finite or NaN, got %v", lp.ErrInvalid, j, m.Vars[j].Name, v)
			}
		}
	}
	if b := o.Basis; b != nil {
		if len(b.Cols) != len(m.Vars) || len(b.Rows) != len(m.Rows) {
			return fmt.Errorf("solve: %w: Options.Basis has %d columns and %d rows, the model has %d and %d", lp.ErrInvalid, len(b.Cols), len(b.Rows), len(m.Vars), len(m.Rows))
		}
		if nb := b.NumBasic(); nb != len(m.Rows) {
			return fmt.Errorf("solve: %w: Options.Basis has %d basic entries, want %d (the number of rows)", lp.ErrInvalid, nb, len(m.Rows))
		}
	}
	return nil
}

// dropUnusable removes from o the start and basis b cannot use, with a
// warning for each: a backend that cannot use them solves as without.
func dropUnusable(b Backend, o Options) (Options, []string) {
	c := b.Capabilities()
	var w []string
	if o.Start != nil && !c.Start {
		w = append(w, fmt.Sprintf("backend %s cannot use a start (Options.Start): ignored", b.Name()))
		o.Start = nil
	}
	if (o.Basis != nil || o.WantBasis) && !c.Basis {
		if o.Basis != nil {
			w = append(w, fmt.Sprintf("backend %s cannot start from a basis (Options.Basis): ignored", b.Name()))
		} else {
			w = append(w, fmt.Sprintf("backend %s gives no final basis (Options.WantBasis)", b.Name()))
		}
		o.Basis, o.WantBasis = nil, false
	}
	return o, w
}
