//go:build cbc

// The part of the cbc backend that CBC's C interface cannot express: stop
// handlers that end a running solve once Go has cancelled it or a
// wall-clock deadline has passed (a CbcEventHandler for the branch and cut,
// a ClpEventHandler for an LP, which Cbc_solve hands to CLP alone), the
// outcome of an LP solve, and the SIGINT disposition kept from CBC.
//
// Cbc_C_Interface.h declares the Cbc_Model structure itself when
// CBC_EXTERN_C is defined (Coin_C_defines.h), which is how the handlers
// reach the CbcModel and the OsiClpSolverInterface behind the C handle.

#include <atomic>
#include <chrono>
#include <csignal>
#include <dlfcn.h>
#include <new>
#include <string>
#include <vector>

#include "CbcEventHandler.hpp"
#include "CbcModel.hpp"
#include "CbcSolver.hpp"
#include "ClpEventHandler.hpp"
#include "ClpSimplex.hpp"
#include "OsiClpSolverInterface.hpp"

#define CBC_EXTERN_C
#include "Cbc_C_Interface.h"

#include "shim.h"

struct so_cbc_stop {
	std::atomic<int> cancel{0};
	std::atomic<int> reason{SO_CBC_RUNNING};
	bool has_deadline = false;
	std::chrono::steady_clock::time_point deadline;
	long long iter_limit = 0;

	// stop reports whether the solve should end now, and records why.
	bool stop() {
		if (has_deadline && std::chrono::steady_clock::now() >= deadline) {
			reason.store(SO_CBC_DEADLINE, std::memory_order_relaxed);
			return true;
		}
		if (cancel.load(std::memory_order_relaxed)) {
			reason.store(SO_CBC_CANCELLED, std::memory_order_relaxed);
			return true;
		}
		return false;
	}
};

namespace {

// cbcStop is cloned into every copy of the CbcModel (CbcMain1 solves a
// copy, heuristics solve sub-models); all clones share one so_cbc_stop. It
// asks for a stop only at events where stopping keeps every found solution
// and leaves CBC with status "stopped on event", never at the solution
// events, whose stop action would discard the solution.
class cbcStop : public CbcEventHandler {
public:
	explicit cbcStop(so_cbc_stop *s) : s_(s) {}
	cbcStop(const cbcStop &o) : CbcEventHandler(o), s_(o.s_) {}
	cbcStop &operator=(const cbcStop &o) {
		CbcEventHandler::operator=(o);
		s_ = o.s_;
		return *this;
	}
	CbcEventHandler *clone() const override { return new cbcStop(*this); }

	CbcAction event(CbcEvent which) override {
		switch (which) {
		case node:
		case treeStatus:
		case afterHeuristic:
		case heuristicPass:
		case generatedCuts:
			break;
		default:
			return noAction;
		}
		if (s_->stop()) {
			return stop;
		}
		// CBC's maxIterations parameter does not stop the search.
		const CbcModel *m = getModel();
		if (s_->iter_limit > 0 && m != nullptr && m->getIterationCount() >= s_->iter_limit) {
			s_->reason.store(SO_CBC_ITERATIONS, std::memory_order_relaxed);
			return stop;
		}
		return noAction;
	}

private:
	so_cbc_stop *s_;
};

// clpStop ends CLP at the end of an iteration (problem status 5); it is
// installed only on the solver of an LP, never inside the branch and cut,
// where a node LP cut short would be taken for an infeasible node.
class clpStop : public ClpEventHandler {
public:
	explicit clpStop(so_cbc_stop *s) : s_(s) {}
	clpStop(const clpStop &o) : ClpEventHandler(o), s_(o.s_) {}
	clpStop &operator=(const clpStop &o) {
		ClpEventHandler::operator=(o);
		s_ = o.s_;
		return *this;
	}
	ClpEventHandler *clone() const override { return new clpStop(*this); }

	int event(Event which) override {
		if (which != endOfIteration) {
			return -1;
		}
		return s_->stop() ? 0 : -1;
	}

private:
	so_cbc_stop *s_;
};

} // namespace

// solving counts the CBC solves under way in the process (one at a time:
// the Go side serialises them).
static std::atomic<int> solving{0};

