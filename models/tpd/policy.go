package tpd

import (
	"fmt"
	"math"
	"math/rand/v2"
	"strings"
)

// Policy is an online dispatcher.
type Policy int

// Dispatchers (spec C.5).
const (
	// TPD samples d IPNs from F (11) with d from (12)–(14), and picks the
	// smallest expected completion (15).
	TPD Policy = iota
	// PoD samples 2 IPNs uniformly and picks the fewer sub-tasks in system.
	PoD
	// CRO samples 2 IPNs uniformly and picks the shorter routing latency.
	CRO
	// RND picks one IPN uniformly.
	RND
)

// Policies lists every dispatcher in the paper's order.
var Policies = []Policy{TPD, PoD, CRO, RND}

var policyNames = [...]string{"TPD", "PoD", "CRO", "RND"}

func (p Policy) String() string {
	if p >= 0 && int(p) < len(policyNames) {
		return policyNames[p]
	}
	return fmt.Sprintf("Policy(%d)", int(p))
}

// ParsePolicy reads "tpd", "pod", "cro" or "rnd" (any case).
func ParsePolicy(s string) (Policy, error) {
	for i, n := range policyNames {
		if strings.EqualFold(s, n) {
			return Policy(i), nil
		}
	}
	return 0, inputErr("policy: must be one of tpd, pod, cro, rnd, got %q", s)
}

// DefaultDiscipline is the queue rule the paper pairs with p: (16) for TPD,
// EDD for the baselines.
func (p Policy) DefaultDiscipline() Discipline {
	if p == TPD {
		return MDD
	}
	return EDD
}

// SamplingFunction returns f(α, β) of (14); the edge cases of spec C.5:
// β − α < 1e-9 gives 1 and α = 0 gives +Inf.
func SamplingFunction(alpha, beta float64) float64 {
	if beta-alpha < 1e-9 {
		return 1
	}
	if alpha <= 0 {
		return math.Inf(1)
	}
	return math.Log((beta-alpha)/(1-alpha)) / math.Log((beta-alpha)/(beta*(1-alpha)))
}

// SampleCount is d = min(n, max(2, ⌈(1+ε) f(α, β)⌉)) (spec C.5), with
// α = n·min F and β = n·max F for a sampling distribution F over n IPNs.
func SampleCount(F []float64, eps float64) int {
	n := len(F)
	if n <= 2 {
		return n
	}
	lo, hi := math.Inf(1), 0.0
	for _, f := range F {
		lo, hi = math.Min(lo, f), math.Max(hi, f)
	}
	f := SamplingFunction(float64(n)*lo, float64(n)*hi)
	if math.IsInf(f, 1) {
		return n
	}
	d := int(math.Ceil((1 + eps) * f))
	return min(n, max(2, d))
}

// ApparentSpeed is (10): v' = v / (1 + v·l / w̄), the speed of an IPN of
// per-slot speed v seen through routing latency l for a mean workload w̄.
func ApparentSpeed(v, l, wbar float64) float64 { return v / (1 + v*l/wbar) }

// tpdTable holds, per camera, the eligible IPNs, F of (11) and d.
type tpdTable struct {
	elig []int
	F    []float64
	d    int
}

func (s *Scenario) tpdTables(q int) []tpdTable {
	elig := s.eligible(q)
	tabs := make([]tpdTable, s.Cameras())
	for i := range tabs {
		F := make([]float64, len(elig))
		sum := 0.0
		for j, k := range elig {
			v := ApparentSpeed(s.Speed[k], s.In[i][k]+s.Out[i][k], s.MeanFrames)
			if s.CapacityWeighted {
				v *= float64(s.Slots[k])
			}
			F[j] = v
			sum += v
		}
		for j := range F {
			F[j] /= sum
		}
		tabs[i] = tpdTable{elig: elig, F: F, d: SampleCount(F, s.Epsilon)}
	}
	return tabs
}

// sampleWeighted draws d distinct positions of F by successive weighted
// draws without replacement, into out.
func sampleWeighted(rng *rand.Rand, F []float64, d int, taken []bool, out []int) []int {
	out = out[:0]
	for j := range taken {
		taken[j] = false
	}
	rest := 1.0
	for len(out) < d {
		u := rng.Float64() * rest
		pick := -1
		for j, f := range F {
			if taken[j] {
				continue
			}
			pick = j
			if u < f {
				break
			}
			u -= f
		}
		taken[pick] = true
		rest -= F[pick]
		if rest < 0 {
			rest = 0
		}
		out = append(out, pick)
		if rest == 0 && len(out) < d { // rounding: fill with the untaken in order
			for j := range F {
				if !taken[j] && len(out) < d {
					taken[j] = true
					out = append(out, j)
				}
			}
		}
	}
	return out
}

// sampleUniform draws d distinct positions of 0..n-1 (partial Fisher–Yates).
func sampleUniform(rng *rand.Rand, n, d int, perm []int) []int {
	perm = perm[:n]
	for j := range perm {
		perm[j] = j
	}
	for j := 0; j < d; j++ {
		r := j + rng.IntN(n-j)
		perm[j], perm[r] = perm[r], perm[j]
	}
	return perm[:d]
}
