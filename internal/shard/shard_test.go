package shard

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/fault"
)

func env(vars map[string]string) func(string) string {
	return func(k string) string { return vars[k] }
}

func TestParse(t *testing.T) {
	tests := []struct {
		in   string
		env  map[string]string
		want Spec
		err  string // a part of the error message; "" for none
	}{
		{in: "0/1", want: Spec{0, 1}},
		{in: " 2/7 ", want: Spec{2, 7}},
		{in: "9999/10000", want: Spec{9999, 10000}},
		{in: "slurm", env: map[string]string{EnvSlurmID: "12", EnvSlurmMin: "10", EnvSlurmCount: "4"}, want: Spec{2, 4}},
		{in: "k8s/5", env: map[string]string{EnvK8sIndex: "4"}, want: Spec{4, 5}},
		{in: "3/3", err: `--shard: "3/3": the shard index must be in [0, 3), got 3`},
		{in: "-1/3", err: "shard index must be in [0, 3), got -1"},
		{in: "0/0", err: "number of shards must be in [1, 10000], got 0"},
		{in: "0/10001", err: "number of shards must be in [1, 10000], got 10001"},
		{in: "1of3", err: `--shard: must be i/n (shard i of n, 0-based), slurm or k8s/n, got "1of3"`},
		{in: "1/x", err: `got "1/x"`},
		{in: "slurm", env: map[string]string{EnvSlurmMin: "0", EnvSlurmCount: "4"}, err: "environment variable SLURM_ARRAY_TASK_ID is not set"},
		{in: "slurm", env: map[string]string{EnvSlurmID: "two", EnvSlurmMin: "0", EnvSlurmCount: "4"}, err: `SLURM_ARRAY_TASK_ID must be a whole number, got "two"`},
		{in: "slurm", env: map[string]string{EnvSlurmID: "1", EnvSlurmCount: "4"}, err: "SLURM_ARRAY_TASK_MIN is not set"},
		{in: "slurm", env: map[string]string{EnvSlurmID: "5", EnvSlurmMin: "0", EnvSlurmCount: "4"}, err: "SLURM_ARRAY_TASK_ID=5, SLURM_ARRAY_TASK_MIN=0, SLURM_ARRAY_TASK_COUNT=4: the shard index must be in [0, 4), got 5"},
		{in: "k8s/5", err: "environment variable JOB_COMPLETION_INDEX is not set"},
		{in: "k8s/5", env: map[string]string{EnvK8sIndex: "5"}, err: "JOB_COMPLETION_INDEX=5: the shard index must be in [0, 5), got 5"},
		{in: "k8s/n", err: `k8s/n needs a whole number of shards n, got "k8s/n"`},
	}
	for _, tt := range tests {
		got, err := Parse("--shard", tt.in, env(tt.env))
		if tt.err == "" {
			if err != nil || got != tt.want {
				t.Errorf("Parse(%q) = %v, %v; want %v", tt.in, got, err, tt.want)
			}
			continue
		}
		if err == nil || !strings.Contains(err.Error(), tt.err) {
			t.Errorf("Parse(%q) error = %v; want it to contain %q", tt.in, err, tt.err)
			continue
		}
		if fault.Of(err) != fault.Input || !errors.Is(err, ErrInput) {
			t.Errorf("Parse(%q): %v is not an input error", tt.in, err)
		}
	}
}

// The shards of a grid partition its units, and each runs the units k with
// k mod n = i in the order of the package doc.
func TestSelectPartitions(t *testing.T) {
	runs := []int{3, 1, 4, 2}
	want := Spec{1, 3}.Select(runs)
	// units 0..9: point 0 has k = 0,1,2; point 1 k = 3; point 2 k = 4..7; point 3 k = 8,9.
	if d := cmp.Diff([][]int{{1}, nil, {0, 3}, nil}, want); d != "" {
		t.Errorf("shard 1/3 (-want +got):\n%s", d)
	}
	for _, n := range []int{1, 2, 3, 7, 11} {
		count := make([][]int, len(runs))
		for p := range runs {
			count[p] = make([]int, runs[p])
		}
		for i := 0; i < n; i++ {
			for p, reps := range (Spec{i, n}).Select(runs) {
				for _, r := range reps {
					count[p][r]++
				}
			}
		}
		for p := range count {
			for r, c := range count[p] {
				if c != 1 {
					t.Errorf("n = %d: unit (%d, %d) run by %d shards", n, p, r, c)
				}
			}
		}
	}
}

