package tpd

import (
	"encoding/csv"
	"io"
	"strconv"
)

// CSVHeader is the header WriteCSV writes.
var CSVHeader = []string{"mode", "count", "rate", "load", "runs", "policy", "discipline", "metric", "mean", "ci95", "n"}

// WriteCSV writes every summary of results in long form: one row per
// (experiment, policy or "bound", metric) with the mean, the half-width of
// the 95% confidence interval and the number of replications.
func WriteCSV(w io.Writer, results []*ExperimentResult) error {
	cw := csv.NewWriter(w)
	if err := cw.Write(CSVHeader); err != nil {
		return err
	}
	g := func(x float64) string { return strconv.FormatFloat(x, 'g', 10, 64) }
	for _, r := range results {
		base := []string{r.ModeName, strconv.Itoa(r.Mode.Count), g(r.Rate), g(r.Load), strconv.Itoa(r.Runs)}
		for _, m := range r.Bounds.Metrics {
			if err := cw.Write(append(append([]string(nil), base...), "bound", "", m.Name, g(m.Mean), g(m.HalfWidth), strconv.Itoa(m.N))); err != nil {
				return err
			}
		}
		for _, p := range r.Policies {
			for _, m := range p.Stats.Metrics {
				if err := cw.Write(append(append([]string(nil), base...), p.Policy.String(), p.Discipline.String(), m.Name, g(m.Mean), g(m.HalfWidth), strconv.Itoa(m.N))); err != nil {
					return err
				}
			}
		}
	}
	cw.Flush()
	return cw.Error()
}
