//go:build cbc

package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/txtar"
)

// TestLPInterruptCBC interrupts CBC 0.3 s into the market split instance of
// testdata/script/lp_cbc.txtar (ms.lp), which keeps it busy for about 10 s
// of CPU: the command prints CBC's incumbent, verified, with status
// time_limit and a bound, and exits 1 with nothing on stderr.
func TestLPInterruptCBC(t *testing.T) {
	ar, err := txtar.ParseFile(filepath.Join("testdata", "script", "lp_cbc.txtar"))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.TempDir(), "ms.lp")
	for _, f := range ar.Files {
		if f.Name == "ms.lp" {
			if err := os.WriteFile(path, f.Data, 0o644); err != nil {
				t.Fatal(err)
			}
		}
	}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	time.AfterFunc(300*time.Millisecond, cancel)
	code, out, errs := runWithin(t, ctx, "lp", "--backend", "cbc", path)
	if code != 1 || errs != "" {
		t.Errorf("exit %d, stderr %q; want exit 1 and nothing on stderr", code, errs)
	}
	for _, want := range []string{"status        time_limit", "objective     ", "best bound    ", "backend       cbc", "verification  ok"} {
		if !strings.Contains(out, want) {
			t.Errorf("the answer lacks %q:\n%s", want, out)
		}
	}
}
