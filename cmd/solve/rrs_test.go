package main

import (
	"bytes"
	"encoding/json"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp/mps"
)

// runCLI runs the command in-process and returns its exit code and output.
func runCLI(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := run(args, &out, &errb)
	return code, out.String(), errb.String()
}

func writeFile(t *testing.T, dir, name, body string) string {
	t.Helper()
	p := filepath.Join(dir, name)
	if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	return p
}

// paperJSON returns examples/rrs-paper.json with the replacements applied.
func paperJSON(t *testing.T, oldNew ...string) string {
	t.Helper()
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "rrs-paper.json"))
	if err != nil {
		t.Fatal(err)
	}
	s := string(data)
	for k := 0; k+1 < len(oldNew); k += 2 {
		if !strings.Contains(s, oldNew[k]) {
			t.Fatalf("example has no %q", oldNew[k])
		}
		s = strings.Replace(s, oldNew[k], oldNew[k+1], 1)
	}
	return s
}

func TestRRSCommandExitCodes(t *testing.T) {
	dir := t.TempDir()
	good := writeFile(t, dir, "good.json", paperJSON(t))
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		// Spec A.10: profit 195.542 at N = 360, 166.800 at 300, 210.720 at 400.
		{"paper qp", []string{"rrs", "--input", good}, 0, "profit: 195.5424", ""},
		{"paper wolfe 300", []string{"rrs", "--input", good, "--method", "wolfe", "--users", "300"}, 0, "profit: 166.8000", ""},
		{"paper qp 400", []string{"rrs", "--input", good, "--users", "400"}, 0, "profit: 210.7200", ""},
		// Proposition 1: ΣC_i = 400 < 401 is a definitive answer, exit 0.
		{"infeasible", []string{"rrs", "--input", good, "--users", "401"}, 0, "ΣC_i = 400 users, fewer than N = 401", ""},
		{"shares", []string{"rrs", "--input", writeFile(t, dir, "shares.json", paperJSON(t, `"share": 0.3`, `"share": 0.4`))}, 2, "", "regions[*].share: must sum to 1, got 1.1"},
		{"negative capacity", []string{"rrs", "--input", writeFile(t, dir, "cap.json", paperJSON(t, `"bandwidth_users": 90`, `"bandwidth_users": -5`))}, 2, "", "datacenters[1].bandwidth_users: must be ≥ 0, got -5"},
		{"latency not s×r", []string{"rrs", "--input", writeFile(t, dir, "lat.json", paperJSON(t, "      10,\n      25,", "      10,"))}, 2, "", "latency_ms[0]: must have 5 entries (one per region), got 4"},
		{"N zero", []string{"rrs", "--input", writeFile(t, dir, "n0.json", paperJSON(t, `"users": 360`, `"users": 0`))}, 2, "", "users: must be > 0, got 0"},
		{"N negative flag", []string{"rrs", "--input", good, "--users", "-1"}, 2, "", "users: must be > 0, got -1"},
		{"NaN", []string{"rrs", "--input", writeFile(t, dir, "nan.json", paperJSON(t, `"background_cpu": 0.84`, `"background_cpu": NaN`))}, 2, "", "datacenters[2].background_cpu"},
		{"unknown method", []string{"rrs", "--input", good, "--method", "magic"}, 2, "", `unknown method "magic"`},
		{"bad format", []string{"rrs", "--input", good, "--format", "xml"}, 2, "", "--format"},
		{"missing input", []string{"rrs"}, 2, "", "--input: required"},
		{"missing file", []string{"rrs", "--input", filepath.Join(dir, "none.json")}, 2, "", "none.json"},
		{"wolfe non-concave", []string{"rrs", "--input", writeFile(t, dir, "nc.json", paperJSON(t, `"revenue_slope": 0.004`, `"revenue_slope": 0.008`, `"revenue_slope": 0.004`, `"revenue_slope": 0.006`)), "--method", "wolfe"}, 2, "", "not concave"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCLI(tc.args...)
			if code != tc.code || !strings.Contains(out, tc.stdout) || !strings.Contains(errs, tc.stderr) {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errs)
			}
		})
	}
}

