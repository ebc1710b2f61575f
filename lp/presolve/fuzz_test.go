package presolve

import (
	"errors"
	"math"
	"testing"

	"github.com/streamopt/streamopt/lp"
)

// modelFromBytes decodes a small model, with extreme values on purpose
// (tiny and huge coefficients, explicit zeros, infinite and contradictory
// bounds).
func modelFromBytes(data []byte) *lp.Model {
	pos := 0
	next := func() int {
		if pos >= len(data) {
			return 0
		}
		pos++
		return int(data[pos-1])
	}
	coefs := []float64{1, -1, 2, -3, 0.5, 1e-300, 1e300, -1e200, 1e-12, 7}
	lows := []float64{math.Inf(-1), -2, 0, 1, 3, -1e300}
	highs := []float64{math.Inf(1), -2, 0, 1, 3, 1e300}
	sense := lp.Minimize
	if next()%2 == 1 {
		sense = lp.Maximize
	}
	m := lp.New("fuzz", sense)
	n, nr := 1+next()%6, next()%6
	for j := 0; j < n; j++ {
		b := next()
		lo, hi := lows[b%len(lows)], highs[(b/8)%len(highs)]
		if b&0x80 != 0 {
			m.AddIntVar("", lo, hi, coefs[next()%len(coefs)])
		} else {
			m.AddVar("", lo, hi, coefs[next()%len(coefs)]*float64(next()%3))
		}
	}
	for i := 0; i < nr; i++ {
		b := next()
		var terms []lp.Term
		for j := 0; j < n; j++ {
			if c := next(); c%3 != 0 {
				terms = append(terms, lp.Term{Var: j, Coef: coefs[c%len(coefs)]})
			}
		}
		k := m.AddRow("", lows[b%len(lows)], highs[(b/8)%len(highs)], terms...)
		if b&0x40 != 0 && len(m.Rows[k].Ind) < n { // an explicit zero, which Validate allows
			in := make([]bool, n)
			for _, j := range m.Rows[k].Ind {
				in[j] = true
			}
			for j := 0; j < n; j++ {
				if !in[j] {
					m.Rows[k].Ind = append(m.Rows[k].Ind, j)
					m.Rows[k].Val = append(m.Rows[k].Val, 0)
					break
				}
			}
		}
	}
	return m
}

// FuzzPresolve checks that Presolve and Postsolve never panic or fail on a
// valid model, that Reduced is always a valid model, and that postsolving
// any point of the right size gives values of the right size, all finite,
// primal and dual. The one admissible failure of Postsolve is
// ErrOutOfRange: with data near 1e300 a value the point implies may be
// beyond the float64 range.
func FuzzPresolve(f *testing.F) {
	f.Add([]byte{0, 3, 2, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12})
	f.Add([]byte{1, 5, 5, 200, 1, 1, 17, 2, 2, 9, 3, 3, 33, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18})
	f.Add([]byte{0, 1, 1, 0x85, 5, 0, 5})
	f.Fuzz(func(t *testing.T, data []byte) {
		m := modelFromBytes(data)
		for _, opts := range []Options{{}, {IgnoreIntegrality: true}} {
			res, err := Presolve(m, opts)
			if err != nil {
				t.Fatalf("valid model rejected: %v", err)
			}
			switch res.Status {
			case lp.Infeasible:
				if res.Reason == "" {
					t.Fatal("infeasible without a reason")
				}
				continue
			case lp.NotSolved:
			default:
				t.Fatalf("status %s", res.Status)
			}
			if err := res.Reduced.Validate(); err != nil {
				t.Fatalf("reduced model invalid: %v", err)
			}
			red := res.Reduced
			x := make([]float64, red.NumVars())
			for j, v := range red.Vars {
				x[j] = math.Max(v.Lower, math.Min(v.Upper, 0))
			}
			sol := &lp.Solution{X: x, RowDual: make([]float64, red.NumRows()), ReducedCost: append([]float64(nil), red.Obj...)}
			post, err := res.Postsolve(sol)
			if errors.Is(err, ErrOutOfRange) {
				continue
			}
			if err != nil {
				t.Fatal(err)
			}
			if len(post.X) != m.NumVars() || len(post.RowDual) != m.NumRows() || len(post.ReducedCost) != m.NumVars() {
				t.Fatal("postsolved lengths differ from the model")
			}
			for name, v := range map[string][]float64{"x": post.X, "row dual": post.RowDual, "reduced cost": post.ReducedCost} {
				for k, e := range v {
					if math.IsNaN(e) || math.IsInf(e, 0) {
						t.Fatalf("%s[%d] = %v", name, k, e)
					}
				}
			}
		}
	})
}
