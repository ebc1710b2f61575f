package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/streamopt/streamopt/internal/shard"
)

// resumeCases are sweeps of each command that writes records, small
// enough to run three times.
var resumeCases = []struct {
	name string
	args []string
}{
	{"tpd", []string{"tpd", "--input", filepath.Join("..", "..", "examples", "tpd-campus.json"), "--load", "0.5,0.9", "--runs", "4", "--count", "40", "--workers", "1"}},
	{"rmts", []string{"rmts", "--input", filepath.Join("testdata", "rmts-small.json"), "--sweep", "xi=2,3", "--alpha", "0.3,0.7", "--runs", "3", "--bound", "--workers", "1"}},
	{"mps", []string{"mps", "--input", filepath.Join("..", "..", "examples", "mps-paper.json"), "--step", "20", "--workers", "1"}},
}

// A run killed mid-sweep leaves FILE.partial, a prefix of what the whole
// run streams (records are written unit by unit, in the same order with
// one worker); --resume completes it, and both its answer and solve merge
// of the file are byte for byte those of the uninterrupted run. The kill
// is simulated by cutting the complete file at every kind of place: in
// the header, at the end of a unit, in the middle of a line and, for
// .gz, anywhere in the compressed stream.
func TestRecordsResumeAfterCut(t *testing.T) {
	for _, tc := range resumeCases {
		for _, ext := range []string{".jsonl", ".jsonl.gz"} {
			t.Run(tc.name+ext, func(t *testing.T) {
				dir := t.TempDir()
				full := filepath.Join(dir, "full"+ext)
				code, want, stderr := solveRun(append(tc.args[:len(tc.args):len(tc.args)], "--records", full)...)
				if code != 0 {
					t.Fatalf("uninterrupted run: exit %d: %s", code, stderr)
				}
				if code, merged, stderr := solveRun("merge", full); code != 0 || merged != want {
					t.Fatalf("merge of the uninterrupted run: exit %d, %s\n got %s\nwant %s", code, stderr, merged, want)
				}
				raw, err := os.ReadFile(full)
				if err != nil {
					t.Fatal(err)
				}
				for _, cut := range cuts(raw, ext) {
					rec := filepath.Join(dir, "cut"+ext)
					os.Remove(rec)
					if err := os.WriteFile(rec+shard.PartialSuffix, raw[:cut], 0o644); err != nil {
						t.Fatal(err)
					}
					if code, _, stderr := solveRun("merge", rec+shard.PartialSuffix); code != 2 {
						t.Errorf("cut at %d of %d: merge of the partial file: exit %d, %s; want exit 2", cut, len(raw), code, stderr)
					}
					code, got, stderr := solveRun(append(tc.args[:len(tc.args):len(tc.args)], "--records", rec, "--resume")...)
					if code != 0 || got != want {
						t.Errorf("cut at %d of %d: resumed run: exit %d, %s\n got %s\nwant %s", cut, len(raw), code, stderr, got, want)
						continue
					}
					if _, err := os.Stat(rec + shard.PartialSuffix); !os.IsNotExist(err) {
						t.Errorf("cut at %d: %s%s left behind (%v)", cut, rec, shard.PartialSuffix, err)
					}
					if code, merged, stderr := solveRun("merge", rec); code != 0 || merged != want {
						t.Errorf("cut at %d: merge of the resumed file: exit %d, %s\n got %s\nwant %s", cut, code, stderr, merged, want)
					}
				}
			})
		}
	}
}

// cuts lists where to cut a record file: 0, inside the header line, the
// end of every line and the middle of every other one; for a compressed
// file, a spread of byte offsets.
func cuts(raw []byte, ext string) []int {
	if strings.HasSuffix(ext, ".gz") {
		var out []int
		for c := 0; c < len(raw); c += len(raw)/13 + 1 {
			out = append(out, c)
		}
		return out
	}
	out := []int{0, 5}
	lines := 0
	for i, b := range raw {
		if b == '\n' {
			if lines%2 == 1 {
				out = append(out, i-10)
			}
			out = append(out, i+1)
			lines++
		}
	}
	return out[:len(out)-1] // not the whole file
}

