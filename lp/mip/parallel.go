package mip

import (
	"bytes"
	"cmp"
	"fmt"
	"math"
	"runtime"
	"slices"
	"sync"

	"github.com/streamopt/streamopt/lp"
)

// maxThreads caps Options.Threads: a round of more nodes than that would
// explore the tree ever more broadly for threads the machine does not have.
const maxThreads = 256

// candidate is a point a worker found, offered to the incumbent check when
// its task is merged.
type candidate struct {
	x   []float64
	how string
}

// pcObs is a pseudo-cost observation of a worker.
type pcObs struct {
	j    int
	up   bool
	gain float64
}

// task is one open node of a round, the plunge from it, and what they
// produced, applied to the search by merge.
type task struct {
	start *node
	cap   int  // nodes the task may process
	rins  bool // the task may run RINS (the first of a round)
	// ownRoot: the worker's copy of the search has root bounds of its
	// own, tightened by the incumbents the task found (rootFix)
	ownRoot bool
	// view: the task works on a view of the conflict pool
	// (conflictPool.view), as the tasks of a round of several do; the
	// task of a round of one works on the pool itself, as loop does
	view bool
	seq0 uint64 // search.seq at the round's start: the task's nodes have seq ≥ seq0

	nodes, iters int
	work         lpWork
	open         nodeHeap // children and nodes left over
	dropped      float64
	incomplete   bool
	cands        []candidate
	pc           []pcObs
	conflicts    []lp.Row
	log          bytes.Buffer
	symFixed     int // bounds the symmetry propagation tightened
	polishes     int // polishing LPs (primalState.polishes) and their iterations
	polishIters  int
	dives        diveStats // what the task's dives did
	nextRINS     int       // the RINS schedule after the task (when rins)
	rinsGap      int
	subIters     int // iterations of the task's sub-MIPs (primalState.subIters)
	st           lp.Status
	err          error
}

// worker is the state one thread keeps from round to round: its own
// relaxation, with the bounds set in it, and its own propagators.
type worker struct {
	rel      relaxation
	lo, hi   []float64
	tLo, tHi []float64
	prop     *propagator
	pcSum    [2][]float64
	pcCnt    [2][]int
	pool     *conflictPool // a view of the search's pool
	nodes    int           // nodes processed, for the log
	bufs     nodeBuffers
}

// threads returns the number of workers of the rounds, which is also the
// number of nodes a round hands out: Options.Threads, all cores for 0.
func (s *search) threads() int {
	t := s.opts.Threads
	if t == 0 {
		t = runtime.GOMAXPROCS(0)
	}
	return max(1, min(t, maxThreads))
}

// newWorker makes the state of worker k. Worker 0 takes over the
// relaxation the root was solved with; the others build their own from the
// working model.
func (s *search) newWorker(k int) (*worker, error) {
	wk := &worker{tLo: make([]float64, s.n), tHi: make([]float64, s.n), prop: newPropagator(s.w, s.isInt, s.opts.IntTol)}
	if k == 0 {
		wk.rel, wk.lo, wk.hi = s.rel, s.lo, s.hi
	} else {
		rel, err := s.mk(s.w)
		if err != nil {
			return nil, fmt.Errorf("mip: building the LP relaxation of thread %d: %w", k+1, err)
		}
		wk.rel, wk.lo, wk.hi = rel, make([]float64, s.n), make([]float64, s.n)
		for j := range s.n {
			wk.lo[j], wk.hi[j] = rel.ColBounds(j)
		}
	}
	for d := range 2 {
		wk.pcSum[d], wk.pcCnt[d] = make([]float64, s.n), make([]int, s.n)
	}
	return wk, nil
}

