package main

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// TestShiftedGeoMean: by hand, times 0 and 3 with shift 1 give
// √(1 · 4) − 1 = 1; one time is its own mean.
func TestShiftedGeoMean(t *testing.T) {
	for _, tc := range []struct {
		ts   []float64
		want float64
	}{{[]float64{0, 3}, 1}, {[]float64{2.5}, 2.5}, {[]float64{1, 1, 1}, 1}} {
		if got := shiftedGeoMean(tc.ts, 1); math.Abs(got-tc.want) > 1e-12 {
			t.Errorf("%v: %g, want %g", tc.ts, got, tc.want)
		}
	}
}

const highsCSV = `instance,set,backend,status,objective,optimum,rel_error,seconds,cpu_seconds,iterations,note
p0,s,highs,optimal,1,1,0.00e+00,0.5,0.25,,highs status 0
p1,s,highs,time_limit,,1,,20.1,9.5,,highs status 1
`

func TestReadResults(t *testing.T) {
	path := filepath.Join(t.TempDir(), "h.csv")
	if err := os.WriteFile(path, []byte(highsCSV), 0o644); err != nil {
		t.Fatal(err)
	}
	rs, err := readResults(path, "highs")
	if err != nil {
		t.Fatal(err)
	}
	if len(rs) != 2 || rs[0].instance != "p0" || !rs[0].solved() || rs[0].cpu != 0.25 || rs[0].seconds != 0.5 ||
		rs[1].hasObj || rs[1].solved() || rs[1].status != "time_limit" || rs[1].cpu != 9.5 {
		t.Errorf("results %+v", rs)
	}
	for _, bad := range []string{"a,b\n1,2\n", strings.Replace(highsCSV, "0.25", "x", 1)} {
		if err := os.WriteFile(path, []byte(bad), 0o644); err != nil {
			t.Fatal(err)
		}
		if _, err := readResults(path, "highs"); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestPrintMILPTable: ours solves p0 (2 s), p1 (0 s) and p3 (1 s); cbc
// p0 (0 s) and p2 (5 s), and reports a wrong objective on p3; HiGHS p0
// (1 s) and p1 (3 s). Solved 3/4, 2/4, 2/4. Ours and cbc share p0 only:
// 2 s and 0 s. Ours and HiGHS share p0 and p1: ours √(3 · 1) − 1 = 0.73 s,
// HiGHS √(2 · 4) − 1 = 1.83 s.
func TestPrintMILPTable(t *testing.T) {
	rs := []result{
		res("p0", ours, 2, lp.Optimal), res("p0", cbcBackend, 0, lp.Optimal), res("p0", highsName, 1, lp.Optimal),
		res("p1", ours, 0, lp.Optimal), res("p1", cbcBackend, 20, lp.TimeLimit), res("p1", highsName, 3, lp.Optimal),
		res("p2", ours, 20, lp.TimeLimit), res("p2", cbcBackend, 5, lp.Optimal), res("p2", highsName, 20, lp.NodeLimit),
	}
	// A wrong objective is not solved, whatever the status says.
	rs = append(rs, res("p3", ours, 1, lp.Optimal), res("p3", cbcBackend, 1, lp.Optimal))
	rs[len(rs)-1].objective = 2
	var b bytes.Buffer
	printMILPTable(&b, rs, []string{ours, cbcBackend, highsName})
	out := b.String()
	for _, want := range []string{
		"on the 1 instance(s) both solve: simplex 2.00s, cbc 0.00s",
		"on the 2 instance(s) both solve: simplex 0.73s, highs 1.83s",
		"wrong_obj",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("table lacks %q:\n%s", want, out)
		}
	}
	if !strings.Contains(out, "3/4") || strings.Count(out, "2/4") != 2 {
		t.Errorf("solved counts missing:\n%s", out)
	}
}