// A run killed (SIGKILL) in the middle of its sweep keeps the units it
// finished in FILE.partial and leaves an old FILE untouched; --resume
// completes it to the uninterrupted run's answer. The command is this test
// binary as "solve" (testscript.Main runs it as the command by that name).
func TestRecordsKillResume(t *testing.T) {
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	solve := filepath.Join(dir, "solve")
	if err := os.Symlink(exe, solve); err != nil {
		t.Fatal(err)
	}
	// Enough replications that the run is far from its end when its
	// first unit is on disk.
	args := []string{"tpd", "--input", filepath.Join("..", "..", "examples", "tpd-campus.json"), "--load", "0.5", "--runs", "2000", "--count", "20", "--bound", "srpt", "--workers", "1"}
	rec := filepath.Join(dir, "r.jsonl.gz")
	old := []byte("an older run's records\n")
	if err := os.WriteFile(rec, old, 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(solve, append(args, "--records", rec)...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	// Wait (without a deadline: the test's own timeout is the limit) for
	// the first complete unit in the partial file.
	for units(t, rec+shard.PartialSuffix) < 1 {
		time.Sleep(time.Millisecond)
	}
	cmd.Process.Signal(syscall.SIGKILL)
	err = cmd.Wait()
	if ee, ok := err.(*exec.ExitError); !ok || ee.Sys().(syscall.WaitStatus).Signal() != syscall.SIGKILL {
		t.Fatalf("the run ended by itself before the kill (%v): give it more replications", err)
	}
	if b, _ := os.ReadFile(rec); !bytes.Equal(b, old) {
		t.Errorf("the killed run changed the old %s", rec)
	}
	if code, _, stderr := solveRun("merge", rec+shard.PartialSuffix); code != 2 {
		t.Errorf("merge of the killed run's partial file: exit %d, %s; want 2", code, stderr)
	}
	code, got, stderr := solveRun(append(args, "--records", rec, "--resume")...)
	if code != 0 || !strings.Contains(stderr, "kept from the run resumed") {
		t.Fatalf("resumed run: exit %d: %s", code, stderr)
	}
	code, want, stderr := solveRun(append(args, "--records", filepath.Join(dir, "whole.jsonl"))...)
	if code != 0 {
		t.Fatalf("uninterrupted run: exit %d: %s", code, stderr)
	}
	if got != want {
		t.Errorf("resumed answer differs from the uninterrupted run's:\n got %s\nwant %s", got, want)
	}
	if code, merged, stderr := solveRun("merge", rec); code != 0 || merged != want {
		t.Errorf("merge of the resumed file: exit %d, %s; differs from the uninterrupted run: %v", code, stderr, merged != want)
	}
}

// units counts the complete units of a record file being written (0 when
// it does not exist yet).
func units(t *testing.T, path string) int {
	t.Helper()
	f, err := os.Open(path)
	if err != nil {
		return 0
	}
	defer f.Close()
	rd, err := shard.NewReader(context.Background(), f, path)
	if err != nil {
		return 0
	}
	n := 0
	for {
		if _, err := rd.Next(); err != nil {
			return n / len(rd.Header.Cells)
		}
		n++
	}
}

func init() {
	scriptCmds["recgzip"] = cmdRecGzip
	scriptCmds["recflip"] = cmdRecFlip
	scriptCmds["reccut"] = cmdRecCut
	scriptCmds["recreplace"] = cmdRecReplace
}

// cmdRecGzip: recgzip SRC DST [MIB] writes DST, SRC gzip-compressed,
// followed by MIB MiB of newlines when given.
func cmdRecGzip(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 || len(args) > 3 {
		ts.Fatalf("usage: recgzip src dst [MiB of newlines]")
	}
	b, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	if len(args) == 3 {
		mib, err := strconv.Atoi(args[2])
		ts.Check(err)
		b = append(b, bytes.Repeat([]byte("\n"), mib<<20)...)
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	zw.Write(b)
	ts.Check(zw.Close())
	ts.Check(os.WriteFile(ts.MkAbs(args[1]), buf.Bytes(), 0o644))
}

// cmdRecFlip: recflip FILE N inverts the byte N bytes before the end.
func cmdRecFlip(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: recflip file n")
	}
	b, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	n, err := strconv.Atoi(args[1])
	if err != nil || n < 1 || n > len(b) {
		ts.Fatalf("recflip: n must be in [1, %d], got %q", len(b), args[1])
	}
	b[len(b)-n] ^= 0xff
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), b, 0o644))
}

