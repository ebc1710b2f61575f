package solve

// Audit sums up the verification reports of the solves one result relied
// on — the LP windows of a bound, the offline LP of every trace — without
// keeping each report: how many there were, how many passed, the largest
// relative measures among them (the same measures and scaling as Report),
// and the first failures. A bound whose Audit has Verified == Solves rests
// only on answers Verify accepted.
type Audit struct {
	Solves   int `json:"solves"`
	Verified int `json:"verified"` // reports with OK
	// MaxPrimalRel is the largest MaxRowViolationRel or
	// MaxBoundViolationRel; MaxIntegrality the largest
	// MaxIntegralityViolation.
	MaxPrimalRel   float64 `json:"max_primal_violation_rel"`
	MaxIntegrality float64 `json:"max_integrality_violation"`
	// MaxDualRel is the largest DualResidualRel, MaxDualityGap the largest
	// DualityGap, over the reports whose duals were checked.
	MaxDualRel    float64 `json:"max_dual_residual_rel"`
	MaxDualityGap float64 `json:"max_duality_gap"`
	// Problems holds the first auditProblems problems of failed reports.
	Problems []string `json:"problems,omitempty"`
}

// auditProblems caps Audit.Problems: enough to see what failed.
const auditProblems = 5

// Add counts one solve's report; a nil report (a solve that returned no
// answer to verify) counts as a solve that was not verified.
func (a *Audit) Add(r *Report) {
	a.Solves++
	if r == nil {
		return
	}
	if r.OK {
		a.Verified++
	}
	a.MaxPrimalRel = max(a.MaxPrimalRel, r.MaxRowViolationRel, r.MaxBoundViolationRel)
	a.MaxIntegrality = max(a.MaxIntegrality, r.MaxIntegralityViolation)
	if r.DualChecked {
		a.MaxDualRel = max(a.MaxDualRel, r.DualResidualRel)
		a.MaxDualityGap = max(a.MaxDualityGap, r.DualityGap)
	}
	a.addProblems(r.Problems)
}

func (a *Audit) addProblems(ps []string) {
	for _, p := range ps {
		if len(a.Problems) == auditProblems {
			return
		}
		a.Problems = append(a.Problems, p)
	}
}

// OK reports whether every solve counted was verified.
func (a Audit) OK() bool { return a.Verified == a.Solves }
