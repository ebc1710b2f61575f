//go:build clp

// C interface of stop.cpp, the stop handler of the clp backend.

#ifndef STREAMOPT_CLP_STOP_H
#define STREAMOPT_CLP_STOP_H

#ifdef __cplusplus
extern "C" {
#endif

// Why the handler stopped CLP.
enum { SO_CLP_RUNNING = 0, SO_CLP_DEADLINE = 1, SO_CLP_CANCELLED = 2 };

typedef struct so_clp_stop so_clp_stop;

// so_clp_stop_new returns a stop state with a deadline seconds from now
// (when has_deadline is not 0), or NULL when out of memory.
so_clp_stop *so_clp_stop_new(double seconds, int has_deadline);
// so_clp_stop_install gives the ClpSimplex model a handler bound to s; it
// returns 0 when CLP threw.
int so_clp_stop_install(void *model, so_clp_stop *s);
// so_clp_stop_cancel asks the handler to stop CLP at its next iteration;
// it may be called from any thread.
void so_clp_stop_cancel(so_clp_stop *s);
// so_clp_stop_reason says why the handler stopped CLP (SO_CLP_*).
int so_clp_stop_reason(so_clp_stop *s);
void so_clp_stop_free(so_clp_stop *s);

#ifdef __cplusplus
}
#endif

#endif
