package render

import (
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/streamopt/streamopt/models/rrs"
)

// RRSTable writes the text answer of solve rrs: the instance, the status
// (with the message and the bound when it is not optimal), the curvature,
// method and profit with the KKT identity and residuals, then the policy
// f_ij and the per-DC and per-region tables.
func RRSTable(w io.Writer, in *rrs.Instance, r *rrs.Result) error {
	var b strings.Builder
	name := in.Name
	if name == "" {
		name = "rrs"
	}
	fmt.Fprintf(&b, "%s: N = %g users, %d data centres, %d regions, total capacity %.6g\n",
		name, in.Users, len(in.DataCenters), len(in.Regions), r.TotalCapacity)
	fmt.Fprintf(&b, "status: %s\n", r.Status)
	if r.Status != rrs.StatusOptimal {
		fmt.Fprintf(&b, "%s\n", r.Message)
		if r.BestBound != nil {
			fmt.Fprintf(&b, "upper bound on the profit: %.6f (%s)\n", *r.BestBound, boundSource(r))
		}
		if !r.Partial || r.Policy == nil {
			_, err := io.WriteString(w, b.String())
			return err
		}
		b.WriteString("best policy found so far (a KKT point, not proven optimal):\n")
	}
	concave := "concave (uniform revenue slope)"
	if !r.Concave {
		concave = "NOT concave"
	}
	fmt.Fprintf(&b, "objective: %s, largest eigenvalue of A %.4g\n", concave, r.MaxEigen)
	fmt.Fprintf(&b, "method: %s   backend: %s   iterations: %d\n", r.Method, r.Backend, r.Stats.Iterations)
	if r.Search != "" {
		fmt.Fprintf(&b, "  (search over %s; models/rrs doc.go)\n", map[string]string{rrs.SearchShares: "the data centres' shares with the Lagrangian bound", rrs.SearchSecant: "ranges of T_i with the secant LP relaxation"}[r.Search])
	}
	if r.MethodReason != "" {
		fmt.Fprintf(&b, "  (%s)\n", r.MethodReason)
	}
	if st := r.Stats; st.Gap != nil && st.BestBound != nil && r.BestBound == nil {
		fmt.Fprintf(&b, "proven relative gap: %.2g (upper bound on the profit %.6f)\n", *st.Gap, *st.BestBound)
	}
	if v := r.Verification; v != nil {
		fmt.Fprintf(&b, "verification: %d of %d LP/MILP answers accepted by solve.Verify (largest relative primal violation %.1e)\n", v.Verified, v.Solves, v.MaxPrimalRel)
	}
	fmt.Fprintf(&b, "profit: %.6f\n", r.Profit)
	fmt.Fprintf(&b, "identity ½(ĉᵀf + mᵀμ + 1ᵀγ): %.6f (difference %.2g)\n", r.Identity, r.Identity-r.Profit)
	fmt.Fprintf(&b, "KKT residuals: primal %.1e, dual %.1e, stationarity %.1e, complementarity %.1e\n\n",
		r.KKT.Primal, r.KKT.Dual, r.KKT.Stationarity, r.KKT.Complementarity)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', tabwriter.AlignRight)
	fmt.Fprint(tw, "policy f_ij\t")
	for _, reg := range r.Regions {
		fmt.Fprintf(tw, "%s\t", reg.Name)
	}
	fmt.Fprintln(tw)
	for i, row := range r.Policy {
		fmt.Fprintf(tw, "%s\t", r.Loads[i].Name)
		for _, v := range row {
			fmt.Fprintf(tw, "%.4f\t", v)
		}
		fmt.Fprintln(tw)
	}
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "data centre\tusers x_i\tcapacity C_i\tCPU θ_i\tresponse g_i (ms)\tμ_i\t")
	for _, l := range r.Loads {
		fmt.Fprintf(tw, "%s\t%.3f\t%.3f\t%.4f\t%.3f\t%.4f\t\n", l.Name, l.Users, l.Capacity, l.CPU, l.ResponseMS, l.Mu)
	}
	fmt.Fprintln(tw)
	fmt.Fprintln(tw, "region\tmean delay (ms)\tγ_j\t")
	for _, reg := range r.Regions {
		fmt.Fprintf(tw, "%s\t%.3f\t%.4f\t\n", reg.Name, reg.DelayMS, reg.Gamma)
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// boundSource says what proves the upper bound of a stopped solve: the
// KKT-MILP's bound holds over the KKT points with multipliers ≤ M, the
// global search's over every policy, with the gap it proves.
func boundSource(r *rrs.Result) string {
	switch r.Method {
	case rrs.MethodKKTMILP:
		if r.Stats != nil && r.Stats.KKTMILPStats != nil {
			return fmt.Sprintf("KKT-MILP, multipliers ≤ M = %g", r.Stats.BigM)
		}
	case rrs.MethodGlobal:
		if r.Stats != nil && r.Stats.Gap != nil {
			return fmt.Sprintf("global branch and bound, proven relative gap %.2g", *r.Stats.Gap)
		}
	}
	return "method " + r.Method
}
