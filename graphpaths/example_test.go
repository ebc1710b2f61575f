package graphpaths_test

import (
	"fmt"

	"github.com/streamopt/streamopt/graphpaths"
)

func ExampleNew() {
	// H0={0,1}, H1={1,2}, H2={2,0}: every pair shares one content.
	g, err := graphpaths.New([][]int{{0, 1}, {1, 2}, {2, 0}}, nil)
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(g.Shared(0, 1), g.Shared(1, 2), g.Shared(0, 2), g.Connected())
	// Output: [1] [2] [0] true
}

func ExampleGraph_SimplePathsBetween() {
	g, _ := graphpaths.New([][]int{{0, 1}, {1, 2}, {2, 0}}, nil)
	ps, _ := g.SimplePathsBetween(0, 2, 2)
	fmt.Println(ps)
	// Output: [[0 2] [0 1 2]]
}

// loads is a cluster state for the examples: L = 1 and server u serves
// one stream of each content in serving[u].
type loads struct {
	load    []int
	serving [][]int
}

func (s loads) InService(int) bool { return true }
func (s loads) HasRoom(u int) bool { return s.load[u] < 1 }
func (s loads) Serving(u, c int) bool {
	for _, x := range s.serving[u] {
		if x == c {
			return true
		}
	}
	return false
}

func ExampleGraph_Valid() {
	// H0={0}, H1={0,1}, H2={1}. Servers 0 and 1 are full (L = 1), 2 is free.
	g, _ := graphpaths.New([][]int{{0}, {0, 1}, {1}}, nil)
	st := loads{load: []int{1, 1, 0}, serving: [][]int{{0}, {1}, {}}}
	fmt.Println(g.Valid(st, graphpaths.Path{0, 1, 2}, 2)) // move 1→2 (content 1), then 0→1 (content 0)
	fmt.Println(g.Valid(st, graphpaths.Path{0, 1, 2}, 1)) // λ = 2 > Γ−1 = 1
	fmt.Println(g.Valid(st, graphpaths.Path{0, 1}, 2))    // terminal 1 is full
	// Output:
	// true
	// false
	// false
}
