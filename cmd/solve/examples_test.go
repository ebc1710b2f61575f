package main

import (
	"bytes"
	"io"
	"os"
	"testing"

	"github.com/streamopt/streamopt/models/multistage"
	"github.com/streamopt/streamopt/models/rmts"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/models/tpd"
)

// TestExamplesParse keeps every shipped instance valid: examples/NAME-*.json
// and benchmarks/NAME-*/model.json must pass the parser (schema, validation
// and size caps) of model NAME, and its Build where it has one, also with a
// "$schema" key naming the schema.
func TestExamplesParse(t *testing.T) {
	parsers := map[string]func(io.Reader) error{
		"rrs": func(r io.Reader) error { _, err := rrs.Parse(r); return err },
		"mps": func(r io.Reader) error { _, err := multistage.Parse(r); return err },
		"rmts": func(r io.Reader) error {
			in, err := rmts.Parse(r)
			if err == nil {
				_, err = rmts.Build(in)
			}
			return err
		},
		"tpd": func(r io.Reader) error {
			in, err := tpd.Parse(r)
			if err == nil {
				_, err = tpd.Build(in)
			}
			return err
		},
	}
	files := modelFiles(t)
	for model, fs := range files {
		if parsers[model] == nil {
			t.Errorf("%s: no model named %q", fs[0], model)
		}
	}
	for model, parse := range parsers {
		if len(files[model]) == 0 {
			t.Errorf("no example for model %s", model)
		}
		for _, f := range files[model] {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			if err := parse(bytes.NewReader(data)); err != nil {
				t.Errorf("%s: %v", f, err)
			}
			named := append([]byte(`{"$schema": "https://github.com/streamopt/streamopt/models/`+model+`/schema.json", `), bytes.TrimPrefix(bytes.TrimSpace(data), []byte("{"))...)
			if err := parse(bytes.NewReader(named)); err != nil {
				t.Errorf("%s with $schema: %v", f, err)
			}
		}
	}
}
