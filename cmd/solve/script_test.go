package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"

	"github.com/streamopt/streamopt/solve"
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
	testscript.Run(t, testscript.Params{Dir: "testdata/script", Cmds: scriptCmds, Condition: scriptCondition, Setup: func(env *testscript.Env) error {
		env.Setenv("EXAMPLES", examples)
		return nil
	}})
}

// scriptCondition answers the scripts' own conditions: [backend:NAME] holds
// when the backend NAME is compiled in (the native ones need build tags).
func scriptCondition(cond string) (bool, error) {
	if name, ok := strings.CutPrefix(cond, "backend:"); ok {
		return slices.Contains(solve.Backends(), name), nil
	}
	return false, fmt.Errorf("unknown condition %q", cond)
}
