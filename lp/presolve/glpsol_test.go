package presolve_test

import (
	"bufio"
	"bytes"
	"fmt"
	"math"
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
	dir := t.TempDir()
	forSelectedNetlib(t, func(t *testing.T, in instances.Instance, m *lp.Model, res *presolve.Result) {
		if res.Status == lp.NotSolved && res.Reduced.Sense == lp.Maximize {
			t.Skip("glpsol 5.0 cannot read an OBJSENSE section")
		}
		if post := solveReducedWithGlpsol(t, glpsol, dir, in.Name, res, false); post != nil {
			checkNetlibPostsolved(t, in, m, post)
		}
	})
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

// slowMiplib are instances glpsol needs minutes for (shared/miplib/README.md).
var slowMiplib = map[string]bool{"gt2": true, "sp150x300d": true, "p0548": true}

// TestMiplibGlpsol is an opt-in check (STREAMOPT_GLPSOL=1, glpsol on PATH)
// on the MIPLIB instances glpsol solves quickly:
//   - LP relaxation: presolve with IgnoreIntegrality, solve the reduced LP
//     with glpsol, postsolve, and compare with glpsol --nomip on the
//     original file; the postsolved primal-dual pair must verify.
//   - MILP: presolve keeping integrality, solve the reduced MILP with
//     glpsol, postsolve, and compare with optimal.csv; the point must be
//     feasible and integral.
func TestMiplibGlpsol(t *testing.T) {
	if os.Getenv("STREAMOPT_GLPSOL") != "1" {
		t.Skip("set STREAMOPT_GLPSOL=1 to run")
	}
	glpsol, err := exec.LookPath("glpsol")
	if err != nil {
		t.Skip("glpsol not on PATH")
	}
	insts := instances.MiplibOrSkip(t)
	dir := t.TempDir()
	for _, in := range insts {
		if slowMiplib[in.Name] {
			continue
		}
		t.Run(in.Name, func(t *testing.T) {
			m, err := mps.ReadFile(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			// LP relaxation of the original, straight from the file.
			relaxSol := filepath.Join(dir, in.Name+".relax.sol")
			if out, err := exec.Command(glpsol, "--mps", in.Path, "--nomip", "-w", relaxSol).CombinedOutput(); err != nil {
				t.Fatalf("glpsol: %v\n%s", err, out)
			}
			ref, err := readGlpkSolution(relaxSol, m.NumRows(), m.NumVars())
			if err != nil {
				t.Fatal(err)
			}
			res, err := presolve.Presolve(m, presolve.Options{IgnoreIntegrality: true})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("LP presolve: %v", res.Stats)
			post := solveReducedWithGlpsol(t, glpsol, dir, in.Name+".lp", res, false)
			if post != nil {
				if want := m.Objective(ref.X); !presolve.CloseRel(post.Objective, want, 1e-6) {
					t.Errorf("LP relaxation: objective %.12g, glpsol on the original %.12g", post.Objective, want)
				}
				if err := presolve.CheckOptimalTol(m, post, netlibPrimalTol, netlibDualTol); err != nil {
					t.Errorf("LP relaxation: postsolved solution: %v", err)
				}
			}

			res, err = presolve.Presolve(m, presolve.Options{})
			if err != nil {
				t.Fatal(err)
			}
			t.Logf("MILP presolve: %v; %d bounds tightened", res.Stats, res.Stats.BoundsTightened)
			post = solveReducedWithGlpsol(t, glpsol, dir, in.Name+".mip", res, true)
			if post == nil {
				return
			}
			if !presolve.CloseRel(post.Objective, in.Optimum, 1e-6) {
				t.Errorf("MILP: objective %.12g, want %.12g (%s)", post.Objective, in.Optimum, in.Source)
			}
			act := m.Activities(post.X)
			for i, r := range m.Rows {
				if act[i] < r.Lower-1e-6*math.Max(1, math.Abs(r.Lower)) || act[i] > r.Upper+1e-6*math.Max(1, math.Abs(r.Upper)) {
					t.Errorf("MILP: row %d (%s): activity %v outside [%v, %v]", i, r.Name, act[i], r.Lower, r.Upper)
				}
			}
			for j, v := range m.Vars {
				x := post.X[j]
				if x < v.Lower-1e-6 || x > v.Upper+1e-6 || v.Integer && math.Abs(x-math.Round(x)) > 1e-6 {
					t.Errorf("MILP: column %d (%s) = %v, bounds [%v, %v], integer %v", j, v.Name, x, v.Lower, v.Upper, v.Integer)
				}
			}
		})
	}
}

// solveReducedWithGlpsol solves res.Reduced with glpsol (as a MILP when mip
// is set) and returns the postsolved solution, or nil after reporting a
// failure.
func solveReducedWithGlpsol(t *testing.T, glpsol, dir, name string, res *presolve.Result, mip bool) *lp.Solution {
	t.Helper()
	if res.Status != lp.NotSolved {
		t.Errorf("%s: presolve status %s: %s", name, res.Status, res.Reason)
		return nil
	}
	red := res.Reduced.Clone()
	for j := range red.Vars {
		red.Vars[j].Name = ""
	}
	for i := range red.Rows {
		red.Rows[i].Name = ""
	}
	mip = mip && red.IsMIP() // glpsol writes an LP solution when no column is integer
	var sol *lp.Solution
	if red.NumVars() == 0 {
		sol = &lp.Solution{Status: lp.Optimal, X: []float64{}, RowDual: []float64{}, ReducedCost: []float64{}}
	} else {
		mpsPath := filepath.Join(dir, name+".mps")
		solPath := filepath.Join(dir, name+".sol")
		if err := writeForGlpsol(mpsPath, red); err != nil {
			t.Fatal(err)
		}
		args := []string{"--freemps", mpsPath, "-w", solPath}
		if mip {
			args = append(args, "--tmlim", "60")
		}
		if out, err := exec.Command(glpsol, args...).CombinedOutput(); err != nil {
			t.Fatalf("glpsol: %v\n%s", err, out)
		}
		var err error
		if mip {
			sol, err = readGlpkMIPSolution(solPath, red.NumRows(), red.NumVars())
		} else {
			sol, err = readGlpkSolution(solPath, red.NumRows(), red.NumVars())
		}
		if err != nil {
			t.Errorf("%s: %v", name, err)
			return nil
		}
	}
	post, err := res.Postsolve(sol)
	if err != nil {
		t.Fatal(err)
	}
	return post
}

// readGlpkMIPSolution parses the integer solution glpsol writes with -w.
func readGlpkMIPSolution(path string, nr, n int) (*lp.Solution, error) {
	data, err := os.ReadFile(path)
	if err != nil {
		return nil, err
	}
	sol := &lp.Solution{X: make([]float64, n)}
	for _, line := range strings.Split(string(data), "\n") {
		fs := strings.Fields(line)
		if len(fs) == 0 {
			continue
		}
		switch fs[0] {
		case "s":
			if len(fs) < 6 || fs[1] != "mip" || fs[4] != "o" {
				return nil, fmt.Errorf("%s: not an optimal integer solution: %q", path, line)
			}
			sol.Status = lp.Optimal
		case "j":
			if len(fs) != 3 {
				return nil, fmt.Errorf("%s: bad line %q", path, line)
			}
			k, err1 := strconv.Atoi(fs[1])
			v, err2 := strconv.ParseFloat(fs[2], 64)
			if err1 != nil || err2 != nil || k < 1 || k > n {
				return nil, fmt.Errorf("%s: bad line %q", path, line)
			}
			sol.X[k-1] = v
		}
	}
	if sol.Status != lp.Optimal {
		return nil, fmt.Errorf("%s: no status line", path)
	}
	return sol, nil
}
