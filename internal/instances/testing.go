package instances

import (
	"errors"
	"os"
	"slices"
	"testing"
)

// EnvRequire names an environment variable: when it is "1" (CI sets it),
// the helpers below fail a test whose shared instances are missing instead
// of skipping it.
const EnvRequire = "STREAMOPT_REQUIRE_SHARED"

// DirOrSkip returns SharedDir for a test or benchmark. When the shared
// folder is not found it skips tb with one line saying how to provide it,
// or fails tb if $STREAMOPT_REQUIRE_SHARED is "1". Any other error (a
// folder named by $STREAMOPT_SHARED that cannot be read, a malformed
// optimal.csv) fails tb.
func DirOrSkip(tb testing.TB) string {
	tb.Helper()
	d, err := SharedDir()
	if err != nil {
		missing(tb, err)
		return ""
	}
	return d
}

// NetlibOrSkip returns Netlib for a test or benchmark, skipping or failing
// tb as DirOrSkip does when the instances are not there.
func NetlibOrSkip(tb testing.TB) []Instance {
	tb.Helper()
	return orSkip(tb, Netlib)
}

// MiplibOrSkip returns Miplib for a test or benchmark, skipping or failing
// tb as DirOrSkip does when the instances are not there.
func MiplibOrSkip(tb testing.TB) []Instance {
	tb.Helper()
	return orSkip(tb, Miplib)
}

// NetlibNamed returns the NETLIB instance called name for a test, skipping
// or failing tb as NetlibOrSkip does when the instances are not there, and
// skipping it when they are but name is not among them.
func NetlibNamed(tb testing.TB, name string) Instance {
	tb.Helper()
	return named(tb, NetlibOrSkip(tb), "NETLIB", name)
}

// MiplibNamed is NetlibNamed for the MIPLIB instances.
func MiplibNamed(tb testing.TB, name string) Instance {
	tb.Helper()
	return named(tb, MiplibOrSkip(tb), "MIPLIB", name)
}

func named(tb testing.TB, list []Instance, set, name string) Instance {
	tb.Helper()
	i := slices.IndexFunc(list, func(in Instance) bool { return in.Name == name })
	if i < 0 {
		tb.Skip(name + " not among the shared " + set + " instances")
		return Instance{}
	}
	return list[i]
}

func orSkip(tb testing.TB, load func() ([]Instance, error)) []Instance {
	tb.Helper()
	ins, err := load()
	if err != nil {
		missing(tb, err)
		return nil
	}
	return ins
}

// missing is the one place that decides between skipping and failing.
func missing(tb testing.TB, err error) {
	tb.Helper()
	switch {
	case !errors.Is(err, ErrNotFound):
		tb.Fatalf("shared instances: %v", err)
	case os.Getenv(EnvRequire) == "1":
		tb.Fatalf("%s=1 and %v", EnvRequire, err)
	default:
		tb.Skip(err)
	}
}