extern "C" {

// signal interposes on the C library's signal() for the whole binary (the
// dynamic linker binds libCbcSolver's calls to this definition). While a
// CBC solve runs, CbcMain1 would replace SIGINT's handler with its own and
// later put the previous one back through signal(), which drops the
// SA_ONSTACK and SA_SIGINFO flags Go's handler needs: an interrupt then
// ends the process with "non-Go code set up signal handler without
// SA_ONSTACK flag". Those calls leave SIGINT as it is and return its
// current handler; every other call goes to the C library.
__sighandler_t signal(int sig, __sighandler_t handler) noexcept {
	if (sig == SIGINT && solving.load() > 0) {
		struct sigaction cur;
		if (sigaction(SIGINT, nullptr, &cur) != 0) {
			return SIG_ERR;
		}
		return cur.sa_handler;
	}
	using signalFunc = __sighandler_t (*)(int, __sighandler_t);
	static signalFunc next = reinterpret_cast<signalFunc>(dlsym(RTLD_NEXT, "signal"));
	if (next == nullptr) {
		return SIG_ERR;
	}
	return next(sig, handler);
}

so_cbc_stop *so_cbc_stop_new(double seconds, int has_deadline, long long iter_limit) {
	so_cbc_stop *s = new (std::nothrow) so_cbc_stop;
	if (s == nullptr) {
		return nullptr;
	}
	s->iter_limit = iter_limit;
	s->has_deadline = has_deadline != 0;
	if (s->has_deadline) {
		s->deadline = std::chrono::steady_clock::now() +
			std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
	}
	return s;
}

void so_cbc_stop_cancel(so_cbc_stop *s) { s->cancel.store(1, std::memory_order_relaxed); }

int so_cbc_stop_reason(so_cbc_stop *s) { return s->reason.load(std::memory_order_relaxed); }

void so_cbc_stop_free(so_cbc_stop *s) { delete s; }

int so_cbc_solve(void *handle, so_cbc_stop *s) {
	Cbc_Model *model = static_cast<Cbc_Model *>(handle);
	// CbcMain1's signal() calls are kept from touching SIGINT (signal
	// above); should they reach the C library all the same (a binary
	// linked without the interposition), the whole disposition is saved
	// here and put back after the solve.
	struct sigaction saved;
	bool haveSaved = sigaction(SIGINT, nullptr, &saved) == 0;
	int ret = -100;
	solving.fetch_add(1);
	try {
		if (Cbc_getNumIntegers(model) == 0) {
			clpStop h(s);
			model->solver_->getModelPtr()->passInEventHandler(&h);
		} else {
			cbcStop h(s);
			model->model_->passInEventHandler(&h);
		}
		ret = Cbc_solve(model);
	} catch (...) {
		ret = -100;
	}
	solving.fetch_sub(1);
	if (haveSaved) {
		sigaction(SIGINT, &saved, nullptr);
	}
	return ret;
}

int so_cbc_lp_status(void *handle) {
	OsiClpSolverInterface *si = static_cast<Cbc_Model *>(handle)->solver_;
	if (si->isProvenOptimal()) {
		return SO_CBC_LP_OPTIMAL;
	}
	if (si->isProvenPrimalInfeasible()) {
		return SO_CBC_LP_INFEASIBLE;
	}
	if (si->isProvenDualInfeasible()) {
		return SO_CBC_LP_DUAL_INFEASIBLE;
	}
	if (si->getModelPtr()->status() == 5 || si->isIterationLimitReached()) {
		return SO_CBC_LP_STOPPED;
	}
	return SO_CBC_LP_ABANDONED;
}

void so_cbc_lp_settings(void *handle, double primal_tol, double dual_tol, int max_iter) {
	OsiClpSolverInterface *si = static_cast<Cbc_Model *>(handle)->solver_;
	if (primal_tol > 0) {
		si->setDblParam(OsiPrimalTolerance, primal_tol);
	}
	if (dual_tol > 0) {
		si->setDblParam(OsiDualTolerance, dual_tol);
	}
	if (max_iter > 0) {
		si->setIntParam(OsiMaxNumIteration, max_iter);
	}
}

void so_cbc_lp_resolve(void *handle, double primal_tol) {
	OsiClpSolverInterface *si = static_cast<Cbc_Model *>(handle)->solver_;
	try {
		si->setDblParam(OsiPrimalTolerance, primal_tol);
		si->resolve();
	} catch (...) {
	}
}

int so_cbc_lp_iterations(void *handle) {
	return static_cast<Cbc_Model *>(handle)->solver_->getIterationCount();
}

const double *so_cbc_row_price(void *handle) {
	return static_cast<Cbc_Model *>(handle)->solver_->getRowPrice();
}

} // extern "C"
