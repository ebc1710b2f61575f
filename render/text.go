package render

import (
	"math"
	"strconv"

	"github.com/streamopt/streamopt/sim"
)

// ci formats a replicated metric as mean ± half-width of its 95% confidence
// interval. With one replication there is no interval (the half-width is
// undefined, not 0), so it prints the mean and "(n=1)"; with none, "-".
// An interval of width 0 from several equal replications stays "± 0".
func ci(st sim.Stat, prec int) string {
	mean := strconv.FormatFloat(st.Mean, 'f', prec, 64)
	switch {
	case st.N == 0 || math.IsNaN(st.Mean):
		return "-"
	case st.N == 1:
		return mean + " (n=1)"
	}
	return mean + " ± " + strconv.FormatFloat(st.HalfWidth, 'f', prec, 64)
}

// Stat is one replicated metric in JSON output: mean, half-width of the
// 95% confidence interval, and the number of replications.
type Stat struct {
	Mean      float64 `json:"mean"`
	HalfWidth float64 `json:"ci95"`
	N         int     `json:"n"`
}

// statOf is the JSON form of a metric's summary.
func statOf(m sim.Metric) Stat { return Stat{m.Mean, m.HalfWidth, m.N} }
