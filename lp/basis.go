package lp

import "fmt"

// BasisStatus is the status of a column or of a row in a simplex basis.
// A row's status is that of its activity aᵀx: AtLower means the activity
// is at the row's lower bound.
type BasisStatus int8

const (
	Basic   BasisStatus = iota // in the basis
	AtLower                    // nonbasic at its lower bound
	AtUpper                    // nonbasic at its upper bound
	AtZero                     // free and nonbasic, at zero
	Fixed                      // nonbasic with equal bounds
)

func (b BasisStatus) String() string {
	switch b {
	case Basic:
		return "basic"
	case AtLower:
		return "at_lower"
	case AtUpper:
		return "at_upper"
	case AtZero:
		return "at_zero"
	case Fixed:
		return "fixed"
	}
	return fmt.Sprintf("BasisStatus(%d)", int(b))
}

// Basis is a simplex basis of a model: the status of each column and of
// each row. A valid basis of a model with m rows has exactly m Basic
// entries. Backends that start from a basis, or report the final one,
// exchange it in this form (solve.Options.Basis, Solution.Basis); the
// files of lp/solfile read and write it in the MPS basis format.
type Basis struct {
	Cols, Rows []BasisStatus
}

// NumBasic returns the number of Basic entries of b.
func (b *Basis) NumBasic() int {
	n := 0
	for _, s := range b.Cols {
		if s == Basic {
			n++
		}
	}
	for _, s := range b.Rows {
		if s == Basic {
			n++
		}
	}
	return n
}
