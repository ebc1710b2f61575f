package rmts

import (
	_ "embed"
	"fmt"
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

var schema = jsoninput.NewSchema("rmts.json", schemaJSON)

// Schema returns the JSON Schema (draft 2020-12) of an instance file.
func Schema() []byte { return schema.Source() }

// Instance is the JSON form of an RMTS scenario (spec MODELS.md B.7).
// Times are in minutes, rates in requests per minute.
type Instance struct {
	Name string `json:"name,omitempty"`
	// Seed of the traces; replication r uses stream r.
	Seed uint64 `json:"seed,omitempty"`
	// Runs is the default number of replications.
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

// Parse reads an instance, checks it against the schema and validates it.
func Parse(data []byte) (*Instance, error) {
	var in Instance
	if err := schema.Decode(data, &in); err != nil {
		return nil, inputErr("%v", err)
	}
	if err := in.Validate(); err != nil {
		return nil, err
	}
	return &in, nil
}

func finite(x float64) bool { return !math.IsNaN(x) && !math.IsInf(x, 0) }

// Limits that keep a typo from allocating gigabytes.
const (
	maxServers  = 2_000
	maxContents = 1_000_000
	maxCells    = 50_000_000 // servers × contents (the run-time count table)
	maxReplicas = 1_000_000
)

// Validate checks every field and names the first bad one with its value.
func (in *Instance) Validate() error {
	if in == nil {
		return inputErr("nil instance")
	}
	s := in.Servers
	if s.Count < 1 || s.Count > maxServers {
		return inputErr("servers.count: must be in [1, %d], got %d", maxServers, s.Count)
	}
	if s.Capacity < 1 {
		return inputErr("servers.capacity: must be >= 1, got %d", s.Capacity)
	}
	if s.Slots < 0 {
		return inputErr("servers.slots: must be >= 0 (0 = unlimited), got %d", s.Slots)
	}
	c := in.Contents
	if c.Count < 1 || c.Count > maxContents {
		return inputErr("contents.count: must be in [1, %d], got %d", maxContents, c.Count)
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
	if s.Count*c.Count > maxCells {
		return inputErr("servers.count × contents.count: must be <= %d, got %d × %d", maxCells, s.Count, c.Count)
	}
	p := in.Placement
	switch p.Rule {
	case "", "popularity", "explicit":
	default:
		return inputErr("placement.rule: must be popularity or explicit, got %q", p.Rule)
	}
	explicit := p.Rule == "explicit" || (p.Rule == "" && p.Holders != nil)
	if explicit {
		if p.Replicas != 0 || p.MaxCopies != 0 {
			return inputErr("placement.replicas: only for the popularity rule, got replicas %d with explicit holders", p.Replicas)
		}
		if len(p.Holders) != c.Count {
			return inputErr("placement.holders: must have one list per content (%d), got %d", c.Count, len(p.Holders))
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
		if p.Replicas > maxReplicas {
			return inputErr("placement.replicas: must be <= %d, got %d", maxReplicas, p.Replicas)
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
	if !(a.Rate > 0) || !finite(a.Rate) {
		return inputErr("arrivals.rate: must be > 0, got %g", a.Rate)
	}
	if !(a.Horizon > 0) || !finite(a.Horizon) {
		return inputErr("arrivals.horizon: must be > 0, got %g", a.Horizon)
	}
	if !(a.Warmup >= 0 && a.Warmup < a.Horizon) {
		return inputErr("arrivals.warmup: must be in [0, horizon = %g), got %g", a.Horizon, a.Warmup)
	}
	if in.Runs < 0 {
		return inputErr("runs: must be >= 0, got %d", in.Runs)
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
