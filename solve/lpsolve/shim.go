//go:build lpsolve

package lpsolve

// The golp binding covers model building and solve; the lp_solve calls it
// lacks (ranges, sensitivity, MIP gap, tolerances, an abort callback) are
// made here on the same lprec.
//
// Linking: the Debian package liblpsolve55-dev ships only a static archive
// (/usr/lib/liblpsolve55.a), which clashes with the write_mps symbol of the
// lanl/clp wrapper when both backends are linked into one binary. The shared
// library comes with the lp-solve package in /usr/lib/lp_solve, which is
// searched first here; lp_solve is LGPL-2.1, and dynamic linking keeps it
// replaceable. golp compiles its own C preamble with lp_lib.h, so the build
// also needs CGO_CFLAGS="-I/usr/include/lpsolve" (see docs/native-backends.md).

/*
#cgo CFLAGS: -I/usr/include/lpsolve
#cgo LDFLAGS: -L/usr/lib/lp_solve -Wl,-rpath,/usr/lib/lp_solve -llpsolve55
#include <stdlib.h>
#include <time.h>
#include "lp_lib.h"

enum { STOP_NONE = 0, STOP_TIME = 1, STOP_ITER = 2, STOP_NODE = 3, STOP_CANCEL = 4 };

typedef struct {
	int cancel;        // set from Go when the context is cancelled
	int reason;        // why the abort callback stopped the solve
	int has_deadline;
	double deadline;   // CLOCK_MONOTONIC seconds
	long long iter_limit, node_limit; // 0 = none
} so_ctl;

static double so_now(void) {
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

static so_ctl *so_new(double seconds, int has_deadline, long long iter_limit, long long node_limit) {
	so_ctl *c = (so_ctl *)calloc(1, sizeof(so_ctl));
	if (c == NULL) return NULL;
	c->has_deadline = has_deadline;
	c->deadline = so_now() + seconds;
	c->iter_limit = iter_limit;
	c->node_limit = node_limit;
	return c;
}

static void so_cancel(so_ctl *c) { __atomic_store_n(&c->cancel, 1, __ATOMIC_RELAXED); }

static int __WINAPI so_abort(lprec *lp, void *h) {
	so_ctl *c = (so_ctl *)h;
	if (__atomic_load_n(&c->cancel, __ATOMIC_RELAXED)) { c->reason = STOP_CANCEL; return TRUE; }
	if (c->has_deadline && so_now() >= c->deadline) { c->reason = STOP_TIME; return TRUE; }
	if (c->iter_limit > 0 && (long long)get_total_iter(lp) >= c->iter_limit) { c->reason = STOP_ITER; return TRUE; }
	if (c->node_limit > 0 && (long long)get_total_nodes(lp) >= c->node_limit) { c->reason = STOP_NODE; return TRUE; }
	return FALSE;
}

static void so_install(lprec *lp, so_ctl *c) { put_abortfunc(lp, so_abort, c); }

// so_duals copies the row duals (sensitivity analysis) into out[0..nrows).
static int so_duals(lprec *lp, double *out, int nrows) {
	REAL *duals = NULL;
	if (!get_ptr_sensitivity_rhs(lp, &duals, NULL, NULL) || duals == NULL) return 0;
	for (int i = 0; i < nrows; i++) out[i] = duals[i];
	return 1;
}
*/
import "C"

import (
	"runtime"
	"unsafe"

	"github.com/draffensperger/golp"
)

// Reasons the abort callback gives for stopping a solve.
const (
	stopNone   = int(C.STOP_NONE)
	stopTime   = int(C.STOP_TIME)
	stopIter   = int(C.STOP_ITER)
	stopNode   = int(C.STOP_NODE)
	stopCancel = int(C.STOP_CANCEL)
)

// golpLayout mirrors golp.LP (one unexported *C.lprec field) so that the
// lprec can be reached; the size check in lprecOf guards the assumption.
type golpLayout struct{ ptr unsafe.Pointer }

