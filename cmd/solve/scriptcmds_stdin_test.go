package main

import (
	"os"
	"regexp"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() { scriptCmds["cmpnotime"] = cmdCmpNoTime }

// solveTime matches what differs between two runs of solve lp on the same
// model: the wall time of the solve, the table's "time" line and the JSON
// "solve_seconds" value.
var solveTime = regexp.MustCompile(`(?m)^(time +)\S+$|("solve_seconds": )[0-9.eE+-]+`)

// cmdCmpNoTime: cmpnotime A B fails unless the files A and B are equal
// byte for byte once the solve time is masked in each (solveTime).
func cmdCmpNoTime(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: cmpnotime file1 file2")
	}
	read := func(name string) string {
		b, err := os.ReadFile(ts.MkAbs(name))
		ts.Check(err)
		if !solveTime.Match(b) {
			ts.Fatalf("cmpnotime: %s has no solve time to mask: not the output of solve lp?", name)
		}
		return solveTime.ReplaceAllString(string(b), "${1}${2}TIME")
	}
	a, b := read(args[0]), read(args[1])
	if a != b {
		ts.Logf("%s:\n%s\n%s:\n%s", args[0], a, args[1], b)
		ts.Fatalf("%s and %s differ (the solve time masked)", args[0], args[1])
	}
}
