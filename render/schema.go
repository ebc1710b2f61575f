package render

import (
	"bytes"
	"embed"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
)

// schemaFiles holds the JSON Schemas (draft 2020-12) of the commands' JSON
// answers, one file per command and common.json with the shared
// definitions.
//
//go:embed schema/*.json
var schemaFiles embed.FS

// commonRef starts a reference into common.json from a command's schema.
const commonRef = "common.json#"

// OutputSchemaNames lists the commands whose JSON answer has a schema.
func OutputSchemaNames() []string {
	entries, _ := schemaFiles.ReadDir("schema")
	var names []string
	for _, e := range entries {
		if n := strings.TrimSuffix(e.Name(), ".json"); n != "common" {
			names = append(names, n)
		}
	}
	slices.Sort(names)
	return names
}

// OutputSchema returns the JSON Schema of the JSON answer of solve command
// (lp, rrs, mps, rmts or tpd), self-contained: the shared definitions of
// common.json are copied into its $defs and the references point there.
func OutputSchema(command string) ([]byte, error) {
	if command == "common" || !slices.Contains(OutputSchemaNames(), command) {
		return nil, fmt.Errorf("no output schema for %q (known: %s)", command, strings.Join(OutputSchemaNames(), ", "))
	}
	var doc, common map[string]any
	if err := readSchema(command, &doc); err != nil {
		return nil, err
	}
	if err := readSchema("common", &common); err != nil {
		return nil, err
	}
	defs, _ := doc["$defs"].(map[string]any)
	if defs == nil {
		defs = map[string]any{}
	}
	for k, v := range common["$defs"].(map[string]any) {
		if _, ok := defs[k]; ok {
			return nil, fmt.Errorf("schema %s: $defs.%s is also in common.json", command, k)
		}
		defs[k] = v
	}
	doc["$defs"] = defs
	inlineRefs(doc)
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

func readSchema(name string, v any) error {
	src, err := schemaFiles.ReadFile("schema/" + name + ".json")
	if err != nil {
		return err
	}
	if err := json.Unmarshal(src, v); err != nil {
		return fmt.Errorf("schema/%s.json: %w", name, err)
	}
	return nil
}

// inlineRefs turns every "$ref": "common.json#/…" under v into "#/…".
func inlineRefs(v any) {
	switch v := v.(type) {
	case map[string]any:
		for k, x := range v {
			if s, ok := x.(string); ok && k == "$ref" && strings.HasPrefix(s, commonRef) {
				v[k] = "#" + strings.TrimPrefix(s, commonRef)
				continue
			}
			inlineRefs(x)
		}
	case []any:
		for _, x := range v {
			inlineRefs(x)
		}
	}
}
