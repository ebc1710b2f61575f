// Package version is the one place that knows which build of streamopt is
// running: the module version the go command stamped into the binary
// (runtime/debug.ReadBuildInfo) and the Go release that built it. Output
// that records its provenance takes the strings from here.
package version
