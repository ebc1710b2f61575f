// Package cputime measures and limits the CPU time of this process: user
// plus system time as getrusage(2) reports it. On a machine shared with
// other work the CPU time of a solve is steadier than its wall-clock time,
// so the benchmarks limit and report solves by it (run them with
// GOMAXPROCS=1 to measure one core). Where getrusage is unavailable
// Process returns 0 and WithLimit never fires before its parent ends.
package cputime
