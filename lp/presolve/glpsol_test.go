package presolve_test

import (
	"bufio"
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/lp/presolve"
)

// TestNetlibGlpsolDuals is an opt-in check (STREAMOPT_GLPSOL=1, glpsol on
// PATH) that does not depend on lp/simplex: each NETLIB instance selected as
// in TestNetlib (STREAMOPT_NETLIB) is presolved, the reduced model is solved
// by glpsol (GLPK's simplex), and glpsol's primal and dual solution is
// postsolved and checked against the original model and optimal.csv.
func TestNetlibGlpsolDuals(t *testing.T) {
	if os.Getenv("STREAMOPT_GLPSOL") != "1" {
		t.Skip("set STREAMOPT_GLPSOL=1 to run")
	}
	glpsol, err := exec.LookPath("glpsol")
	if err != nil {
		t.Skip("glpsol not on PATH")
	}
	insts, err := instances.Netlib()
	if err != nil {
		t.Skipf("no netlib instances: %v", err)
	}
	dir := t.TempDir()
	for _, in := range insts {
		if !netlibSelected(in.Name) {
			continue
		}
		t.Run(in.Name, func(t *testing.T) {
			m, err := mps.ReadFile(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			res, err := presolve.Presolve(m, presolve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			if res.Status != lp.NotSolved {
				t.Fatalf("presolve status %s: %s", res.Status, res.Reason)
			}
			red := res.Reduced.Clone()
			for j := range red.Vars {
				red.Vars[j].Name = ""
			}
			for i := range red.Rows {
				red.Rows[i].Name = ""
			}
			mpsPath := filepath.Join(dir, in.Name+".mps")
			solPath := filepath.Join(dir, in.Name+".sol")
			if red.Sense == lp.Maximize {
				t.Skip("glpsol 5.0 cannot read an OBJSENSE section")
			}
			if err := writeForGlpsol(mpsPath, red); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(glpsol, "--freemps", mpsPath, "-w", solPath).CombinedOutput()
			if err != nil {
				t.Fatalf("glpsol: %v\n%s", err, out)
			}
			sol, err := readGlpkSolution(solPath, red.NumRows(), red.NumVars())
			if err != nil {
				t.Fatal(err)
			}
			post, err := res.Postsolve(sol)
			if err != nil {
				t.Fatal(err)
			}
			if !presolve.CloseRel(post.Objective, in.Optimum, 1e-6) {
				t.Errorf("objective %.12g, want %.12g (%s)", post.Objective, in.Optimum, in.Source)
			}
			if err := presolve.CheckOptimalTol(m, post, netlibPrimalTol, netlibDualTol); err != nil {
				t.Errorf("postsolved solution: %v", err)
			}
		})
	}
}

// writeForGlpsol writes a minimisation in free MPS without the OBJSENSE
// section, which glpsol 5.0 rejects ("invalid indicator record").
func writeForGlpsol(path string, m *lp.Model) error {
	var buf bytes.Buffer
	if err := mps.Write(&buf, m, mps.WriteOptions{Format: mps.Free}); err != nil {
		return err
	}
	var out []string
	lines := strings.Split(buf.String(), "\n")
	for k := 0; k < len(lines); k++ {
		if strings.TrimSpace(lines[k]) == "OBJSENSE" {
			if k+1 < len(lines) && strings.TrimSpace(lines[k+1]) == "MIN" {
				k++
			}
			continue
		}
		out = append(out, lines[k])
	}
	return os.WriteFile(path, []byte(strings.Join(out, "\n")), 0o644)
}

// readGlpkSolution parses the plain-text basic solution glpsol writes with -w.
func readGlpkSolution(path string, nr, n int) (*lp.Solution, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	sol := &lp.Solution{X: make([]float64, n), RowDual: make([]float64, nr), ReducedCost: make([]float64, n)}
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		fs := strings.Fields(sc.Text())
		if len(fs) == 0 {
			continue
		}
		switch fs[0] {
		case "s":
			if len(fs) < 7 || fs[4] != "f" || fs[5] != "f" {
				return nil, fmt.Errorf("%s: not an optimal basic solution: %q", path, sc.Text())
			}
			sol.Status = lp.Optimal
		case "i", "j":
			if len(fs) != 5 {
				return nil, fmt.Errorf("%s: bad line %q", path, sc.Text())
			}
			k, err1 := strconv.Atoi(fs[1])
			v, err2 := strconv.ParseFloat(fs[3], 64)
			d, err3 := strconv.ParseFloat(fs[4], 64)
			if err1 != nil || err2 != nil || err3 != nil {
				return nil, fmt.Errorf("%s: bad line %q", path, sc.Text())
			}
			if fs[0] == "i" && k >= 1 && k <= nr {
				sol.RowDual[k-1] = d
			} else if fs[0] == "j" && k >= 1 && k <= n {
				sol.X[k-1], sol.ReducedCost[k-1] = v, d
			} else {
				return nil, fmt.Errorf("%s: index out of range in %q", path, sc.Text())
			}
		}
	}
	if sol.Status != lp.Optimal {
		return nil, fmt.Errorf("%s: no status line", path)
	}
	return sol, sc.Err()
}
