package multistage

import "context"

// Intervals returns the ranges of N a study reports its mean gaps over, in
// order: [N_L, N̄], [N_L, N_H] (the normal range) and [N_H, N̄].
func (in *Instance) Intervals() [][2]float64 {
	return [][2]float64{{in.NormalLow, in.Worst}, {in.NormalLow, in.NormalHigh}, {in.NormalHigh, in.Worst}}
}

// PlanPolicies plans every policy of the instance with Plan, in order, on
// its network. On an error it returns the policies planned before it
// together with the error as Plan gave it, so that after a done ctx the
// policy it stopped in is in.Policies[len(planned)].
func (in *Instance) PlanPolicies(ctx context.Context, opt Options) ([]*Policy, error) {
	var pols []*Policy
	for _, ps := range in.Policies {
		p, err := Plan(ctx, &in.Network, ps.Name, ps.Stages, opt)
		if err != nil {
			return pols, err
		}
		pols = append(pols, p)
	}
	return pols, nil
}

// GapTable returns the mean gap (Gaps) of each of the first n policies of
// a sweep over each interval: row k is policy k, column r intervals[r].
func GapTable(pts []Point, n int, intervals [][2]float64) [][]Gap {
	rows := make([][]Gap, n)
	for k := range rows {
		rows[k] = make([]Gap, len(intervals))
		for r, iv := range intervals {
			rows[k][r] = Gaps(pts, k, iv[0], iv[1])
		}
	}
	return rows
}

// Names lists the policies' names in order, as the figures and the CSV
// label them.
func Names(pols []*Policy) []string {
	names := make([]string, len(pols))
	for i, p := range pols {
		names[i] = p.Name
	}
	return names
}
