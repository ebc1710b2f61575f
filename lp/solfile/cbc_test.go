package solfile_test

import (
	"bytes"
	"context"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/extsolve"
	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp/mip"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/lp/solfile"
)

// TestCBCStart reads the solution files cbc writes (`cbc FILE -solve -solu
// OUT`) for shared MIPLIB instances and gives them to lp/mip as MIP starts:
// the value cbc states is the objective of the point read, the start is the
// first incumbent, at node 0, and the search ends at the optimum of
// optimal.csv without a warning.
func TestCBCStart(t *testing.T) {
	cbc, err := extsolve.Find(extsolve.CBC)
	if err != nil {
		if os.Getenv("STREAMOPT_REQUIRE_TOOLS") == "1" {
			t.Fatal("cbc not on PATH, and STREAMOPT_REQUIRE_TOOLS=1")
		}
		t.Skip("cbc not on PATH: no cbc solution files to read (install coinor-cbc)")
	}
	dir := t.TempDir()
	for _, in := range instances.MiplibOrSkip(t) {
		if !map[string]bool{"small_mip": true, "flugpl": true, "lseu": true, "egout": true, "gt2": true, "p0548": true}[in.Name] {
			continue
		}
		out := filepath.Join(dir, in.Name+".txt")
		if b, err := exec.Command(cbc, in.Path, "-solve", "-solu", out).CombinedOutput(); err != nil {
			t.Fatalf("%s: cbc: %v\n%s", in.Name, err, b)
		}
		fh, err := os.Open(out)
		if err != nil {
			t.Fatal(err)
		}
		f, err := solfile.Read(fh, out)
		fh.Close()
		if err != nil {
			t.Fatalf("%s: %v", in.Name, err)
		}
		m, err := mps.ReadFile(in.Path)
		if err != nil {
			t.Fatal(err)
		}
		x, err := f.Point(m)
		if err != nil {
			t.Fatalf("%s: %v", in.Name, err)
		}
		if f.Format != solfile.CBC || !f.HasObjective || math.Abs(m.Objective(x)-f.Objective) > 1e-6*math.Max(1, math.Abs(f.Objective)) {
			t.Errorf("%s: %v file states objective %v, its point has %v", in.Name, f.Format, f.Objective, m.Objective(x))
		}
		var log bytes.Buffer
		sol, err := mip.Solve(context.Background(), m, mip.Options{NodeLimit: 200000, Start: x, Log: &log})
		if err != nil {
			t.Fatal(err)
		}
		first := ""
		for _, l := range strings.Split(log.String(), "\n") {
			if strings.HasPrefix(l, "*") {
				first = l
				break
			}
		}
		if !strings.HasPrefix(first, "*        0 nodes") || !strings.HasSuffix(first, " start") || len(sol.Warnings) > 0 {
			t.Errorf("%s: first incumbent %q, warnings %q", in.Name, first, sol.Warnings)
		}
		if math.Abs(sol.Objective-in.Optimum) > 1e-6*math.Max(1, math.Abs(in.Optimum)) {
			t.Errorf("%s: objective %v, optimal.csv %v", in.Name, sol.Objective, in.Optimum)
		}
		t.Logf("%-9s cbc %v: start accepted, %d nodes", in.Name, f.Objective, sol.Nodes)
	}
}
