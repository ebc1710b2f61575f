package rmts

// rebalance is the proactive mode of DASD dancing (spec B.6; the rule and
// its termination argument are in the package doc). It runs after every
// event while some migration edge (u, v) has l_u − l_v ≥ δ and u serves a
// stream of a content v also stores: it moves one stream across the edge
// of largest load difference, at most K moves per event.
func (s *state) rebalance(delta int) {
	limit := s.sc.Servers
	inWindow := s.eng.Now() >= s.opts.Warmup
	for moves := 0; ; moves++ {
		from, to := s.steepestEdge(delta)
		if from < 0 {
			return
		}
		if moves == limit {
			s.res.ProactiveCapped++
			s.capped = true
			return
		}
		id := s.pickMovable(from, to)
		s.unplace(id)
		s.place(id, to)
		s.streams[id].rec.Moves++
		s.res.ProactiveMovesAll++
		s.res.MigrationsAll++
		if inWindow {
			s.res.ProactiveMoves++
			s.res.Migrations++
		}
	}
}

// steepestEdge returns the in-service migration edge (u, v) with the
// largest l_u − l_v ≥ δ across which u can move a stream (ties: lowest u,
// then lowest v), or (−1, −1).
func (s *state) steepestEdge(delta int) (int, int) {
	bu, bv, bd := -1, -1, delta-1
	low := s.sc.Capacity // the smallest load in service
	for u := range s.sc.Servers {
		if !s.failed[u] {
			low = min(low, s.load[u])
		}
	}
	for u := range s.sc.Servers {
		if s.failed[u] || s.load[u]-low <= bd {
			continue // no edge from u can beat the best difference
		}
		for _, v := range s.sc.Graph.Neighbors(u) {
			// Neighbours come in increasing order, so a strictly larger
			// difference is needed to replace the best edge: ties keep the
			// lowest (u, v).
			if d := s.load[u] - s.load[v]; d > bd && !s.failed[v] {
				if _, ok := s.sc.Graph.Movable(s, u, v); ok {
					bu, bv, bd = u, v, d
				}
			}
		}
	}
	return bu, bv
}