var ctx = context.Background()

func testHeader() Header {
	return Header{Command: "tpd", Version: "devel", InstanceHash: "ab12", Instance: json.RawMessage(`{"x":1}`),
		Grid: json.RawMessage(`{"loads":[0.5,0.9],"seed":1}`), Runs: []int{2, 3}, Cells: []string{"bounds", "tpd"}, Shard: "0/1"}
}

// writeFile writes the records of the units shard sp runs.
func writeFile(t *testing.T, path string, h Header, sp Spec) {
	t.Helper()
	h.Shard = sp.String()
	w, err := Create(path, h)
	if err != nil {
		t.Fatal(err)
	}
	for p, reps := range sp.Select(h.Runs) {
		for _, r := range reps {
			var unit []Record
			for _, c := range h.Cells {
				m := map[string]Float{"v": Float(10*p + r), "nan": Float(math.NaN()), "inf": Float(math.Inf(1)), "neg": Float(math.Inf(-1)), "third": 1.0 / 3}
				unit = append(unit, Record{Point: p, Cell: c, Rep: r, Seed: 1, Stream: uint64(r), Metrics: m})
			}
			if err := w.WriteUnit(unit); err != nil {
				t.Fatal(err)
			}
		}
	}
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
}

func TestWriteReadMerge(t *testing.T) {
	for _, ext := range []string{".jsonl", ".jsonl.gz"} {
		dir := t.TempDir()
		var files []string
		for i := 0; i < 3; i++ {
			path := filepath.Join(dir, fmt.Sprintf("r%d%s", i, ext))
			writeFile(t, path, testHeader(), Spec{i, 3})
			files = append(files, path)
		}
		if raw, _ := os.ReadFile(files[0]); (ext == ".jsonl.gz") != (len(raw) > 1 && raw[0] == 0x1f && raw[1] == 0x8b) {
			t.Errorf("%s: gzip magic is %v, want it exactly for .gz", ext, raw[:2])
		}
		m, err := Merge(ctx, files)
		if err != nil {
			t.Fatal(err)
		}
		for p, n := range m.Header.Runs {
			for r := 0; r < n; r++ {
				names, vals := m.Metrics(p, r, "tpd")
				v := func(name string) float64 { return vals[slices.Index(names, name)] }
				if v("v") != float64(10*p+r) || !math.IsNaN(v("nan")) || !math.IsInf(v("inf"), 1) || !math.IsInf(v("neg"), -1) || v("third") != 1.0/3 {
					t.Errorf("%s: point %d rep %d read back as %v = %v", ext, p, r, names, vals)
				}
			}
		}
		// Shard 2/3 runs unit k = 2 alone: (point 1, replication 0).
		if _, err := Merge(ctx, files[:2]); err == nil || err.Error() != "merge: 1 of 5 (point, replication) units missing: (1, 0)" {
			t.Errorf("two of three shards: got %v, want unit (1, 0) missing", err)
		}
		// Shard 1/3 runs units k = 1 and 4: (0, 1) and (1, 2).
		if _, err := Merge(ctx, append(files, files[1])); err == nil || err.Error() != "merge: 2 (point, replication) units duplicated: (0, 1) again in "+files[1]+", (1, 2) again in "+files[1] {
			t.Errorf("a shard twice: got %v, want the duplicates named with their file", err)
		}
	}
}

