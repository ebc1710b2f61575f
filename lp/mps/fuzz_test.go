package mps_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp/modelfile/readertest"
)

// FuzzRead checks that Read never panics, that every model it accepts
// passes Validate, and that writing it and reading it back gives the same
// model. Seeds: the hand-written cases of this package and small NETLIB and
// MIPLIB files.
func FuzzRead(f *testing.F) {
	f.Add(baseRows(nil, nil, nil))
	f.Add(baseRows([]string{fx("", "RHS", "COST", "-7.113")},
		[]string{fx("", "RNG", "C1", "-3.", "C2", "2."), fx("", "RNG", "C3", "-1.5")},
		[]string{fx("UP", "BND", "X", "-1.9"), fx("FR", "BND", "Y")}))
	f.Add(intModel([]string{fx("LO", "BND", "A", "2.")}))
	f.Add(strings.Replace(baseRows(nil, nil, nil), "ROWS\n", "OBJSENSE MAX\nROWS\n", 1))
	f.Add(text("NAME free", "ROWS", " N obj", " E r", "COLUMNS", " x obj 1 r 1", " y r 1",
		"RHS", " r 3", "BOUNDS", " UP x 2", " FR y", " BV b y", " LI b x -3", "ENDATA"))
	f.Add(text("NAME", "ROWS", " N  OBJ", " G  A$   1 1", "COLUMNS",
		fx("", "DEDO3 11", "OBJ", "-1.", "A$   1 1", "1."), "RHS",
		fx("", "", "A$   1 1", "23.26"), "RANGES", fx("", "RNG 1", "A$   1 1", "284990."), "ENDATA"))
	// Read once accepted this name and Write then refused it; Read refuses it now.
	f.Add("NAME 0\r0\nENDATA")
	f.Add(text("NAME", "ROWS", " N obj", " G r", "COLUMNS", fx("", "$x", "obj", "1", "r", "1"), fx("", "long_name", "r", "1"), "RHS", fx("", "RHS", "r", "1"), "ENDATA"))
	f.Add(text("* objective of the model = -(objective of this file) + 2.5", "NAME neg", "ROWS", " N obj", " L r",
		"COLUMNS", " x obj 1 r 1", "RHS", " rhs obj 1 r 4", "ENDATA"))
	if root, err := instances.SharedDir(); err == nil {
		for _, p := range []string{"netlib/afiro.mps", "netlib/sc50b.mps", "netlib/kb2.mps", "miplib/small_mip.mps", "miplib/flugpl.mps"} {
			if b, err := os.ReadFile(filepath.Join(root, p)); err == nil {
				f.Add(string(b))
			}
		}
	}
	// The only models Read accepts and Write refuses: a fixed-format name
	// with a blank or a leading $ that free format (needed for a long name
	// or number elsewhere) cannot hold.
	readertest.FuzzRoundTrip(f, readerFormat, readertest.RoundTrip{Refused: "free MPS cannot hold it"})
}
