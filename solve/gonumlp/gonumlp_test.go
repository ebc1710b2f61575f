package gonumlp

import (
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/solve"
	"github.com/streamopt/streamopt/solve/solvetest"
)

// EnvLong names an environment variable that, set to 1, runs every NETLIB
// instance within MaxRows × MaxCols rather than the quick ones only.
const EnvLong = "STREAMOPT_LONG"

// quickRows is the standard-form row count up to which NETLIB instances run
// by default (afiro, blend, sc50a, sc50b, sc105, share2b, plus the two
// skipped below): each finishes within seconds.
const quickRows = 110

func TestConformance(t *testing.T) {
	long := os.Getenv(EnvLong) == "1"
	limit := quickRows
	cfg := solvetest.Config{Netlib: true, Timeout: 30 * time.Second}
	if long {
		limit = MaxRows
	} else {
		cfg.Skip = map[string]string{
			"adlittle": "gonum's Bland-rule simplex does not finish in 30 s (set " + EnvLong + "=1 to try)",
			"kb2":      "gonum's Bland-rule simplex does not finish in 30 s (set " + EnvLong + "=1 to try)",
		}
	}
	cfg.Admit = func(m *lp.Model) string {
		if r, c := StandardFormSize(m); r > limit || c > MaxCols {
			return fmt.Sprintf("standard form %d × %d is beyond %d rows (dense solver; %s=1 raises it to MaxRows)", r, c, limit, EnvLong)
		}
		return ""
	}
	solvetest.Run(t, func() solve.Backend { return New() }, cfg)
}
