package study

import "github.com/streamopt/streamopt/sim"

// Summarize computes the mean and 95% CI (sim.MeanCI) of every recorded
// metric (the `record` tags, as in a record file) over the samples, a
// struct each, in their order: the summary of a point over its
// replications. A metric some samples do not have (a nil *float64) counts
// as missing in them, not as zero; one no sample has is left out.
func Summarize[T any](samples []T) sim.Summary {
	flat := make([]map[string]float64, len(samples))
	for i, s := range samples {
		m := encode(s)
		flat[i] = make(map[string]float64, len(m))
		for k, v := range m {
			flat[i][k] = float64(v)
		}
	}
	return sim.Summarize(flat)
}
