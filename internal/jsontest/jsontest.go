package jsontest

import (
	"encoding/json"
	"os"
	"testing"
)

// Edit reads the JSON file at path, applies edit to the decoded document and
// returns the re-encoded bytes. It fails the test on any I/O or JSON error.
func Edit(t testing.TB, path string, edit func(doc map[string]any)) []byte {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	var doc map[string]any
	if err := json.Unmarshal(data, &doc); err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	edit(doc)
	out, err := json.Marshal(doc)
	if err != nil {
		t.Fatal(err)
	}
	return out
}
