package version

import (
	"runtime"
	"runtime/debug"
	"strings"
	"testing"
)

func TestModuleVersion(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"", Devel},
		{"(devel)", Devel},
		{"v0.3.1", "v0.3.1"},
		{"v0.0.0-20260101120000-abcdef123456", "v0.0.0-20260101120000-abcdef123456"},
	} {
		if got := moduleVersion(tc.in); got != tc.want {
			t.Errorf("moduleVersion(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func TestString(t *testing.T) {
	s := String()
	if !strings.HasPrefix(s, Module()+" (") || !strings.HasSuffix(s, runtime.Version()+")") {
		t.Errorf("String() = %q, want the module version then (%s)", s, runtime.Version())
	}
	if Module() == "" || Module() == "(devel)" {
		t.Errorf("Module() = %q, want a version or %q", Module(), Devel)
	}
	if CommitOf(s) != Commit() {
		t.Errorf("CommitOf(%q) = %q, want Commit() = %q", s, CommitOf(s), Commit())
	}
}

// TestCommit: the value set with -ldflags -X wins over the go command's
// stamp, and both are cut to 12 hex digits with "-dirty" kept; String
// names the commit and CommitOf reads it back.
func TestCommit(t *testing.T) {
	defer func(c string) { commit = c }(commit)
	commit = "0123456789abcdef0123456789abcdef01234567\n"
	if got := Commit(); got != "0123456789ab" {
		t.Errorf("Commit() with -X %q = %q", commit, got)
	}
	commit = "0123456789abcdef0123456789abcdef01234567-dirty"
	if got := Commit(); got != "0123456789ab-dirty" {
		t.Errorf("Commit() with -X %q = %q", commit, got)
	}
	want := Module() + " (commit 0123456789ab-dirty, " + runtime.Version() + ")"
	if s := String(); s != want || CommitOf(s) != "0123456789ab-dirty" {
		t.Errorf("String() = %q (commit %q), want %q", s, CommitOf(s), want)
	}

	for _, tc := range []struct {
		settings []debug.BuildSetting
		want     string
	}{
		{nil, ""},
		{[]debug.BuildSetting{{Key: "vcs.revision", Value: "fedcba9876543210fedc"}}, "fedcba987654"},
		{[]debug.BuildSetting{{Key: "vcs.revision", Value: "fedcba9876543210fedc"}, {Key: "vcs.modified", Value: "true"}}, "fedcba987654-dirty"},
		{[]debug.BuildSetting{{Key: "vcs.modified", Value: "true"}}, ""},
	} {
		if got := vcsCommit(tc.settings); got != tc.want {
			t.Errorf("vcsCommit(%v) = %q, want %q", tc.settings, got, tc.want)
		}
	}
	for s, want := range map[string]string{"devel (go1.26.8)": "", "v0.3.1 (commit abc, go1.26.8)": "abc", "devel (commit x": ""} {
		if got := CommitOf(s); got != want {
			t.Errorf("CommitOf(%q) = %q, want %q", s, got, want)
		}
	}
}
