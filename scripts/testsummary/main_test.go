package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// testdata/gotest.json is `go test -json ./...` (Go 1.26, times dropped) of
// a throw-away module: package q does not build; p has TestPass (logs),
// TestSkip (logs "first", then skips with "no shared folder") and TestFail
// with subtests ok (passes), bad (t.Error("boom")) and skip
// (t.Skipf("slow; set X=1")); r's only test logs and calls os.Exit(3).
func TestSummarise(t *testing.T) {
	f, err := os.Open(filepath.Join("testdata", "gotest.json"))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var out bytes.Buffer
	got := summarise(f, &out, "demo")

	// What plain `go test ./...` prints for the same packages, but for r,
	// whose held line comes after its package line.
	want := strings.Join([]string{
		"# example.com/tj/q [example.com/tj/q.test]",
		"q/q.go:2:12: undefined: undefined",
		"FAIL\texample.com/tj/q [build failed]",
		"--- FAIL: TestFail (0.00s)",
		"    --- FAIL: TestFail/bad (0.00s)",
		"        p_test.go:7: boom",
		"FAIL",
		"FAIL\texample.com/tj/p\t0.004s",
		"FAIL\texample.com/tj/r\t0.004s",
		"    r_test.go:3: about to exit",
		"",
	}, "\n")
	if out.String() != want {
		t.Errorf("printed\n%s\nwant\n%s", out.String(), want)
	}
	if got.Passed != 2 || got.Failed != 4 || got.Skipped != 2 {
		t.Errorf("counts %d passed, %d failed, %d skipped; want 2, 4 (TestFail/bad, TestFail, q, r), 2",
			got.Passed, got.Failed, got.Skipped)
	}
	for reason, want := range map[string]int{"no shared folder": 1, "slow; set X=1": 1} {
		if n := len(got.Skips[reason]); n != want {
			t.Errorf("skip reason %q: %d tests, want %d (reasons %v)", reason, n, want, got.Skips)
		}
	}

	tallyFile := filepath.Join(t.TempDir(), "tally")
	for range 2 { // two groups with the same results
		if err := appendTally(tallyFile, got); err != nil {
			t.Fatal(err)
		}
	}
	var rep bytes.Buffer
	if err := printReport(&rep, tallyFile, "example.com/tj/"); err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimSpace(rep.String()), "\n")
	for _, l := range []string{
		"demo: 2 passed, 4 failed, 2 skipped",
		"     2  no shared folder  [p]",
		"     2  slow; set X=1  [p]",
		"  q [build failed]",
		"  p TestFail/bad",
		"  r [package failed]",
	} {
		if !strings.Contains(rep.String(), l+"\n") {
			t.Errorf("report lacks line %q:\n%s", l, rep.String())
		}
	}
	if last := lines[len(lines)-1]; last != "total: 4 passed, 8 failed, 4 skipped" {
		t.Errorf("report ends with %q, want the totals of both groups", last)
	}
}

// TestInterleavedPackages: go test -json interleaves the events of packages
// that run at the same time; each package's lines must come out together,
// in the order of the packages' ends.
func TestInterleavedPackages(t *testing.T) {
	in := strings.Join([]string{
		`{"Action":"run","Package":"a","Test":"TestA"}`,
		`{"Action":"run","Package":"b","Test":"TestB"}`,
		`{"Action":"output","Package":"a","Test":"TestA","Output":"    a_test.go:1: a broke\n"}`,
		`{"Action":"output","Package":"a","Test":"TestA","Output":"--- FAIL: TestA (0.00s)\n"}`,
		`{"Action":"fail","Package":"a","Test":"TestA"}`,
		`{"Action":"output","Package":"b","Test":"TestB","Output":"    b_test.go:1: b broke\n"}`,
		`{"Action":"output","Package":"b","Test":"TestB","Output":"--- FAIL: TestB (0.00s)\n"}`,
		`{"Action":"fail","Package":"b","Test":"TestB"}`,
		`{"Action":"output","Package":"b","Output":"FAIL\tb\t0.1s\n"}`,
		`{"Action":"fail","Package":"b"}`,
		`{"Action":"output","Package":"a","Output":"FAIL\ta\t0.2s\n"}`,
		`{"Action":"fail","Package":"a"}`,
		"not json: passed on as it is",
	}, "\n")
	var out bytes.Buffer
	got := summarise(strings.NewReader(in), &out, "x")
	want := "--- FAIL: TestB (0.00s)\n    b_test.go:1: b broke\nFAIL\tb\t0.1s\n" +
		"--- FAIL: TestA (0.00s)\n    a_test.go:1: a broke\nFAIL\ta\t0.2s\n" +
		"not json: passed on as it is\n"
	if out.String() != want {
		t.Errorf("printed\n%s\nwant\n%s", out.String(), want)
	}
	if got.Failed != 2 || got.Passed != 0 {
		t.Errorf("%d failed, %d passed; want 2, 0", got.Failed, got.Passed)
	}
}

func TestSkipReason(t *testing.T) {
	for _, tc := range []struct {
		lines []string
		want  string
	}{
		{[]string{"    x_test.go:12: first\n", "    x_test.go:13: NETLIB/MIPLIB instances not found: a: b\n"}, "NETLIB/MIPLIB instances not found: a: b"},
		{[]string{"        sub_test.go:4: slow; set X=1\n", "\n"}, "slow; set X=1"},
		{nil, "(no reason given)"},
	} {
		if got := skipReason(tc.lines); got != tc.want {
			t.Errorf("skipReason(%q) = %q, want %q", tc.lines, got, tc.want)
		}
	}
}
