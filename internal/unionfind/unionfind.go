// Package unionfind keeps a partition of the indices 0..n−1 into groups
// (a disjoint-set forest with path halving). The root of a group is its
// least index, so that the groups' names do not depend on the order of the
// unions.
package unionfind

// Sets is a partition of 0..len−1; New makes each index a group of its own.
type Sets []int

// New returns n singleton groups.
func New(n int) Sets {
	u := make(Sets, n)
	for i := range u {
		u[i] = i
	}
	return u
}

// Find returns the root of i's group, its least index.
func (u Sets) Find(i int) int {
	for u[i] != i {
		u[i] = u[u[i]]
		i = u[i]
	}
	return i
}

// Union joins the groups of i and j.
func (u Sets) Union(i, j int) {
	if a, b := u.Find(i), u.Find(j); a != b {
		u[max(a, b)] = min(a, b)
	}
}
