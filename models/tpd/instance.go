package tpd

import (
	"cmp"
	_ "embed"
	"fmt"
	"io"
	"math"
	"sort"
	"time"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/jsoninput"
	"github.com/streamopt/streamopt/solve"
)

// ErrInput marks every error caused by a bad instance or bad parameters.
var ErrInput = fault.New(fault.ErrInput, "tpd: invalid input")

func inputErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInput, fmt.Sprintf(format, args...))
}

//go:embed schema.json
var schemaJSON []byte

var schema = jsoninput.NewSchema(schemaJSON)

// Schema returns the JSON Schema (draft 2020-12) of an instance file.
func Schema() []byte { return schema.Source() }

// Instance is the JSON form of a TPD scenario (spec MODELS.md C.1, C.6).
// Positions are in metres, times in seconds, speeds in frames per second.
type Instance struct {
	Name string `json:"name,omitempty"`
	// Seed of the task traces; replication r uses stream r.
	Seed uint64 `json:"seed,omitempty"`
	// Runs is the default number of replications per policy, at most
	// MaxRuns; 0 means DefaultRuns. A file omits the field for the
	// default: an explicit "runs": 0 is refused (so is 0 in every field
	// where it would only mean the default, such as a mode's runs,
	// workload.demand and bounds.slot).
	Runs int `json:"runs,omitempty"`
	// IPNs are the intermediate processing nodes.
	IPNs []IPN `json:"ipns"`
	// Layout draws IPN positions that are not given, uniformly in a square.
	Layout *Layout `json:"layout,omitempty"`
	// Destination is the command centre; defaults to the position of
	// Layout.DestinationIPN.
	Destination *[2]float64 `json:"destination,omitempty"`
	// Cameras are the sources; ignored when Latency.In is explicit.
	Cameras *Cameras `json:"cameras,omitempty"`
	// Latency maps path length to routing latency, or gives it explicitly.
	Latency Latency `json:"latency"`
	// Workload describes the sub-tasks and the generation modes.
	Workload Workload `json:"workload"`
	// Policy holds TPD's parameters.
	Policy PolicyParams `json:"policy"`
	// Bounds holds the offline-bound parameters.
	Bounds BoundParams `json:"bounds"`
}

// IPN is one intermediate processing node.
type IPN struct {
	Name     string      `json:"name,omitempty"`
	Slots    int         `json:"slots"`              // Q_k, parallel slots
	Speed    float64     `json:"speed"`              // v_k, frames/s per slot
	Position *[2]float64 `json:"position,omitempty"` // metres
}

// Layout draws missing positions.
type Layout struct {
	Side           float64 `json:"side,omitempty"`            // square side, metres
	Seed           uint64  `json:"seed,omitempty"`            // seed of the geometry
	DestinationIPN int     `json:"destination_ipn,omitempty"` // 0-based index of the IPN co-located with the destination
}

// Cameras places the sources.
type Cameras struct {
	PerIPN    int          `json:"per_ipn,omitempty"` // cameras drawn around each IPN
	Radius    float64      `json:"radius,omitempty"`  // within this distance of the IPN
	Positions [][2]float64 `json:"positions,omitempty"`
}

// Latency is either the linear map of path length |cam−k|+|k−dst| onto
// [Min, Max] seconds (spec C.6), split into ω_in and ω_out by leg length,
// or explicit: In[i][k] = ω_ik per camera i and Out[k] = ω_{k,dst}.
type Latency struct {
	Min float64     `json:"min,omitempty"`
	Max float64     `json:"max,omitempty"`
	In  [][]float64 `json:"in,omitempty"`
	Out []float64   `json:"out,omitempty"`
}

