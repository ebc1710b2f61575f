package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/lp/mip"
)

func TestParseSet(t *testing.T) {
	o, err := parseSet("feasjump=off,oneopt=on,rens=auto,rins=off,symmetry=on")
	if err != nil {
		t.Fatal(err)
	}
	if o.FeasJump != mip.Off || o.OneOpt != mip.On || o.RENS != mip.Auto || o.RINS != mip.Off || o.Symmetry != mip.On {
		t.Errorf("switches %v %v %v %v %v", o.FeasJump, o.OneOpt, o.RENS, o.RINS, o.Symmetry)
	}
	o, err = parseSet("liftedcovers=off,zerohalf=on,impliedbounds=off,restarts=on")
	if err != nil {
		t.Fatal(err)
	}
	if o.LiftedCovers != mip.Off || o.ZeroHalf != mip.On || o.ImpliedBounds != mip.Off || o.Restarts != mip.On {
		t.Errorf("switches %v %v %v %v", o.LiftedCovers, o.ZeroHalf, o.ImpliedBounds, o.Restarts)
	}
	for _, bad := range []string{"feasjump", "pump=on", "rins=yes"} {
		if _, err := parseSet(bad); err == nil || !strings.Contains(err.Error(), "-set") {
			t.Errorf("%q: error %v, want one naming -set", bad, err)
		}
	}
}

// TestRun solves a two-column MILP of a temporary folder: max x + y with
// x + 2y ≤ 4, x ≤ 3, x, y ≥ 0 integer has the optimum 3.5 at (3, 0.5)
// relaxed and 3 at (3, 0), (2, 1) integral (by hand).
func TestRun(t *testing.T) {
	dir := t.TempDir()
	mps := `NAME tiny
OBJSENSE
    MAX
ROWS
 N obj
 L c1
 L c2
COLUMNS
    M1 'MARKER' 'INTORG'
    x obj 1 c1 1
    x c2 1
    y obj 1 c1 2
    M2 'MARKER' 'INTEND'
RHS
    rhs c1 4 c2 3
BOUNDS
 UP bnd x 10
 UP bnd y 10
ENDATA
`
	if err := os.WriteFile(filepath.Join(dir, "tiny.mps"), []byte(mps), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "optimal.csv"), []byte("name,optimal_objective\ntiny,3\nabsent,1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	var out, errw bytes.Buffer
	if err := run([]string{"-dir", dir, "-cpu", "5s", "-set", "rins=off"}, &out, &errw); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(out.String()), "\n")
	if len(lines) != 2 || !strings.HasPrefix(lines[1], "tiny,rins=off,optimal,3,3,0,") {
		t.Errorf("output %q", out.String())
	}
	if err := run([]string{"-dir", dir, "-cpu", "0s"}, &out, &errw); err == nil || !strings.Contains(err.Error(), "-cpu") {
		t.Errorf("-cpu 0: error %v", err)
	}
	out.Reset()
	if err := run([]string{"-dir", dir, "-cpu", "5s", "-clock", "wall", "-threads", "2"}, &out, &errw); err != nil {
		t.Fatal(err)
	}
	if lines := strings.Split(strings.TrimSpace(out.String()), "\n"); len(lines) != 2 || !strings.HasPrefix(lines[1], "tiny,,optimal,3,3,0,") {
		t.Errorf("-clock wall: output %q", out.String())
	}
	if err := run([]string{"-dir", dir, "-clock", "elapsed"}, &out, &errw); err == nil || !strings.Contains(err.Error(), `-clock: want cpu or wall, got "elapsed"`) {
		t.Errorf("-clock elapsed: error %v", err)
	}
	if err := run([]string{"-dir", dir, "-nodes", "-1"}, &out, &errw); err == nil || !strings.Contains(err.Error(), "-nodes") {
		t.Errorf("-nodes -1: error %v", err)
	}
}
