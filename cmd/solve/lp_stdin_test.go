package main

import (
	"bytes"
	"compress/gzip"
	"context"
	"io"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/instances"
)

// runStdin runs the command line with stdin as its standard input.
func runStdin(stdin io.Reader, args ...string) (int, string, string) {
	var out, errb bytes.Buffer
	root := newRootCmd(&out, &errb)
	root.SetIn(stdin)
	root.SetArgs(args)
	code := 0
	if err := root.ExecuteContext(context.Background()); err != nil {
		code = exitCode(err, &errb)
	}
	return code, out.String(), errb.String()
}

// TestLPStdinNetlib: `solve lp - --input-format mps` with a NETLIB file on
// standard input (plain, and gzipped with the format detected) prints what
// `solve lp FILE` prints, byte for byte once the solve time is masked, as
// a table and as JSON.
func TestLPStdinNetlib(t *testing.T) {
	names := []string{"afiro", "adlittle", "blend", "sc105", "kb2", "share2b"}
	seen := 0
	for _, in := range instances.NetlibOrSkip(t) {
		if !slices.Contains(names, in.Name) {
			continue
		}
		seen++
		data, err := os.ReadFile(in.Path)
		if err != nil {
			t.Fatal(err)
		}
		var gz bytes.Buffer
		zw := gzip.NewWriter(&gz)
		zw.Write(data)
		zw.Close()
		for _, format := range []string{"table", "json"} {
			code, want, errOut := runCLI("lp", "--format", format, in.Path)
			if code != 0 {
				t.Fatalf("%s: exit %d: %s", in.Name, code, errOut)
			}
			for _, tc := range []struct {
				name  string
				stdin []byte
				args  []string
			}{
				{"mps", data, []string{"lp", "--format", format, "-", "--input-format", "mps"}},
				{"gzip, detected", gz.Bytes(), []string{"lp", "--format", format, "-"}},
			} {
				code, got, errOut := runStdin(bytes.NewReader(tc.stdin), tc.args...)
				if code != 0 {
					t.Fatalf("%s, %s, %s: exit %d: %s", in.Name, format, tc.name, code, errOut)
				}
				if !solveTime.MatchString(want) {
					t.Fatalf("%s: no solve time in the output:\n%s", in.Name, want)
				}
				if m, g := solveTime.ReplaceAllString(want, "${1}${2}TIME"), solveTime.ReplaceAllString(got, "${1}${2}TIME"); m != g {
					t.Errorf("%s, %s, %s: standard input gives\n%s\nthe file\n%s", in.Name, format, tc.name, g, m)
				}
			}
		}
	}
	if seen != len(names) {
		t.Fatalf("found %d of the NETLIB instances %v", seen, names)
	}
}

// TestReadStoppedStdin: a read of standard input that waits on a pipe ends
// when the context is done, with the one line that names standard input:
// lp - (while its format is detected) and rrs --input -.
func TestReadStoppedStdin(t *testing.T) {
	for _, tc := range []struct {
		name, first string
		args        []string
	}{
		{"lp", "NAME small\n", []string{"lp", "-"}},
		{"lp mps", "NAME small\n", []string{"lp", "--input-format", "mps", "-"}},
		{"rrs", "{", []string{"rrs", "--input", "-"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			pr := silentPipe(t, tc.first)
			var stdout, stderr bytes.Buffer
			code := runCancelled(t, tc.name, func(ctx context.Context) int {
				root := newRootCmd(&stdout, &stderr)
				root.SetIn(pr)
				root.SetArgs(tc.args)
				if err := root.ExecuteContext(ctx); err != nil {
					return exitCode(err, &stderr)
				}
				return 0
			})
			if want := "standard input: stopped by a cancellation while reading it; no answer"; code != 1 || !strings.Contains(stderr.String(), want) || stdout.Len() > 0 {
				t.Errorf("exit code %d, stdout %q, stderr %q; want 1 and %q", code, stdout.String(), stderr.String(), want)
			}
		})
	}
}
