package tpd_test

import (
	"strings"
	"testing"

	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/study/studytest"
)

// TestStudy runs the conformance suite of package study on a small load
// sweep of two policies, with the bounds of "all" (LB_LP's windows on the
// pure-Go simplex backend among them) and of "tight" (LB_TIGHT): shards,
// workers, records and a resumed run change no result; the same with a
// confidence level and a compared pair in the request.
func TestStudy(t *testing.T) {
	in, err := tpd.Parse(strings.NewReader(small))
	if err != nil {
		t.Fatal(err)
	}
	for _, b := range []tpd.BoundKind{tpd.BoundAll, tpd.BoundTight} {
		t.Run(b.String(), func(t *testing.T) {
			q := tpd.Sweep{Instance: in, Request: tpd.NewRequest(in)}
			q.Modes, q.Loads, q.Runs, q.Bound = []string{"stable"}, []float64{0.4, 0.8}, 4, &b
			q.Policies, q.LagIterations, q.Backend = []tpd.Policy{tpd.TPD, tpd.RND}, 20, "simplex"
			studytest.Run(t, tpd.Study{}, q)
		})
	}
	t.Run("confidence and compare", func(t *testing.T) {
		q := tpd.Sweep{Instance: in, Request: tpd.NewRequest(in)}
		b := tpd.BoundSRPT
		q.Modes, q.Loads, q.Runs, q.Bound = []string{"stable"}, []float64{0.4, 0.8}, 4, &b
		q.Policies, q.Confidence, q.Compare = []tpd.Policy{tpd.TPD, tpd.RND}, 0.9, [][2]tpd.Policy{{tpd.RND, tpd.TPD}}
		studytest.Run(t, tpd.Study{}, q)
	})
}
