//go:build cbc

package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// knapMPS is max 5x + 4y + 3z s.t. 2x + 3y + z ≤ 5, 4x + y + 2z ≤ 11,
// 3x + 4y + 2z ≤ 8, x, y, z ∈ {0, …, 10}: optimum 13 at (2, 0, 1), found by
// enumerating the 3 × 3 × 6 box by hand.
const knapMPS = `NAME          KNAP
OBJSENSE
    MAX
ROWS
 N  OBJ
 L  R0
 L  R1
 L  R2
COLUMNS
    MARKER    'MARKER'  'INTORG'
    X         OBJ       5.0        R0        2.0
    X         R1        4.0        R2        3.0
    Y         OBJ       4.0        R0        3.0
    Y         R1        1.0        R2        4.0
    Z         OBJ       3.0        R0        1.0
    Z         R1        2.0        R2        2.0
    MARKER    'MARKER'  'INTEND'
RHS
    RHS       R0        5.0        R1        11.0
    RHS       R2        8.0
BOUNDS
 UP BND       X         10.0
 UP BND       Y         10.0
 UP BND       Z         10.0
ENDATA
`

// TestRunMILP runs the MILP mode end to end on knap.mps with a HiGHS CSV
// beside it: both backends solve it, the CSV has their rows, and the table
// counts them and the HiGHS row.
func TestRunMILP(t *testing.T) {
	dir, out := t.TempDir(), t.TempDir()
	files := map[string]string{
		"knap.mps":    knapMPS,
		"optimal.csv": "name,optimal_objective\nknap,13\n",
	}
	for name, body := range files {
		if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	highs := filepath.Join(out, "highs.csv")
	h := "instance,set,backend,status,objective,optimum,rel_error,seconds,cpu_seconds,iterations,note\n" +
		"knap," + filepath.Base(dir) + ",highs,optimal,13,13,0.00e+00,0.01,0.01,,\n"
	if err := os.WriteFile(highs, []byte(h), 0o644); err != nil {
		t.Fatal(err)
	}
	var stdout, stderr bytes.Buffer
	if err := run([]string{"-milp", "-dir", dir, "-timeout", "30s", "-out", out, "-highs", highs}, &stdout, &stderr); err != nil {
		t.Fatalf("%v\n%s", err, stderr.String())
	}
	recs := readCSV(t, filepath.Join(out, "lpbench_milp.csv"))
	if len(recs) != 3 || recs[1][2] != ours || recs[2][2] != cbcBackend || recs[1][3] != "optimal" || recs[2][3] != "optimal" ||
		recs[1][4] != "13" || recs[2][4] != "13" {
		t.Errorf("CSV %q", recs)
	}
	s := stdout.String()
	if strings.Count(s, "1/1") != 3 || !strings.Contains(s, "on the 1 instance(s) both solve: simplex") ||
		!strings.Contains(s, "CPU time limit 30s per solve, one thread") {
		t.Errorf("table:\n%s", s)
	}
}
