package main

import (
	"bytes"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/version"
)

func TestVersionFlag(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"--version"}, &out, &errb); code != 0 {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := "solve " + version.String() + "\n"
	if out.String() != want {
		t.Errorf("solve --version printed %q, want %q", out.String(), want)
	}
}

// TestVersionNamesCommit builds the command as the scripts do, with
// scripts/ldflags.sh, and checks that --version and the JSON "program"
// name the commit of the checkout (git rev-parse HEAD), also with
// -buildvcs=false, where go build stamps nothing itself.
func TestVersionNamesCommit(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command (-short)")
	}
	head, err := exec.Command("git", "rev-parse", "HEAD").Output()
	if err != nil {
		t.Skipf("not a git checkout, or no git: %v", err)
	}
	flags, err := exec.Command("bash", filepath.Join("..", "..", "scripts", "ldflags.sh")).Output()
	if err != nil {
		t.Fatalf("scripts/ldflags.sh: %v", err)
	}
	re := regexp.MustCompile(`^-X github.com/streamopt/streamopt/internal/version.commit=([0-9a-f]{40})(-dirty)?\n$`)
	m := re.FindStringSubmatch(string(flags))
	if m == nil || m[1] != strings.TrimSpace(string(head)) {
		t.Fatalf("scripts/ldflags.sh printed %q; want the -X flag with HEAD %s", flags, head)
	}
	bin := filepath.Join(t.TempDir(), "solve")
	build := exec.Command("go", "build", "-buildvcs=false", "-ldflags", strings.TrimSpace(string(flags)), "-o", bin, ".")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	out, err := exec.Command(bin, "--version").Output()
	if err != nil {
		t.Fatal(err)
	}
	commit := m[1][:12] + m[2]
	if !strings.Contains(string(out), " (commit "+commit+", go1.") {
		t.Errorf("--version printed %q, want the commit %s", out, commit)
	}
	cmd := exec.Command(bin, "lp", "--format", "json", "-")
	cmd.Stdin = strings.NewReader("Minimize\n obj: x\nSubject To\n c: x >= 1\nEnd\n")
	ans, err := cmd.Output()
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Contains(ans, []byte(`"program": "`+strings.TrimPrefix(strings.TrimSpace(string(out)), "solve ")+`"`)) {
		t.Errorf("the JSON program field does not say what --version says (%s):\n%s", out, ans)
	}
}
