package rmts

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"testing"
)

// FuzzParse: Parse never panics; what it accepts, Build either turns into
// a scenario or rejects with ErrInput.
func FuzzParse(f *testing.F) {
	if data, err := os.ReadFile(filepath.Join("..", "..", "examples", "rmts-paper.json")); err == nil {
		f.Add(data)
	}
	f.Add([]byte(`{"servers": {"count": 3, "capacity": 4}, "contents": {"count": 2, "duration": 5},
 "placement": {"holders": [[0, 1], [2]]}, "arrivals": {"rate": 2, "horizon": 50},
 "topology": {"links": [[0, 1], [1, 2]]}, "failures": [{"server": 1, "time": 7}]}`))
	f.Add([]byte(`{"servers": {"count": 3, "capacity": 4, "slots": 1}, "contents": {"count": 2, "duration": 5},
 "placement": {"replicas": 3, "max_copies": 2}, "arrivals": {"rate": 2, "horizon": 50}}`))
	f.Add([]byte(`{"servers": {"count": 3, "capacity": 4}, "contents": {"count": 2, "duration": 5},
 "placement": {"holders": [[0, 1], [1, 2]]}, "arrivals": {"rate": 2, "horizon": 50}, "policy": {"dasd_proactive_delta": 1}}`))
	f.Add([]byte(`{"servers": {"count": 3, "capacity": 4}, "contents": {"count": 2, "duration": 5},
 "placement": {"holders": [[0, 1], []]}, "arrivals": {"rate": -2, "horizon": 50}, "policy": {"gamma": 0}}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		in, err := Parse(bytes.NewReader(data))
		if err != nil {
			if !errors.Is(err, ErrInput) {
				t.Fatalf("Parse error without ErrInput: %v", err)
			}
			return
		}
		if in.Placement.Replicas > 20_000 || in.Servers.Count*in.Contents.Count > 1_000_000 {
			return // valid but slow to place; not what the fuzzer is for
		}
		if _, err := Build(in); err != nil && !errors.Is(err, ErrInput) {
			t.Fatalf("Build error without ErrInput: %v", err)
		}
	})
}
