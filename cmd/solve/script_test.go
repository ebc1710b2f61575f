package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the scripts run the command as "solve" in a subprocess, so
// that exit codes and the stdout/stderr split are tested exactly as a user
// sees them.
func TestMain(m *testing.M) {
	if os.Getenv(fatalErrorEnv) == "1" {
		// TestRuntimeFatalErrorIsNotBadInput: a panic no goroutine
		// recovers ends the process as the runtime's fatal errors do,
		// and needs no memory pressure to reproduce.
		abortOnFatalError()
		go func() { panic("a panic no goroutine recovers") }()
		select {}
	}
	testscript.Main(m, map[string]func(){"solve": main})
}

// TestScripts runs every testdata/script/*.txtar: each is a command-line
// session with the files it needs, and the output it must produce.
// $EXAMPLES names the repository's examples folder.
func TestScripts(t *testing.T) {
	examples, err := filepath.Abs(filepath.Join("..", "..", "examples"))
	if err != nil {
		t.Fatal(err)
	}
	testscript.Run(t, testscript.Params{Dir: "testdata/script", Cmds: scriptCmds, Setup: func(env *testscript.Env) error {
		env.Setenv("EXAMPLES", examples)
		return nil
	}})
}
