package unionfind_test

import (
	"fmt"

	"github.com/streamopt/streamopt/internal/unionfind"
)

func Example() {
	u := unionfind.New(4)
	u.Union(3, 1)
	fmt.Println(u.Find(3), u.Find(2))
	// Output: 1 2
}
