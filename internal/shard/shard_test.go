package shard

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"os"
	"path/filepath"
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
			for _, c := range h.Cells {
				m := map[string]float64{"v": float64(10*p + r), "nan": math.NaN(), "inf": math.Inf(1), "neg": math.Inf(-1), "third": 1.0 / 3}
				if err := w.Write(Record{Point: p, Cell: c, Rep: r, Seed: 1, Stream: uint64(r), Metrics: Floats(m)}); err != nil {
					t.Fatal(err)
				}
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
		var files []*File
		for i := 0; i < 3; i++ {
			path := filepath.Join(dir, fmt.Sprintf("r%d%s", i, ext))
			writeFile(t, path, testHeader(), Spec{i, 3})
			f, err := ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			files = append(files, f)
		}
		if raw, _ := os.ReadFile(files[0].Name); (ext == ".jsonl.gz") != (len(raw) > 1 && raw[0] == 0x1f && raw[1] == 0x8b) {
			t.Errorf("%s: gzip magic is %v, want it exactly for .gz", ext, raw[:2])
		}
		m, err := Merge(files)
		if err != nil {
			t.Fatal(err)
		}
		for p, n := range m.Header.Runs {
			for r := 0; r < n; r++ {
				v := m.Get(p, r, "tpd").Values()
				if v["v"] != float64(10*p+r) || !math.IsNaN(v["nan"]) || !math.IsInf(v["inf"], 1) || !math.IsInf(v["neg"], -1) || v["third"] != 1.0/3 {
					t.Errorf("%s: point %d rep %d read back as %v", ext, p, r, v)
				}
			}
		}
		// Shard 2/3 runs unit k = 2 alone: (point 1, replication 0).
		if _, err := Merge(files[:2]); err == nil || err.Error() != "merge: 1 of 5 (point, replication) units missing: (1, 0)" {
			t.Errorf("two of three shards: got %v, want unit (1, 0) missing", err)
		}
		if _, err := Merge(append(files, files[1])); err == nil || !strings.Contains(err.Error(), "duplicated records") || !strings.Contains(err.Error(), files[1].Name) {
			t.Errorf("a shard twice: got %v, want the duplicates named with their file", err)
		}
	}
}

// Leaving out shards 1 and 2 of 3 leaves the units k = 1, 2, 4 missing:
// (0, 1), (1, 0), (1, 2).
func TestMergeMissingNamesUnits(t *testing.T) {
	dir := t.TempDir()
	var files []*File
	for i := 0; i < 1; i++ {
		path := filepath.Join(dir, fmt.Sprintf("r%d.jsonl", i))
		writeFile(t, path, testHeader(), Spec{i, 3})
		f, err := ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, f)
	}
	_, err := Merge(files)
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
	fa, err := ReadFile(a)
	if err != nil {
		t.Fatal(err)
	}
	for i, tt := range tests {
		h := testHeader()
		tt.edit(&h)
		b := filepath.Join(dir, fmt.Sprintf("b%d.jsonl", i))
		writeFile(t, b, h, All)
		fb, err := ReadFile(b)
		if err != nil {
			t.Fatal(err)
		}
		_, err = Merge([]*File{fa, fb})
		want := "merge: " + b + ": " + tt.want + " differs from " + a + "'s"
		if err == nil || err.Error() != want {
			t.Errorf("got %v\nwant %s", err, want)
		}
	}
}

