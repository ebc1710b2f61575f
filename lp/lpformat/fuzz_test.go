package lpformat_test

import (
	"bytes"

	"path/filepath"
	"testing"

	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp/lpformat"
	"github.com/streamopt/streamopt/lp/modelfile/readertest"
	"github.com/streamopt/streamopt/lp/mps"
)

// FuzzRead checks that Read never panics, that every model it accepts
// passes Validate, and that writing it and reading it back gives the same
// model up to the renaming of Names and the splitting of ranges
// (FileModel). Seeds: hand-written files with every
// section and construct, files this package wrote for a NETLIB LP and a
// MIPLIB MILP, and the inputs kept in testdata/fuzz/FuzzRead.
func FuzzRead(f *testing.F) {
	f.Add(text("\\Problem name: seed", "Maximize", " obj: 3 x + 2y - 1.5e-3 z + 7", "Subject To",
		" r1: x + y <= 4", " r2: -5 <= x - z <= 10", " x + 3 y >= -inf", "Bounds", " x <= 3", " -inf <= z <= -1",
		" y free", " 2 <= w", "Generals", " w", "Binaries", " b", "End"))
	f.Add(text("min", "st", " c: 2x2 + .5 y => 1", " d: 4 >= x2 - y >= -4", "bounds", " x2 = 1", "end"))
	f.Add(text("\\* Problem: g *\\", "Minimize", " obj: + x_1 - ~r_1", "Subject To", " r_1: + x_1 - ~r_1 = 0",
		"Bounds", " 0 <= ~r_1 <= 4", "End"))
	f.Add(text("Minimize", " obj: x + [ x ^ 2 ] / 2", "Subject To", "SOS", " s: S1:: x:1", "End"))
	f.Add(text("Minimize", " x", "Subject To", " c: b = 1 -> x >= 2", " e: x <= 1.2.3", "End"))
	f.Add(text("\\Problem name: 0\r0", "Minimize", " x", "Subject To", "End"))
	f.Add(text("\\ objective of the model = -(objective of this file) - 3", "Maximize", " obj: x + 2", "Subject To",
		" r: 1 <= x <= 3", " s: 4 >= x >= 2", "End"))
	if root, err := instances.SharedDir(); err == nil {
		for _, p := range []string{"netlib/afiro.mps", "miplib/small_mip.mps"} {
			m, err := mps.ReadFile(filepath.Join(root, p))
			if err != nil {
				continue
			}
			var buf bytes.Buffer
			if err := lpformat.Write(&buf, m, lpformat.WriteOptions{}); err == nil {
				f.Add(buf.String())
			}
		}
	}
	readertest.FuzzRoundTrip(f, readerFormat, readertest.RoundTrip{Want: fileModel})
}
