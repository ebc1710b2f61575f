package main

import (
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

// TestRMTSScripts runs the cases of testdata/script/rmts_*.txtar in
// process (testscript and its txtar package need golang.org/x/tools/txtar,
// which go.sum does not pin): each "exec solve …" line must exit 0, "! exec" with
// exit code 2, and the stdout/stderr patterns that follow must match.
func TestRMTSScripts(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "script", "rmts_*.txtar"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no rmts scripts: %v", err)
	}
	for _, f := range files {
		t.Run(filepath.Base(f), func(t *testing.T) {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			comment, files := parseTxtar(string(data))
			dir := t.TempDir()
			for name, body := range files {
				if err := os.WriteFile(filepath.Join(dir, name), []byte(body), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			var stdout, stderr string
			saved := map[string]string{}
			abs := func(p string) string {
				if filepath.IsAbs(p) {
					return p
				}
				return filepath.Join(dir, p)
			}
			for n, line := range strings.Split(comment, "\n") {
				line = strings.TrimSpace(line)
				if line == "" || strings.HasPrefix(line, "#") {
					continue
				}
				neg := strings.HasPrefix(line, "! ")
				line = strings.TrimPrefix(line, "! ")
				args := splitArgs(line)
				switch args[0] {
				case "exec":
					cmd := args[2:]
					for i, a := range cmd {
						if i > 0 && (cmd[i-1] == "--input" || cmd[i-1] == "--csv" || cmd[i-1] == "--plot") {
							cmd[i] = abs(a)
						}
					}
					var code int
					code, stdout, stderr = runCLI(cmd...)
					if want := map[bool]int{false: 0, true: 2}[neg]; code != want {
						t.Fatalf("line %d: %s: exit %d, want %d\nstderr: %s", n+1, line, code, want, stderr)
					}
				case "stdout", "stderr":
					text := map[string]string{"stdout": stdout, "stderr": stderr}[args[0]]
					ok := regexp.MustCompile(args[1]).MatchString(text)
					if ok == neg {
						t.Fatalf("line %d: %s: %s was\n%s", n+1, line, args[0], text)
					}
				case "cp":
					saved[args[2]] = stdout
				case "cmp":
					if stdout != saved[args[2]] {
						t.Fatalf("line %d: %s: outputs differ", n+1, line)
					}
				case "exists":
					if _, err := os.Stat(abs(args[1])); err != nil {
						t.Fatalf("line %d: %v", n+1, err)
					}
				case "grep":
					data, err := os.ReadFile(abs(args[2]))
					if err != nil || !regexp.MustCompile("(?m)"+args[1]).Match(data) {
						t.Fatalf("line %d: %s: no match (%v)", n+1, line, err)
					}
				default:
					t.Fatalf("line %d: unknown command %q", n+1, args[0])
				}
			}
		})
	}
}

// splitArgs splits on spaces, keeping single-quoted words together.
func splitArgs(s string) []string {
	var out []string
	for len(s) > 0 {
		s = strings.TrimLeft(s, " ")
		if s == "" {
			break
		}
		if s[0] == '\'' {
			end := strings.IndexByte(s[1:], '\'')
			out = append(out, s[1:1+end])
			s = s[2+end:]
			continue
		}
		end := strings.IndexByte(s, ' ')
		if end < 0 {
			end = len(s)
		}
		out = append(out, s[:end])
		s = s[end:]
	}
	return out
}

// parseTxtar splits a txtar archive into its comment and its files
// ("-- name --" header lines).
func parseTxtar(s string) (string, map[string]string) {
	files := map[string]string{}
	var comment strings.Builder
	name := ""
	var body strings.Builder
	flush := func() {
		if name != "" {
			files[name] = body.String()
		}
		body.Reset()
	}
	for _, line := range strings.SplitAfter(s, "\n") {
		t := strings.TrimSpace(line)
		if strings.HasPrefix(t, "-- ") && strings.HasSuffix(t, " --") && len(t) > 6 {
			flush()
			name = strings.TrimSpace(t[3 : len(t)-3])
			continue
		}
		if name == "" {
			comment.WriteString(line)
		} else {
			body.WriteString(line)
		}
	}
	flush()
	return comment.String(), files
}