// Leaving out shards 1 and 2 of 3 leaves the units k = 1, 2, 4 missing:
// (0, 1), (1, 0), (1, 2).
func TestMergeMissingNamesUnits(t *testing.T) {
	path := filepath.Join(t.TempDir(), "r0.jsonl")
	writeFile(t, path, testHeader(), Spec{0, 3})
	_, err := Merge(ctx, []string{path})
	if err == nil || err.Error() != "merge: 3 of 5 (point, replication) units missing: (0, 1), (1, 0), (1, 2)" {
		t.Errorf("got %v", err)
	}
	if fault.Of(err) != fault.Input {
		t.Errorf("%v is not an input error", err)
	}
}

func TestMergeRefusesOtherRuns(t *testing.T) {
	base := testHeader()
	tests := []struct {
		edit func(h *Header)
		want string
	}{
		{func(h *Header) { h.Command = "rmts" }, `command ("rmts", not "tpd")`},
		{func(h *Header) { h.Version = "v0.9.0" }, `version ("v0.9.0", not "devel")`},
		{func(h *Header) { h.InstanceHash = "cd34" }, "instance_sha256 (cd34…, not ab12…): another instance"},
		{func(h *Header) { h.Grid = json.RawMessage(`{"loads":[0.5,0.9],"seed":2}`) }, "grid.seed (2, not 1)"},
		{func(h *Header) { h.Grid = json.RawMessage(`{"loads":[0.5,0.9],"seed":1,"runs":4}`) }, "grid.runs (4, not none)"},
		{func(h *Header) { h.Runs = []int{2, 4} }, "runs ([2 4], not [2 3])"},
		{func(h *Header) { h.Cells = []string{"bounds", "pod"} }, `cells (["bounds" "pod"], not ["bounds" "tpd"])`},
	}
	dir := t.TempDir()
	a := filepath.Join(dir, "a.jsonl")
	writeFile(t, a, base, All)
	for i, tt := range tests {
		h := testHeader()
		tt.edit(&h)
		b := filepath.Join(dir, fmt.Sprintf("b%d.jsonl", i))
		writeFile(t, b, h, All)
		_, err := Merge(ctx, []string{a, b})
		want := "merge: " + b + ": " + tt.want + " differs from " + a + "'s"
		if err == nil || err.Error() != want {
			t.Errorf("got %v\nwant %s", err, want)
		}
	}
}

// testHeaderLine is the header line of testHeader, with the metrics
// {"bounds": ["v"], "tpd": ["v"]} declared.
func testHeaderLine() string {
	h := testHeader()
	h.Kind, h.Format = "header", FormatVersion
	h.Metrics = map[string][]string{"bounds": {"v"}, "tpd": {"v"}}
	b, _ := json.Marshal(h)
	return string(b)
}

func gzipped(b string) string {
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write([]byte(b))
	zw.Close()
	return buf.String()
}

const testRec = `{"kind":"record","point":1,"cell":"tpd","replication":2,"seed":1,"stream":2,"metrics":{"v":1}}`

