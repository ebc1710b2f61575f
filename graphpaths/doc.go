// Package graphpaths builds the migration graph of a video-on-demand
// cluster and enumerates the migration paths of request-migration
// scheduling (spec MODELS.md B.3; paper 000, RMTS).
//
// # Migration graph
//
// Servers are vertices 0..n−1 and H_u is the set of contents stored at u.
// The migration graph G = (V, E) has the undirected edge {u, v} iff
// H_u ∩ H_v ≠ ∅ and the physical topology Λ links u and v (Λ complete by
// default): a stream of a content in H_u ∩ H_v can move between them.
//
// # Path sets ω(u)
//
// ω(u) holds, for every v with 1 ≤ dist(u, v) ≤ Γ−1, all the shortest
// u–v paths (all paths of length dist(u, v), not one representative). They
// are found by one breadth-first search from u, which gives the layered DAG
// of shortest-path predecessors, and a depth-first walk of that DAG. Since
// the placement is static, Ω = ∪_u ω(u) is computed once.
//
// # Run-time validity (B.3)
//
// A path P = (u_0, …, u_λ) is valid in a state iff (a) the terminal u_λ has
// spare capacity, (b) for every hop h, u_{h−1} is serving at least one
// stream of a content in H_{u_{h−1}} ∩ H_{u_h}, and (c) λ ≤ Γ−1; in
// addition every vertex must be in service (not failed). Executing P moves
// one stream per hop from the tail (hop λ first), so the terminal's load
// grows by one, all other loads are unchanged, and u_0 gains a free slot.
// Because hop h's stream leaves u_{h−1} before any stream enters it, the
// moves never interfere and validity in the starting state is exact.
//
// # Augmenting paths and unbounded migration
//
// With unbounded migration a new request of content c can be admitted iff
// the active requests plus the new one can be assigned to holder servers
// within capacity: a bipartite b-matching. Given a feasible assignment, the
// classical augmenting-path theorem (Berge; for b-matchings see Schrijver,
// "Combinatorial Optimization", §21) says the assignment can be extended
// iff the residual graph has a path from the new request to a server with
// spare capacity. In server terms that is a path u_0 → … → u_λ with u_0 a
// holder of c, every hop movable (condition (b)) and a non-full terminal:
// exactly a valid migration path without the length limit. ShortestValid
// with maxHops ≤ 0 is that breadth-first augmenting-path search, so an
// online policy that uses it admits a request whenever any chain of moves
// makes room.
//
// The graph itself is a github.com/yourbasic/graph Immutable; the tests
// compare ω(u) and the bounded simple paths with gonum's graph/path
// (DijkstraAllFrom, YenKShortestPaths) on random seeded graphs, and the
// augmenting-path search with a max-flow b-matching check.
package graphpaths
