package main

import (
	"os"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
)

// TestMain lets the scripts run the command as "solve" in a subprocess, so
// that exit codes and the stdout/stderr split are tested exactly as a user
// sees them.
func TestMain(m *testing.M) {
	testscript.Main(m, map[string]func(){
		"solve": func() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) },
	})
}

// TestScripts runs every testdata/script/*.txtar: each is a command-line
// session with the files it needs, and the output it must produce.
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{Dir: "testdata/script", Cmds: scriptCmds})
}