func TestReadErrors(t *testing.T) {
	hdr, rec := testHeaderLine(), testRec
	good := gzipped(hdr + "\n" + rec + "\n")
	flipped := []byte(good)
	flipped[len(flipped)-6] ^= 0xff // in the CRC-32 of the trailer
	tests := []struct{ body, want string }{
		{"", "f: empty: a record file starts with its header line"},
		{rec + "\n", `f:1: header: not a valid record line: json: unknown field "point"`},
		{`{"kind":"record","command":"tpd"}` + "\n", `f:1: kind: must be "header" on the first line, got "record"`},
		{strings.Replace(hdr, `"format_version":2`, `"format_version":7`, 1) + "\n", "f:1: format_version: this program reads version 2, got 7"},
		{strings.Replace(hdr, `"format_version":2`, `"format_version":1`, 1) + "\n", "f:1: format_version: the file is version 1, written by an older build whose records did not declare their metrics; this program reads version 2: run the sweep again with this build"},
		{strings.Replace(hdr, `"runs":[2,3]`, `"runs":[2,0]`, 1) + "\n", "f:1: runs[1]: must be in [1, 16777216], got 0"},
		{hdr + " {}\n", "f:1: header: not a valid record line: data after the JSON object"},
		{"{\n" + hdr[1:] + "\n", "f:1: header: must be the first line and one line, its JSON object spans several"},
		{"\n" + hdr + "\n", "f:1: header: must be the first line and one line, its JSON object spans several"},
		{"{" + strings.Repeat(" ", MaxHeaderBytes) + "}\n", "f:1: line over the cap of 83886080 bytes"},
		{strings.Replace(hdr, `"cells":["bounds","tpd"]`, `"cells":["tpd","tpd"]`, 1) + "\n", `f:1: cells[1]: "tpd" appears twice`},
		{strings.Replace(hdr, `"tpd":["v"]`, `"pod":["v"]`, 1) + "\n", `f:1: metrics: declares cell "pod", which is not one of the cells ["bounds" "tpd"]`},
		{strings.Replace(hdr, `"tpd":["v"]`, `"tpd":["v","v"]`, 1) + "\n", `f:1: metrics.tpd[1]: the names must be distinct and ascending, got "v" after "v"`},
		{strings.Replace(hdr, `,"tpd":["v"]`, ``, 1) + "\n", `f:1: metrics: must declare the metrics of every cell, cell "tpd" has none`},
		{hdr + "\n" + strings.Replace(rec, `"point":1`, `"point":2`, 1) + "\n", "f:2: point: must be in [0, 2), got 2"},
		{hdr + "\n" + strings.Replace(rec, `"replication":2`, `"replication":3`, 1) + "\n", "f:2: replication: point 1 has replications [0, 3), got 3"},
		{hdr + "\n" + strings.Replace(rec, `"tpd"`, `"pod"`, 1) + "\n", `f:2: cell: must be one of ["bounds" "tpd"], got "pod"`},
		{hdr + "\n" + strings.Replace(rec, `{"v":1}`, `{"v":"x"}`, 1) + "\n", `f:2: not a valid record line: a metric must be a number, "NaN", "+Inf" or "-Inf", got "x"`},
		{hdr + "\n" + strings.Replace(rec, `{"v":1}`, `{"v":null}`, 1) + "\n", `f:2: not a valid record line: a metric must be a number, "NaN", "+Inf" or "-Inf", got null`},
		{hdr + "\n" + strings.Replace(rec, `"metrics":{"v":1}`, `"metrics":null`, 1) + "\n", "f:2: metrics: missing"},
		// Missing, empty and undeclared metrics.
		{hdr + "\n" + strings.Replace(rec, `{"v":1}`, `{}`, 1) + "\n", `f:2: metrics.v: missing; cell "tpd" declares ["v"]`},
		{hdr + "\n" + strings.Replace(rec, `{"v":1}`, `{"w":1}`, 1) + "\n", `f:2: metrics.v: missing; cell "tpd" declares ["v"]`},
		{hdr + "\n" + strings.Replace(rec, `{"v":1}`, `{"v":1,"w":2}`, 1) + "\n", `f:2: metrics.w: not a metric cell "tpd" declares (["v"])`},
		{strings.Replace(hdr, `,"metrics":{"bounds":["v"],"tpd":["v"]}`, ``, 1) + "\n" + rec + "\n", `f:2: metrics: the header declares no metrics for cell "tpd" (a file with records must declare them)`},
		{hdr + "\n" + strings.Replace(rec, `"record"`, `"header"`, 1) + "\n", `f:2: kind: must be "record", got "header"`},
		{hdr + "\n" + rec + " {}\n", "f:2: not a valid record line: data after the JSON object"},
		{hdr + "\n" + `{"kind":"record","metrics":{"v":` + strings.Repeat("1", MaxLineBytes) + "}}", "f:2: line over the cap of 1048576 bytes"},
		// Cut short: what a killed run leaves; only --resume accepts it.
		{hdr + "\n" + rec, "f:2: the last line has no end: the file is cut short (a killed run's); only --resume accepts it"},
		{hdr, "f:1: the header line has no end: the file is cut short (a killed run's); only --resume accepts it"},
		{good[:len(good)-8], "f:3: gzip: the compressed stream ends early: the file is cut short (a killed run's); only --resume accepts it"},
		{string(flipped), "f:3: gzip: invalid checksum"},
		{good + "garbage after the stream", "f:3: gzip: invalid header"},
		// Blank lines are not free, nor are records beyond the grid.
		{hdr + strings.Repeat("\n", MaxBlankLines+2), "f:102: more than 100 blank lines: not a record file"},
		{gzipped(hdr + strings.Repeat("\n", 1<<20)), "f:102: more than 100 blank lines: not a record file"},
		{hdr + "\n" + strings.Repeat(rec+"\n", 11), "f:12: more records than the grid has (10)"},
	}
	for _, tt := range tests {
		_, err := Read(ctx, strings.NewReader(tt.body), "f")
		if err == nil || err.Error() != tt.want {
			t.Errorf("body %.60q:\n got %v\nwant %s", tt.body, err, tt.want)
			continue
		}
		if fault.Of(err) != fault.Input {
			t.Errorf("%v is not an input error", err)
		}
		if strings.Contains(tt.want, "cut short") != errors.Is(err, ErrTruncated) {
			t.Errorf("%v: errors.Is(err, ErrTruncated) = %v", err, errors.Is(err, ErrTruncated))
		}
	}
	// A valid file reads, compressed or not.
	for _, body := range []string{hdr + "\n" + rec + "\n", good} {
		f, err := Read(ctx, strings.NewReader(body), "f")
		if err != nil || len(f.Records) != 1 || f.Records[0].Rep != 2 {
			t.Errorf("valid file: %v, %v", f, err)
		}
	}
}

