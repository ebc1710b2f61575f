package mip

import (
	"math"
	"strconv"
	"strings"
)

// Progress is one progress line of the search's log (Options.Log), read
// back by ParseProgress, for a program that follows a run from its log (the
// JSON log of cmd/solve). The objective values are the model's (its sense).
type Progress struct {
	Nodes      int     // nodes processed
	Open       int     // open nodes left
	Incumbent  float64 // objective of the best integer point; NaN before the first
	Bound      float64 // best proven bound (±Inf before the root LP)
	Gap        float64 // |Incumbent − Bound| / max(1, |Incumbent|); NaN before the first incumbent, +Inf with an infinite bound
	Iterations int     // simplex iterations so far
	Seconds    float64 // since the search started, to 0.1 s
	// Event is empty for a periodic line, else what the line reports: the
	// heuristic or the node that found a new incumbent ("fractional diving",
	// "node", ...), or "done: STATUS" for the last line.
	Event string
}

// ParseProgress reads a progress line of the log the search writes (one
// every Options.LogEvery nodes, one per new incumbent and one at the end;
// the other lines of the log say what happened at the root or at a node
// and are not progress lines). ok is false for any other line. Gap is
// computed from Incumbent and Bound, as lp.Solution.Gap, not read from the
// line's rounded percentage.
func ParseProgress(line string) (p Progress, ok bool) {
	f := strings.Fields(line)
	if len(f) > 0 && f[0] == "*" {
		f = f[1:]
	}
	// N nodes N open incumbent X bound X gap X N iters Ts [event...]
	if len(f) < 13 || f[1] != "nodes" || f[3] != "open" || f[4] != "incumbent" || f[6] != "bound" ||
		f[8] != "gap" || f[11] != "iters" || !strings.HasSuffix(f[12], "s") {
		return Progress{}, false
	}
	var err [6]error
	p.Nodes, err[0] = strconv.Atoi(f[0])
	p.Open, err[1] = strconv.Atoi(f[2])
	p.Incumbent = math.NaN()
	if f[5] != "-" {
		p.Incumbent, err[2] = strconv.ParseFloat(f[5], 64)
	}
	p.Bound, err[3] = strconv.ParseFloat(f[7], 64)
	p.Iterations, err[4] = strconv.Atoi(f[10])
	p.Seconds, err[5] = strconv.ParseFloat(strings.TrimSuffix(f[12], "s"), 64)
	for _, e := range err {
		if e != nil {
			return Progress{}, false
		}
	}
	p.Gap = math.NaN()
	if !math.IsNaN(p.Incumbent) {
		p.Gap = gap(p.Incumbent, p.Bound) // +Inf for an infinite bound
	}
	p.Event = strings.Join(f[13:], " ")
	return p, true
}