func lprecOf(l *golp.LP) *C.lprec {
	if unsafe.Sizeof(*l) != unsafe.Sizeof(golpLayout{}) {
		panic("lpsolve: golp.LP layout changed") // programmer error: golp upgraded
	}
	return (*C.lprec)((*golpLayout)(unsafe.Pointer(l)).ptr)
}

// control is the C-side state of the abort callback.
type control struct{ c *C.so_ctl }

func newControl(seconds float64, hasDeadline bool, iterLimit, nodeLimit int) *control {
	hd := C.int(0)
	if hasDeadline {
		hd = 1
	}
	c := C.so_new(C.double(seconds), hd, C.longlong(iterLimit), C.longlong(nodeLimit))
	if c == nil {
		return nil
	}
	return &control{c: c}
}

func (c *control) cancel()     { C.so_cancel(c.c) }
func (c *control) reason() int { return int(c.c.reason) }
func (c *control) free()       { C.free(unsafe.Pointer(c.c)) }

func install(l *golp.LP, c *control) {
	C.so_install(lprecOf(l), c.c)
	runtime.KeepAlive(l)
}

func setRange(l *golp.LP, row int, delta float64) bool {
	ok := C.set_rh_range(lprecOf(l), C.int(row+1), C.double(delta)) != 0
	runtime.KeepAlive(l)
	return ok
}

// addEmptyRow appends a row without coefficients, which golp cannot add
// (its AddConstraintSparse indexes the first entry).
func addEmptyRow(l *golp.LP, ct golp.ConstraintType, rhs float64) bool {
	ok := C.add_constraintex(lprecOf(l), 0, nil, nil, C.int(ct), C.double(rhs)) != 0
	runtime.KeepAlive(l)
	return ok
}

func setMIPGap(l *golp.LP, rel float64) {
	C.set_mip_gap(lprecOf(l), C.FALSE, C.double(rel))
	runtime.KeepAlive(l)
}

func setTolerances(l *golp.LP, primal, dual, integer float64) {
	p := lprecOf(l)
	if primal > 0 {
		C.set_epsb(p, C.double(primal))
	}
	if dual > 0 {
		C.set_epsd(p, C.double(dual))
	}
	if integer > 0 {
		C.set_epsint(p, C.double(integer))
	}
	runtime.KeepAlive(l)
}

func setScaling(l *golp.LP, mode int) {
	C.set_scaling(lprecOf(l), C.int(mode))
	runtime.KeepAlive(l)
}

func setImprove(l *golp.LP, mode int) {
	C.set_improve(lprecOf(l), C.int(mode))
	runtime.KeepAlive(l)
}

// requestSensitivity asks lp_solve to keep the duals after solve.
func requestSensitivity(l *golp.LP) {
	p := lprecOf(l)
	C.set_presolve(p, C.PRESOLVE_SENSDUALS, C.get_presolveloops(p))
	runtime.KeepAlive(l)
}

func counts(l *golp.LP) (iter, nodes int) {
	p := lprecOf(l)
	iter, nodes = int(C.get_total_iter(p)), int(C.get_total_nodes(p))
	runtime.KeepAlive(l)
	return
}

func infinity(l *golp.LP) float64 {
	v := float64(C.get_infinite(lprecOf(l)))
	runtime.KeepAlive(l)
	return v
}

// rowDuals returns lp_solve's duals of the nrows rows, or nil.
func rowDuals(l *golp.LP, nrows int) []float64 {
	if nrows == 0 {
		return []float64{}
	}
	buf := (*C.double)(C.malloc(C.size_t(nrows) * C.size_t(unsafe.Sizeof(C.double(0)))))
	if buf == nil {
		return nil
	}
	defer C.free(unsafe.Pointer(buf))
	ok := C.so_duals(lprecOf(l), buf, C.int(nrows))
	runtime.KeepAlive(l)
	if ok == 0 {
		return nil
	}
	out := make([]float64, nrows)
	for i, v := range unsafe.Slice(buf, nrows) {
		out[i] = float64(v)
	}
	return out
}