// rounds explores the open nodes in rounds: each round takes the best
// open nodes, one per worker, the workers process them (and the plunges
// from them) on their own relaxations, reading only the state of the
// search as it was at the round's start, and the results are then merged
// in the order of the nodes. Task k of a round always goes to worker k, so
// that the answer for a thread count is the same on every run. It returns
// NotSolved when the tree is done.
func (s *search) rounds() (lp.Status, error) {
	workers := make([]*worker, s.threads()) // made when first needed
	// the rounds, and the nodes of their longest tasks summed
	var nRounds, longest int
	defer func() { s.logThreads(workers, nRounds, longest) }()
	for {
		if len(s.open) == 0 || s.gapClosed() {
			return lp.NotSolved, nil
		}
		if s.halted() {
			return lp.TimeLimit, nil
		}
		if s.opts.NodeLimit > 0 && s.nodes >= s.opts.NodeLimit {
			return lp.NodeLimit, nil
		}
		tasks := s.takeBatch(len(workers))
		if len(tasks) == 0 {
			continue
		}
		// floor[k]: the smallest bound of the open nodes outside task k
		floor := make([]float64, len(tasks))
		for k := range tasks {
			floor[k] = s.open.min()
			for i, t := range tasks {
				if i != k {
					floor[k] = math.Min(floor[k], t.start.bound)
				}
			}
		}
		for k := range tasks {
			if workers[k] == nil {
				wk, err := s.newWorker(k)
				if err != nil {
					return 0, err
				}
				workers[k] = wk
			}
			if wk := workers[k]; tasks[k].view {
				if wk.pool == nil || wk.pool.grown || wk.pool.version != s.pool.version {
					wk.pool = s.pool.view()
				} else {
					clear(wk.pool.hitSum)
					wk.pool.calls = 0
				}
			}
		}
		if len(tasks) == 1 {
			s.runTask(workers[0], tasks[0], floor[0])
		} else {
			var wg sync.WaitGroup
			panics := make([]any, len(tasks))
			for k, t := range tasks {
				wg.Add(1)
				go func() {
					defer wg.Done()
					defer func() { panics[k] = recover() }()
					s.runTask(workers[k], t, floor[k])
				}()
			}
			wg.Wait()
			for _, p := range panics {
				if p != nil {
					panic(p) // on the caller's goroutine, as without threads
				}
			}
		}
		if tasks[0].view {
			views := make([]*conflictPool, len(tasks))
			for k := range tasks {
				views[k] = workers[k].pool
			}
			s.pool.absorb(views)
		}
		nRounds++
		longest += slices.MaxFunc(tasks, func(a, b *task) int { return cmp.Compare(a.nodes, b.nodes) }).nodes
		// while a task is merged, the nodes of the later ones are still
		// open: their bounds keep the reported bound valid
		rest := make([]float64, len(tasks)+1)
		rest[len(tasks)] = inf
		for i := len(tasks) - 1; i >= 0; i-- {
			rest[i] = math.Min(rest[i+1], tasks[i].start.bound)
		}
		st := lp.NotSolved
		for i, t := range tasks {
			s.active = rest[i]
			if err := s.merge(t, rest[i+1]); err != nil {
				return 0, err
			}
			if t.st != lp.NotSolved && st == lp.NotSolved {
				st = t.st
			}
		}
		s.active = inf
		if st != lp.NotSolved {
			return st, nil
		}
	}
}

// takeBatch pops the best open nodes that can still improve the
// incumbent, at most b, and, under a node limit, at most one a node left,
// with the nodes left shared out as the tasks' caps.
func (s *search) takeBatch(b int) []*task {
	nodeCap := math.MaxInt
	if s.opts.NodeLimit > 0 {
		left := s.opts.NodeLimit - s.nodes
		b = min(b, left)
		nodeCap = left / b
	}
	var tasks []*task
	for len(tasks) < b && len(s.open) > 0 {
		n := s.open.pop()
		if n.bound >= s.cutoff() {
			s.drop(n.bound)
			continue
		}
		tasks = append(tasks, &task{start: n, cap: nodeCap})
	}
	// RINS runs in the first task only, whose nodes are numbered as in the
	// search (the tasks before it in the merge order have none)
	if len(tasks) > 0 {
		tasks[0].rins = true
	}
	for _, t := range tasks {
		t.view = s.pool != nil && len(tasks) > 1
	}
	return tasks
}

