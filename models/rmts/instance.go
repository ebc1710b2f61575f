package rmts

import (
	_ "embed"
	"fmt"
	"io"
	"math"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/jsoninput"
)

// ErrInput marks every error caused by a bad instance or bad parameters.
var ErrInput = fault.New(fault.ErrInput, "rmts: invalid input")

func inputErr(format string, args ...any) error {
	return fmt.Errorf("%w: %s", ErrInput, fmt.Sprintf(format, args...))
}

//go:embed schema.json
var schemaJSON []byte

var schema = jsoninput.NewSchema(schemaJSON)

// Schema returns the JSON Schema (draft 2020-12) of an instance file.
func Schema() []byte { return schema.Source() }

// Instance is the JSON form of an RMTS scenario (spec MODELS.md B.7).
// Times are in minutes, rates in requests per minute.
type Instance struct {
	Name string `json:"name,omitempty"`
	// Seed of the traces; replication r uses stream r.
	Seed uint64 `json:"seed,omitempty"`
	// Runs is the default number of replications, at most MaxRuns; 0
	// means the experiment's default (20). A file omits the field for the
	// default: an explicit "runs": 0 is refused, as is 0 in
	// placement.replicas, placement.max_copies and policy.last_minute_hops.
	Runs      int       `json:"runs,omitempty"`
	Servers   Servers   `json:"servers"`
	Contents  Contents  `json:"contents"`
	Placement Placement `json:"placement"`
	Topology  *Topology `json:"topology,omitempty"`
	Arrivals  Arrivals  `json:"arrivals"`
	Policy    Params    `json:"policy"`
	Failures  []Failure `json:"failures,omitempty"`
}

// Servers are identical VoD servers.
type Servers struct {
	Count    int `json:"count"`
	Capacity int `json:"capacity"`        // L, concurrent streams per server
	Slots    int `json:"slots,omitempty"` // storage slots (contents) per server; 0 = unlimited
}

// Contents are the videos; content v (0-based) has popularity ∝ (v+1)^−(1−θ).
type Contents struct {
	Count     int       `json:"count"`
	Duration  float64   `json:"duration"`            // minutes, for every content
	Durations []float64 `json:"durations,omitempty"` // per content, overrides Duration
	Theta     float64   `json:"theta,omitempty"`     // Zipf skew θ; exponent 1 − θ
}

// Placement is either the popularity rule of spec B.7 (Replicas copies in
// total) or explicit: Holders[v] lists the servers storing content v.
type Placement struct {
	Rule     string `json:"rule,omitempty"` // "popularity" (default without holders) or "explicit"
	Replicas int    `json:"replicas,omitempty"`
	// MaxCopies caps the copies of one content (default: one per server,
	// as in B.7). A cap below the server count keeps the most popular
	// titles off some servers, so the migration graph is not complete.
	MaxCopies int     `json:"max_copies,omitempty"`
	Holders   [][]int `json:"holders,omitempty"`
}

// Topology restricts migration to the listed server pairs (default: all).
type Topology struct {
	Links [][2]int `json:"links"`
}

// Arrivals is a Poisson stream of requests.
type Arrivals struct {
	Rate    float64 `json:"rate"`    // ξ, requests per minute
	Horizon float64 `json:"horizon"` // simulated minutes
	Warmup  float64 `json:"warmup,omitempty"`
}