// Workload describes sub-tasks.
type Workload struct {
	Frames     Range           `json:"frames"`                // w_m ~ U{min..max} frames
	FPS        float64         `json:"fps,omitempty"`         // frames per second of video (informative)
	MeanFrames float64         `json:"mean_frames,omitempty"` // w̄ in (10); default (min+max)/2
	Demand     int             `json:"demand,omitempty"`      // q_m slots, default 1
	Deadline   DeadlineRule    `json:"deadline"`
	Modes      map[string]Mode `json:"modes,omitempty"`
}

// Range is a closed interval.
type Range struct {
	Min float64 `json:"min"`
	Max float64 `json:"max"`
}

// DeadlineRule gives D_m = r_m + κ_m (l̄ + w_m/Speed), κ_m ~ U[KappaMin, KappaMax]
// (spec C.6), with l̄ the mean routing latency.
type DeadlineRule struct {
	KappaMin float64 `json:"kappa_min,omitempty"`
	KappaMax float64 `json:"kappa_max,omitempty"`
	Speed    float64 `json:"speed,omitempty"`
}

// Mode is one task-generation mode: Count sub-tasks arriving as a Poisson
// process of rate Rate per second, or of rate Load·capacity when Load is
// set. Bursts replace the rate inside their windows.
type Mode struct {
	Count  int     `json:"count"`
	Rate   float64 `json:"rate,omitempty"`
	Load   float64 `json:"load,omitempty"`
	Warmup float64 `json:"warmup,omitempty"` // fraction of the first sub-tasks left out of the metrics
	Runs   int     `json:"runs,omitempty"`   // replications (≤ MaxRuns); 0 = the instance's Runs, refused in a file
	Bursts []Burst `json:"bursts,omitempty"`
}

// Burst is a window [Start, End) seconds with its own rate multiplier of
// the mode's base rate.
type Burst struct {
	Start float64 `json:"start"`
	End   float64 `json:"end"`
	Rate  float64 `json:"rate"` // multiplier of the mode's rate inside the window
}

// PolicyParams are TPD's parameters (spec C.5).
type PolicyParams struct {
	Epsilon          *float64 `json:"epsilon,omitempty"`       // ε of (12)–(13); default 0.5
	InfoInterval     *float64 `json:"info_interval,omitempty"` // Δ_info seconds; default 0.1, 0 = exact state
	PaperWait        bool     `json:"paper_wait,omitempty"`    // Ŵ_k = queued work / v_k (paper-literal)
	CapacityWeighted bool     `json:"capacity_weighted,omitempty"`
	// CountOwn adds the dispatcher's own dispatches since the last snapshot
	// to the snapshot (spec C.5, optional), against herding on stale state.
	CountOwn bool `json:"count_own_dispatches,omitempty"`
}

// BoundParams control the offline bounds.
type BoundParams struct {
	Slot           float64 `json:"slot,omitempty"`             // Δ of the time-indexed model; default 0.005 s
	WindowMaxTasks int     `json:"window_max_tasks,omitempty"` // largest LP window; default 40
	Backend        string  `json:"backend,omitempty"`          // solver backend; default "auto"
	// TimeLimit is the budget in seconds of the bounds of one replication
	// (LB_LP's LPs and LB_LAG's iterations; a bound stopped by it is still
	// valid); default none.
	TimeLimit float64 `json:"time_limit,omitempty"`
}

// Parse reads an instance from JSON (at most jsoninput.MaxBytes), checks it
// against the schema and validates it. Every error names the offending
// field and wraps ErrInput.
func Parse(r io.Reader) (*Instance, error) {
	return jsoninput.Parse[Instance](schema, r, ErrInput)
}

