package unionfind

import "testing"

// TestSets: unions in any order give the groups {0, 3, 5}, {1, 4}, {2},
// each rooted at its least index.
func TestSets(t *testing.T) {
	for _, pairs := range [][][2]int{{{5, 3}, {3, 0}, {4, 1}}, {{0, 5}, {1, 4}, {5, 3}}, {{4, 1}, {3, 5}, {5, 0}}} {
		u := New(6)
		for _, p := range pairs {
			u.Union(p[0], p[1])
		}
		want := []int{0, 1, 2, 0, 1, 0}
		for i, w := range want {
			if got := u.Find(i); got != w {
				t.Errorf("unions %v: Find(%d) = %d, want %d", pairs, i, got, w)
			}
		}
	}
}
