package main

import (
	"bytes"
	"encoding/json"
	"math"
	"strings"
	"testing"
)

// TestJSONLog: lines split across writes are joined, a progress line of
// the branch and bound gets its fields (null for what is not finite), any
// other line is "log" text, blank lines are dropped, and a last line
// without its line break is written before the command's own event.
func TestJSONLog(t *testing.T) {
	var out bytes.Buffer
	l := newJSONLog(&out)
	l.Write([]byte("root: LP bound 21 after 2 iter"))
	l.Write([]byte("ations\n\n        0 nodes       1 open  incumbent -                bound -Inf             gap -                 0 iters    0.0s \n"))
	l.Write([]byte("*        3 nodes       0 open  incumbent 20               bound 20.5             gap 2.44%              8 iters    0.0s rounding\nunfinished"))
	l.Event("end", "status", "time_limit", "objective", math.NaN(), "bound", math.Inf(-1))
	lines := strings.Split(strings.TrimSuffix(out.String(), "\n"), "\n")
	want := []string{
		`"event":"log","text":"root: LP bound 21 after 2 iterations"}`,
		`"event":"progress","nodes":0,"open":1,"incumbent":null,"bound":null,"gap":null,"iterations":0,"found":""}`,
		`"event":"progress","nodes":3,"open":0,"incumbent":20,"bound":20.5,"gap":0.025,"iterations":8,"found":"rounding"}`,
		`"event":"log","text":"unfinished"}`,
		`"event":"end","status":"time_limit","objective":null,"bound":null}`,
	}
	if len(lines) != len(want) {
		t.Fatalf("%d lines, want %d:\n%s", len(lines), len(want), out.String())
	}
	for i, line := range lines {
		var obj map[string]any
		if err := json.Unmarshal([]byte(line), &obj); err != nil || !strings.HasPrefix(line, `{"time":`) || !strings.HasSuffix(line, want[i]) {
			t.Errorf("line %d = %s (%v), want ...%s", i+1, line, err, want[i])
		}
	}
}
