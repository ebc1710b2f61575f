package version_test

import (
	"fmt"

	"github.com/streamopt/streamopt/internal/version"
)

// The output depends on the build: "devel (go1.26.8)" from a work tree,
// "v0.3.1 (go1.26.8)" after go install ...@v0.3.1.
func ExampleString() {
	fmt.Println("solve", version.String())
}
