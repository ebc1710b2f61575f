package main

import (
	"github.com/streamopt/streamopt/internal/modelfile"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/lpformat"
	"github.com/streamopt/streamopt/lp/mps"
)

// readModelFile reads an LP/MILP model: CPLEX LP format when the file name
// ends in ".lp" or ".lp.gz" (any case), MPS (fixed or free) otherwise; a
// name ending in ".gz" is gunzipped (modelfile.FormatOf).
func readModelFile(path string) (*lp.Model, error) {
	if f, _ := modelfile.FormatOf(path); f == modelfile.LP {
		return lpformat.ReadFile(path)
	}
	return mps.ReadFile(path)
}
