package jsontest

import (
	"bytes"
	"io"
	"os"
	"testing"
)

// Parse reads the file at path with parse (a model's Parse) and returns
// what it parsed. It fails the test on any I/O or parse error.
func Parse[T any](t testing.TB, path string, parse func(io.Reader) (T, error)) T {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	v, err := parse(bytes.NewReader(data))
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	return v
}