// endless is a reader of newlines that never ends.
type endless struct{}

func (endless) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = ' '
	}
	return len(p), nil
}

// Reading stops with the context: an interrupt is a limit, not bad input.
func TestReadStopsWithContext(t *testing.T) {
	c, cancel := context.WithCancel(ctx)
	cancel()
	_, err := Read(c, io.MultiReader(strings.NewReader(testHeaderLine()+"\n"+testRec), endless{}), "f")
	if !errors.Is(err, context.Canceled) || fault.Of(err) != fault.Limit {
		t.Errorf("read under a cancelled context: %v (kind %v), want context.Canceled, a limit", err, fault.Of(err))
	}
}

// Merge refuses a plan over its memory budget from the header alone, and a
// record repeated within one file at its first repetition.
func TestMergeStreams(t *testing.T) {
	dir := t.TempDir()
	huge := strings.Replace(testHeaderLine(), `"runs":[2,3]`, `"runs":[16777216]`, 1)
	write := func(name, body string) string {
		p := filepath.Join(dir, name)
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
		return p
	}
	hp := write("huge.jsonl", huge+"\n")
	_, err := Merge(ctx, []string{hp})
	if want := "merge: " + hp + ":1: runs: 16777216 (point, replication) units of 2 cells would take about 1280 MiB to merge, over the budget of 128 MiB"; err == nil || err.Error() != want {
		t.Errorf("huge plan: %v\nwant %s", err, want)
	}
	// The repeated record fails at line 3, whatever follows (here: an
	// endless stream, which Merge never reaches).
	rp := write("rep.jsonl", testHeaderLine()+"\n"+testRec+"\n"+testRec+"\n")
	_, err = Merge(ctx, []string{rp})
	if want := "merge: " + rp + ":3: (point 1, replication 2) cell \"tpd\" appears twice in the file"; err == nil || err.Error() != want {
		t.Errorf("repeated record: %v\nwant %s", err, want)
	}
	var g Merger
	err = g.Add(ctx, io.MultiReader(strings.NewReader(testHeaderLine()+"\n"+testRec+"\n"+testRec+"\n"), endless{}), "r")
	if err == nil || !strings.Contains(err.Error(), "r:3: ") {
		t.Errorf("repeated record before an endless tail: %v", err)
	}
}

