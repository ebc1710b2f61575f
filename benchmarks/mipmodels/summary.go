package main

import (
	"fmt"
	"io"
	"math"
	"time"

	"github.com/streamopt/streamopt/lp"
)

// summarize writes one Markdown table row per model and size: for each
// setting, the solves proven optimal within the limit, and the shifted
// geometric mean (shift 1 s) of the CPU seconds and the geometric mean of
// the nodes over the seeds both settings solve.
func summarize(w io.Writer, rows []row, limit time.Duration) {
	type key struct{ model, size string }
	type pair struct{ before, now []row }
	var order []key
	by := map[key]*pair{}
	for _, r := range rows {
		k := key{r.model, r.size}
		p := by[k]
		if p == nil {
			p = &pair{}
			by[k] = p
			order = append(order, k)
		}
		if r.setting == "before" {
			p.before = append(p.before, r)
		} else {
			p.now = append(p.now, r)
		}
	}
	fmt.Fprintf(w, "\n| model | size | solved before | solved now | CPU s before | CPU s now | nodes before | nodes now |\n|---|---|---|---|---|---|---|---|\n")
	for _, k := range order {
		p := by[k]
		var cb, cn, nb, nn []float64
		for i := range p.before {
			if i < len(p.now) && p.before[i].status == lp.Optimal && p.now[i].status == lp.Optimal {
				cb, cn = append(cb, p.before[i].cpu.Seconds()), append(cn, p.now[i].cpu.Seconds())
				nb, nn = append(nb, float64(p.before[i].nodes)), append(nn, float64(p.now[i].nodes))
			}
		}
		fmt.Fprintf(w, "| %s | %s | %d/%d | %d/%d | %s | %s | %s | %s |\n", k.model, k.size,
			optimal(p.before), len(p.before), optimal(p.now), len(p.now),
			geo(cb, 1, "%.2f"), geo(cn, 1, "%.2f"), geo(nb, 1, "%.0f"), geo(nn, 1, "%.0f"))
	}
	fmt.Fprintf(w, "\nsolved: proven optimal within %v of CPU time; CPU s and nodes: shifted geometric means (shift 1) over the seeds both settings solve\n", limit)
}

func optimal(rs []row) int {
	n := 0
	for _, r := range rs {
		if r.status == lp.Optimal {
			n++
		}
	}
	return n
}

// geo is the shifted geometric mean exp(mean log(x+shift)) − shift, or
// "–" for no values.
func geo(xs []float64, shift float64, format string) string {
	if len(xs) == 0 {
		return "–"
	}
	s := 0.0
	for _, x := range xs {
		s += math.Log(x + shift)
	}
	return fmt.Sprintf(format, math.Exp(s/float64(len(xs)))-shift)
}
