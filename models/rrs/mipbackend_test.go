package rrs

import (
	"context"
	"fmt"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
	"github.com/streamopt/streamopt/solve"
)

// mipTestBackend exposes lp/mip (pure-Go branch and bound) to the tests as a
// MILP backend, so that the KKT-MILP is exercised whether or not a MILP
// backend is registered in package solve.
type mipTestBackend struct{}

func (mipTestBackend) Name() string { return "mip-test" }
func (mipTestBackend) Capabilities() solve.Capabilities {
	return solve.Capabilities{LP: true, MILP: true}
}
func (mipTestBackend) Solve(ctx context.Context, m *lp.Model, o solve.Options) (*lp.Solution, error) {
	if len(o.Raw) > 0 {
		return nil, fmt.Errorf("mip-test: unknown raw options %v", o.Raw)
	}
	return mip.Solve(ctx, m, mip.Options{MIPGap: o.MIPGap, NodeLimit: o.NodeLimit, IntTol: o.IntTol, Log: o.Log})
}

func init() { solve.Register("mip-test", func() solve.Backend { return mipTestBackend{} }) }
