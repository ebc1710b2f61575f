package main

import (
	"bufio"
	"errors"
	"os"
	"os/exec"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

// scriptCmds are the commands the scripts add to testscript's own.
var scriptCmds = map[string]func(ts *testscript.TestScript, neg bool, args []string){
	"exitcode": cmdExitCode,
	"genarray": cmdGenArray,
}

// cmdExitCode: exitcode N PROGRAM [ARGS...] runs PROGRAM like exec and
// fails unless it exits with status N (exec's "!" only tells zero from
// non-zero).
func cmdExitCode(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 {
		ts.Fatalf("usage: exitcode N program [args...]")
	}
	want, err := strconv.Atoi(args[0])
	if err != nil {
		ts.Fatalf("exitcode: %v", err)
	}
	got := 0
	if err := ts.Exec(args[1], args[2:]...); err != nil {
		var ee *exec.ExitError
		if !errors.As(err, &ee) {
			ts.Fatalf("exitcode: %s: %v", args[1], err)
		}
		got = ee.ExitCode()
	}
	if got != want {
		ts.Fatalf("%s exited with status %d, want %d", strings.Join(args[1:], " "), got, want)
	}
}

// cmdGenArray: genarray FILE MIB writes FILE, a JSON array of zeros of
// exactly MIB MiB, so that large inputs need not be committed.
func cmdGenArray(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: genarray file MiB")
	}
	mib, err := strconv.Atoi(args[1])
	if err != nil || mib < 1 {
		ts.Fatalf("genarray: MiB must be a whole number >= 1, got %q", args[1])
	}
	f, err := os.Create(ts.MkAbs(args[0]))
	ts.Check(err)
	w := bufio.NewWriter(f)
	// "[" + "0," × m + "0" + pad + "]" is n bytes.
	n := mib << 20
	m := (n - 3) / 2
	w.WriteString("[")
	for range m {
		w.WriteString("0,")
	}
	w.WriteString("0" + strings.Repeat(" ", (n-3)%2) + "]")
	ts.Check(w.Flush())
	ts.Check(f.Close())
}
