package main

import (
	"bytes"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/models/mps"
	"github.com/streamopt/streamopt/models/rmts"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/models/tpd"
)

// TestExamplesParse keeps every shipped example valid: examples/NAME-*.json
// must pass the parser (schema and validation) of model NAME.
func TestExamplesParse(t *testing.T) {
	parsers := map[string]func(io.Reader) error{
		"rrs":  func(r io.Reader) error { _, err := rrs.Parse(r); return err },
		"mps":  func(r io.Reader) error { _, err := mps.Parse(r); return err },
		"rmts": func(r io.Reader) error { _, err := rmts.Parse(r); return err },
		"tpd":  func(r io.Reader) error { _, err := tpd.Parse(r); return err },
	}
	files, err := filepath.Glob(filepath.Join("..", "..", "examples", "*.json"))
	if err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, f := range files {
		model, _, _ := strings.Cut(filepath.Base(f), "-")
		parse, ok := parsers[model]
		if !ok {
			t.Errorf("%s: no model named %q", f, model)
			continue
		}
		seen[model] = true
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if err := parse(bytes.NewReader(data)); err != nil {
			t.Errorf("%s: %v", f, err)
		}
	}
	for model := range parsers {
		if !seen[model] {
			t.Errorf("no example for model %s", model)
		}
	}
}
