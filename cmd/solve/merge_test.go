package main

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/internal/version"
)

// solveRun runs the command line and returns its exit code, stdout and
// stderr.
func solveRun(args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	code := runContext(context.Background(), args, &out, &errb)
	return code, out.String(), errb.String()
}

// outputVariant is a set of output flags of a command and of solve merge:
// the flags ("@name" is name in the folder of the run), and the files and
// folders they write there.
type outputVariant struct {
	flags []string
	files []string
	dirs  []string
}

// testShardsMerge runs args (a sweep) unsharded, then as 1, 3 and 7 shards
// with --records, and checks that solve merge of the shards writes the
// same bytes as the unsharded run for each output variant. The 3 shards
// read their index from Slurm's variables, the 7 from a Kubernetes
// Indexed Job's; every other file is gzip-compressed.
func testShardsMerge(t *testing.T, args []string, variants []outputVariant) {
	dir := t.TempDir()
	type output struct {
		stdout string
		files  map[string][]byte
	}
	run := func(sub string, argv []string, v outputVariant) output {
		t.Helper()
		d := filepath.Join(dir, sub)
		var full []string
		full = append(full, argv...)
		for _, f := range v.flags {
			if strings.HasPrefix(f, "@") {
				f = filepath.Join(d, f[1:])
			}
			full = append(full, f)
		}
		code, out, stderr := solveRun(full...)
		if code != 0 {
			t.Fatalf("solve %s: exit %d\n%s", strings.Join(full, " "), code, stderr)
		}
		o := output{stdout: out, files: map[string][]byte{}}
		files := v.files
		for _, dir := range v.dirs {
			es, err := os.ReadDir(filepath.Join(d, dir))
			if err != nil || len(es) == 0 {
				t.Fatalf("%s: %v entries, %v", dir, len(es), err)
			}
			for _, e := range es {
				files = append(files, filepath.Join(dir, e.Name()))
			}
		}
		for _, f := range files {
			b, err := os.ReadFile(filepath.Join(d, f))
			if err != nil {
				t.Fatal(err)
			}
			o.files[f] = b
		}
		return o
	}
	want := make([]output, len(variants))
	for i, v := range variants {
		want[i] = run(fmt.Sprintf("want%d", i), args, v)
	}
	for _, n := range []int{1, 3, 7} {
		var recs []string
		for i := 0; i < n; i++ {
			rec := filepath.Join(dir, fmt.Sprintf("n%d-%d.jsonl", n, i))
			if i%2 == 1 {
				rec += ".gz"
			}
			spec := fmt.Sprintf("%d/%d", i, n)
			switch n {
			case 3:
				spec = "slurm"
				t.Setenv(shard.EnvSlurmID, fmt.Sprint(i+1))
				t.Setenv(shard.EnvSlurmMin, "1")
				t.Setenv(shard.EnvSlurmCount, "3")
			case 7:
				spec = "k8s/7"
				t.Setenv(shard.EnvK8sIndex, fmt.Sprint(i))
			}
			code, out, stderr := solveRun(append(append([]string{}, args...), "--shard", spec, "--records", rec)...)
			if code != 0 {
				t.Fatalf("shard %d/%d: exit %d\n%s", i, n, code, stderr)
			}
			if n > 1 && out != "" {
				t.Errorf("shard %d/%d wrote %q on stdout; a shard's output is its records", i, n, out)
			}
			recs = append(recs, rec)
		}
		for vi, v := range variants {
			got := run(fmt.Sprintf("n%d-%d", n, vi), append([]string{"merge"}, recs...), v)
			if got.stdout != want[vi].stdout {
				t.Errorf("%d shards, %v: merge stdout differs from the unsharded run:\n got %s\nwant %s", n, v.flags, got.stdout, want[vi].stdout)
			}
			if len(got.files) != len(want[vi].files) {
				t.Errorf("%d shards, %v: merge wrote %d files, the unsharded run %d", n, v.flags, len(got.files), len(want[vi].files))
			}
			for f, b := range want[vi].files {
				if !bytes.Equal(got.files[f], b) {
					t.Errorf("%d shards, %v: merged %s differs from the unsharded run's", n, v.flags, f)
				}
			}
		}
	}
}

var tableJSONCSV = []outputVariant{
	{flags: []string{"--format", "table"}},
	{flags: []string{"--format", "json", "--csv", "@out.csv"}, files: []string{"out.csv"}},
}

// withFigures adds the figures of tpd and rmts (--plot DIR).
var withFigures = append(tableJSONCSV[:len(tableJSONCSV):len(tableJSONCSV)], outputVariant{flags: []string{"--plot", "@figs"}, dirs: []string{"figs"}})

func TestTPDShardsMerge(t *testing.T) {
	testShardsMerge(t, []string{"tpd", "--input", filepath.Join("..", "..", "examples", "tpd-campus.json"),
		"--load", "0.5,0.9", "--runs", "4", "--count", "60", "--workers", "2"}, withFigures)
}

