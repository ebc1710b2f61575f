package jsontest

import (
	"encoding/json"
	"io"
	"os"
	"path/filepath"
	"testing"
)

func TestEdit(t *testing.T) {
	path := filepath.Join(t.TempDir(), "in.json")
	if err := os.WriteFile(path, []byte(`{"n": 3, "list": [1, 2]}`), 0o644); err != nil {
		t.Fatal(err)
	}
	out := Edit(t, path, func(doc map[string]any) {
		doc["n"] = -1
		doc["list"].([]any)[1] = "x"
	})
	var got struct {
		N    int   `json:"n"`
		List []any `json:"list"`
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if got.N != -1 || len(got.List) != 2 || got.List[0] != 1.0 || got.List[1] != "x" {
		t.Errorf("Edit gave %s, want n -1 and list [1, \"x\"]", out)
	}
}

func TestParse(t *testing.T) {
	path := filepath.Join(t.TempDir(), "in.json")
	if err := os.WriteFile(path, []byte(`{"n": 3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	type doc struct {
		N int `json:"n"`
	}
	got := Parse(t, path, func(r io.Reader) (*doc, error) {
		var d doc
		return &d, json.NewDecoder(r).Decode(&d)
	})
	if got.N != 3 {
		t.Errorf("Parse gave n %d, want 3 (the file's)", got.N)
	}
}
