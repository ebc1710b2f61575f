package mip

import (
	"context"
	"slices"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/simplex"
)

// Solve solves the MILP m by LP-based branch and bound; the LP relaxations
// are solved by the project's simplex (package lp/simplex), warm-started from
// the parent's basis. A model without integer columns is solved as its
// single root LP (without duals). The deadline of ctx is the time limit.
//
// Solve returns an error only for invalid input (a nil or malformed model,
// bad options) or when the LP solver cannot run; every outcome of the
// optimisation itself, including infeasibility and limits, is a Status in
// the solution (see the package documentation).
func Solve(ctx context.Context, m *lp.Model, opts Options) (*lp.Solution, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	lpOpts := opts.LP
	sol, err := solveWith(ctx, m, opts, func(m *lp.Model) (relaxation, error) {
		return newSimplexRelaxation(m, lpOpts)
	})
	if sol != nil {
		sol.Backend = simplex.Backend
	}
	return sol, err
}

// simplexRelaxation adapts *simplex.Solver to the relaxation interface. It
// counts the rows, so that a basis snapshot taken before rows were added
// can be restored: the new rows' logicals are basic in it, as AddRows makes
// them.
//
// Rows can also be deleted (DeleteRows, for node cuts that went slack; see
// doc.go, "Cuts at the nodes of the tree"). Each row has an identity, given
// in the order the rows came (the model's rows 0, 1, …, then the added
// ones), so ids stays ascending; after a deletion, Snapshot returns the
// basis with the ids of its rows (a rowBasis), and Restore maps a
// snapshot's row statuses to the current rows by id.
type simplexRelaxation struct {
	*simplex.Solver
	rows int
	// ids[i] is the identity of row i; nil until a row is deleted, when
	// row i has identity i. The slice is only appended to, or replaced by
	// a new one, so a snapshot can keep it without a copy.
	ids    []int
	nextID int // the identity of the next row added, once ids is set
	// kept counts the restores of a snapshot in which a row deleted since
	// was nonbasic (tight): such a snapshot has one basic variable too
	// many for the current rows, and the current basis is kept instead.
	kept int
}

// rowBasis is a basis snapshot with the identities of its rows, and the
// relaxation they belong to.
type rowBasis struct {
	simplex.Basis
	ids []int
	src *simplexRelaxation
}

func newSimplexRelaxation(m *lp.Model, o simplex.Options) (*simplexRelaxation, error) {
	sv, err := simplex.New(m, o)
	if err != nil {
		return nil, err
	}
	return &simplexRelaxation{Solver: sv, rows: len(m.Rows)}, nil
}

func (r *simplexRelaxation) Snapshot() any {
	if r.ids == nil {
		return r.Basis()
	}
	return rowBasis{r.Basis(), r.ids[:r.rows:r.rows], r}
}

func (r *simplexRelaxation) AddRows(rows []lp.Row) error {
	if err := r.Solver.AddRows(rows); err != nil {
		return err
	}
	r.rows += len(rows)
	if r.ids != nil {
		for range rows {
			r.ids = append(r.ids, r.nextID)
			r.nextID++
		}
	}
	return nil
}

// DeleteRows deletes the rows (ascending indices) whose logicals are basic,
// as simplex.Solver.DeleteRows does, and gives the others new indices.
func (r *simplexRelaxation) DeleteRows(rows []int) error {
	if len(rows) == 0 {
		return nil
	}
	if err := r.Solver.DeleteRows(rows); err != nil {
		return err
	}
	if r.ids == nil {
		r.ids = make([]int, r.rows)
		for i := range r.ids {
			r.ids[i] = i
		}
		r.nextID = r.rows
	}
	ids := make([]int, 0, r.rows-len(rows))
	k := 0
	for i, id := range r.ids {
		if k < len(rows) && rows[k] == i {
			k++
			continue
		}
		ids = append(ids, id)
	}
	r.ids = ids
	r.rows = len(ids)
	return nil
}

func (r *simplexRelaxation) Restore(s any) error {
	var b simplex.Basis
	var ids []int
	switch v := s.(type) {
	case simplex.Basis:
		b = v
	case rowBasis:
		if v.src != r {
			// the identities are another relaxation's (one rebuilt since)
			r.kept++
			return nil
		}
		b, ids = v.Basis, v.ids
	default:
		return nil // the root has no snapshot: keep the current basis
	}
	if r.ids != nil {
		// rows were deleted: map the statuses by identity (a plain basis
		// predates the first deletion, its row i has identity i)
		rows, ok := r.mapRows(b.Rows, ids)
		if !ok {
			r.kept++
			return nil
		}
		b.Rows = rows
		return r.SetBasis(b)
	}
	if len(b.Rows) < r.rows {
		rows := make([]simplex.BasisStatus, r.rows)
		copy(rows, b.Rows)
		for i := len(b.Rows); i < r.rows; i++ {
			rows[i] = simplex.Basic
		}
		b.Rows = rows
	}
	return r.SetBasis(b)
}

// markTight sets tight[k] when row rows[k] (a current index) is nonbasic
// in the snapshot snap, which a deletion of the row would leave with one
// basic variable too many.
func (r *simplexRelaxation) markTight(snap any, rows []int, tight []bool) {
	var st []simplex.BasisStatus
	var ids []int
	switch v := snap.(type) {
	case simplex.Basis:
		st = v.Rows
	case rowBasis:
		if v.src != r {
			return
		}
		st, ids = v.Rows, v.ids
	default:
		return
	}
	for k, i := range rows {
		id := i
		if r.ids != nil {
			id = r.ids[i]
		}
		p := id
		if ids != nil {
			var found bool
			if p, found = slices.BinarySearch(ids, id); !found {
				continue
			}
		}
		if p < len(st) && st[p] != simplex.Basic {
			tight[k] = true
		}
	}
}

// mapRows returns the statuses of the current rows from those of a
// snapshot's rows st with identities ids (nil: 0, 1, …): a row the
// snapshot has keeps its status, a row added since is basic. It reports
// false when a row of the snapshot deleted since is nonbasic there.
func (r *simplexRelaxation) mapRows(st []simplex.BasisStatus, ids []int) ([]simplex.BasisStatus, bool) {
	id := func(k int) int {
		if ids == nil {
			return k
		}
		return ids[k]
	}
	out := make([]simplex.BasisStatus, r.rows)
	k := 0 // both lists of identities ascend
	for i, cur := range r.ids {
		for k < len(st) && id(k) < cur {
			if st[k] != simplex.Basic {
				return nil, false
			}
			k++
		}
		if k < len(st) && id(k) == cur {
			out[i] = st[k]
			k++
		} else {
			out[i] = simplex.Basic
		}
	}
	for ; k < len(st); k++ {
		if st[k] != simplex.Basic {
			return nil, false
		}
	}
	return out, true
}
