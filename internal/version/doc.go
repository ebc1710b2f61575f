// Package version is the one place that knows which build of streamopt is
// running: the module version the go command stamped into the binary
// (runtime/debug.ReadBuildInfo), the commit it was built from and the Go
// release that built it. Output that records its provenance (solve
// --version, the JSON answers' "program", the header of a record file that
// solve merge compares) takes the strings from here.
//
// The commit comes from the build scripts, which set it with
// -ldflags "-X github.com/streamopt/streamopt/internal/version.commit=HASH"
// (scripts/ldflags.sh prints the flag), so that a binary built outside a
// git checkout or with -buildvcs=false still names it; without that, from
// the vcs.revision stamp go build adds in a git checkout. A binary of go
// run or go test names none.
package version
