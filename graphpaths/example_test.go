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
