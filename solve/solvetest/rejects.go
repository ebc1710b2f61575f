package solvetest

import (
	"context"
	"errors"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
)

// Reject is an input a backend must refuse with an error before solving:
// Edit changes a copy of the base model (nil leaves it as is), Options are
// passed to the backend, and the error must wrap Is (when not nil) and
// mention Contains.
type Reject struct {
	Name     string
	Edit     func(m *lp.Model)
	Options  solve.Options
	Is       error
	Contains string
}

// RunRejects checks that the backend refuses every case with the promised
// error, and that it refuses a nil model with lp.ErrInvalid. base builds a
// small valid model that each case then breaks.
func RunRejects(t *testing.T, newBackend solve.Factory, base func() *lp.Model, cases []Reject) {
	t.Helper()
	for _, tc := range cases {
		t.Run(tc.Name, func(t *testing.T) {
			m := base()
			if tc.Edit != nil {
				tc.Edit(m)
			}
			sol, err := callBackend(context.Background(), newBackend(), m, tc.Options)
			if err == nil {
				t.Fatalf("no error, solution %+v", sol)
			}
			if tc.Is != nil && !errors.Is(err, tc.Is) {
				t.Errorf("error %q does not wrap %v", err, tc.Is)
			}
			if !strings.Contains(err.Error(), tc.Contains) {
				t.Errorf("error %q does not mention %q", err, tc.Contains)
			}
		})
	}
	t.Run("nil_model", func(t *testing.T) {
		if _, err := callBackend(context.Background(), newBackend(), nil, solve.Options{}); !errors.Is(err, lp.ErrInvalid) {
			t.Errorf("nil model: error %v, want lp.ErrInvalid", err)
		}
	})
}

// RejectLP is a base model for RunRejects: min −x s.t. r0: x ≤ 5 with the
// one column x in [0, 10], so that a case edits column 0 (x) and row 0
// (r0).
func RejectLP() *lp.Model { return rejectBase(false) }

// RejectMILP is RejectLP with x integer, for a MILP-only backend.
func RejectMILP() *lp.Model { return rejectBase(true) }

func rejectBase(integer bool) *lp.Model {
	m := lp.New("r", lp.Minimize)
	x := m.AddVar("x", 0, 10, -1)
	m.Vars[x].Integer = integer
	m.AddLE("r0", 5, lp.Term{Var: x, Coef: 1})
	return m
}
