package tpd

import (
	"fmt"
	"math"
	"math/rand/v2"
	"time"

	"github.com/streamopt/streamopt/sim"
)

// Defaults of spec MODELS.md C.5–C.6 for fields an instance leaves out.
const (
	DefaultEpsilon        = 0.5   // ε of (12)–(13)
	DefaultInfoInterval   = 0.1   // Δ_info, seconds
	DefaultSlot           = 0.005 // Δ of the time-indexed model, seconds
	DefaultWindowMaxTasks = 40    // largest LP window
	DefaultRuns           = 100
)

// Scenario is a validated instance with every derived quantity resolved:
// the per-camera latency matrices, defaults and the system capacity.
type Scenario struct {
	Name  string
	Slots []int     // Q_k
	Speed []float64 // v_k, frames/s per slot
	Names []string  // IPN names
	// In[i][k] = ω_ik and Out[i][k] = ω_{k,dst} for a sub-task from camera i
	// (Out depends on i only when the latency is split by leg length).
	In, Out [][]float64
	// Workload.
	FrameMin, FrameMax int
	MeanFrames         float64 // w̄
	Demand             int     // q_m
	KappaMin, KappaMax float64
	DeadlineSpeed      float64
	MeanLatency        float64 // l̄, the mean of l_ik over cameras and IPNs
	Modes              map[string]Mode
	// Policy parameters.
	Epsilon          float64
	InfoInterval     float64
	PaperWait        bool
	CapacityWeighted bool
	CountOwn         bool // add own dispatches since the snapshot
	// Bounds.
	Slot           float64
	WindowMaxTasks int
	Backend        string
	BoundTimeLimit time.Duration // budget of the bounds of one replication; 0: none
	Runs           int
}

// K is the number of IPNs.
func (s *Scenario) K() int { return len(s.Slots) }

// Cameras is the number of sources.
func (s *Scenario) Cameras() int { return len(s.In) }

// Capacity is the aggregate processing rate Σ_k Q_k v_k in frames/s.
func (s *Scenario) Capacity() float64 {
	c := 0.0
	for k := range s.Slots {
		c += float64(s.Slots[k]) * s.Speed[k]
	}
	return c
}

// TaskCapacity is Capacity/w̄, the sub-tasks per second the system can serve.
func (s *Scenario) TaskCapacity() float64 { return s.Capacity() / s.MeanFrames }

// Rate is the base arrival rate (1/s) of a mode: its Rate, or Load·TaskCapacity.
func (s *Scenario) Rate(m Mode) float64 {
	if m.Load > 0 {
		return m.Load * s.TaskCapacity()
	}
	return m.Rate
}

