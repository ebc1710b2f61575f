package study

import (
	"math"
	"slices"

	"github.com/streamopt/streamopt/sim"
)

// Summarize computes the mean and 95% CI (sim.MeanCI) of every recorded
// metric (the `record` tags, as in a record file) over the samples, a
// struct each, in their order: the summary of a point over its
// replications. A metric some samples do not have (a nil *float64) counts
// as missing in them, not as zero; one no sample has is left out.
func Summarize[T any](samples []T) sim.Summary {
	flat := make([]map[string]float64, len(samples))
	var names []string
	for i, s := range samples {
		m := encode(s)
		flat[i] = make(map[string]float64, len(m))
		for k, v := range m {
			flat[i][k] = float64(v)
			if !slices.Contains(names, k) {
				names = append(names, k)
			}
		}
	}
	slices.Sort(names)
	sum := sim.Summary{Runs: len(samples), Metrics: make([]sim.Metric, 0, len(names))}
	xs := make([]float64, len(samples))
	for _, k := range names {
		for i, m := range flat {
			v, ok := m[k]
			if !ok {
				v = math.NaN()
			}
			xs[i] = v
		}
		sum.Metrics = append(sum.Metrics, sim.Metric{Name: k, Stat: sim.MeanCI(xs)})
	}
	return sum
}
