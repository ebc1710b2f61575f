package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"strings"
	"sync"
	"time"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mip"
)

// jsonLog turns the text log of a backend into JSON lines, one object a
// line, each with "time" (seconds since the solve started) and "event":
// "start" and "end" frame the solve (written by the command); "progress"
// is a progress line of the branch and bound (mip.ParseProgress) with
// nodes, open, incumbent, bound, gap, iterations and what happened
// ("found", e.g. "diving" for a new incumbent, "done: optimal" at the
// end); "log" carries any other line of the backend's log as "text". A
// number that is not finite (no incumbent yet, an infinite bound) is null.
type jsonLog struct {
	mu    sync.Mutex
	w     io.Writer
	start time.Time
	part  []byte // a line not yet ended
}

func newJSONLog(w io.Writer) *jsonLog { return &jsonLog{w: w, start: time.Now()} }

// Write takes the backend's text log and writes a JSON line for each line
// it completes.
func (l *jsonLog) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.part = append(l.part, p...)
	for {
		i := bytes.IndexByte(l.part, '\n')
		if i < 0 {
			break
		}
		line := strings.TrimRight(string(l.part[:i]), "\r")
		l.part = l.part[i+1:]
		if err := l.line(line); err != nil {
			return 0, err
		}
	}
	return len(p), nil
}

// line writes the JSON form of one line of the text log.
func (l *jsonLog) line(text string) error {
	if strings.TrimSpace(text) == "" {
		return nil
	}
	if p, ok := mip.ParseProgress(text); ok {
		return l.emit("progress", "nodes", p.Nodes, "open", p.Open, "incumbent", p.Incumbent, "bound", p.Bound,
			"gap", p.Gap, "iterations", p.Iterations, "found", p.Event)
	}
	return l.emit("log", "text", strings.TrimSpace(text))
}

// Event writes a line of the command's own ("start", "end") with the
// key-value pairs kv.
func (l *jsonLog) Event(event string, kv ...any) error {
	l.mu.Lock()
	defer l.mu.Unlock()
	if len(l.part) > 0 { // a last line the backend did not end
		text := string(l.part)
		l.part = nil
		if err := l.line(text); err != nil {
			return err
		}
	}
	return l.emit(event, kv...)
}

// emit writes {"time": ..., "event": event, kv...} on one line, keys in
// the order given.
func (l *jsonLog) emit(event string, kv ...any) error {
	var b bytes.Buffer
	fmt.Fprintf(&b, `{"time":%s,"event":%s`, jsonValue(math.Round(time.Since(l.start).Seconds()*1e3)/1e3), jsonValue(event))
	for i := 0; i+1 < len(kv); i += 2 {
		fmt.Fprintf(&b, ",%s:%s", jsonValue(kv[i]), jsonValue(kv[i+1]))
	}
	b.WriteString("}\n")
	_, err := l.w.Write(b.Bytes())
	return err
}

// jsonValue is v in JSON, null for a float that is not finite.
func jsonValue(v any) string {
	if f, ok := v.(float64); ok && (math.IsNaN(f) || math.IsInf(f, 0)) {
		return "null"
	}
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false) // "->" stays as it is
	if err := enc.Encode(v); err != nil {
		return "null"
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// logStart and logEnd are the first and last lines of a JSON log.
func logStart(l *jsonLog, m *lp.Model, backend string) error {
	ints := 0
	for _, v := range m.Vars {
		if v.Integer {
			ints++
		}
	}
	return l.Event("start", "model", m.Name, "rows", m.NumRows(), "columns", m.NumVars(), "integer_columns", ints,
		"nonzeros", m.NumNonzeros(), "backend", backend)
}

func logEnd(l *jsonLog, m *lp.Model, sol *lp.Solution, err error) error {
	if err != nil {
		return l.Event("end", "status", "error", "error", err.Error())
	}
	obj := math.NaN()
	if sol.HasPrimal() {
		obj = sol.Objective
	}
	kv := []any{"status", sol.Status.String(), "backend", sol.Backend, "objective", obj, "iterations", sol.Iterations,
		"solve_seconds", sol.Time.Seconds()}
	if m.IsMIP() {
		kv = append(kv, "nodes", sol.Nodes, "bound", sol.BestBound, "gap", sol.Gap)
	}
	return l.Event("end", kv...)
}