// Build validates the instance and resolves it into a Scenario.
func Build(in *Instance) (*Scenario, error) {
	if err := in.Validate(); err != nil {
		return nil, err
	}
	K := len(in.IPNs)
	s := &Scenario{
		Name:     in.Name,
		Slots:    make([]int, K),
		Speed:    make([]float64, K),
		Names:    make([]string, K),
		FrameMin: int(math.Ceil(in.Workload.Frames.Min)),
		FrameMax: int(math.Floor(in.Workload.Frames.Max)),
		Demand:   max(1, in.Workload.Demand),
		Modes:    in.Workload.Modes,
		Runs:     in.Runs,
	}
	for k, n := range in.IPNs {
		s.Slots[k], s.Speed[k] = n.Slots, n.Speed
		s.Names[k] = n.Name
		if s.Names[k] == "" {
			s.Names[k] = fmt.Sprintf("ipn%d", k+1)
		}
	}
	s.MeanFrames = in.Workload.MeanFrames
	if s.MeanFrames == 0 {
		s.MeanFrames = float64(s.FrameMin+s.FrameMax) / 2
	}
	d := in.Workload.Deadline
	s.KappaMin, s.KappaMax, s.DeadlineSpeed = d.KappaMin, d.KappaMax, d.Speed
	if s.KappaMin == 0 && s.KappaMax == 0 {
		s.KappaMin, s.KappaMax = 1, 2
	}
	if s.DeadlineSpeed == 0 {
		s.DeadlineSpeed = slowest(s.Speed)
	}
	s.Epsilon = DefaultEpsilon
	if in.Policy.Epsilon != nil {
		s.Epsilon = *in.Policy.Epsilon
	}
	s.InfoInterval = DefaultInfoInterval
	if in.Policy.InfoInterval != nil {
		s.InfoInterval = *in.Policy.InfoInterval
	}
	s.PaperWait, s.CapacityWeighted, s.CountOwn = in.Policy.PaperWait, in.Policy.CapacityWeighted, in.Policy.CountOwn
	s.Slot = in.Bounds.Slot
	if s.Slot == 0 {
		s.Slot = DefaultSlot
	}
	s.WindowMaxTasks = in.Bounds.WindowMaxTasks
	if s.WindowMaxTasks == 0 {
		s.WindowMaxTasks = DefaultWindowMaxTasks
	}
	s.BoundTimeLimit = time.Duration(in.Bounds.TimeLimit * float64(time.Second))
	s.Backend = in.Bounds.Backend
	if s.Backend == "" {
		s.Backend = "auto"
	}
	if s.Runs == 0 {
		s.Runs = DefaultRuns
	}
	if len(in.Latency.In) > 0 {
		s.In = make([][]float64, len(in.Latency.In))
		s.Out = make([][]float64, len(in.Latency.In))
		for i, row := range in.Latency.In {
			s.In[i] = append([]float64(nil), row...)
			s.Out[i] = append([]float64(nil), in.Latency.Out...)
		}
	} else {
		s.In, s.Out = geometricLatency(in)
	}
	tot := 0.0
	for i := range s.In {
		for k := range s.In[i] {
			tot += s.In[i][k] + s.Out[i][k]
		}
	}
	s.MeanLatency = tot / float64(len(s.In)*K)
	return s, nil
}

func slowest(v []float64) float64 {
	m := math.Inf(1)
	for _, x := range v {
		m = math.Min(m, x)
	}
	return m
}

// geometricLatency implements spec C.6: IPN positions (given, or uniform in
// the layout square), cameras (given, or uniform in a disc around each IPN),
// path length L_ik = |cam_i − site_k| + |site_k − dst| mapped linearly onto
// [min, max] and split into ω_in and ω_out in proportion to the legs.
func geometricLatency(in *Instance) (lin, lout [][]float64) {
	K := len(in.IPNs)
	var seed uint64
	if in.Layout != nil {
		seed = in.Layout.Seed
	}
	rng := rand.New(rand.NewPCG(seed, 0xca4e5a))
	site := make([][2]float64, K)
	for k, n := range in.IPNs {
		if n.Position != nil {
			site[k] = *n.Position
		} else {
			site[k] = [2]float64{rng.Float64() * in.Layout.Side, rng.Float64() * in.Layout.Side}
		}
	}
	var dst [2]float64
	if in.Destination != nil {
		dst = *in.Destination
	} else {
		dst = site[in.Layout.DestinationIPN]
	}
	var cams [][2]float64
	cams = append(cams, in.Cameras.Positions...)
	for k := 0; k < K && in.Cameras.PerIPN > 0; k++ {
		for j := 0; j < in.Cameras.PerIPN; j++ {
			// Uniform in the disc: radius R·sqrt(U), angle 2πU'.
			r := in.Cameras.Radius * math.Sqrt(rng.Float64())
			a := 2 * math.Pi * rng.Float64()
			cams = append(cams, [2]float64{site[k][0] + r*math.Cos(a), site[k][1] + r*math.Sin(a)})
		}
	}
	dist := func(a, b [2]float64) float64 { return math.Hypot(a[0]-b[0], a[1]-b[1]) }
	lo, hi := math.Inf(1), math.Inf(-1)
	for _, c := range cams {
		for k := range site {
			L := dist(c, site[k]) + dist(site[k], dst)
			lo, hi = math.Min(lo, L), math.Max(hi, L)
		}
	}
	lin = make([][]float64, len(cams))
	lout = make([][]float64, len(cams))
	for i, c := range cams {
		lin[i] = make([]float64, K)
		lout[i] = make([]float64, K)
		for k := range site {
			a, b := dist(c, site[k]), dist(site[k], dst)
			l := in.Latency.Min
			if hi > lo {
				l += (in.Latency.Max - in.Latency.Min) * (a + b - lo) / (hi - lo)
			}
			if a+b > 0 {
				lin[i][k], lout[i][k] = l*a/(a+b), l*b/(a+b)
			} else {
				lin[i][k], lout[i][k] = l/2, l/2
			}
		}
	}
	return lin, lout
}