func TestRRSCommandJSONAndExport(t *testing.T) {
	dir := t.TempDir()
	in := writeFile(t, dir, "m.json", paperJSON(t))
	outPath := filepath.Join(dir, "out.json")
	kkt := filepath.Join(dir, "kkt.mps")
	code, _, errs := runCLI("rrs", "--input", in, "--format", "json", "--out", outPath, "--method", "kkt-milp", "--export-mps", kkt)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	data, err := os.ReadFile(outPath)
	if err != nil {
		t.Fatal(err)
	}
	var res struct {
		Status  string      `json:"status"`
		Profit  float64     `json:"profit"`
		Policy  [][]float64 `json:"policy"`
		Loads   []struct{ Users float64 }
		Method  string `json:"method"`
		Backend string `json:"backend"`
	}
	if err := json.Unmarshal(data, &res); err != nil {
		t.Fatal(err)
	}
	if res.Status != "optimal" || math.Abs(res.Profit-195.542) > 1e-3 || len(res.Policy) != 5 || len(res.Loads) != 5 || res.Method != "kkt-milp" || res.Backend == "" {
		t.Errorf("JSON answer %+v", res)
	}
	m, err := mps.ReadFile(kkt)
	if err != nil {
		t.Fatal(err)
	}
	// KKT-MILP of 25 shares and 5 capacity rows: x, s, μ, γ, η, y, w columns.
	if got := m.NumVars(); got != 25+5+5+5+25+25+5 {
		t.Errorf("exported KKT-MILP has %d columns", got)
	}
	if !m.IsMIP() {
		t.Error("exported KKT-MILP has no integer columns")
	}
	// Wolfe's LP without its entering rule has the trivial optimum 0: it is
	// refused with the reason, and nothing is written.
	wolfe := filepath.Join(dir, "wolfe.mps")
	code, _, errs = runCLI("rrs", "--input", in, "--method", "wolfe", "--export-mps", wolfe)
	if code != 2 || !strings.Contains(errs, "complementarity") {
		t.Errorf("wolfe export: exit %d: %s; want 2 and the reason", code, errs)
	}
	if _, err := os.Stat(wolfe); err == nil {
		t.Error("a Wolfe LP was written")
	}
}

func TestMPSCommandExitCodes(t *testing.T) {
	dir := t.TempDir()
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "mps-paper.json"))
	if err != nil {
		t.Fatal(err)
	}
	good := writeFile(t, dir, "mps.json", string(data))
	bad := writeFile(t, dir, "bad.json", strings.Replace(string(data), `"worst": 400`, `"worst": -400`, 1))
	cases := []struct {
		name   string
		args   []string
		code   int
		stdout string
		stderr string
	}{
		// S4 gap on [300, 400]: 0.0993 (models/multistage tests, SciPy reference run).
		{"paper", []string{"mps", "--input", good}, 0, "S4", ""},
		{"bad worst", []string{"mps", "--input", bad}, 2, "", "worst: must be a finite number > 0, got -400"},
		{"bad step", []string{"mps", "--input", good, "--step", "-1"}, 2, "", "--step: must be > 0 and finite, got -1"},
		{"bad range", []string{"mps", "--input", good, "--from", "400", "--to", "300"}, 2, "", "--to: must be finite and >= --from (400), got 300"},
		{"missing input", []string{"mps"}, 2, "", "--input: required"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			code, out, errs := runCLI(tc.args...)
			if code != tc.code || !strings.Contains(out, tc.stdout) || !strings.Contains(errs, tc.stderr) {
				t.Errorf("exit %d, want %d\nstdout:\n%s\nstderr:\n%s", code, tc.code, out, errs)
			}
		})
	}
}
