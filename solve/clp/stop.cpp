//go:build clp

// The stop handler of the clp backend: a ClpEventHandler that ends the
// simplex at the end of an iteration once Go has cancelled the solve or a
// wall-clock deadline has passed. lanl/clp exposes only CLP's maximum
// seconds, which CLP counts in CPU time of the whole process and which
// cannot safely be changed while CLP runs; see stop.go.

#include <atomic>
#include <chrono>
#include <new>

#include "ClpEventHandler.hpp"
#include "ClpSimplex.hpp"

#include "stop.h"

struct so_clp_stop {
	std::atomic<int> cancel{0};
	std::atomic<int> reason{SO_CLP_RUNNING};
	bool has_deadline = false;
	std::chrono::steady_clock::time_point deadline;
};

namespace {

// stopHandler is cloned by ClpModel::passInEventHandler and by every copy
// of the model CLP makes (the barrier's ClpInterior, the clean-up passes);
// all clones share one so_clp_stop.
class stopHandler : public ClpEventHandler {
public:
	explicit stopHandler(so_clp_stop *s) : s_(s) {}
	stopHandler(const stopHandler &o) : ClpEventHandler(o), s_(o.s_) {}
	stopHandler &operator=(const stopHandler &o) {
		ClpEventHandler::operator=(o);
		s_ = o.s_;
		return *this;
	}
	ClpEventHandler *clone() const override { return new stopHandler(*this); }

	// event answers -1 (carry on) to everything but the end of an
	// iteration, where 0 makes CLP return with problem status 5.
	int event(Event which) override {
		if (which != endOfIteration) {
			return -1;
		}
		if (s_->has_deadline && std::chrono::steady_clock::now() >= s_->deadline) {
			s_->reason.store(SO_CLP_DEADLINE, std::memory_order_relaxed);
			return 0;
		}
		if (s_->cancel.load(std::memory_order_relaxed)) {
			s_->reason.store(SO_CLP_CANCELLED, std::memory_order_relaxed);
			return 0;
		}
		return -1;
	}

private:
	so_clp_stop *s_;
};

} // namespace

extern "C" {

so_clp_stop *so_clp_stop_new(double seconds, int has_deadline) {
	so_clp_stop *s = new (std::nothrow) so_clp_stop;
	if (s == nullptr) {
		return nullptr;
	}
	s->has_deadline = has_deadline != 0;
	if (s->has_deadline) {
		s->deadline = std::chrono::steady_clock::now() +
			std::chrono::duration_cast<std::chrono::steady_clock::duration>(std::chrono::duration<double>(seconds));
	}
	return s;
}

int so_clp_stop_install(void *model, so_clp_stop *s) {
	try {
		stopHandler h(s);
		static_cast<ClpSimplex *>(model)->passInEventHandler(&h);
	} catch (...) {
		return 0;
	}
	return 1;
}

void so_clp_stop_cancel(so_clp_stop *s) { s->cancel.store(1, std::memory_order_relaxed); }

int so_clp_stop_reason(so_clp_stop *s) { return s->reason.load(std::memory_order_relaxed); }

void so_clp_stop_free(so_clp_stop *s) { delete s; }

} // extern "C"
