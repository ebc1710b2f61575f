package shard

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/streamopt/streamopt/fault"
)

// MaxCount is the largest number of shards a Spec may have.
const MaxCount = 10000

// ErrInput is wrapped by every error of a bad shard spec, record file or
// set of record files: errors.Is(err, fault.ErrInput) holds for them.
var ErrInput = fault.New(fault.ErrInput, "shard: invalid input")

// inputError is an input error with its own message.
type inputError struct{ msg string }

func (e *inputError) Error() string { return e.msg }
func (e *inputError) Unwrap() error { return ErrInput }

func inputErr(format string, args ...any) error {
	return &inputError{fmt.Sprintf(format, args...)}
}

// Spec is shard Index of Count: it runs the units k with k mod Count =
// Index. The zero value is not valid; All is the unsharded run.
type Spec struct {
	Index, Count int
}

// All is the unsharded run: one shard that runs every unit.
var All = Spec{Index: 0, Count: 1}

// String is "i/n".
func (s Spec) String() string { return fmt.Sprintf("%d/%d", s.Index, s.Count) }

// Sharded reports whether s runs only part of the units (Count > 1).
func (s Spec) Sharded() bool { return s.Count > 1 }

// Has reports whether unit k belongs to the shard.
func (s Spec) Has(k int) bool { return s.Count > 0 && k%s.Count == s.Index }

// Select returns, for each point p with runs[p] replications, the
// replications of p the shard runs, ascending (nil when it runs none of
// them); units are numbered as the package doc says.
func (s Spec) Select(runs []int) [][]int {
	out := make([][]int, len(runs))
	k := 0
	for p, n := range runs {
		for r := 0; r < n; r++ {
			if s.Has(k + r) {
				out[p] = append(out[p], r)
			}
		}
		k += n
	}
	return out
}

// Environment variables Parse reads.
const (
	EnvSlurmID    = "SLURM_ARRAY_TASK_ID"
	EnvSlurmMin   = "SLURM_ARRAY_TASK_MIN"
	EnvSlurmCount = "SLURM_ARRAY_TASK_COUNT"
	EnvK8sIndex   = "JOB_COMPLETION_INDEX"
)

// Parse reads a shard spec: "i/n" (0 ≤ i < n ≤ MaxCount); "slurm", shard
// SLURM_ARRAY_TASK_ID − SLURM_ARRAY_TASK_MIN of SLURM_ARRAY_TASK_COUNT; or
// "k8s/n", shard JOB_COMPLETION_INDEX of n (a Kubernetes Indexed Job).
// getenv looks the variables up (os.Getenv). flag names the flag in the
// error messages ("--shard"); a missing or malformed variable is an error
// that names the variable and its value.
func Parse(flag, s string, getenv func(string) string) (Spec, error) {
	s = strings.TrimSpace(s)
	switch {
	case strings.EqualFold(s, "slurm"):
		id, err := envInt(flag, getenv, EnvSlurmID)
		if err != nil {
			return Spec{}, err
		}
		lo, err := envInt(flag, getenv, EnvSlurmMin)
		if err != nil {
			return Spec{}, err
		}
		n, err := envInt(flag, getenv, EnvSlurmCount)
		if err != nil {
			return Spec{}, err
		}
		sp := Spec{Index: id - lo, Count: n}
		if err := sp.check(); err != nil {
			return Spec{}, inputErr("%s slurm: %s=%d, %s=%d, %s=%d: %v", flag, EnvSlurmID, id, EnvSlurmMin, lo, EnvSlurmCount, n, err)
		}
		return sp, nil
	case len(s) > 4 && strings.EqualFold(s[:4], "k8s/"):
		n, err := strconv.Atoi(s[4:])
		if err != nil {
			return Spec{}, inputErr("%s: k8s/n needs a whole number of shards n, got %q", flag, s)
		}
		i, err := envInt(flag, getenv, EnvK8sIndex)
		if err != nil {
			return Spec{}, err
		}
		sp := Spec{Index: i, Count: n}
		if err := sp.check(); err != nil {
			return Spec{}, inputErr("%s %s: %s=%d: %v", flag, s, EnvK8sIndex, i, err)
		}
		return sp, nil
	}
	a, b, ok := strings.Cut(s, "/")
	i, err1 := strconv.Atoi(a)
	n, err2 := strconv.Atoi(b)
	if !ok || err1 != nil || err2 != nil {
		return Spec{}, inputErr("%s: must be i/n (shard i of n, 0-based), slurm or k8s/n, got %q", flag, s)
	}
	sp := Spec{Index: i, Count: n}
	if err := sp.check(); err != nil {
		return Spec{}, inputErr("%s: %q: %v", flag, s, err)
	}
	return sp, nil
}

// check validates the ranges of a spec.
func (s Spec) check() error {
	switch {
	case s.Count < 1 || s.Count > MaxCount:
		return fmt.Errorf("the number of shards must be in [1, %d], got %d", MaxCount, s.Count)
	case s.Index < 0 || s.Index >= s.Count:
		return fmt.Errorf("the shard index must be in [0, %d), got %d", s.Count, s.Index)
	}
	return nil
}

// envInt reads a whole-number environment variable.
func envInt(flag string, getenv func(string) string, name string) (int, error) {
	v := getenv(name)
	if v == "" {
		return 0, inputErr("%s: environment variable %s is not set", flag, name)
	}
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 0, inputErr("%s: environment variable %s must be a whole number, got %q", flag, name, v)
	}
	return n, nil
}
