// Command testsummary turns the output of `go test -json` into what a
// person reads, for scripts/test.sh.
//
// With -label, it reads `go test -json` on standard input and prints what
// plain `go test` would (each package's result line, and the output of the
// tests that failed), then one line "LABEL: N passed, N failed, N skipped".
// With -tally FILE it also appends the counts, the failed tests and the
// skip reasons to FILE as one JSON line.
//
// With -report FILE, it reads those lines back and prints each group's
// counts, then for all groups together the skip reasons grouped with their
// counts and packages, the failed tests, and a closing line
// "total: N passed, N failed, N skipped".
package main

import (
	"bufio"
	"bytes"
	"cmp"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"regexp"
	"slices"
	"strings"
)

// event is one line of `go test -json` (cmd/test2json).
type event struct {
	Action  string
	Package string
	Test    string
	Output  string
	// FailedBuild names the package whose build failed, on a package's
	// "fail" event.
	FailedBuild string
}

// tally is what one group of tests leaves for the report.
type tally struct {
	Label       string
	Passed      int
	Failed      int
	Skipped     int
	FailedTests []string            // "package TestName"
	Skips       map[string][]string // reason -> package of each skipped test
}

func main() {
	label := flag.String("label", "", "name of the group of tests read from standard input")
	tallyFile := flag.String("tally", "", "file to append the group's counts and skip reasons to")
	report := flag.String("report", "", "print the combined summary of the groups in this tally file")
	trim := flag.String("trim", "", "prefix to drop from package paths in the summary")
	flag.Parse()
	switch {
	case *report != "":
		if err := printReport(os.Stdout, *report, *trim); err != nil {
			fmt.Fprintln(os.Stderr, "testsummary:", err)
			os.Exit(2)
		}
	case *label != "":
		t := summarise(os.Stdin, os.Stdout, *label)
		fmt.Printf("%s: %d passed, %d failed, %d skipped\n", t.Label, t.Passed, t.Failed, t.Skipped)
		if *tallyFile != "" {
			if err := appendTally(*tallyFile, t); err != nil {
				fmt.Fprintln(os.Stderr, "testsummary:", err)
				os.Exit(2)
			}
		}
	default:
		fmt.Fprintln(os.Stderr, "usage: go test -json ... | testsummary -label NAME [-tally FILE]\n       testsummary -report FILE [-trim PREFIX]")
		os.Exit(2)
	}
}

// run is one test's output, kept until its top-level test ends.
type run struct {
	test   string   // name, "TestX/sub" for a subtest
	result string   // its "--- PASS/FAIL/SKIP" line
	lines  []string // everything else it printed but "=== RUN" and the like
	failed bool
}

// summarise streams r (go test -json) to w as plain go test would show it
// and counts the results.
func summarise(r io.Reader, w io.Writer, label string) tally {
	t := tally{Label: label, Skips: map[string][]string{}}
	// Output is held per top-level test, its subtests included in the
	// order they started, and printed for the tests that failed when the
	// top-level test ends, indented by depth as plain go test does.
	held := map[string][]*run{}
	failedIn := map[string]bool{} // packages with a failed test
	// go test -json interleaves packages that run in parallel; each
	// package's lines are kept until it ends, so that they stay together.
	pkgOut := map[string]*bytes.Buffer{}
	out := func(pkg string) *bytes.Buffer {
		if pkgOut[pkg] == nil {
			pkgOut[pkg] = new(bytes.Buffer)
		}
		return pkgOut[pkg]
	}
	find := func(key, test string) *run {
		for _, r := range held[key] {
			if r.test == test {
				return r
			}
		}
		r := &run{test: test}
		held[key] = append(held[key], r)
		return r
	}
	flush := func(key string, all bool) {
		w := out(strings.SplitN(key, " ", 2)[0])
		for _, r := range held[key] {
			if !all && !r.failed {
				continue
			}
			indent := strings.Repeat("    ", strings.Count(r.test, "/"))
			if r.result != "" {
				fmt.Fprint(w, indent+r.result)
			}
			for _, l := range r.lines {
				fmt.Fprint(w, indent+l)
			}
		}
		delete(held, key)
	}
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 1<<20), 64<<20)
	for sc.Scan() {
		var e event
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil || e.Action == "" {
			fmt.Fprintln(w, sc.Text()) // not an event: pass it on
			continue
		}
		if e.Test == "" {
			switch e.Action {
			case "build-output": // before any test runs; ImportPath, not Package
				fmt.Fprint(w, e.Output)
			case "output":
				if e.Output != "PASS\n" && !strings.HasPrefix(e.Output, "=== ") {
					fmt.Fprint(out(e.Package), e.Output)
				}
			case "pass", "fail", "skip":
				if e.Action == "fail" && !failedIn[e.Package] {
					// The package failed without a failing test: a build
					// error, a crash outside a test, or a timeout.
					t.Failed++
					why := "[package failed]"
					if e.FailedBuild != "" {
						why = "[build failed]"
					}
					t.FailedTests = append(t.FailedTests, e.Package+" "+why)
				}
				// A test still held when its package ends never finished
				// (a crash or a timeout): show all it printed.
				for _, key := range slices.Sorted(maps.Keys(held)) {
					if strings.HasPrefix(key, e.Package+" ") {
						flush(key, true)
					}
				}
				w.Write(out(e.Package).Bytes())
				delete(pkgOut, e.Package)
			}
			continue
		}
		key := e.Package + " " + strings.SplitN(e.Test, "/", 2)[0]
		r := find(key, e.Test)
		switch e.Action {
		case "output":
			switch out := strings.TrimLeft(e.Output, " "); {
			case strings.HasPrefix(out, "=== "):
			case strings.HasPrefix(out, "--- "):
				r.result = out
			default:
				r.lines = append(r.lines, e.Output)
			}
		case "pass":
			t.Passed++
		case "fail":
			t.Failed++
			r.failed = true
			failedIn[e.Package] = true
			t.FailedTests = append(t.FailedTests, e.Package+" "+e.Test)
		case "skip":
			t.Skipped++
			reason := skipReason(r.lines)
			t.Skips[reason] = append(t.Skips[reason], e.Package)
		}
		if (e.Action == "pass" || e.Action == "fail" || e.Action == "skip") && !strings.Contains(e.Test, "/") {
			flush(key, false)
		}
	}
	if err := sc.Err(); err != nil {
		fmt.Fprintln(w, "testsummary: reading go test -json:", err)
		t.Failed++
	}
	for _, key := range slices.Sorted(maps.Keys(held)) {
		flush(key, true)
	}
	for _, pkg := range slices.Sorted(maps.Keys(pkgOut)) { // packages whose end never came
		w.Write(pkgOut[pkg].Bytes())
	}
	return t
}