// Params are the policy parameters (spec B.2, B.4–B.6); nil means the
// default.
type Params struct {
	LTh            *float64 `json:"l_th,omitempty"`  // default 0.7·L
	Gamma          *int     `json:"gamma,omitempty"` // Γ, default 3
	B              *float64 `json:"b,omitempty"`     // default 2680
	Alpha          *float64 `json:"alpha,omitempty"` // default 0.5
	Tau            *float64 `json:"tau,omitempty"`   // default 1
	REMMin         *float64 `json:"rem_min,omitempty"`
	REMMax         *float64 `json:"rem_max,omitempty"`
	LastMinuteHops int      `json:"last_minute_hops,omitempty"` // default 1
	Literal        bool     `json:"literal,omitempty"`
	SharedStorage  bool     `json:"shared_storage,omitempty"`
	// DASDProactiveDelta is δ of DASD dancing's optional proactive mode
	// (spec B.6): after every event, move one stream across a migration
	// edge whose load difference is at least δ (see the package doc).
	// 0 (the default) is off; otherwise δ >= 2. Only DASD uses it.
	DASDProactiveDelta int `json:"dasd_proactive_delta,omitempty"`
}

// Failure fails a server at a time.
type Failure struct {
	Server int     `json:"server"`
	Time   float64 `json:"time"`
}

