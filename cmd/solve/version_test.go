package main

import (
	"bytes"
	"runtime"
	"testing"

	"github.com/streamopt/streamopt/internal/version"
)

func TestVersionFlag(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"--version"}, &out, &errb); code != exitOK {
		t.Fatalf("exit %d: %s", code, errb.String())
	}
	want := "solve " + version.Module() + " (" + runtime.Version() + ")\n"
	if out.String() != want {
		t.Errorf("solve --version printed %q, want %q", out.String(), want)
	}
}
