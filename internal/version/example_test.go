package version_test

import (
	"fmt"

	"github.com/streamopt/streamopt/internal/version"
)

// The output depends on the build: "devel (go1.26.8)" from go run or go
// test, "devel (commit 9b84453a1c2d, go1.26.8)" from go build in a git
// checkout or a build script, "v0.3.1 (go1.26.8)" after go install ...@v0.3.1.
func ExampleString() {
	fmt.Println("solve", version.String())
}

// CommitOf reads the commit back from a version string, as solve merge
// does with the version in the header of each record file.
func ExampleCommitOf() {
	fmt.Printf("%q\n", version.CommitOf("devel (commit 9b84453a1c2d, go1.26.8)"))
	fmt.Printf("%q\n", version.CommitOf("devel (go1.26.8)"))
	// Output:
	// "9b84453a1c2d"
	// ""
}
