package instances

import (
	"encoding/csv"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
)

// EnvDir names an environment variable that overrides where the shared folder is.
const EnvDir = "STREAMOPT_SHARED"

// ErrNotFound is returned by SharedDir, Netlib and Miplib when EnvDir is
// unset and no folder named "shared" with a "netlib" folder inside sits
// beside the working directory or any of its ancestors.
var ErrNotFound = errors.New("NETLIB/MIPLIB instances not found: put the shared folder beside the checkout or set " + EnvDir)

// SharedDir returns the shared folder: $STREAMOPT_SHARED if set, else the
// first folder named "shared" that contains "netlib", found by walking up
// from the working directory and looking beside each ancestor. It returns
// ErrNotFound when there is none.
func SharedDir() (string, error) {
	if d := os.Getenv(EnvDir); d != "" {
		return d, nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	return findShared(wd)
}

// findShared walks up from dir looking for shared/netlib beside each ancestor.
func findShared(dir string) (string, error) {
	for d := dir; ; d = filepath.Dir(d) {
		cand := filepath.Join(d, "shared")
		if st, err := os.Stat(filepath.Join(cand, "netlib")); err == nil && st.IsDir() {
			return cand, nil
		}
		if filepath.Dir(d) == d {
			return "", ErrNotFound
		}
	}
}

// Instance is one test instance with its known optimal objective.
type Instance struct {
	Name    string
	Path    string  // the MPS file
	Optimum float64 // optimal objective value (minimisation, constant included)
	Source  string  // where the optimum comes from
}

// Netlib returns the NETLIB instances listed in shared/netlib/optimal.csv.
func Netlib() ([]Instance, error) { return load("netlib") }

// Miplib returns the MILP instances listed in shared/miplib/optimal.csv.
func Miplib() ([]Instance, error) { return load("miplib") }

func load(set string) ([]Instance, error) {
	root, err := SharedDir()
	if err != nil {
		return nil, err
	}
	return Dir(filepath.Join(root, set))
}

// Dir returns the instances listed in dir/optimal.csv (a header, then
// name,optimal_objective[,source]), each with the path of its MPS file:
// NAME.mps, or NAME.mps.gz when only that exists (miplib3 is gzipped).
func Dir(dir string) ([]Instance, error) {
	name := filepath.Join(dir, "optimal.csv")
	f, err := os.Open(name)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	recs, err := csv.NewReader(f).ReadAll()
	if err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	var out []Instance
	for i, r := range recs {
		if i == 0 {
			continue // header
		}
		if len(r) < 2 {
			return nil, fmt.Errorf("%s:%d: want name,optimal_objective", name, i+1)
		}
		v, err := strconv.ParseFloat(r[1], 64)
		if err != nil {
			return nil, fmt.Errorf("%s:%d: %v", name, i+1, err)
		}
		in := Instance{Name: r[0], Path: filepath.Join(dir, r[0]+".mps"), Optimum: v}
		if _, err := os.Stat(in.Path); err != nil {
			if _, err := os.Stat(in.Path + ".gz"); err == nil {
				in.Path += ".gz"
			}
		}
		if len(r) > 2 {
			in.Source = r[2]
		}
		out = append(out, in)
	}
	return out, nil
}