// logPrefix is what t.Log puts before a message: "    file_test.go:12: ".
var logPrefix = regexp.MustCompile(`^\s*\S+\.go:\d+: `)

// skipReason is the last line a test printed before "--- SKIP", without
// the file:line prefix of t.Skip.
func skipReason(lines []string) string {
	for i := len(lines) - 1; i >= 0; i-- {
		if s := strings.TrimSpace(logPrefix.ReplaceAllString(lines[i], "")); s != "" {
			return s
		}
	}
	return "(no reason given)"
}

func appendTally(path string, t tally) error {
	f, err := os.OpenFile(path, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
	if err != nil {
		return err
	}
	if err := json.NewEncoder(f).Encode(t); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

// Limits of the report, so that it stays a summary.
const (
	maxReasons     = 15
	maxPackages    = 4
	maxFailedTests = 20
)

func printReport(w io.Writer, path, trim string) error {
	data, err := os.ReadFile(path)
	if err != nil {
		return err
	}
	var total tally
	skips := map[string][]string{} // reason -> packages, each once
	counts := map[string]int{}
	dec := json.NewDecoder(strings.NewReader(string(data)))
	for dec.More() {
		var t tally
		if err := dec.Decode(&t); err != nil {
			return fmt.Errorf("%s: %v", path, err)
		}
		fmt.Fprintf(w, "%s: %d passed, %d failed, %d skipped\n", t.Label, t.Passed, t.Failed, t.Skipped)
		total.Passed += t.Passed
		total.Failed += t.Failed
		total.Skipped += t.Skipped
		total.FailedTests = append(total.FailedTests, t.FailedTests...)
		for reason, pkgs := range t.Skips {
			counts[reason] += len(pkgs)
			for _, p := range pkgs {
				p = strings.TrimPrefix(p, trim)
				if !slices.Contains(skips[reason], p) {
					skips[reason] = append(skips[reason], p)
				}
			}
		}
	}
	if len(counts) > 0 {
		reasons := make([]string, 0, len(counts))
		for r := range counts {
			reasons = append(reasons, r)
		}
		slices.SortFunc(reasons, func(a, b string) int {
			if c := cmp.Compare(counts[b], counts[a]); c != 0 {
				return c // most frequent first
			}
			return strings.Compare(a, b)
		})
		fmt.Fprintln(w, "skipped tests, by reason:")
		for i, r := range reasons {
			if i == maxReasons {
				fmt.Fprintf(w, "  ... and %d more reasons\n", len(reasons)-maxReasons)
				break
			}
			pkgs := skips[r]
			more := ""
			if len(pkgs) > maxPackages {
				more = fmt.Sprintf(" +%d more", len(pkgs)-maxPackages)
				pkgs = pkgs[:maxPackages]
			}
			fmt.Fprintf(w, "  %4d  %s  [%s%s]\n", counts[r], r, strings.Join(pkgs, " "), more)
		}
	}
	if n := len(total.FailedTests); n > 0 {
		fmt.Fprintln(w, "failed tests:")
		for i, id := range total.FailedTests {
			if i == maxFailedTests {
				fmt.Fprintf(w, "  ... and %d more\n", n-maxFailedTests)
				break
			}
			fmt.Fprintf(w, "  %s\n", strings.TrimPrefix(id, trim))
		}
	}
	fmt.Fprintf(w, "total: %d passed, %d failed, %d skipped\n", total.Passed, total.Failed, total.Skipped)
	return nil
}
