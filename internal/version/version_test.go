package version

import (
	"runtime"
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
}
