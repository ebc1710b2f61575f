package gonumlp

import (
	"testing"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/solve/solvetest"
)

func TestConformance(t *testing.T) {
	solvetest.Run(t, func() solve.Backend { return New() }, solvetest.Config{
		Netlib: true,
		Admit: func(m *lp.Model) string {
			if r, c := StandardFormSize(m); r > MaxRows || c > MaxCols {
				return "standard form beyond the dense size limit"
			}
			return ""
		},
	})
}
