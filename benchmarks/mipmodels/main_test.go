package main

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
)

// TestRun solves the smallest model of each kind in both settings: every
// row is an optimum (the models are tiny) and both settings agree on it,
// which solveOne has verified against the model.
func TestRun(t *testing.T) {
	var out, errb bytes.Buffer
	if err := run([]string{"-rrs", "3x4", "-tpd", "8", "-seeds", "1", "-cpu", "30s"}, &out, &errb); err != nil {
		t.Fatal(err, errb.String())
	}
	recs, err := csv.NewReader(&out).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 5 {
		t.Fatalf("%d CSV lines, want a header and 4 rows:\n%s", len(recs), out.String())
	}
	for _, pair := range [][2][]string{{recs[1], recs[2]}, {recs[3], recs[4]}} {
		b, n := pair[0], pair[1]
		if b[6] != "optimal" || n[6] != "optimal" || b[7] != n[7] {
			t.Errorf("%s %s: before %s %s, now %s %s; want the same optimum", b[0], b[1], b[6], b[7], n[6], n[7])
		}
	}
	if !strings.Contains(errb.String(), "| rrs | 3x4 | 1/1 | 1/1 |") {
		t.Errorf("summary lacks the rrs row:\n%s", errb.String())
	}
}

// TestRunRefusesBadFlags names the flag and the value.
func TestRunRefusesBadFlags(t *testing.T) {
	for _, tc := range []struct{ args, want string }{
		{"-rrs 3by4", `-rrs: want SxR with S, R >= 1, got "3by4"`},
		{"-tpd 0", `-tpd: want sub-tasks from 1 to`},
		{"-seeds 0", "-seeds: must be >= 1, got 0"},
		{"-cpu 0s", "-cpu: must be > 0, got 0s"},
		{"-before rens=maybe", `-before: switch rens: "maybe" is not auto, on or off`},
		{"-before nosuch=off", `-before: unknown switch "nosuch"`},
	} {
		var out, errb bytes.Buffer
		err := run(strings.Fields(tc.args), &out, &errb)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s: error %v, want %q", tc.args, err, tc.want)
		}
	}
}