// cmdRecCut: reccut FILE N drops the last N bytes of FILE.
func cmdRecCut(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: reccut file n")
	}
	b, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	n, err := strconv.Atoi(args[1])
	if err != nil || n < 0 || n > len(b) {
		ts.Fatalf("reccut: n must be in [0, %d], got %q", len(b), args[1])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), b[:len(b)-n], 0o644))
}

// cmdRecReplace: recreplace FILE OLD NEW replaces the first OLD in FILE,
// which must hold it.
func cmdRecReplace(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: recreplace file old new")
	}
	b, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	if !bytes.Contains(b, []byte(args[1])) {
		ts.Fatalf("recreplace: %s does not hold %q", args[0], args[1])
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), bytes.Replace(b, []byte(args[1]), []byte(args[2]), 1), 0o644))
}

// After a stop by a limit, the count on stderr is that of the units the
// record file holds whole (every cell of the unit), whatever the stop
// interrupted; the file is complete in form, under its final name.
func TestRecordsCountAfterStop(t *testing.T) {
	for _, bound := range []bool{false, true} {
		rec := filepath.Join(t.TempDir(), "r.jsonl")
		args := []string{"rmts", "--input", filepath.Join("testdata", "rmts-small.json"), "--sweep", "xi=2,3", "--runs", "100000", "--workers", "1",
			"--time-limit", "300ms", "--records", rec}
		if bound {
			args = append(args, "--bound")
		}
		code, _, stderr := solveRun(args...)
		if code != 1 {
			t.Fatalf("%v: exit %d, want 1: %s", args, code, stderr)
		}
		m := regexp.MustCompile(`wrote the records of (\d+) of`).FindStringSubmatch(stderr)
		if m == nil {
			t.Fatalf("no count of the units written in %q", stderr)
		}
		f, err := shard.ReadFile(context.Background(), rec)
		if err != nil {
			t.Fatal(err)
		}
		cells := map[[2]int]int{}
		for _, r := range f.Records {
			cells[[2]int{r.Point, r.Rep}]++
		}
		whole := 0
		for u, n := range cells {
			if n != len(f.Header.Cells) {
				t.Errorf("unit %v has %d of the %d cells in the file", u, n, len(f.Header.Cells))
			}
			whole++
		}
		if m[1] != strconv.Itoa(whole) {
			t.Errorf("bound %v: stderr says %s units, the file holds %d whole: %s", bound, m[1], whole, stderr)
		}
	}
}

// An interrupt stops solve merge while it reads (exit 1, as any
// interrupt), however long the files.
func TestMergeStopsWithContext(t *testing.T) {
	dir := t.TempDir()
	rec := filepath.Join(dir, "m.jsonl")
	if code, _, stderr := solveRun("mps", "--input", filepath.Join("..", "..", "examples", "mps-paper.json"), "--step", "20", "--records", rec); code != 0 {
		t.Fatalf("exit %d: %s", code, stderr)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var out, errb bytes.Buffer
	if code := runContext(ctx, []string{"merge", rec}, &out, &errb); code != 1 || !strings.Contains(errb.String(), "reading stopped: context canceled") {
		t.Errorf("merge under a cancelled context: exit %d, %q; want 1 and the reading stopped", code, errb.String())
	}
}
