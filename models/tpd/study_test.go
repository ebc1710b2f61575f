package tpd_test

import (
	"strings"
	"testing"

	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/study/studytest"
)

// TestStudy runs the conformance suite of package study on a small sweep
// with every bound kind that needs no LP solver and two policies: shards,
// workers, records and a resumed run change no result.
func TestStudy(t *testing.T) {
	in, err := tpd.Parse(strings.NewReader(small))
	if err != nil {
		t.Fatal(err)
	}
	q := tpd.Sweep{Instance: in, Request: tpd.NewRequest(in)}
	q.Modes, q.Loads, q.Runs, q.Bound = []string{"stable"}, []float64{0.4, 0.8}, 4, ptr(tpd.BoundTight)
	q.Policies, q.LagIterations = []tpd.Policy{tpd.TPD, tpd.RND}, 20
	studytest.Run(t, tpd.Study{}, q)
}
