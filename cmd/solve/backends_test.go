package main

import (
	"encoding/json"
	"strings"
	"testing"
)

func TestBackendsCommand(t *testing.T) {
	code, out, errOut := runCLI("backends")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	// simplex declares LP, MILP, duals, rays, ranging and presolve (solve/simplex.go); gonum LP only.
	rows := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		f := strings.Fields(line)
		rows[f[0]] = strings.Join(f[1:], " ")
	}
	for name, want := range map[string]string{"backend": "LP MILP duals rays SOS ranging presolve start basis", "simplex": "yes yes yes yes - yes yes yes yes", "gonum": "yes - - - - - - - -"} {
		if rows[name] != want {
			t.Errorf("row %s = %q, want %q\n%s", name, rows[name], want, out)
		}
	}

	code, out, errOut = runCLI("backends", "--format", "json")
	if code != 0 {
		t.Fatalf("json: exit %d: %s", code, errOut)
	}
	var infos []backendInfo
	if err := json.Unmarshal([]byte(out), &infos); err != nil {
		t.Fatalf("not JSON: %v\n%s", err, out)
	}
	got := map[string]backendInfo{}
	for _, i := range infos {
		got[i.Name] = i
	}
	if s := got["simplex"]; !s.LP || !s.MILP || !s.Duals || !s.Rays || !s.Ranging || !s.Presolve || !s.Start || !s.Basis {
		t.Errorf("simplex: %+v", s)
	}
	if g, ok := got["gonum"]; !ok || !g.LP || g.MILP || g.Duals || g.Rays || g.Ranging || g.Presolve || g.Start || g.Basis {
		t.Errorf("gonum: %+v (listed %v)", g, ok)
	}

	code, out, _ = runCLI("backends", "--format", "csv")
	if code != 0 || !strings.HasPrefix(out, "backend,lp,milp,duals,rays,sos,ranging,presolve,start,basis\n") || !strings.Contains(out, "\nsimplex,true,true,true,true,false,true,true,true,true\n") {
		t.Errorf("csv: exit %d\n%s", code, out)
	}
	if code, _, errOut = runCLI("backends", "--format", "xml"); code != 2 || !strings.Contains(errOut, `--format: must be table, json or csv, got "xml"`) {
		t.Errorf("bad format: exit %d, %q", code, errOut)
	}
	if code, _, _ = runCLI("backends", "extra"); code != 2 {
		t.Errorf("extra argument: exit %d, want 2", code)
	}
}
