package tpd

import (
	"fmt"
	"strings"
)

// Discipline is the order in which an IPN starts its queued sub-tasks.
type Discipline int

// Queue disciplines (spec C.5).
const (
	// MDD is the tardiness-aware rule (16): start
	// argmin_i max(D_i − ω_{k,dst}, t + p_ik), ties by earlier D_i, then
	// earlier arrival at the IPN.
	MDD Discipline = iota
	// EDD starts the earliest deadline D_i, ties by arrival.
	EDD
	// FCFS starts in order of arrival at the IPN.
	FCFS
)

var disciplineNames = [...]string{"mdd", "edd", "fcfs"}

func (d Discipline) String() string {
	if d >= 0 && int(d) < len(disciplineNames) {
		return disciplineNames[d]
	}
	return fmt.Sprintf("Discipline(%d)", int(d))
}

// ParseDiscipline reads "mdd", "edd" or "fcfs".
func ParseDiscipline(s string) (Discipline, error) {
	for i, n := range disciplineNames {
		if strings.EqualFold(s, n) {
			return Discipline(i), nil
		}
	}
	return 0, inputErr("discipline: must be one of mdd, edd, fcfs, got %q", s)
}

// ipnQueue is the waiting set of one IPN. Items are task indices; the queue
// knows each task's modified due date, deadline, processing time and arrival
// sequence through the closures it was built with.
type ipnQueue interface {
	push(i int)
	peek(t float64) int // best item at time t; the queue must be non-empty
	pop(t float64) int
	size() int
}

// simpleQueue is EDD or FCFS: a static priority heap.
type simpleQueue struct{ h idxHeap }

func (q *simpleQueue) push(i int)       { q.h.push(i) }
func (q *simpleQueue) peek(float64) int { return q.h.top() }
func (q *simpleQueue) pop(float64) int  { return q.h.pop() }
func (q *simpleQueue) size() int        { return q.h.len() }

// mddQueue implements rule (16) in O(log n) per operation. Item i has key
// max(δ_i, t + p_i), δ_i = D_i − ω_out. While t + p_i ≤ δ_i ("on time") the
// key is δ_i, a constant; once t > δ_i − p_i ("at risk") it is t + p_i, and
// among at-risk items the order is that of p_i. So on-time items sit in a
// heap by δ, at-risk items in a heap by p, and a third heap by δ − p moves
// items from the first to the second as t passes their threshold. Stale
// entries are dropped lazily.
type mddQueue struct {
	delta, p, dl []float64 // per task: δ_i, p_i (on this IPN), D_i
	seq          []int     // per task: arrival order at this IPN
	state        []uint8   // 0 absent, 1 on time, 2 at risk
	onTime       idxHeap   // by (δ, D, seq)
	thr          idxHeap   // by δ − p
	risk         idxHeap   // by (p, D, seq)
	n            int
}

const (
	mddAbsent = iota
	mddOnTime
	mddAtRisk
)

func newMDDQueue(delta, p, dl []float64, seq []int, state []uint8) *mddQueue {
	q := &mddQueue{delta: delta, p: p, dl: dl, seq: seq, state: state}
	tie := func(i, j int) bool {
		if q.dl[i] != q.dl[j] {
			return q.dl[i] < q.dl[j]
		}
		return q.seq[i] < q.seq[j]
	}
	q.onTime.less = func(i, j int) bool {
		if q.delta[i] != q.delta[j] {
			return q.delta[i] < q.delta[j]
		}
		return tie(i, j)
	}
	q.thr.less = func(i, j int) bool { return q.delta[i]-q.p[i] < q.delta[j]-q.p[j] }
	q.risk.less = func(i, j int) bool {
		if q.p[i] != q.p[j] {
			return q.p[i] < q.p[j]
		}
		return tie(i, j)
	}
	return q
}

func (q *mddQueue) size() int { return q.n }

func (q *mddQueue) push(i int) {
	q.state[i] = mddOnTime
	q.onTime.push(i)
	q.thr.push(i)
	q.n++
}

// advance moves the items whose threshold δ − p is before t to the risk heap.
func (q *mddQueue) advance(t float64) {
	for q.thr.len() > 0 {
		i := q.thr.top()
		if q.state[i] != mddOnTime {
			q.thr.pop()
			continue
		}
		if q.delta[i]-q.p[i] >= t {
			break
		}
		q.thr.pop()
		q.state[i] = mddAtRisk
		q.risk.push(i)
	}
	for q.onTime.len() > 0 && q.state[q.onTime.top()] != mddOnTime {
		q.onTime.pop()
	}
	for q.risk.len() > 0 && q.state[q.risk.top()] != mddAtRisk {
		q.risk.pop()
	}
}

func (q *mddQueue) peek(t float64) int {
	q.advance(t)
	switch {
	case q.onTime.len() == 0:
		return q.risk.top()
	case q.risk.len() == 0:
		return q.onTime.top()
	}
	a, b := q.onTime.top(), q.risk.top()
	ka, kb := q.delta[a], t+q.p[b]
	if ka != kb {
		if ka < kb {
			return a
		}
		return b
	}
	if q.dl[a] != q.dl[b] {
		if q.dl[a] < q.dl[b] {
			return a
		}
		return b
	}
	if q.seq[a] < q.seq[b] {
		return a
	}
	return b
}

func (q *mddQueue) pop(t float64) int {
	i := q.peek(t)
	if q.state[i] == mddOnTime {
		q.onTime.pop()
	} else {
		q.risk.pop()
	}
	q.state[i] = mddAbsent
	q.n--
	return i
}
