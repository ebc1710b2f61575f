package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/streamopt/streamopt/render"
)

// outputSchema compiles the schema `solve schema --output command` prints.
func outputSchema(t *testing.T, command string) *jsonschema.Schema {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run([]string{"schema", "--output", command}, &out, &errb); code != 0 {
		t.Fatalf("solve schema --output %s: exit %d: %s", command, code, errb.String())
	}
	var doc map[string]any
	if err := json.Unmarshal(out.Bytes(), &doc); err != nil {
		t.Fatalf("%s: printed schema is not JSON: %v", command, err)
	}
	if missing := undescribed(doc); len(missing) > 0 {
		t.Errorf("%s: no description for %s", command, strings.Join(missing, ", "))
	}
	url := "https://github.com/streamopt/streamopt/render/schema/" + command + ".json"
	if doc["$id"] != url {
		t.Errorf("%s: $id %v, want %s", command, doc["$id"], url)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource(url, doc); err != nil {
		t.Fatal(err)
	}
	sch, err := c.Compile(url)
	if err != nil {
		t.Fatalf("%s: printed schema does not compile: %v", command, err)
	}
	return sch
}

// TestJSONAnswersFollowTheirSchema runs every command that answers in JSON
// on shipped and small instances, in the cases its answer can take
// (optimal, infeasible, unbounded, MILP), and validates each answer with
// the printed output schema; an answer with an unknown top-level field
// must be refused, so the schema keeps up with the answers.
func TestJSONAnswersFollowTheirSchema(t *testing.T) {
	dir := t.TempDir()
	lpFile := func(name, text string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(text), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	ex := func(name string) string { return filepath.Join("..", "..", "examples", name) }
	// A tpd instance whose offered load overflows to +∞ (rate 1e300,
	// speeds 1e-300), written as null.
	var tpdInf map[string]any
	data, err := os.ReadFile(ex("tpd-campus.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &tpdInf); err != nil {
		t.Fatal(err)
	}
	tpdInf["workload"].(map[string]any)["modes"].(map[string]any)["stable"].(map[string]any)["rate"] = 1e300
	for _, ipn := range tpdInf["ipns"].([]any) {
		ipn.(map[string]any)["speed"] = 1e-300
	}
	if data, err = json.Marshal(tpdInf); err != nil {
		t.Fatal(err)
	}
	tpdInfFile := lpFile("tpd-inf.json", string(data))
	cases := []struct {
		command string
		args    []string
	}{
		{"lp", []string{"lp", lpFile("opt.lp", "Maximize\n obj: 3 x + 2 y\nSubject To\n c1: x + y <= 4\n c2: x + 3 y <= 6\nBounds\n x <= 3\nEnd\n")}},
		{"lp", []string{"lp", lpFile("inf.lp", "Minimize\n obj: x\nSubject To\n c1: x >= 2\n c2: x <= 1\nEnd\n")}},
		{"lp", []string{"lp", lpFile("unb.lp", "Maximize\n obj: x\nSubject To\n c1: x - y <= 1\nEnd\n")}},
		// ranging, with infinite ends (null) and ends without variables
		{"lp", []string{"lp", "--ranging", lpFile("rng.lp", "Maximize\n obj: 3 x + 2 y\nSubject To\n c1: x + y <= 4\n c2: x + 3 y <= 6\nBounds\n x <= 3.5\nEnd\n")}},
		// an IIS: two rows and a column bound (by hand: x ≥ 2 with
		// x + y ≤ 1 needs y ≥ 0)
		{"lp", []string{"lp", "--iis", filepath.Join(dir, "iis.lp"), lpFile("iis-inf.lp", "Minimize\n obj: x\nSubject To\n c1: x >= 2\n c2: x + y <= 1\nEnd\n")}},
		{"lp", []string{"lp", lpFile("mip.lp", "Maximize\n obj: 5 x + 4 y\nSubject To\n c1: 6 x + 4 y <= 24\n c2: x + 2 y <= 6\nGeneral\n x y\nEnd\n")}},
		{"rrs", []string{"rrs", "--input", ex("rrs-paper.json")}},
		{"rrs", []string{"rrs", "--input", ex("rrs-paper.json"), "--users", "1000"}},
		{"rrs", []string{"rrs", "--input", ex("rrs-paper.json"), "--method", "kkt-milp"}},
		// Stopped before its first incumbent: a partial answer whose bound
		// and gap are +∞, written as null.
		{"rrs", []string{"rrs", "--input", ex("rrs-paper.json"), "--method", "global", "--time-limit", "1ns"}},
		// A batch: a folder swept over users, with an infeasible point and
		// global's bound (the other methods' bound and gap are null).
		{"rrs", []string{"rrs", "--input", ex("rrs-plans") + string(filepath.Separator), "--sweep", "users=360,500"}},
		{"mps", []string{"mps", "--input", ex("mps-paper.json"), "--step", "25"}},
		{"rmts", []string{"rmts", "--input", ex("rmts-paper.json"), "--runs", "2", "--sweep", "xi=40", "--policy", "rmts,rem"}},
		// A level of its own and paired differences: "confidence" and "compare".
		{"rmts", []string{"rmts", "--input", ex("rmts-paper.json"), "--runs", "2", "--sweep", "xi=40", "--policy", "rmts,rem", "--confidence", "0.9", "--compare", "rem,rmts"}},
		{"tpd", []string{"tpd", "--input", ex("tpd-campus.json"), "--count", "200", "--runs", "2", "--mode", "stable"}},
		{"tpd", []string{"tpd", "--input", ex("tpd-campus.json"), "--count", "200", "--runs", "2", "--mode", "stable", "--bound", "srpt", "--confidence", "0.9", "--compare", "pod,tpd"}},
		{"tpd", []string{"tpd", "--input", tpdInfFile, "--count", "200", "--runs", "1", "--mode", "stable", "--bound", "trivial"}},
		// A spent budget cuts LB_LP and LB_LAG short: "budget_cuts" says so.
		{"tpd", []string{"tpd", "--input", ex("tpd-campus.json"), "--count", "200", "--runs", "2", "--mode", "stable", "--policy", "tpd", "--bound-time-limit", "1ns"}},
	}
	schemas := map[string]*jsonschema.Schema{}
	for _, name := range render.OutputSchemaNames() {
		schemas[name] = outputSchema(t, name)
	}
	seen := map[string]bool{}
	for _, tc := range cases {
		t.Run(strings.Join(tc.args[:2], " "), func(t *testing.T) {
			var out, errb bytes.Buffer
			args := append(tc.args, "--format", "json")
			if tc.command != "lp" {
				args = append(args, "--progress", "off")
			}
			want := 0
			if slices.Contains(tc.args, "--time-limit") {
				want = 1 // a partial answer
			}
			if code := run(args, &out, &errb); code != want {
				t.Fatalf("%v: exit %d, want %d: %s", tc.args, code, want, errb.String())
			}
			var answer map[string]any
			if err := json.Unmarshal(out.Bytes(), &answer); err != nil {
				t.Fatalf("%v: not JSON: %v", tc.args, err)
			}
			sch := schemas[tc.command]
			if err := sch.Validate(answer); err != nil {
				t.Errorf("%v: the answer does not follow `solve schema --output %s`: %v", tc.args, tc.command, err)
			}
			// Every replicated metric may be ±∞ or NaN, which the answer
			// writes as null: the schema must take it.
			if nullMetrics(answer) {
				if err := sch.Validate(answer); err != nil {
					t.Errorf("%v: with non-finite metrics (null) the answer does not follow `solve schema --output %s`: %v", tc.args, tc.command, err)
				}
			}
			answer["colour"] = "red"
			if err := sch.Validate(answer); err == nil {
				t.Errorf("%s: the schema accepts an unknown field", tc.command)
			}
			seen[tc.command] = true
		})
	}
	for name := range schemas {
		if !seen[name] {
			t.Errorf("output schema %s: no answer checked against it", name)
		}
	}
}

// nullMetrics sets the mean and ci95 of every replicated metric in v (an
// object with mean, ci95 and n) to null, as a non-finite metric is
// written, and reports whether it found one.
func nullMetrics(v any) bool {
	found := false
	switch x := v.(type) {
	case map[string]any:
		_, m := x["mean"]
		_, c := x["ci95"]
		if _, n := x["n"]; m && c && n {
			x["mean"], x["ci95"] = nil, nil
			return true
		}
		for _, e := range x {
			found = nullMetrics(e) || found
		}
	case []any:
		for _, e := range x {
			found = nullMetrics(e) || found
		}
	}
	return found
}
