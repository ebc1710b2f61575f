package version

import (
	"runtime"
	"runtime/debug"
)

// Devel is the module version of a build the go command could not stamp:
// one built from a work tree (go build, go run, go test).
const Devel = "devel"

// Module returns the version of the main module, e.g. "v0.3.1" when built
// with go install github.com/streamopt/streamopt/cmd/solve@v0.3.1, or Devel
// when it is unknown.
func Module() string {
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return Devel
	}
	return moduleVersion(bi.Main.Version)
}

// moduleVersion maps the go command's "(devel)" and an empty version to
// Devel.
func moduleVersion(v string) string {
	if v == "" || v == "(devel)" {
		return Devel
	}
	return v
}

// Go returns the Go release that built the binary, e.g. "go1.26.8".
func Go() string { return runtime.Version() }

// String returns the module version and the Go release, e.g.
// "v0.3.1 (go1.26.8)".
func String() string { return Module() + " (" + Go() + ")" }
