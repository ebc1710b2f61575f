//go:build !cbc

package main

import (
	"bytes"
	"strings"
	"testing"
)

// TestMILPNeedsCBC: without the cbc build tag the MILP mode says how to get it.
func TestMILPNeedsCBC(t *testing.T) {
	var so, se bytes.Buffer
	err := run([]string{"-milp", "-dir", "."}, &so, &se)
	if err == nil || !strings.Contains(err.Error(), "-milp: the cbc backend is not compiled in (build with -tags cbc)") {
		t.Errorf("error %v", err)
	}
}