// Caps on the sizes that drive memory and time, so that a typo is refused
// by Validate with the field, the value and the estimate instead of
// allocating gigabytes. The campus scenario (spec C.6) has 640 slots, 600 ×
// 12 latency entries and at most 200 000 sub-tasks per trace (mode heavy,
// 20 runs); benchmarks/tpdrepro runs at most that.
const (
	// MaxTasks caps the sub-tasks of one trace (a mode's count); each costs
	// about 600 bytes per replication in flight (measured: 300 000
	// sub-tasks of the campus heavy mode, every policy and LB_LAG, two
	// replications in parallel, 362 MB resident).
	MaxTasks = 1_000_000
	// MaxRuns caps the replications of a mode.
	MaxRuns = 100_000
	// MaxSimulatedTasks caps runs × count, the sub-tasks one mode
	// simulates per policy.
	MaxSimulatedTasks = 1_000_000_000
	// MaxSlots caps Σ_k Q_k: the reference schedule keeps a free time per
	// slot.
	MaxSlots = 1_000_000
	// MaxLatencyEntries caps cameras × IPNs, the size of each latency
	// matrix and of the dispatchers' per-camera tables.
	MaxLatencyEntries = 1_000_000
)

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Validate checks every field and names the first bad one with its value.
func (in *Instance) Validate() error {
	if in == nil {
		return inputErr("nil instance")
	}
	if len(in.IPNs) == 0 {
		return inputErr("ipns: must list at least one IPN")
	}
	slots := 0
	for k, n := range in.IPNs {
		if n.Slots < 1 {
			return inputErr("ipns[%d].slots: must be >= 1 (an IPN with no slots can run nothing), got %d", k, n.Slots)
		}
		if n.Slots > MaxSlots-slots {
			return inputErr("ipns[%d].slots: %d makes Σ_k Q_k at least %d slots, over the cap of %d", k, n.Slots, int64(slots)+int64(n.Slots), MaxSlots)
		}
		slots += n.Slots
		if !(n.Speed > 0) || !finite(n.Speed) {
			return inputErr("ipns[%d].speed: must be > 0, got %g", k, n.Speed)
		}
		if n.Position != nil && (!finite(n.Position[0]) || !finite(n.Position[1])) {
			return inputErr("ipns[%d].position: must be finite, got %v", k, *n.Position)
		}
	}
	lat := in.Latency
	explicit := len(lat.In) > 0 || len(lat.Out) > 0
	if explicit {
		if len(lat.In) == 0 {
			return inputErr("latency.in: must list one row per camera when latency.out is given")
		}
		if len(lat.Out) != len(in.IPNs) {
			return inputErr("latency.out: must have one entry per IPN (%d), got %d", len(in.IPNs), len(lat.Out))
		}
		if n := int64(len(lat.In)) * int64(len(in.IPNs)); n > MaxLatencyEntries {
			return inputErr("latency.in: %d cameras × %d IPNs = %d entries, over the cap of %d", len(lat.In), len(in.IPNs), n, MaxLatencyEntries)
		}
		for i, row := range lat.In {
			if len(row) != len(in.IPNs) {
				return inputErr("latency.in[%d]: must have one entry per IPN (%d), got %d", i, len(in.IPNs), len(row))
			}
			for k, v := range row {
				if !(v >= 0) || !finite(v) {
					return inputErr("latency.in[%d][%d]: must be >= 0 and finite, got %g", i, k, v)
				}
			}
		}
		for k, v := range lat.Out {
			if !(v >= 0) || !finite(v) {
				return inputErr("latency.out[%d]: must be >= 0 and finite, got %g", k, v)
			}
		}
	} else {
		if !(lat.Min >= 0) || !finite(lat.Min) {
			return inputErr("latency.min: must be >= 0, got %g", lat.Min)
		}
		if !(lat.Max >= lat.Min) || !finite(lat.Max) {
			return inputErr("latency.max: must be >= latency.min (%g), got %g", lat.Min, lat.Max)
		}
		if in.Layout != nil {
			if !(in.Layout.Side > 0) || !finite(in.Layout.Side) {
				return inputErr("layout.side: must be > 0, got %g", in.Layout.Side)
			}
			if in.Layout.DestinationIPN < 0 || in.Layout.DestinationIPN >= len(in.IPNs) {
				return inputErr("layout.destination_ipn: must be an IPN index in [0, %d], got %d", len(in.IPNs)-1, in.Layout.DestinationIPN)
			}
		}
		for k, n := range in.IPNs {
			if n.Position == nil && in.Layout == nil {
				return inputErr("ipns[%d].position: missing, and no layout to draw it from", k)
			}
		}
		if in.Destination == nil && in.Layout == nil {
			return inputErr("destination: missing, and no layout.destination_ipn to take it from")
		}
		c := in.Cameras
		if c == nil || (len(c.Positions) == 0 && c.PerIPN == 0) {
			return inputErr("cameras: give positions or per_ipn (or an explicit latency.in)")
		}
		if c.PerIPN < 0 {
			return inputErr("cameras.per_ipn: must be >= 0, got %d", c.PerIPN)
		}
		if n := int64(c.PerIPN)*int64(len(in.IPNs)) + int64(len(c.Positions)); n*int64(len(in.IPNs)) > MaxLatencyEntries {
			return inputErr("cameras.per_ipn: %d cameras × %d IPNs = %d latency entries, over the cap of %d", n, len(in.IPNs), n*int64(len(in.IPNs)), MaxLatencyEntries)
		}
		if !(c.Radius >= 0) || !finite(c.Radius) {
			return inputErr("cameras.radius: must be >= 0, got %g", c.Radius)
		}
		for i, p := range c.Positions {
			if !finite(p[0]) || !finite(p[1]) {
				return inputErr("cameras.positions[%d]: must be finite, got %v", i, p)
			}
		}
	}
	w := in.Workload
	if !(w.Frames.Min > 0) || !finite(w.Frames.Min) {
		return inputErr("workload.frames.min: must be > 0, got %g", w.Frames.Min)
	}
	if !(w.Frames.Max >= w.Frames.Min) || !finite(w.Frames.Max) {
		return inputErr("workload.frames: min must be <= max, got min %g > max %g", w.Frames.Min, w.Frames.Max)
	}
	if math.Ceil(w.Frames.Min) > math.Floor(w.Frames.Max) {
		return inputErr("workload.frames: [%g, %g] contains no whole frame count", w.Frames.Min, w.Frames.Max)
	}
	if w.MeanFrames < 0 || !finite(w.MeanFrames) {
		return inputErr("workload.mean_frames: must be > 0, got %g", w.MeanFrames)
	}
	if w.FPS < 0 || !finite(w.FPS) {
		return inputErr("workload.fps: must be > 0, got %g", w.FPS)
	}
	if w.Demand < 0 {
		return inputErr("workload.demand: must be >= 1, got %d", w.Demand)
	}
	q := max(w.Demand, 1)
	fits := false
	for _, n := range in.IPNs {
		fits = fits || n.Slots >= q
	}
	if !fits {
		return inputErr("workload.demand: no IPN has %d slots", q)
	}
	d := w.Deadline
	if d.KappaMin < 0 || !finite(d.KappaMin) {
		return inputErr("workload.deadline.kappa_min: must be >= 0, got %g", d.KappaMin)
	}
	if d.KappaMax < d.KappaMin || !finite(d.KappaMax) {
		return inputErr("workload.deadline: kappa_min must be <= kappa_max, got %g > %g", d.KappaMin, d.KappaMax)
	}
	if d.Speed < 0 || !finite(d.Speed) {
		return inputErr("workload.deadline.speed: must be > 0, got %g", d.Speed)
	}
	names := make([]string, 0, len(w.Modes))
	for name := range w.Modes {
		names = append(names, name)
	}
	sort.Strings(names)
	if in.Runs < 0 || in.Runs > MaxRuns {
		return inputErr("runs: must be in [1, %d], got %d", MaxRuns, in.Runs)
	}
	for _, name := range names {
		m, path := w.Modes[name], "workload.modes."+name
		if err := m.validate(path); err != nil {
			return err
		}
		if err := checkRuns(path, cmp.Or(m.Runs, in.Runs, DefaultRuns), m.Count); err != nil {
			return err
		}
	}
	p := in.Policy
	if p.Epsilon != nil && (!(*p.Epsilon >= 0) || *p.Epsilon > 1) {
		return inputErr("policy.epsilon: must be in [0, 1], got %g", *p.Epsilon)
	}
	if p.InfoInterval != nil && (!(*p.InfoInterval >= 0) || !finite(*p.InfoInterval)) {
		return inputErr("policy.info_interval: must be >= 0, got %g", *p.InfoInterval)
	}
	b := in.Bounds
	if b.Slot < 0 || !finite(b.Slot) {
		return inputErr("bounds.slot: must be > 0, got %g", b.Slot)
	}
	if b.TimeLimit < 0 || !finite(b.TimeLimit) || b.TimeLimit*float64(time.Second) > math.MaxInt64 {
		return inputErr("bounds.time_limit: must be a number of seconds > 0, got %g", b.TimeLimit)
	}
	if b.WindowMaxTasks < 0 {
		return inputErr("bounds.window_max_tasks: must be >= 1, got %d", b.WindowMaxTasks)
	}
	if err := solve.CheckBackend(b.Backend); err != nil {
		return fmt.Errorf("%w: bounds.backend: %w", ErrInput, err)
	}
	return nil
}

