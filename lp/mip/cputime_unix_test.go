//go:build unix

package mip

import (
	"syscall"
	"time"
)

// cpuSeconds is the user and system CPU time of the process so far (0 where
// getrusage is unavailable). Run with GOMAXPROCS=1 it is the CPU time of the
// solve on one core, the figure a loaded machine does not inflate.
func cpuSeconds() float64 {
	var ru syscall.Rusage
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru) != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano()).Seconds()
}
