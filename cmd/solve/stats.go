package main

import "strconv"

// ci formats a replicated metric as mean ± half-width of its 95% confidence interval.
func ci(mean, hw float64, prec int) string {
	return strconv.FormatFloat(mean, 'f', prec, 64) + " ± " + strconv.FormatFloat(hw, 'f', prec, 64)
}

// jsonStat is one replicated metric in JSON output: mean, half-width of the
// 95% confidence interval, and the number of replications.
type jsonStat struct {
	Mean      float64 `json:"mean"`
	HalfWidth float64 `json:"ci95"`
	N         int     `json:"n"`
}
