package version

import (
	"runtime"
	"runtime/debug"
	"strings"
)

// Devel is the module version of a build the go command could not stamp:
// one built from a work tree (go build, go run, go test).
const Devel = "devel"

// commit is the commit the binary was built from, set by the build scripts
// (scripts/ldflags.sh) with
//
//	go build -ldflags "-X github.com/streamopt/streamopt/internal/version.commit=$(git rev-parse HEAD)"
//
// (a "-dirty" suffix says the work tree had changes). Empty, Commit falls
// back to the go command's own stamp.
var commit string

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

// Commit returns the commit the binary was built from, its first 12 hex
// digits, with "-dirty" when the work tree had uncommitted changes: the
// value the build scripts set with -ldflags -X, else the go command's
// vcs.revision and vcs.modified stamps (go build in a git checkout stamps
// them; go run and go test do not). It is "" when neither is there.
func Commit() string {
	if commit != "" {
		return shortCommit(commit)
	}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	return vcsCommit(bi.Settings)
}

// vcsCommit reads the commit from the go command's build settings.
func vcsCommit(settings []debug.BuildSetting) string {
	var rev, modified string
	for _, s := range settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			modified = s.Value
		}
	}
	if rev == "" {
		return ""
	}
	if modified == "true" {
		rev += "-dirty"
	}
	return shortCommit(rev)
}

// shortCommit keeps the first 12 characters of a commit hash and any
// "-dirty" suffix.
func shortCommit(c string) string {
	c = strings.TrimSpace(c)
	hash, dirty := strings.CutSuffix(c, "-dirty")
	if len(hash) > 12 {
		hash = hash[:12]
	}
	if dirty {
		hash += "-dirty"
	}
	return hash
}

// Go returns the Go release that built the binary, e.g. "go1.26.8".
func Go() string { return runtime.Version() }

// String returns the module version, the commit when it is known and the
// Go release: "devel (commit 9b84453a1c2d, go1.26.8)", or
// "v0.3.1 (go1.26.8)" for a build that names no commit.
func String() string { return format(Module(), Commit(), Go()) }

func format(module, commit, goVersion string) string {
	if commit == "" {
		return module + " (" + goVersion + ")"
	}
	return module + " (commit " + commit + ", " + goVersion + ")"
}

// CommitOf returns the commit a String names ("" when it names none), so
// that a program can tell whether two version strings of files it reads
// identify their builds.
func CommitOf(s string) string {
	_, rest, ok := strings.Cut(s, "(commit ")
	if !ok {
		return ""
	}
	c, _, ok := strings.Cut(rest, ",")
	if !ok {
		return ""
	}
	return c
}
