package main

import (
	"fmt"
	"math"
	"strconv"
	"strings"
)

// maxSweepValues caps the values of a --sweep.
const maxSweepValues = 1000

// parseValues reads the values of a --sweep: a list v1,v2,… or a range
// start:end[:step] (step 1 by default, end included); each value must be
// a finite number.
func parseValues(spec string) ([]float64, error) {
	num := func(f string) (float64, error) {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || math.IsNaN(v) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("each value must be a finite number, got %q", f)
		}
		return v, nil
	}
	if !strings.Contains(spec, ":") {
		var out []float64
		for _, f := range strings.Split(spec, ",") {
			v, err := num(f)
			if err != nil {
				return nil, err
			}
			out = append(out, v)
		}
		return out, nil
	}
	parts := strings.Split(spec, ":")
	if len(parts) > 3 {
		return nil, fmt.Errorf("range must be start:end[:step], got %q", spec)
	}
	var vs []float64
	for _, p := range parts {
		v, err := num(p)
		if err != nil {
			return nil, err
		}
		vs = append(vs, v)
	}
	step := 1.0
	if len(vs) == 3 {
		step = vs[2]
	}
	switch {
	case len(vs) < 2:
		return nil, fmt.Errorf("range must be start:end[:step], got %q", spec)
	case !(step > 0):
		return nil, fmt.Errorf("range step must be > 0, got %g", step)
	case vs[1] < vs[0]:
		return nil, fmt.Errorf("range end %g is below its start %g", vs[1], vs[0])
	}
	n := math.Floor((vs[1]-vs[0])/step+1e-9) + 1
	if n > maxSweepValues {
		return nil, fmt.Errorf("range has %g points, at most %d", n, maxSweepValues)
	}
	out := make([]float64, int(n))
	for i := range out {
		out[i] = vs[0] + float64(i)*step
	}
	return out, nil
}
