package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// printedSchema runs `solve schema model` and returns its output.
func printedSchema(t *testing.T, model string) []byte {
	t.Helper()
	var out, errb bytes.Buffer
	if code := run([]string{"schema", model}, &out, &errb); code != 0 {
		t.Fatalf("solve schema %s: exit %d: %s", model, code, errb.String())
	}
	return out.Bytes()
}

// modelFiles lists the shipped instance files of every model:
// examples/MODEL-*.json and benchmarks/MODEL-*/model.json.
func modelFiles(t *testing.T) map[string][]string {
	t.Helper()
	files := map[string][]string{}
	for _, pattern := range []string{
		filepath.Join("..", "..", "examples", "*.json"),
		filepath.Join("..", "..", "benchmarks", "*", "model.json"),
	} {
		matches, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		for _, f := range matches {
			name := filepath.Base(f)
			if name == "model.json" {
				name = filepath.Base(filepath.Dir(f))
			}
			model, _, _ := strings.Cut(name, "-")
			files[model] = append(files[model], f)
		}
	}
	return files
}

// TestPrintedSchemasValidateTheShippedFiles: the output of `solve schema
// MODEL`, compiled by an independent validator, accepts every shipped file
// of that model, also with a "$schema" key, and rejects an unknown field.
func TestPrintedSchemasValidateTheShippedFiles(t *testing.T) {
	files := modelFiles(t)
	for _, model := range schemaNames() {
		if len(files[model]) == 0 {
			t.Errorf("%s: no example", model)
			continue
		}
		src := printedSchema(t, model)
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(src))
		if err != nil {
			t.Fatalf("%s: printed schema is not JSON: %v", model, err)
		}
		c := jsonschema.NewCompiler()
		url := "https://github.com/streamopt/streamopt/models/" + model + "/schema.json"
		if err := c.AddResource(url, doc); err != nil {
			t.Fatal(err)
		}
		sch, err := c.Compile(url)
		if err != nil {
			t.Fatalf("%s: printed schema does not compile: %v", model, err)
		}
		for _, f := range files[model] {
			data, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var inst map[string]any
			if err := json.Unmarshal(data, &inst); err != nil {
				t.Fatalf("%s: %v", f, err)
			}
			if err := sch.Validate(inst); err != nil {
				t.Errorf("%s: `solve schema %s` rejects it: %v", f, model, err)
			}
			inst["$schema"] = url
			if err := sch.Validate(inst); err != nil {
				t.Errorf("%s with $schema: `solve schema %s` rejects it: %v", f, model, err)
			}
			inst["colour"] = "red"
			if err := sch.Validate(inst); err == nil {
				t.Errorf("%s with an unknown field: `solve schema %s` accepts it", f, model)
			}
		}
	}
}

// undescribed lists, as JSON-pointer-like paths, every property (and every
// $defs entry) of the schema doc without a non-empty description; a
// property that is only a reference to a described entry of the root's
// $defs ("$ref": "#/$defs/name") takes that description.
func undescribed(doc any) []string {
	var out []string
	root, _ := doc.(map[string]any)
	defs, _ := root["$defs"].(map[string]any)
	described := func(p any) bool {
		m, ok := p.(map[string]any)
		if !ok {
			return false
		}
		if strings.TrimSpace(stringOf(m["description"])) != "" {
			return true
		}
		name, ok := strings.CutPrefix(stringOf(m["$ref"]), "#/$defs/")
		d, _ := defs[name].(map[string]any)
		return ok && strings.TrimSpace(stringOf(d["description"])) != ""
	}
	var walk func(v any, path string)
	walk = func(v any, path string) {
		switch v := v.(type) {
		case map[string]any:
			for _, group := range []string{"properties", "$defs"} {
				if props, ok := v[group].(map[string]any); ok {
					for name, p := range props {
						if !described(p) {
							out = append(out, path+"/"+group+"/"+name)
						}
					}
				}
			}
			for k, c := range v {
				walk(c, path+"/"+k)
			}
		case []any:
			for _, c := range v {
				walk(c, path+"/[]")
			}
		}
	}
	walk(doc, "")
	sort.Strings(out)
	return out
}

func stringOf(v any) string {
	s, _ := v.(string)
	return s
}

func TestUndescribedFindsMissingDescriptions(t *testing.T) {
	var doc any
	err := json.Unmarshal([]byte(`{"properties": {
		"a": {"type": "number", "description": "seconds"},
		"b": {"type": "object", "description": "x", "properties": {"c": {"type": "number"}, "d": {"description": " "}}},
		"e": {"type": "array", "items": {"properties": {"f": {"type": "string"}}}},
		"h": {"$ref": "#/$defs/g"}, "i": {"$ref": "#/$defs/j"}},
		"$defs": {"g": {"type": "number"}, "j": {"description": "metres"}}}`), &doc)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"/$defs/g", "/properties/b/properties/c", "/properties/b/properties/d", "/properties/e", "/properties/e/items/properties/f", "/properties/h"}
	if got := undescribed(doc); !slices.Equal(got, want) {
		t.Errorf("undescribed = %q, want %q", got, want)
	}
}

// TestEverySchemaFieldIsDescribed: every property of every input schema
// has a description, the schema's $id follows the one scheme, and the
// instance may carry "$schema".
func TestEverySchemaFieldIsDescribed(t *testing.T) {
	for _, model := range schemaNames() {
		var doc map[string]any
		if err := json.Unmarshal(printedSchema(t, model), &doc); err != nil {
			t.Fatal(err)
		}
		if missing := undescribed(doc); len(missing) > 0 {
			t.Errorf("%s: no description for %s", model, strings.Join(missing, ", "))
		}
		// the $id is the schema file's path in the repository
		pkg := map[string]string{"mps": "multistage"}[model]
		if pkg == "" {
			pkg = model
		}
		if id, want := doc["$id"], "https://github.com/streamopt/streamopt/models/"+pkg+"/schema.json"; id != want {
			t.Errorf("%s: $id %v, want %s", model, id, want)
		}
		if props, _ := doc["properties"].(map[string]any); props["$schema"] == nil {
			t.Errorf(`%s: the root does not declare "$schema", so instances naming their schema are rejected`, model)
		}
		if stringOf(doc["description"]) == "" || stringOf(doc["title"]) == "" {
			t.Errorf("%s: the schema has no title or description", model)
		}
	}
}

func TestSchemaOfUnknownCommand(t *testing.T) {
	var out, errb bytes.Buffer
	if code := run([]string{"schema", "lp"}, &out, &errb); code != 2 || !strings.Contains(errb.String(), `schema: no model command "lp" (known: mps, rmts, rrs, tpd)`) {
		t.Errorf("exit %d, stderr %q; want exit 2 naming the known models", code, errb.String())
	}
	if out.Len() != 0 {
		t.Errorf("stdout %q, want nothing", out.String())
	}
}
