package main

import (
	"bytes"
	"encoding/csv"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

func res(inst, backend string, seconds float64, status lp.Status) result {
	return result{instance: inst, set: "s", backend: backend, status: status.String(), seconds: seconds, t: seconds, objective: 1, hasObj: status == lp.Optimal, optimum: 1, known: true}
}

// Three instances, two solvers, times by hand: A = (1, 2, fail),
// B = (2, 2, 4). Best per instance (1, 2, 4), so the ratios are
// A = (1, 1, ∞) and B = (2, 1, 1).
func threeInstances() instanceTimes {
	rs := []result{
		res("p0", "A", 1, lp.Optimal), res("p0", "B", 2, lp.Optimal),
		res("p1", "A", 2, lp.Optimal), res("p1", "B", 2, lp.Optimal),
		res("p2", "A", 0.5, lp.TimeLimit), res("p2", "B", 4, lp.Optimal),
	}
	return collect(rs, []string{"A", "B"}, func(*result) bool { return true })
}

func TestProfile(t *testing.T) {
	it := threeInstances()
	ratios := it.profile()
	want := [][]float64{{1, 1, math.Inf(1)}, {1, 1, 2}}
	for s := range want {
		for k := range want[s] {
			if ratios[s][k] != want[s][k] {
				t.Fatalf("ratios %v, want %v", ratios, want)
			}
		}
	}
	tests := []struct {
		s        int
		tau, rho float64
	}{
		{0, 1, 2.0 / 3}, {0, 1e9, 2.0 / 3}, // A never solves p2
		{1, 1, 2.0 / 3}, {1, 1.99, 2.0 / 3}, {1, 2, 1},
	}
	for _, tc := range tests {
		if got := rho(ratios[tc.s], tc.tau); math.Abs(got-tc.rho) > 1e-15 {
			t.Errorf("ρ_%d(%g) = %g, want %g", tc.s, tc.tau, got, tc.rho)
		}
	}
	// The step corners of B on [0, 2]: ρ(1) = 2/3 from 0, 1 from log₂ 2 = 1.
	pts := stepPoints(ratios[1], 2)
	wantPts := [][2]float64{{0, 2.0 / 3}, {1, 1}, {2, 1}}
	if len(pts) != len(wantPts) {
		t.Fatalf("step points %v, want %v", pts, wantPts)
	}
	for k, p := range pts {
		if math.Abs(p.X-wantPts[k][0]) > 1e-15 || math.Abs(p.Y-wantPts[k][1]) > 1e-15 {
			t.Errorf("point %d = (%g, %g), want %v", k, p.X, p.Y, wantPts[k])
		}
	}
}

func TestGeoMeanRatio(t *testing.T) {
	it := threeInstances()
	// Both solved p0 (1/2) and p1 (2/2): exp((ln ½ + ln 1)/2) = √½.
	g, n := it.geoMeanRatio(0, 1)
	if n != 2 || math.Abs(g-math.Sqrt(0.5)) > 1e-15 {
		t.Errorf("geometric mean %g over %d, want √½ over 2", g, n)
	}
	if g, n := it.geoMeanRatio(1, 1); n != 3 || g != 1 {
		t.Errorf("ratio to itself %g over %d, want 1 over 3", g, n)
	}
}

func TestSolved(t *testing.T) {
	tests := []struct {
		name string
		r    result
		want bool
	}{
		{"optimal_match", result{status: "optimal", hasObj: true, objective: 100.00001, optimum: 100, known: true}, true},
		// |z − z*| / max(1, |z*|) = 1e-3 / 100 = 1e-5 > 1e-6.
		{"optimal_wrong", result{status: "optimal", hasObj: true, objective: 100.001, optimum: 100, known: true}, false},
		{"optimal_unknown_optimum", result{status: "optimal", hasObj: true, objective: 5}, true},
		{"time_limit", result{status: "time_limit", hasObj: true, objective: 100, optimum: 100, known: true}, false},
		{"error", result{status: "error"}, false},
	}
	for _, tc := range tests {
		if got := tc.r.solved(); got != tc.want {
			t.Errorf("%s: solved = %v, want %v", tc.name, got, tc.want)
		}
	}
}

func TestParseOptima(t *testing.T) {
	got, err := parseOptima(strings.NewReader("name,optimal_objective,source\nafiro,-464.753142857143,glpsol\ne226,-11.6389290664\n"), "optimal.csv")
	if err != nil {
		t.Fatal(err)
	}
	if len(got) != 2 || got["afiro"] != -464.753142857143 || got["e226"] != -11.6389290664 {
		t.Errorf("optima %v", got)
	}
	for _, bad := range []string{"name,optimal_objective\nx,abc\n", "name,optimal_objective\nonlyname\n"} {
		if _, err := parseOptima(strings.NewReader(bad), "optimal.csv"); err == nil || !strings.Contains(err.Error(), "optimal.csv:2") {
			t.Errorf("%q: error %v, want one naming optimal.csv:2", bad, err)
		}
	}
}

// tinyMPS is min x + 2y s.t. x + y ≥ 1, x, y ≥ 0: optimum 1 at (1, 0).
const tinyMPS = `NAME          TINY
ROWS
 N  COST
 G  R1
COLUMNS
    X         COST      1.0            R1        1.0
    Y         COST      2.0            R1        1.0
RHS
    RHS       R1        1.0
ENDATA
`

func TestRunEndToEnd(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "tiny.mps"), []byte(tinyMPS), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "optimal.csv"), []byte("name,optimal_objective\ntiny,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-dir", dir, "-backends", "simplex", "-no-cli", "-out", out}, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	recs := readCSV(t, filepath.Join(out, "lpbench.csv"))
	if len(recs) != 2 || recs[1][0] != "tiny" || recs[1][2] != "simplex" || recs[1][3] != "optimal" || recs[1][4] != "1" {
		t.Errorf("CSV %q", recs)
	}
	if st, err := os.Stat(filepath.Join(out, "profile_lp.png")); err != nil || st.Size() == 0 {
		t.Errorf("profile PNG: %v", err)
	}
	// -plot-format: the profile in each format, by its extension.
	if err := run([]string{"-dir", dir, "-backends", "simplex", "-no-cli", "-out", out, "-plot-format", "svg,pdf"}, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	for ext, magic := range map[string]string{"svg": "<?xml", "pdf": "%PDF-"} {
		if b, err := os.ReadFile(filepath.Join(out, "profile_lp."+ext)); err != nil || !strings.HasPrefix(string(b), magic) {
			t.Errorf("profile_lp.%s: %v, want a file starting %q", ext, err, magic)
		}
	}
	if err := run([]string{"-dir", dir, "-no-cli", "-out", out, "-plot-format", "gif"}, &stdout, &stderr); err == nil || !strings.Contains(err.Error(), `-plot-format: unknown figure format "gif"`) {
		t.Errorf("-plot-format gif: %v", err)
	}
	if len(recs[0]) != 11 || recs[0][8] != "cpu_seconds" {
		t.Errorf("CSV header %q", recs[0])
	}
	if !strings.Contains(stdout.String(), "solved") {
		t.Errorf("table missing:\n%s", stdout.String())
	}
}

func TestRunBadFlags(t *testing.T) {
	tests := []struct {
		args []string
		want string
	}{
		{[]string{"-backends", "nosuch", "-dir", "."}, `"nosuch" is not compiled in`},
		{[]string{"-timeout", "-1s", "-dir", "."}, "-timeout: must be > 0"},
		{[]string{"-dir", filepath.Join("no", "such", "dir")}, "-dir"},
		{[]string{"extra"}, "unexpected arguments"},
		{[]string{"-clock", "sundial", "-dir", "."}, "-clock: must be cpu or wall"},
		{[]string{"-highs", "h.csv", "-dir", "."}, "-highs: only with -milp"},
	}
	for _, tc := range tests {
		var so, se bytes.Buffer
		err := run(tc.args, &so, &se)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%q: error %v, want one containing %q", tc.args, err, tc.want)
		}
	}
}

// readCSV returns the records of the CSV file at path.
func readCSV(t *testing.T, path string) [][]string {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	return recs
}