// Task is one sub-task m.
type Task struct {
	ID       int
	Release  float64 // r_m, seconds
	Source   int     // camera s_m
	Frames   float64 // w_m
	Demand   int     // q_m
	Deadline float64 // D_m
}

// Trace draws the sub-tasks of a mode from rng: Poisson arrivals (with the
// mode's bursts), uniform cameras, frames U{min..max} and deadlines
// D_m = r_m + κ_m (l̄ + w_m/speed), κ_m ~ U[κmin, κmax].
func (s *Scenario) Trace(m Mode, rng *rand.Rand) ([]Task, error) {
	if err := m.validate("mode"); err != nil {
		return nil, err
	}
	base := s.Rate(m)
	var arr sim.Arrivals
	if len(m.Bursts) > 0 {
		ws := make([]sim.Window, len(m.Bursts))
		for i, b := range m.Bursts {
			ws[i] = sim.Window{Start: b.Start, End: b.End, Rate: base * b.Rate}
		}
		b, err := sim.NewBurst(base, ws)
		if err != nil {
			return nil, inputErr("%v", err)
		}
		arr = b
	} else {
		p, err := sim.NewPoisson(base)
		if err != nil {
			return nil, inputErr("%v", err)
		}
		arr = p
	}
	tasks := make([]Task, m.Count)
	t := 0.0
	for i := range tasks {
		t = arr.Next(rng, t)
		if math.IsInf(t, 1) {
			return nil, inputErr("mode: the arrival process stops after %d of %d sub-tasks", i, m.Count)
		}
		w := float64(s.FrameMin + rng.IntN(s.FrameMax-s.FrameMin+1))
		kappa := s.KappaMin + (s.KappaMax-s.KappaMin)*rng.Float64()
		tasks[i] = Task{
			ID: i, Release: t, Source: rng.IntN(s.Cameras()), Frames: w, Demand: s.Demand,
			Deadline: t + kappa*(s.MeanLatency+w/s.DeadlineSpeed),
		}
	}
	return tasks, nil
}

// ValidateTasks checks a trace against the scenario.
func (s *Scenario) ValidateTasks(tasks []Task) error {
	for i, t := range tasks {
		switch {
		case t.ID != i:
			return inputErr("tasks[%d].id: must equal its index, got %d", i, t.ID)
		case !(t.Release >= 0) || !finite(t.Release):
			return inputErr("tasks[%d].release: must be >= 0, got %g", i, t.Release)
		case t.Source < 0 || t.Source >= s.Cameras():
			return inputErr("tasks[%d].source: must be a camera in [0, %d], got %d", i, s.Cameras()-1, t.Source)
		case !(t.Frames > 0) || !finite(t.Frames):
			return inputErr("tasks[%d].frames: must be > 0, got %g", i, t.Frames)
		case t.Demand < 1:
			return inputErr("tasks[%d].demand: must be >= 1, got %d", i, t.Demand)
		case !s.fits(t.Demand):
			return inputErr("tasks[%d].demand: no IPN has %d slots", i, t.Demand)
		case math.IsNaN(t.Deadline):
			return inputErr("tasks[%d].deadline: is NaN", i)
		}
		if i > 0 && t.Release < tasks[i-1].Release {
			return inputErr("tasks[%d].release: must not be before tasks[%d].release (%g), got %g", i, i-1, tasks[i-1].Release, t.Release)
		}
	}
	return nil
}

func (s *Scenario) fits(q int) bool {
	for _, Q := range s.Slots {
		if Q >= q {
			return true
		}
	}
	return false
}

// eligible returns K_m = {k : Q_k ≥ q}.
func (s *Scenario) eligible(q int) []int {
	var ks []int
	for k, Q := range s.Slots {
		if Q >= q {
			ks = append(ks, k)
		}
	}
	return ks
}
