package render

import (
	"math"
	"strconv"
	"strings"

	"github.com/streamopt/streamopt/sim"
)

// ci formats a replicated metric as mean ± half-width of its confidence
// interval. With one replication there is no interval (the half-width is
// undefined, not 0), so it prints the mean and "(n=1)"; with none, "-".
// An interval of width 0 from several equal replications stays "± 0".
func ci(st sim.Stat, prec int) string {
	mean := fixed(st.Mean, prec)
	switch {
	case st.N == 0 || math.IsNaN(st.Mean):
		return "-"
	case st.N == 1:
		return mean + " (n=1)"
	}
	return mean + " ± " + fixed(st.HalfWidth, prec)
}

// fixed formats x with prec decimals, without the sign of a value that
// rounds to zero: -0.001 and -0 print "0.00", not "-0.00". A quantity that
// cannot be negative is clamped before (internal/nonneg); this only keeps
// a rounding of a value that may be negative (a gap to a heuristic) from
// printing a negative zero.
func fixed(x float64, prec int) string {
	s := strconv.FormatFloat(x, 'f', prec, 64)
	if t, ok := strings.CutPrefix(s, "-"); ok && strings.Trim(t, "0.") == "" {
		return t
	}
	return s
}

// ciNote is what a table's heading says of its cells, given the number of
// replications they come from and the confidence level: mean ± CI
// half-width for several; for one, that there is no interval (ci then
// marks each cell "(n=1)").
func ciNote(runs int, level float64) string {
	if runs == 1 {
		return "(one run: means only, no confidence interval)"
	}
	return "(mean ± " + levelPct(level) + "% CI)"
}

// levelPct is a confidence level in percent: 0.95 is "95"; 0 stands for
// sim.DefaultConfidence.
func levelPct(level float64) string {
	if level == 0 {
		level = sim.DefaultConfidence
	}
	return strconv.FormatFloat(level*100, 'g', 6, 64)
}

// outLevel is the level an answer states: 0 (left out) for the default
// 95%, which the "ci95" keys and columns name already.
func outLevel(level float64) float64 {
	if level == sim.DefaultConfidence {
		return 0
	}
	return level
}

// Stat is one replicated metric in JSON output: mean, half-width of the
// confidence interval (95%, or the answer's "confidence" level when it
// states one), and the number of replications.
type Stat struct {
	Mean      float64 `json:"mean"`
	HalfWidth float64 `json:"ci95"`
	N         int     `json:"n"`
}

// statOf is the JSON form of a metric's summary.
func statOf(m sim.Metric) Stat { return Stat{m.Mean, m.HalfWidth, m.N} }
