//go:build clp

package clp

// CLP is stopped from Go through an event handler (stop.cpp) that ends
// the simplex at the end of an iteration once the context is cancelled or
// its deadline, read from a monotonic clock, has passed. lanl/clp exposes
// neither CLP's event handlers nor its wall-clock limit, and the maximum
// seconds it does expose are CPU seconds of the whole process.

/*
#cgo pkg-config: clp
#include <stdlib.h>
#include "stop.h"
*/
import "C"

import (
	"context"
	"runtime"
	"time"
	"unsafe"

	coin "github.com/lanl/clp"
)

// simplexLayout mirrors coin.Simplex, whose first (unexported) field is the
// ClpSimplex pointer; the size check in clpSimplexOf guards the assumption.
type simplexLayout struct {
	model  unsafe.Pointer
	allocs []unsafe.Pointer
	matrix coin.Matrix
}

// clpSimplexOf returns the ClpSimplex behind s. The caller keeps s alive
// (runtime.KeepAlive) while it uses the pointer.
func clpSimplexOf(s *coin.Simplex) unsafe.Pointer {
	if unsafe.Sizeof(*s) != unsafe.Sizeof(simplexLayout{}) {
		panic("clp: coin.Simplex layout changed") // programmer error: lanl/clp upgraded
	}
	return (*simplexLayout)(unsafe.Pointer(s)).model
}

// stopper is the C state of the stop handler of one solve.
type stopper struct {
	c       *C.so_clp_stop
	done    chan struct{}
	watcher chan struct{}
}

// startStopper installs a stop handler with ctx's deadline on s and
// cancels it when ctx is cancelled; the caller must call stop once every
// CLP call on s has returned.
func startStopper(ctx context.Context, s *coin.Simplex) (*stopper, bool) {
	deadline, has := ctx.Deadline()
	hd, seconds := C.int(0), 0.0
	if has {
		hd, seconds = 1, max(time.Until(deadline).Seconds(), 0)
	}
	c := C.so_clp_stop_new(C.double(seconds), hd)
	if c == nil {
		return nil, false
	}
	ok := C.so_clp_stop_install(clpSimplexOf(s), c) != 0
	runtime.KeepAlive(s)
	if !ok {
		C.so_clp_stop_free(c)
		return nil, false
	}
	st := &stopper{c: c, done: make(chan struct{}), watcher: make(chan struct{})}
	go func() {
		defer close(st.watcher)
		select {
		case <-ctx.Done():
			C.so_clp_stop_cancel(c)
		case <-st.done:
		}
	}()
	return st, true
}

// reason says why the handler stopped CLP, for the log: 0 it did not,
// 1 the deadline, 2 a cancellation (stop.h).
func (st *stopper) reason() int { return int(C.so_clp_stop_reason(st.c)) }

// stop ends the watcher and frees the C state. CLP must not run on the
// model again: its handler would read the freed state.
func (st *stopper) stop() {
	close(st.done)
	<-st.watcher
	C.so_clp_stop_free(st.c)
}
