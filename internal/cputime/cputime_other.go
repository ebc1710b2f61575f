//go:build !unix

package cputime

import "time"

// Process returns 0: getrusage is not available here.
func Process() time.Duration { return 0 }