// Parse reads an instance from JSON (at most jsoninput.MaxBytes), checks it
// against the schema and validates it. Every error names the offending
// field and wraps ErrInput.
func Parse(r io.Reader) (*Instance, error) {
	return jsoninput.Parse[Instance](schema, r, ErrInput)
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Caps on the sizes that drive memory and time, so that a typo is refused
// by Validate (or Build, for the migration graph) with the field and the
// estimate instead of allocating gigabytes. The paper scenario (spec B.7)
// has 20 servers, 200 contents, 600 replicas and about 24 000 requests per
// trace; every cap is at least 40 times that.
const (
	MaxServers  = 2_000
	MaxContents = 1_000_000
	MaxCells    = 50_000_000 // servers × contents: the run-time count table, 4 bytes a cell
	MaxReplicas = 1_000_000  // stored copies, placement.replicas or Σ |placement.holders[v]|
	// MaxPlacementWork caps stored copies × servers: the popularity
	// placement scans every server for each copy and the migration graph
	// compares the holdings of every pair of servers.
	MaxPlacementWork = 200_000_000
	// MaxRequests caps the expected requests of one trace, rate × horizon;
	// each costs about 180 bytes while it is simulated (measured: 1.2
	// million requests, 220 MB).
	MaxRequests = 10_000_000
	// MaxRuns caps the replications of one point.
	MaxRuns = 100_000
	// MaxSimulatedRequests caps runs × rate × horizon, the requests one
	// point of an experiment simulates per policy.
	MaxSimulatedRequests = 1_000_000_000
	// MaxSharedEntries caps Σ_v r_v(r_v − 1)/2 over contents v with r_v
	// copies, the length of all the lists H_u ∩ H_v the migration graph
	// keeps (8 bytes an entry).
	MaxSharedEntries = 20_000_000
	// MaxGraphWork caps servers × (servers + 2E), the steps of the
	// breadth-first searches that find the path sets ω(u), with the
	// migration edges E bounded before the graph is built by Σ_v
	// r_v(r_v − 1)/2, the server pairs and the links; MaxPaths caps the
	// paths the sets hold together (Σ_u |ω(u)|), counted before they are
	// listed. 1000 servers all sharing a content are about at the cap
	// (measured: 500 servers, 4.3 s on the shared 2-core machine).
	MaxGraphWork = 1_000_000_000
	MaxPaths     = 10_000_000
)

// CheckArrivals checks an arrival rate ξ (requests per minute) and a
// horizon (minutes) and refuses a pair whose expected requests per trace,
// rate × horizon, exceed MaxRequests. Validate applies it to arrivals; a
// caller that overrides the rate (a sweep over ξ) checks each value with it.
func CheckArrivals(rate, horizon float64) error {
	if !(rate > 0) || !finite(rate) {
		return inputErr("arrivals.rate: must be > 0, got %g", rate)
	}
	if !(horizon > 0) || !finite(horizon) {
		return inputErr("arrivals.horizon: must be > 0, got %g", horizon)
	}
	if n := rate * horizon; n > MaxRequests {
		return inputErr("arrivals.horizon: %g min at rate %g/min means about %.3g requests per trace, over the cap of %.0e", horizon, rate, n, float64(MaxRequests))
	}
	return nil
}

// checkRuns checks a number of replications: 1..MaxRuns, and runs × the
// expected requests per trace at most MaxSimulatedRequests.
func checkRuns(runs int, rate, horizon float64) error {
	if runs < 1 || runs > MaxRuns {
		return inputErr("runs: must be in [1, %d], got %d", MaxRuns, runs)
	}
	if n := float64(runs) * rate * horizon; n > MaxSimulatedRequests {
		return inputErr("runs: %d runs of about %.3g requests each means %.3g simulated requests per policy, over the cap of %.0e", runs, rate*horizon, n, float64(MaxSimulatedRequests))
	}
	return nil
}

// Validate checks every field and names the first bad one with its value.
func (in *Instance) Validate() error {
	if in == nil {
		return inputErr("nil instance")
	}
	s := in.Servers
	if s.Count < 1 || s.Count > MaxServers {
		return inputErr("servers.count: must be in [1, %d], got %d", MaxServers, s.Count)
	}
	if s.Capacity < 1 {
		return inputErr("servers.capacity: must be >= 1, got %d", s.Capacity)
	}
	if s.Slots < 0 {
		return inputErr("servers.slots: must be >= 0 (0 = unlimited), got %d", s.Slots)
	}
	c := in.Contents
	if c.Count < 1 || c.Count > MaxContents {
		return inputErr("contents.count: must be in [1, %d], got %d", MaxContents, c.Count)
	}
	if len(c.Durations) == 0 {
		if !(c.Duration > 0) || !finite(c.Duration) {
			return inputErr("contents.duration: must be > 0, got %g", c.Duration)
		}
	} else {
		if len(c.Durations) != c.Count {
			return inputErr("contents.durations: must have one entry per content (%d), got %d", c.Count, len(c.Durations))
		}
		for v, d := range c.Durations {
			if !(d > 0) || !finite(d) {
				return inputErr("contents.durations[%d]: must be > 0, got %g", v, d)
			}
		}
	}
	if !(c.Theta >= 0 && c.Theta <= 1) {
		return inputErr("contents.theta: must be in [0, 1] (Zipf exponent 1 − θ), got %g", c.Theta)
	}
	if s.Count*c.Count > MaxCells {
		return inputErr("servers.count × contents.count: must be <= %d, got %d × %d", MaxCells, s.Count, c.Count)
	}
	p := in.Placement
	switch p.Rule {
	case "", "popularity", "explicit":
	default:
		return inputErr("placement.rule: must be popularity or explicit, got %q", p.Rule)
	}
	if p.explicit() {
		if p.Replicas != 0 || p.MaxCopies != 0 {
			return inputErr("placement.replicas: only for the popularity rule, got replicas %d with explicit holders", p.Replicas)
		}
		if len(p.Holders) != c.Count {
			return inputErr("placement.holders: must have one list per content (%d), got %d", c.Count, len(p.Holders))
		}
		copies := 0
		for _, hs := range p.Holders {
			copies += len(hs)
		}
		if copies > MaxReplicas {
			return inputErr("placement.holders: %d stored copies in all, over the cap of %d", copies, MaxReplicas)
		}
		perServer := make([]int, s.Count)
		for v, hs := range p.Holders {
			if len(hs) == 0 {
				return inputErr("placement.holders[%d]: content %d is stored nowhere", v, v)
			}
			seen := map[int]bool{}
			for i, u := range hs {
				if u < 0 || u >= s.Count {
					return inputErr("placement.holders[%d][%d]: unknown server %d (servers are 0..%d)", v, i, u, s.Count-1)
				}
				if seen[u] {
					return inputErr("placement.holders[%d][%d]: server %d listed twice", v, i, u)
				}
				seen[u] = true
				perServer[u]++
			}
		}
		if s.Slots > 0 {
			for u, k := range perServer {
				if k > s.Slots {
					return inputErr("placement.holders: server %d stores %d contents, more than servers.slots = %d", u, k, s.Slots)
				}
			}
		}
	} else {
		if p.Holders != nil {
			return inputErr("placement.holders: only with rule explicit, got rule %q", p.Rule)
		}
		if p.Replicas > MaxReplicas {
			return inputErr("placement.replicas: must be <= %d, got %d", MaxReplicas, p.Replicas)
		}
		if p.Replicas < c.Count {
			return inputErr("placement.replicas: must be >= contents.count (%d) so that every content is stored somewhere, got %d", c.Count, p.Replicas)
		}
		if p.MaxCopies < 0 || p.MaxCopies > s.Count {
			return inputErr("placement.max_copies: must be in [1, servers.count = %d] (0 = servers.count), got %d", s.Count, p.MaxCopies)
		}
		maxCopies := s.Count
		if p.MaxCopies > 0 {
			maxCopies = p.MaxCopies
		}
		if p.Replicas > c.Count*maxCopies {
			return inputErr("placement.replicas: at most %d copies per content (one per server, placement.max_copies), so must be <= %d, got %d", maxCopies, c.Count*maxCopies, p.Replicas)
		}
		if s.Slots > 0 && p.Replicas > s.Slots*s.Count {
			return inputErr("placement.replicas: must fit in servers.slots × servers.count = %d, got %d", s.Slots*s.Count, p.Replicas)
		}
	}
	if err := in.checkPlacementWork(); err != nil {
		return err
	}
	if in.Topology != nil {
		for i, l := range in.Topology.Links {
			for _, u := range l {
				if u < 0 || u >= s.Count {
					return inputErr("topology.links[%d]: unknown server %d (servers are 0..%d)", i, u, s.Count-1)
				}
			}
			if l[0] == l[1] {
				return inputErr("topology.links[%d]: a link joins two different servers, got %d–%d", i, l[0], l[1])
			}
		}
	}
	a := in.Arrivals
	if err := CheckArrivals(a.Rate, a.Horizon); err != nil {
		return err
	}
	if !(a.Warmup >= 0 && a.Warmup < a.Horizon) {
		return inputErr("arrivals.warmup: must be in [0, horizon = %g), got %g", a.Horizon, a.Warmup)
	}
	if in.Runs != 0 { // 0: the experiment's default
		if err := checkRuns(in.Runs, a.Rate, a.Horizon); err != nil {
			return err
		}
	}
	if err := in.Policy.validate(s.Capacity); err != nil {
		return err
	}
	for i, f := range in.Failures {
		if f.Server < 0 || f.Server >= s.Count {
			return inputErr("failures[%d].server: unknown server %d (servers are 0..%d)", i, f.Server, s.Count-1)
		}
		if !(f.Time >= 0 && f.Time <= a.Horizon) {
			return inputErr("failures[%d].time: must be within the horizon [0, %g], got %g", i, a.Horizon, f.Time)
		}
	}
	return nil
}

// explicit reports whether the placement lists its holders.
func (p Placement) explicit() bool { return p.Rule == "explicit" || (p.Rule == "" && p.Holders != nil) }

// checkPlacementWork refuses stored copies × servers over
// MaxPlacementWork. The copies are every content on every server with
// shared storage, else the explicit holders or the replicas; the placement
// must be valid.
func (in *Instance) checkPlacementWork() error {
	field, copies := "placement.replicas", in.Placement.Replicas
	switch {
	case in.Policy.SharedStorage:
		field, copies = "policy.shared_storage", in.Servers.Count*in.Contents.Count
	case in.Placement.explicit():
		field, copies = "placement.holders", 0
		for _, hs := range in.Placement.Holders {
			copies += len(hs)
		}
	}
	if w := int64(copies) * int64(in.Servers.Count); w > MaxPlacementWork {
		return inputErr("%s: %d stored copies × %d servers = %d steps to place them and compare every pair of servers' holdings, over the cap of %.0e",
			field, copies, in.Servers.Count, w, float64(MaxPlacementWork))
	}
	return nil
}

func (p Params) validate(L int) error {
	if p.Gamma != nil && *p.Gamma < 1 {
		return inputErr("policy.gamma: must be >= 1 (Γ bounds the path length λ ≤ Γ−1), got %d", *p.Gamma)
	}
	if p.LTh != nil && !(*p.LTh >= 0 && *p.LTh <= float64(L)) {
		return inputErr("policy.l_th: must be in [0, L = %d], got %g", L, *p.LTh)
	}
	if p.B != nil && !(*p.B > 0 && finite(*p.B)) {
		return inputErr("policy.b: must be > 0, got %g", *p.B)
	}
	if p.Alpha != nil && !(*p.Alpha >= 0 && *p.Alpha <= 1) {
		return inputErr("policy.alpha: must be in [0, 1], got %g", *p.Alpha)
	}
	if p.Tau != nil && !(*p.Tau > 0 && finite(*p.Tau)) {
		return inputErr("policy.tau: must be > 0, got %g", *p.Tau)
	}
	rp := p.withDefaults(L)
	if !(rp.REMMin >= 0 && rp.REMMin < rp.REMMax && rp.REMMax <= float64(L)) {
		return inputErr("policy.rem_min, policy.rem_max: must satisfy 0 <= rem_min < rem_max <= L = %d, got %g and %g", L, rp.REMMin, rp.REMMax)
	}
	if p.LastMinuteHops < 0 {
		return inputErr("policy.last_minute_hops: must be >= 0 (0 = one step), got %d", p.LastMinuteHops)
	}
	if err := checkProactiveDelta(p.DASDProactiveDelta); err != nil {
		return inputErr("policy.dasd_proactive_delta: %v", err)
	}
	return nil
}

// checkProactiveDelta: δ = 0 is off; δ = 1 would move a stream from l+1 to
// l and straight back, so the mode needs δ >= 2.
func checkProactiveDelta(d int) error {
	if d != 0 && d < 2 {
		return fmt.Errorf("must be 0 (off) or >= 2 (δ = 1 would move streams back and forth), got %d", d)
	}
	return nil
}

// Resolved holds the policy parameters with defaults applied.
type Resolved struct {
	LTh            float64
	Gamma          int
	B              float64
	Alpha          float64
	Tau            float64
	REMMin, REMMax float64
	LastMinuteHops int
	Literal        bool
	SharedStorage  bool
	// DASDProactiveDelta is δ of DASD's proactive mode; 0 is off.
	DASDProactiveDelta int
}

// withDefaults applies spec B.2/B.6/B.7 defaults: L_th = 0.7L, Γ = 3,
// B = 2680, α = 0.5, τ = 1, Min_th = L_th, Max_th = (14/15)L (112 for
// L = 120), one-step last-minute migration.
func (p Params) withDefaults(L int) Resolved {
	r := Resolved{LTh: 0.7 * float64(L), Gamma: 3, B: 2680, Alpha: 0.5, Tau: 1,
		REMMax: float64(L) * 14 / 15, LastMinuteHops: 1, Literal: p.Literal, SharedStorage: p.SharedStorage,
		DASDProactiveDelta: p.DASDProactiveDelta}
	if p.LTh != nil {
		r.LTh = *p.LTh
	}
	if p.Gamma != nil {
		r.Gamma = *p.Gamma
	}
	if p.B != nil {
		r.B = *p.B
	}
	if p.Alpha != nil {
		r.Alpha = *p.Alpha
	}
	if p.Tau != nil {
		r.Tau = *p.Tau
	}
	r.REMMin = r.LTh
	if p.REMMin != nil {
		r.REMMin = *p.REMMin
	}
	if p.REMMax != nil {
		r.REMMax = *p.REMMax
	}
	if p.LastMinuteHops > 0 {
		r.LastMinuteHops = p.LastMinuteHops
	}
	return r
}
