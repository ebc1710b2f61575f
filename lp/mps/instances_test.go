package mps_test

import (
	"bytes"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/modelfile/readertest"
	"github.com/streamopt/streamopt/lp/mps"
)

// fileCounts holds what `glpsol --mps FILE --check` (GLPK 5.0; --freemps for
// gt2, whose comment holds tab characters) prints for each shared instance:
// rows and nonzeros there include the objective row and its coefficients.
// For the MIPLIB files the integer and binary counts are glpsol's too
// (GLPK also gives integer columns without bounds the bounds [0, 1]); the
// row/column/integer/nonzero counts also match each file's header comment.
var fileCounts = map[string]struct{ rows, cols, nnz, ints, bins int }{
	"25fv47": {822, 1571, 11127, 0, 0}, "80bau3b": {2263, 9799, 29063, 0, 0},
	"adlittle": {57, 97, 465, 0, 0}, "afiro": {28, 32, 88, 0, 0}, "agg": {489, 163, 2541, 0, 0},
	"bandm": {306, 472, 2659, 0, 0}, "beaconfd": {174, 262, 3476, 0, 0}, "blend": {75, 83, 521, 0, 0},
	"boeing1": {352, 384, 3865, 0, 0}, "boeing2": {167, 143, 1339, 0, 0}, "bore3d": {234, 315, 1525, 0, 0},
	"brandy": {221, 249, 2150, 0, 0}, "capri": {272, 353, 1786, 0, 0}, "d2q06c": {2172, 5167, 35674, 0, 0},
	"degen2": {445, 534, 4449, 0, 0}, "degen3": {1504, 1818, 26230, 0, 0}, "e226": {224, 282, 2767, 0, 0},
	"etamacro": {401, 688, 2489, 0, 0}, "finnis": {498, 614, 2714, 0, 0}, "forplan": {162, 421, 4916, 0, 0},
	"ganges": {1310, 1681, 7021, 0, 0}, "greenbea": {2393, 5405, 31499, 0, 0}, "grow7": {141, 301, 2633, 0, 0},
	"israel": {175, 142, 2358, 0, 0}, "kb2": {44, 41, 291, 0, 0}, "lotfi": {154, 308, 1086, 0, 0},
	"perold": {626, 1376, 6026, 0, 0}, "pilot4": {411, 1000, 5145, 0, 0}, "recipe": {92, 180, 752, 0, 0},
	"sc105": {106, 103, 281, 0, 0}, "sc50a": {51, 48, 131, 0, 0}, "sc50b": {51, 48, 119, 0, 0},
	"scfxm1": {331, 457, 2612, 0, 0}, "scorpion": {389, 358, 1708, 0, 0}, "sctap1": {301, 480, 2052, 0, 0},
	"share1b": {118, 225, 1182, 0, 0}, "share2b": {97, 79, 730, 0, 0}, "shell": {537, 1775, 4900, 0, 0},
	"stair": {357, 467, 3857, 0, 0}, "standata": {360, 1075, 3038, 0, 0}, "stocfor1": {118, 111, 474, 0, 0},
	"vtpbase": {199, 203, 914, 0, 0},
	"bell5":   {92, 104, 340, 58, 30}, "dcmulti": {291, 548, 1833, 75, 75}, "egout": {99, 141, 392, 55, 55},
	"flugpl": {19, 18, 64, 11, 0}, "gt2": {30, 188, 468, 188, 24}, "lseu": {29, 89, 394, 89, 89},
	"p0548": {177, 548, 2127, 548, 548}, "rgn": {25, 180, 540, 100, 100}, "small_mip": {6, 8, 17, 2, 2},
	"sp150x300d": {451, 600, 1500, 300, 300},
}

func allInstances(t *testing.T) []instances.Instance {
	t.Helper()
	return append(instances.NetlibOrSkip(t), instances.MiplibOrSkip(t)...)
}

