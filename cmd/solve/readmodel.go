package main

import (
	"path/filepath"
	"strings"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/lpformat"
	"github.com/streamopt/streamopt/lp/mps"
)

// readModelFile reads an LP/MILP model: CPLEX LP format when the file name
// ends in ".lp" (any case), MPS (fixed or free, ".gz" gunzipped) otherwise.
func readModelFile(path string) (*lp.Model, error) {
	if strings.EqualFold(filepath.Ext(path), ".lp") {
		return lpformat.ReadFile(path)
	}
	return mps.ReadFile(path)
}
