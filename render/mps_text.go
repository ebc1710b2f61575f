package render

import (
	"fmt"
	"io"
	"math"
	"strings"
	"text/tabwriter"

	"github.com/streamopt/streamopt/models/multistage"
)

// MPSIntervalGap is a policy's mean gap to the optimum over one interval of N in
// JSON output.
type MPSIntervalGap struct {
	Policy       string   `json:"policy"`
	From         float64  `json:"from"`
	To           float64  `json:"to"`
	Mean         *float64 `json:"mean_gap"` // null when the policy is infeasible at every point
	Points       int      `json:"points"`
	Feasible     int      `json:"feasible_points"`
	PseudoBetter int      `json:"pseudo_profit_above_optimum"`
}

// MPSGaps lists, policy by policy and interval by interval, the mean gap
// of each planned policy over the sweep points pts (multistage.GapTable).
func MPSGaps(pols []*multistage.Policy, pts []multistage.Point, intervals [][2]float64) []MPSIntervalGap {
	var gaps []MPSIntervalGap
	for k, row := range multistage.GapTable(pts, len(pols), intervals) {
		for _, g := range row {
			j := MPSIntervalGap{Policy: pols[k].Name, From: g.From, To: g.To, Points: g.Points, Feasible: g.Feasible, PseudoBetter: g.PseudoBetter}
			if !math.IsNaN(g.Mean) {
				m := g.Mean
				j.Mean = &m
			}
			gaps = append(gaps, j)
		}
	}
	return gaps
}

// MPSAnswer is the JSON answer of solve mps.
type MPSAnswer struct {
	Status     string           `json:"status"` // "optimal", or "partial"
	Partial    bool             `json:"partial,omitempty"`
	StoppedBy  string           `json:"stopped_by,omitempty"` // "time_limit" or "interrupt"
	From       float64          `json:"from"`
	To         float64          `json:"to"`
	Step       float64          `json:"step"`
	Points     int              `json:"points"`
	PointsDone int              `json:"points_done"`
	Planned    int              `json:"policies_planned"`
	Gaps       []MPSIntervalGap `json:"gaps"`
}

// MPSTable writes the text answer of solve mps: the mean gap of every
// policy over each interval (gaps as MPSGaps returns them), then each
// policy's stages with the DC loads they plan.
func MPSTable(w io.Writer, in *multistage.Instance, pols []*multistage.Policy, gaps []MPSIntervalGap, intervals [][2]float64) error {
	var b strings.Builder
	name := in.Name
	if name == "" {
		name = "mps"
	}
	fmt.Fprintf(&b, "%s: normal range [%g, %g], worst case %g\n\n", name, in.NormalLow, in.NormalHigh, in.Worst)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "mean gap to optimum\t")
	for _, iv := range intervals {
		fmt.Fprintf(tw, "[%g, %g]\t", iv[0], iv[1])
	}
	fmt.Fprintln(tw)
	k := 0
	for _, p := range pols {
		fmt.Fprintf(tw, "%s\t", p.Name)
		for range intervals {
			g := gaps[k]
			k++
			switch {
			case g.Points == 0:
				fmt.Fprint(tw, "-\t") // no sweep point in the interval (a partial sweep)
			case g.Feasible == g.Points && g.Mean != nil:
				fmt.Fprintf(tw, "%.3f\t", *g.Mean)
			case g.Mean == nil && g.PseudoBetter == g.Points:
				fmt.Fprint(tw, "infeasible (pseudo-profit > opt)\t")
			case g.Mean == nil:
				fmt.Fprint(tw, "infeasible\t")
			default:
				fmt.Fprintf(tw, "infeasible at %d/%d N\t", g.Points-g.Feasible, g.Points)
			}
		}
		fmt.Fprintln(tw)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	b.WriteString("\nstages (users planned → DC loads x_i):\n")
	for _, p := range pols {
		for q, st := range p.Stages {
			fmt.Fprintf(&b, "  %s stage %d, users [%g, %g): RRS(%g) →", p.Name, q+1, st.From, st.To, st.Users)
			for i := range st.F {
				x := 0.0
				for j, r := range in.Network.Regions {
					x += st.Users * r.Share * st.F[i][j]
				}
				fmt.Fprintf(&b, " %.2f", x)
			}
			b.WriteByte('\n')
		}
	}
	_, err := io.WriteString(w, b.String())
	return err
}