func TestReadErrors(t *testing.T) {
	hdr, _ := json.Marshal(func() Header { h := testHeader(); h.Kind, h.Format = "header", FormatVersion; return h }())
	rec := `{"kind":"record","point":1,"cell":"tpd","replication":2,"seed":1,"stream":2,"metrics":{"v":1}}`
	tests := []struct{ body, want string }{
		{"", "f: empty: a record file starts with its header line"},
		{rec + "\n", `f:1: header: not a valid record line: json: unknown field "point"`},
		{`{"kind":"record","command":"tpd"}` + "\n", `f:1: kind: must be "header" on the first line, got "record"`},
		{strings.Replace(string(hdr), `"format_version":1`, `"format_version":7`, 1) + "\n", "f:1: format_version: this program reads version 1, got 7"},
		{strings.Replace(string(hdr), `"runs":[2,3]`, `"runs":[2,0]`, 1) + "\n", "f:1: runs[1]: must be in [1, 16777216], got 0"},
		{strings.Replace(string(hdr), `"cells":["bounds","tpd"]`, `"cells":["tpd","tpd"]`, 1) + "\n", `f:1: cells[1]: "tpd" appears twice`},
		{string(hdr) + "\n" + strings.Replace(rec, `"point":1`, `"point":2`, 1), "f:2: point: must be in [0, 2), got 2"},
		{string(hdr) + "\n" + strings.Replace(rec, `"replication":2`, `"replication":3`, 1), "f:2: replication: point 1 has replications [0, 3), got 3"},
		{string(hdr) + "\n" + strings.Replace(rec, `"tpd"`, `"pod"`, 1), `f:2: cell: must be one of ["bounds" "tpd"], got "pod"`},
		{string(hdr) + "\n" + strings.Replace(rec, `{"v":1}`, `{"v":"x"}`, 1), `f:2: not a valid record line: a metric must be a number, "NaN", "+Inf" or "-Inf", got "x"`},
		{string(hdr) + "\n" + strings.Replace(rec, `"metrics":{"v":1}`, `"metrics":null`, 1), "f:2: metrics: missing"},
		{string(hdr) + "\n" + strings.Replace(rec, `"record"`, `"header"`, 1), `f:2: kind: must be "record", got "header"`},
		{string(hdr) + "\n" + rec + " {}", "f:2: not a valid record line: data after the JSON object"},
		{string(hdr) + "\n" + `{"kind":"record","metrics":{"v":` + strings.Repeat("1", MaxLineBytes) + "}}", "f:2: line over the cap of 1048576 bytes"},
	}
	for _, tt := range tests {
		_, err := Read(strings.NewReader(tt.body), "f")
		if err == nil || err.Error() != tt.want {
			t.Errorf("body %.60q:\n got %v\nwant %s", tt.body, err, tt.want)
			continue
		}
		if fault.Of(err) != fault.Input {
			t.Errorf("%v is not an input error", err)
		}
	}
	// A valid file reads, compressed or not.
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	zw.Write([]byte(string(hdr) + "\n" + rec + "\n"))
	zw.Close()
	for _, body := range [][]byte{[]byte(string(hdr) + "\n" + rec + "\n"), gz.Bytes()} {
		f, err := Read(bytes.NewReader(body), "f")
		if err != nil || len(f.Records) != 1 || f.Records[0].Rep != 2 {
			t.Errorf("valid file: %v, %v", f, err)
		}
	}
}

// FuzzRead: whatever the bytes, Read returns a file whose records all lie
// inside its header's grid, or an input error; it never panics, and what
// it accepts merges with itself alone (or says what is missing).
func FuzzRead(f *testing.F) {
	hdr, _ := json.Marshal(func() Header { h := testHeader(); h.Kind, h.Format = "header", FormatVersion; return h }())
	rec := `{"kind":"record","point":1,"cell":"tpd","replication":2,"seed":1,"stream":2,"metrics":{"v":1,"n":"NaN"}}`
	f.Add([]byte(string(hdr) + "\n" + rec + "\n"))
	f.Add([]byte(string(hdr) + "\n"))
	f.Add([]byte(rec))
	f.Add([]byte{0x1f, 0x8b, 0, 0})
	f.Fuzz(func(t *testing.T, b []byte) {
		file, err := Read(bytes.NewReader(b), "f")
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
		}
		if _, err := Merge([]*File{file}); err != nil && fault.Of(err) != fault.Input {
			t.Fatalf("merge: %v is not an input error", err)
		}
	})
}