// TestInstancesCounts reads every shared instance and compares its size with
// glpsol's reading of the same file.
func TestInstancesCounts(t *testing.T) {
	ins := allInstances(t)
	if len(ins) != len(fileCounts) {
		t.Errorf("%d instances listed, %d expected counts", len(ins), len(fileCounts))
	}
	for _, in := range ins {
		t.Run(in.Name, func(t *testing.T) {
			m, err := mps.ReadFile(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			want, ok := fileCounts[in.Name]
			if !ok {
				t.Fatalf("no expected counts for %s", in.Name)
			}
			nobj, ints, bins := 0, 0, 0
			for j, v := range m.Vars {
				if m.Obj[j] != 0 {
					nobj++
				}
				if v.Integer {
					ints++
					if v.Lower == 0 && v.Upper == 1 {
						bins++
					}
				}
			}
			// Every line of these files fits the fixed layout, so forcing
			// fixed format must give the same model as detection.
			fixed, err := mps.ReadFileWithOptions(in.Path, mps.ReadOptions{Format: mps.Fixed})
			if err != nil {
				t.Fatalf("forced fixed: %v", err)
			}
			if !reflect.DeepEqual(m, fixed) {
				t.Errorf("forced fixed reading differs (-auto +fixed):\n%s", cmp.Diff(m, fixed))
			}
			got := [5]int{m.NumRows() + 1, m.NumVars(), m.NumNonzeros() + nobj, ints, bins}
			exp := [5]int{want.rows, want.cols, want.nnz, want.ints, want.bins}
			if got != exp {
				t.Errorf("rows+1, cols, nnz+objective nnz, integers, binaries = %v, glpsol %v", got, exp)
			}
		})
	}
}

// TestInstancesRoundTrip checks read → write → read gives the same model for
// every shared instance, in the automatic, fixed (where possible) and free
// formats.
func TestInstancesRoundTrip(t *testing.T) {
	for _, in := range allInstances(t) {
		t.Run(in.Name, func(t *testing.T) {
			m, err := mps.ReadFile(in.Path)
			if err != nil {
				t.Fatal(err)
			}
			for _, f := range []mps.Format{mps.Auto, mps.Free, mps.Fixed} {
				var buf bytes.Buffer
				if err := mps.Write(&buf, m, mps.WriteOptions{Format: f}); err != nil {
					// Free format fails when a name has a blank (forplan).
					// Fixed format must work: every file is fixed MPS, and
					// the writer finds numbers (ranges too) as short as the
					// file's.
					if f == mps.Free && in.Name == "forplan" {
						continue
					}
					t.Fatalf("write %v: %v", f, err)
				}
				back, err := mps.Read(&buf, in.Name+"."+f.String())
				if err != nil {
					t.Fatalf("read back %v: %v", f, err)
				}
				// reflect.DeepEqual is the fast test; go-cmp explains a failure.
				if !reflect.DeepEqual(m, back) {
					t.Fatalf("%v round trip changed the model (-read +round trip):\n%s", f, cmp.Diff(m, back))
				}
			}
		})
	}
}

// TestInstanceConventions pins down the readings the netlib README flags.
func TestInstanceConventions(t *testing.T) {
	root := instances.DirOrSkip(t)
	read := func(set, name string) *lp.Model {
		t.Helper()
		m, err := mps.ReadFile(filepath.Join(root, set, name+".mps"))
		if err != nil {
			t.Fatal(err)
		}
		return m
	}
	col := func(m *lp.Model, name string) lp.Var {
		t.Helper()
		for _, v := range m.Vars {
			if v.Name == name {
				return v
			}
		}
		t.Fatalf("%s: no column %q", m.Name, name)
		return lp.Var{}
	}
	row := func(m *lp.Model, name string) lp.Row {
		t.Helper()
		for _, r := range m.Rows {
			if r.Name == name {
				return r
			}
		}
		t.Fatalf("%s: no row %q", m.Name, name)
		return lp.Row{}
	}

	// e226: "RHS -7.113" on the objective row gives the constant +7.113
	// (objective constant = −RHS, as in CLP and HiGHS).
	if m := read("netlib", "e226"); m.ObjOffset != 7.113 {
		t.Errorf("e226 ObjOffset = %v, want 7.113", m.ObjOffset)
	}
	// forplan line 2718 "RHS 1  LTSYCT  10." and line 2725 "RNG 1  LTSYCT
	// 284990." (set names with a space) on G row LTSYCT: [10, 10+284990].
	m := read("netlib", "forplan")
	if r := row(m, "LTSYCT"); r.Lower != 10 || r.Upper != 10+284990 {
		t.Errorf("forplan LTSYCT = [%v, %v], want [10, 285000]", r.Lower, r.Upper)
	}
	// The same line 2718: row "A$   1 1" (spaces inside) gets RHS 3500.
	if r := row(m, "A$   1 1"); r.Lower != 3500 && r.Upper != 3500 {
		t.Errorf("forplan row \"A$   1 1\" = [%v, %v], want RHS 3500", r.Lower, r.Upper)
	}
	if v := col(m, "DEDO3 11"); v.Upper != 200000 {
		t.Errorf("forplan column \"DEDO3 11\" upper bound %v, want 200000 (line 2727)", v.Upper)
	}
	// blend: RHS records with an empty set name; line 358 "71 10. 72 10.".
	m = read("netlib", "blend")
	if r := row(m, "71"); r.Upper != 10 && r.Lower != 10 {
		t.Errorf("blend row 71 = [%v, %v], want RHS 10", r.Lower, r.Upper)
	}
	// 80bau3b line 22493-22494: "LO PFOOT... -87.1937" then "UP ... -21.7984".
	if v := col(read("netlib", "80bau3b"), "PFOOT..."); v.Lower != -87.1937 || v.Upper != -21.7984 {
		t.Errorf("80bau3b PFOOT... = [%v, %v], want [-87.1937, -21.7984]", v.Lower, v.Upper)
	}
	// small_mip: RANGES 3.2 on G row ROW04 (RHS 1.8) and 12 on L row ROW05
	// (RHS 15); the file's comment states 1.8 <= ROW04 <= 5.0, 3.0 <= ROW05 <= 15.0.
	m = read("miplib", "small_mip")
	if r := row(m, "ROW04"); r.Lower != 1.8 || r.Upper != 1.8+3.2 {
		t.Errorf("small_mip ROW04 = [%v, %v], want [1.8, 1.8+3.2]", r.Lower, r.Upper)
	}
	if r := row(m, "ROW05"); r.Lower != 3 || r.Upper != 15 {
		t.Errorf("small_mip ROW05 = [%v, %v], want [3, 15]", r.Lower, r.Upper)
	}
	if v := col(m, "COL03"); !v.Integer || v.Lower != 0 || v.Upper != 1 {
		t.Errorf("small_mip COL03 = %+v, want integer [0, 1] (comment: x3, x4 are 0,1 variables)", v)
	}
	if math.IsNaN(m.ObjOffset) {
		t.Fatal("NaN offset")
	}
}

func TestReadFileGzip(t *testing.T) {
	m := lp.New("gz", lp.Maximize)
	x := m.AddVar("x", 0, 4, 1)
	m.AddLE("c", 3, lp.Term{Var: x, Coef: 2})
	path := filepath.Join(t.TempDir(), "m.mps.gz")
	if err := mps.WriteFile(path, m, mps.WriteOptions{}); err != nil {
		t.Fatal(err)
	}
	raw, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if len(raw) < 2 || raw[0] != 0x1f || raw[1] != 0x8b {
		t.Fatalf("%s is not gzip data", path)
	}
	back, err := mps.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	m.ObjName = "obj" // the writer's name for an unnamed objective
	if d := cmp.Diff(m, back); d != "" {
		t.Fatalf("gzip round trip (-want +got):\n%s", d)
	}
}

// BenchmarkRead reads the largest shared file (d2q06c, 1.2 MB).
func BenchmarkRead(b *testing.B) {
	root := instances.DirOrSkip(b)
	data, err := os.ReadFile(filepath.Join(root, "netlib", "d2q06c.mps"))
	if err != nil {
		b.Skip(err)
	}
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := mps.Read(bytes.NewReader(data), "d2q06c.mps"); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkWrite writes d2q06c.
func BenchmarkWrite(b *testing.B) { readertest.BenchmarkWrite(b, readerFormat) }