// checkRuns checks the replications of the mode at path with count
// sub-tasks per trace: runs in [1, MaxRuns] and runs × count at most
// MaxSimulatedTasks. Validate applies it to every mode, and a run to
// every experiment (whose runs and count a Request may override).
func checkRuns(path string, runs, count int) error {
	if runs < 1 || runs > MaxRuns {
		return inputErr("%s.runs: must be in [1, %d], got %d", path, MaxRuns, runs)
	}
	if n := int64(runs) * int64(count); n > MaxSimulatedTasks {
		return inputErr("%s: %d runs × %d sub-tasks = %d simulated sub-tasks per policy, over the cap of %.0e", path, runs, count, n, float64(MaxSimulatedTasks))
	}
	return nil
}

func (m Mode) validate(path string) error {
	if m.Count < 1 {
		return inputErr("%s.count: must be >= 1, got %d", path, m.Count)
	}
	if m.Count > MaxTasks {
		return inputErr("%s.count: %d sub-tasks per trace (about %.3g GB to simulate), over the cap of %d", path, m.Count, float64(m.Count)*600/1e9, MaxTasks)
	}
	if m.Rate < 0 || !finite(m.Rate) {
		return inputErr("%s.rate: must be > 0, got %g", path, m.Rate)
	}
	if m.Load < 0 || !finite(m.Load) {
		return inputErr("%s.load: must be > 0, got %g", path, m.Load)
	}
	if m.Rate == 0 && m.Load == 0 {
		return inputErr("%s: give rate or load", path)
	}
	if m.Rate > 0 && m.Load > 0 {
		return inputErr("%s: give rate or load, not both (rate %g, load %g)", path, m.Rate, m.Load)
	}
	if !(m.Warmup >= 0 && m.Warmup < 1) {
		return inputErr("%s.warmup: must be in [0, 1), got %g", path, m.Warmup)
	}
	if m.Runs < 0 || m.Runs > MaxRuns {
		return inputErr("%s.runs: must be in [1, %d], got %d", path, MaxRuns, m.Runs)
	}
	for i, b := range m.Bursts {
		if !(b.Start < b.End) || !finite(b.Start) || !finite(b.End) {
			return inputErr("%s.bursts[%d]: start must be < end, got [%g, %g)", path, i, b.Start, b.End)
		}
		if !(b.Rate >= 0) || !finite(b.Rate) {
			return inputErr("%s.bursts[%d].rate: must be >= 0, got %g", path, i, b.Rate)
		}
	}
	return nil
}
