//go:build cbc

// C interface of shim.cpp: what the cbc backend needs beyond CBC's own C
// interface (Cbc_C_Interface.h), which has no way to stop a running solve.

#ifndef STREAMOPT_CBC_SHIM_H
#define STREAMOPT_CBC_SHIM_H

#ifdef __cplusplus
extern "C" {
#endif

// Why the stop handlers stopped CBC.
enum { SO_CBC_RUNNING = 0, SO_CBC_DEADLINE = 1, SO_CBC_CANCELLED = 2, SO_CBC_ITERATIONS = 3 };

// Outcome of an LP solve (so_cbc_lp_status).
enum { SO_CBC_LP_OPTIMAL = 0, SO_CBC_LP_INFEASIBLE = 1, SO_CBC_LP_DUAL_INFEASIBLE = 2, SO_CBC_LP_STOPPED = 3, SO_CBC_LP_ABANDONED = 4 };

typedef struct so_cbc_stop so_cbc_stop;

// so_cbc_stop_new returns a stop state with a deadline seconds from now
// (when has_deadline is not 0) and a limit on the simplex iterations of a
// branch and cut (when iter_limit > 0), or NULL when out of memory.
so_cbc_stop *so_cbc_stop_new(double seconds, int has_deadline, long long iter_limit);
// so_cbc_stop_cancel asks the handlers to stop CBC at their next event; it
// may be called from any thread.
void so_cbc_stop_cancel(so_cbc_stop *s);
// so_cbc_stop_reason says why the handlers stopped CBC (SO_CBC_*).
int so_cbc_stop_reason(so_cbc_stop *s);
void so_cbc_stop_free(so_cbc_stop *s);

// so_cbc_solve installs the stop handlers bound to s on the model (a
// Cbc_Model *) and runs Cbc_solve with the process's SIGINT disposition
// saved and restored around it. It returns Cbc_solve's result, or -100 when
// CBC threw.
int so_cbc_solve(void *model, so_cbc_stop *s);
// so_cbc_lp_status classifies the outcome of an LP (no integer column)
// solve, which Cbc_solve hands to CLP alone (SO_CBC_LP_*).
int so_cbc_lp_status(void *model);
// so_cbc_lp_settings passes tolerances (0: CLP's default) and an iteration
// limit (0: none) to the CLP model behind an LP.
void so_cbc_lp_settings(void *model, double primal_tol, double dual_tol, int max_iter);
// so_cbc_lp_resolve solves an LP again from its final basis with CLP's
// primal tolerance set to primal_tol.
void so_cbc_lp_resolve(void *model, double primal_tol);
// so_cbc_lp_iterations returns CLP's iteration count after an LP solve.
int so_cbc_lp_iterations(void *model);
// so_cbc_row_price returns CLP's row duals after an LP solve.
const double *so_cbc_row_price(void *model);

#ifdef __cplusplus
}
#endif

#endif
