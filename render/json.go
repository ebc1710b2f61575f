package render

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"

	"github.com/streamopt/streamopt/internal/version"
)

// FormatVersion is the "format_version" of every JSON answer: it changes
// when a field is renamed, removed or changes meaning, not when one is added.
const FormatVersion = "1"

// JSON writes the answer v, which must encode as a JSON object, as
// indented JSON with "format_version" and "program" (the build,
// internal/version) as its first two keys. Every command's JSON answer
// goes through it, to stdout and to --out alike. It encodes v as
// json.Marshal does, except that a number that is ±∞ or NaN is written as
// null (json.Marshal refuses it): a stopped solve's +∞ bound or a NaN
// metric never costs the answer.
func JSON(w io.Writer, v any) error {
	body, err := marshalFinite(v)
	if err != nil {
		return err
	}
	if len(body) < 2 || body[0] != '{' {
		return fmt.Errorf("render.JSON: an answer must be a JSON object, got %.20s", body)
	}
	head, err := json.Marshal(struct {
		FormatVersion string `json:"format_version"`
		Program       string `json:"program"`
	}{FormatVersion, version.String()})
	if err != nil {
		return err
	}
	doc := head[:len(head)-1] // without its closing brace
	if len(body) > 2 {
		doc = append(doc, ',')
	}
	doc = append(doc, body[1:]...)
	var out bytes.Buffer
	if err := json.Indent(&out, doc, "", "  "); err != nil {
		return err
	}
	out.WriteByte('\n')
	_, err = w.Write(out.Bytes())
	return err
}