// FuzzRead: whatever the bytes, Read returns a file whose records all lie
// inside its header's grid and carry exactly their cell's metrics, or an
// error of the input kind; it never panics.
func FuzzRead(f *testing.F) {
	for _, b := range fuzzSeeds() {
		f.Add(b)
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		file, err := Read(ctx, bytes.NewReader(b), "f")
		if err != nil {
			if fault.Of(err) != fault.Input {
				t.Fatalf("%v is not an input error", err)
			}
			return
		}
		for _, r := range file.Records {
			if err := file.Header.checkRecord(&r); err != nil {
				t.Fatalf("accepted a record outside the grid: %v", err)
			}
			if err := file.Header.checkMetrics(&r); err != nil {
				t.Fatalf("accepted a record without its metrics: %v", err)
			}
		}
	})
}

// FuzzMerge: whatever two files hold, Merge returns the union of a
// complete grid, every record with its cell's metrics, or an input error;
// it never panics.
func FuzzMerge(f *testing.F) {
	seeds := fuzzSeeds()
	for i := range seeds {
		f.Add(seeds[i], seeds[(i+1)%len(seeds)])
	}
	f.Fuzz(func(t *testing.T, a, b []byte) {
		var g Merger
		err := g.Add(ctx, bytes.NewReader(a), "a")
		if err == nil {
			err = g.Add(ctx, bytes.NewReader(b), "b")
		}
		var m *Merged
		if err == nil {
			m, err = g.Done()
		}
		if err != nil {
			if fault.Of(err) != fault.Input {
				t.Fatalf("%v is not an input error", err)
			}
			return
		}
		for p, n := range m.Header.Runs {
			for r := 0; r < n; r++ {
				for _, c := range m.Header.Cells {
					if names, v := m.Metrics(p, r, c); len(v) != len(m.Header.Metrics[c]) || len(names) != len(v) {
						t.Fatalf("(%d, %d) %s: %d metrics, the header declares %d", p, r, c, len(v), len(m.Header.Metrics[c]))
					}
				}
			}
		}
	})
}

// fuzzSeeds are a valid file of each shard of the test grid, and one of
// every hostile class of issue 24 (the testdata/fuzz corpora hold more).
func fuzzSeeds() [][]byte {
	hdr := testHeaderLine()
	one := strings.Replace(hdr, `"runs":[2,3]`, `"runs":[1]`, 1)
	var whole strings.Builder
	whole.WriteString(hdr + "\n")
	for p, n := range []int{2, 3} {
		for r := 0; r < n; r++ {
			for _, c := range []string{"bounds", "tpd"} {
				fmt.Fprintf(&whole, `{"kind":"record","point":%d,"cell":%q,"replication":%d,"seed":1,"stream":%d,"metrics":{"v":%d}}`+"\n", p, c, r, r, p+r)
			}
		}
	}
	rec0 := `{"kind":"record","point":0,"cell":"tpd","replication":0,"seed":1,"stream":0,"metrics":{"v":1}}`
	return [][]byte{
		[]byte(whole.String()),
		[]byte(gzipped(whole.String())),
		[]byte(hdr + "\n" + testRec + "\n"),
		[]byte(hdr + "\n"),
		[]byte(testRec),
		{0x1f, 0x8b, 0, 0},
		[]byte(strings.Replace(hdr, `"runs":[2,3]`, `"runs":[16777216]`, 1) + "\n"),         // a plan over the budget
		[]byte(gzipped(one + "\n" + strings.Repeat(rec0+"\n", 50))),                         // one record repeated
		[]byte(hdr + "\n" + strings.Replace(testRec, `{"v":1}`, `{}`, 1) + "\n"),            // empty metrics
		[]byte(hdr + "\n" + strings.Replace(testRec, `{"v":1}`, `{"v":1,"x":2}`, 1) + "\n"), // an undeclared metric
		[]byte(gzipped(hdr + "\n" + testRec + "\n")[:60]),                                   // a cut gzip stream
		[]byte(gzipped(hdr + strings.Repeat("\n", 4096))),                                   // a gz of newlines
		[]byte(hdr + "\n" + testRec),                                                        // a cut last line
		[]byte(strings.Replace(hdr, `"format_version":2`, `"format_version":1`, 1) + "\n"),  // an old file
	}
}
