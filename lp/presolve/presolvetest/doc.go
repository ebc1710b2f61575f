// Package presolvetest builds LP models that exercise lp/presolve at scale,
// for benchmarks and for behaviour tests of the commands that presolve.
package presolvetest
