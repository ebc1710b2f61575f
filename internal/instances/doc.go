// Package instances locates the shared test instances (NETLIB LPs, MIPLIB
// MILPs with known optima) that sit in a folder named "shared" beside the
// repository checkout, and reads their optimum tables.
package instances
