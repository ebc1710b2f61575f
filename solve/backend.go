package solve

import (
	"context"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// Capabilities says what a backend can do. A request that needs a missing
// capability is an error naming the backend and the capability.
type Capabilities struct {
	LP    bool // continuous linear programs
	MILP  bool // integer columns
	Duals bool // row duals and reduced costs at an LP optimum
	Rays  bool // Farkas certificates and unbounded rays
	SOS   bool // special ordered sets
	// Callbacks: Options.Callbacks (events, user cuts, lazy constraints)
	// are served on MILPs.
	Callbacks bool
	// Ranging: cost and activity ranging of an LP optimum (Options.Ranging,
	// Solution.Ranging)
	Ranging bool
	// Presolve: the backend reduces the model before it solves it, and
	// Options.Presolve switches that off and on. A backend without it
	// solves the model as given: it takes PresolveOff and refuses
	// PresolveOn.
	Presolve bool
	// Start: the backend uses Options.Start (a MIP start for a MILP, a
	// starting point for an LP).
	Start bool
	// Basis: the backend starts an LP from Options.Basis and reports the
	// final basis in Solution.Basis.
	Basis bool
}

// Presolve asks a backend to presolve the model or not (Options.Presolve).
type Presolve int

const (
	PresolveDefault Presolve = iota // the backend's default
	PresolveOn                      // presolve; a backend without Capabilities.Presolve refuses it
	PresolveOff                     // solve the model as given
)

// String returns "default", "on" or "off".
func (p Presolve) String() string {
	switch p {
	case PresolveDefault:
		return "default"
	case PresolveOn:
		return "on"
	case PresolveOff:
		return "off"
	}
	return fmt.Sprintf("Presolve(%d)", int(p))
}

// Options control one solve. Zero values mean the backend's defaults.
// The time limit is the deadline of the context passed to Solve.
type Options struct {
	IterationLimit int // simplex iterations; 0 = none
	NodeLimit      int // branch-and-bound nodes; 0 = none
	// Threads is the number of threads of the simplex backend's branch
	// and bound (mip.Options.Threads: 0 means all cores); the answer is the
	// same on every run with one thread count. The other backends run on
	// one thread and ignore it.
	Threads   int
	MIPGap    float64  // relative MIP gap at which to stop; 0 = backend default
	PrimalTol float64  // primal feasibility tolerance; 0 = backend default
	DualTol   float64  // dual feasibility tolerance; 0 = backend default
	IntTol    float64  // integrality tolerance; 0 = backend default
	Presolve  Presolve // presolve on or off; the zero value is the backend's default
	// Ranging asks for Solution.Ranging at an LP optimum: a backend
	// without the Ranging capability, or a MILP, is an error wrapping
	// ErrCapability, and "auto" picks a backend that has it.
	Ranging bool
	Log     io.Writer
	// Start is a starting point: a value per column, NaN for a column
	// without one. For a MILP it is a MIP start (a full or partial
	// assignment the backend completes into a first incumbent); for an LP,
	// a point the backend builds its starting basis from. A backend without
	// Capabilities.Start ignores it, and says so in Solution.Warnings.
	Start []float64
	// Basis is a basis of the model for an LP to start from; WantBasis asks
	// for the final basis in Solution.Basis. A backend without
	// Capabilities.Basis ignores both, and says so in Solution.Warnings.
	Basis     *lp.Basis
	WantBasis bool
	// Raw options are passed to the backend unchanged; a backend rejects keys it does not know.
	Raw map[string]string
	// Callbacks are called during a MILP solve (see Callbacks); a backend
	// without Capabilities.Callbacks refuses a MILP when any is set. They
	// are not called on an LP.
	Callbacks Callbacks
}

// Callbacks are the functions a MILP solve calls: Event on every new
// incumbent and periodically (returning mip.ErrStop ends the search with
// status lp.TimeLimit), Cuts for user cuts at the nodes and Lazy for lazy
// constraints on every candidate incumbent. They are those of the pure-Go
// branch and bound, documented in package lp/mip (Event, Point, ErrStop).
//
// Solve runs the backend in a goroutine of its own: the callbacks run in
// that goroutine, one call at a time, never concurrently with each other,
// and the backend waits for each. Once the context has ended, Solve gives
// up on a backend that has not returned StopGrace later, so a callback still
// running then is left running while Solve returns; one that must not
// outlive Solve should watch the same context.
type Callbacks = mip.Callbacks

// hasCallbacks reports whether any callback of o is set.
func (o Options) hasCallbacks() bool {
	c := o.Callbacks
	return c.Event != nil || c.Cuts != nil || c.Lazy != nil
}

// Backend is a solver. Solve must honour ctx: once it is cancelled or its
// deadline has passed, Solve returns promptly with status lp.TimeLimit and
// the best point it has (a MILP's incumbent), as for any limit (the
// solve.Solve family gives up on a backend that has not returned
// StopGrace later). It returns a solution with a Status for every outcome of
// the optimisation itself (infeasible, unbounded, limits) and an error only
// when it could not run at all (bad options, missing capability, library
// failure).
type Backend interface {
	Name() string
	Capabilities() Capabilities
	Solve(ctx context.Context, m *lp.Model, opts Options) (*lp.Solution, error)
}

// Factory makes a fresh backend.
type Factory func() Backend

var (
	regMu    sync.RWMutex
	registry = map[string]Factory{}
)

// Register makes a backend available by name. It panics if the name is
// empty, already taken, or "auto", as database/sql.Register does.
func Register(name string, f Factory) {
	regMu.Lock()
	defer regMu.Unlock()
	if name == "" || name == Auto || f == nil {
		panic("solve: Register with invalid name or nil factory")
	}
	if _, dup := registry[name]; dup {
		panic("solve: Register called twice for backend " + name)
	}
	registry[name] = f
}

// Auto is the backend name that picks the best backend compiled in for the model.
const Auto = "auto"

// Backends returns the names of the registered backends, sorted.
func Backends() []string {
	regMu.RLock()
	defer regMu.RUnlock()
	names := make([]string, 0, len(registry))
	for n := range registry {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Open returns a new instance of the named backend.
func Open(name string) (Backend, error) {
	regMu.RLock()
	f, ok := registry[name]
	regMu.RUnlock()
	if !ok {
		return nil, fmt.Errorf("solve: unknown backend %q (compiled in: %s)", name, strings.Join(Backends(), ", "))
	}
	return f(), nil
}