// runTask processes task t on worker wk: the task's node and the plunge
// from it, as loop does, on a copy of the search that reads the search's
// state as it was at the round's start and records what it changes in t.
// floor is the smallest bound of the open nodes outside the task.
func (s *search) runTask(wk *worker, t *task, floor float64) {
	ws := *s
	ws.rel, ws.lo, ws.hi, ws.tLo, ws.tHi, ws.prop, ws.bufs = wk.rel, wk.lo, wk.hi, wk.tLo, wk.tHi, wk.prop, &wk.bufs
	for d := range 2 {
		copy(wk.pcSum[d], s.pcSum[d])
		copy(wk.pcCnt[d], s.pcCnt[d])
	}
	ws.pcSum, ws.pcCnt = wk.pcSum, wk.pcCnt
	if t.view {
		wk.pool.learnt = nil
		ws.pool = wk.pool
	}
	ws.open, ws.dropped, ws.incomplete, ws.openFloor = nil, inf, false, floor
	ws.task = t
	t.seq0 = s.seq
	ws.opts.Callbacks = Callbacks{}
	if s.opts.Log != nil {
		ws.opts.Log = &t.log
	}
	if !t.rins {
		ws.primal.nextRINS = math.MaxInt
	}
	t.st = lp.NotSolved
	cur := t.start
	if err := ws.rel.Restore(cur.warm); err != nil {
		t.err = fmt.Errorf("mip: restoring a warm start: %w", err)
		return
	}
	for cur != nil {
		if ws.halted() {
			ws.open.push(cur)
			t.st = lp.TimeLimit
			break
		}
		if ws.nodes-s.nodes >= t.cap {
			ws.open.push(cur)
			break
		}
		ws.nodes++
		next, st, err := ws.node(cur)
		if err != nil {
			t.err = err
			break
		}
		if st != lp.NotSolved {
			t.st = st
			break
		}
		cur = next
	}
	t.nodes, t.iters = ws.nodes-s.nodes, ws.iters-s.iters
	t.work = ws.work.minus(s.work)
	t.open, t.dropped, t.incomplete = ws.open, ws.dropped, ws.incomplete
	t.symFixed = ws.symFixed - s.symFixed
	t.polishes, t.polishIters = ws.primal.polishes-s.primal.polishes, ws.primal.polishIters-s.primal.polishIters
	t.nextRINS, t.rinsGap = ws.primal.nextRINS, ws.primal.rinsGap
	t.subIters = ws.primal.subIters - s.primal.subIters
	t.dives = ws.primal.dives.minus(s.primal.dives)
	if t.view {
		t.conflicts = ws.pool.learnt
	}
	wk.nodes += t.nodes
}

// merge applies what task t produced to the search: its work, its
// pseudo-cost observations, its log lines, its incumbent candidates
// (through tryIncumbent, with the lazy constraints, events and global
// fixing it brings), its open nodes and its conflicts. Until its open
// nodes are in the tree, s.active holds the bound of its start node (which
// no node of its subtree is below); after, rest, the smallest bound of the
// tasks still to merge.
func (s *search) merge(t *task, rest float64) error {
	if t.err != nil {
		return t.err
	}
	s.nodes += t.nodes
	s.iters += t.iters
	s.work.add(t.work)
	s.primal.polishes += t.polishes
	s.symFixed += t.symFixed
	s.primal.polishIters += t.polishIters
	s.primal.dives = s.primal.dives.plus(t.dives)
	if t.rins {
		s.primal.nextRINS, s.primal.rinsGap = t.nextRINS, t.rinsGap
	}
	s.primal.subIters += t.subIters
	for _, o := range t.pc {
		s.addPseudoCost(o.j, o.up, o.gain)
	}
	if s.opts.Log != nil && t.log.Len() > 0 {
		s.opts.Log.Write(t.log.Bytes())
	}
	for _, c := range t.cands {
		s.tryIncumbent(c.x, c.how)
	}
	// the nodes the task made are numbered after every node of the tree,
	// in the order the task made them, as loop would have
	slices.SortFunc(t.open, func(a, b *node) int { return cmp.Compare(a.seq, b.seq) })
	for _, n := range t.open {
		if n.seq >= t.seq0 {
			s.stamp(n)
		}
	}
	cut := s.cutoff()
	for _, n := range t.open {
		if n.bound >= cut {
			s.drop(n.bound)
		} else {
			s.open.push(n)
		}
	}
	s.drop(t.dropped)
	s.incomplete = s.incomplete || t.incomplete
	for _, r := range t.conflicts {
		s.pool.add(r)
	}
	s.active = rest
	s.report()
	return nil
}

// logThreads writes how the nodes of the rounds were shared out, and the
// nodes of the longest task of each round summed: a round lasts about as
// long as its longest task, so with T threads about 1 − (nodes of the
// rounds) / (T · longest) of the threads' time is spent waiting at the
// rounds' ends.
func (s *search) logThreads(workers []*worker, rounds, longest int) {
	if s.opts.Log == nil || len(workers) == 1 {
		return
	}
	fmt.Fprintf(s.opts.Log, "threads: %d (work per thread:", len(workers))
	for k, wk := range workers {
		sep := ","
		if k == 0 {
			sep = ""
		}
		nodes := 0
		if wk != nil {
			nodes = wk.nodes
		}
		fmt.Fprintf(s.opts.Log, "%s %d", sep, nodes)
	}
	fmt.Fprintf(s.opts.Log, " nodes; %d rounds, their longest tasks %d nodes)\n", rounds, longest)
}
