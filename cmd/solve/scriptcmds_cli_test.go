package main

import (
	"bytes"
	"encoding/json"
	"os"
	"regexp"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() {
	scriptCmds["cmpnotime"] = cmdCmpNoTime
	scriptCmds["jsonlines"] = cmdJSONLines
}

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

// cmdJSONLines: jsonlines FILE N fails unless FILE holds at least N lines
// and each is one JSON object with a number "time" and a string "event"
// (the JSON log of solve lp --log-format json).
func cmdJSONLines(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 2 {
		ts.Fatalf("usage: jsonlines file min-lines")
	}
	b, err := os.ReadFile(ts.MkAbs(args[0]))
	ts.Check(err)
	lines := bytes.Split(bytes.TrimSuffix(b, []byte("\n")), []byte("\n"))
	for i, line := range lines {
		var obj struct {
			Time  *float64 `json:"time"`
			Event *string  `json:"event"`
		}
		if err := json.Unmarshal(line, &obj); err != nil || obj.Time == nil || obj.Event == nil {
			ts.Fatalf("%s:%d: not a JSON object with time and event (%v): %s", args[0], i+1, err, line)
		}
	}
	var min int
	if err := json.Unmarshal([]byte(args[1]), &min); err != nil || len(lines) < min {
		ts.Fatalf("%s: %d lines, want at least %s", args[0], len(lines), args[1])
	}
}