// solve merge refuses, with exit 2 and a message naming the file and the
// field, records of another instance, version or grid, and lists missing
// and duplicated replications.
func TestMergeRefuses(t *testing.T) {
	dir := t.TempDir()
	example := filepath.Join("..", "..", "examples", "tpd-campus.json")
	raw, err := os.ReadFile(example)
	if err != nil {
		t.Fatal(err)
	}
	other := filepath.Join(dir, "other.json")
	if err := os.WriteFile(other, bytes.Replace(raw, []byte(`"campus`), []byte(`"another campus`), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	shardOf := func(name, input, spec string, extra ...string) string {
		t.Helper()
		rec := filepath.Join(dir, name)
		args := append([]string{"tpd", "--input", input, "--load", "0.5,0.9", "--runs", "2", "--count", "40", "--shard", spec, "--records", rec}, extra...)
		if code, _, stderr := solveRun(args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		return rec
	}
	s0 := shardOf("s0.jsonl", example, "0/2")
	s1 := shardOf("s1.jsonl", example, "1/2")
	if code, _, stderr := solveRun("merge", s0, s1); code != 0 {
		t.Fatalf("the two shards: exit %d: %s", code, stderr)
	}
	inst := shardOf("inst.jsonl", other, "1/2")
	seed := shardOf("seed.jsonl", example, "1/2", "--seed", "5")
	b, err := os.ReadFile(s1)
	if err != nil {
		t.Fatal(err)
	}
	ver := filepath.Join(dir, "ver.jsonl")
	if err := os.WriteFile(ver, bytes.Replace(b, []byte(`"version":"`), []byte(`"version":"v9.9.9 `), 1), 0o644); err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		files []string
		want  string
	}{
		{[]string{s0, inst}, inst + ": instance_sha256 ("},
		{[]string{s0, ver}, ver + `: version ("v9.9.9 `},
		{[]string{s0, seed}, seed + ": grid.seed (5, not 2026) differs from " + s0 + "'s"},
		{[]string{s0}, "merge: 2 of 4 (point, replication) units missing: (0, 1), (1, 1)"},
		{[]string{s0, s1, s0}, "merge: 2 (point, replication) units duplicated: (0, 0) again in " + s0 + ", (1, 0) again in " + s0},
		{[]string{s0, filepath.Join(dir, "none.jsonl")}, "none.jsonl: no such file or directory"},
		{[]string{other}, other + ":1: header: not a valid record line"},
	}
	for _, tt := range tests {
		code, _, stderr := solveRun(append([]string{"merge"}, tt.files...)...)
		if code != 2 || !strings.Contains(stderr, tt.want) {
			t.Errorf("merge %v: exit %d, stderr %q; want exit 2 and %q", tt.files, code, stderr, tt.want)
		}
	}
}

func TestRMTSShardsMerge(t *testing.T) {
	// The small cluster of testdata/script/rmts_run.txtar, with the
	// offline LP bound of every trace.
	testShardsMerge(t, []string{"rmts", "--input", filepath.Join("testdata", "rmts-small.json"),
		"--sweep", "xi=2,3", "--alpha", "0.3,0.7", "--runs", "3", "--bound", "--dasd-proactive", "2", "--workers", "2"}, withFigures)
}

func TestMPSShardsMerge(t *testing.T) {
	testShardsMerge(t, []string{"mps", "--input", filepath.Join("..", "..", "examples", "mps-paper.json"), "--step", "10", "--workers", "2"},
		append(tableJSONCSV, outputVariant{flags: []string{"--plot-bars", "@bars.svg"}, files: []string{"bars.svg"}}))
}

// TestMergeBuilds: records whose version names no commit (go run, go test)
// merge with a warning that the builds cannot be told apart; records of two
// commits are refused, naming both; records of one commit merge silently.
func TestMergeBuilds(t *testing.T) {
	dir := t.TempDir()
	example := filepath.Join("..", "..", "examples", "tpd-campus.json")
	var shards [2][]byte
	for i := range shards {
		rec := filepath.Join(dir, fmt.Sprintf("s%d.jsonl", i))
		args := []string{"tpd", "--input", example, "--load", "0.5", "--runs", "2", "--count", "40", "--shard", fmt.Sprintf("%d/2", i), "--records", rec}
		if code, _, stderr := solveRun(args...); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, stderr)
		}
		b, err := os.ReadFile(rec)
		if err != nil {
			t.Fatal(err)
		}
		shards[i] = b
	}
	built := func(name, commit string, b []byte) string {
		t.Helper()
		v := version.String()
		if version.CommitOf(v) != "" {
			t.Skipf("this test binary names a commit (%s)", v)
		}
		if commit != "" {
			v = strings.Replace(v, " (", " (commit "+commit+", ", 1)
		}
		path := filepath.Join(dir, name)
		old := []byte(`"version":"` + version.String() + `"`)
		if !bytes.Contains(b, old) {
			t.Fatalf("no %s in the record file", old)
		}
		if err := os.WriteFile(path, bytes.Replace(b, old, []byte(`"version":"`+v+`"`), 1), 0o644); err != nil {
			t.Fatal(err)
		}
		return path
	}
	warning := "solve: warning: the records name no commit"
	code, _, stderr := solveRun("merge", built("d0.jsonl", "", shards[0]), built("d1.jsonl", "", shards[1]))
	if code != 0 || !strings.Contains(stderr, warning) {
		t.Errorf("records of a build without a commit: exit %d, stderr %q; want 0 and %q", code, stderr, warning)
	}
	code, _, stderr = solveRun("merge", built("a0.jsonl", "aaaaaaaaaaaa", shards[0]), built("a1.jsonl", "aaaaaaaaaaaa", shards[1]))
	if code != 0 || stderr != "" {
		t.Errorf("records of one commit: exit %d, stderr %q; want 0 and nothing", code, stderr)
	}
	code, _, stderr = solveRun("merge", built("a0.jsonl", "aaaaaaaaaaaa", shards[0]), built("b1.jsonl", "bbbbbbbbbbbb-dirty", shards[1]))
	if code != 2 || !strings.Contains(stderr, `version ("`+version.Module()+` (commit bbbbbbbbbbbb-dirty, `) ||
		!strings.Contains(stderr, `not "`+version.Module()+` (commit aaaaaaaaaaaa, `) {
		t.Errorf("records of two commits: exit %d, stderr %q; want 2 naming both", code, stderr)
	}
}
