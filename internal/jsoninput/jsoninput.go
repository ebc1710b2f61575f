package jsoninput

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/streamopt/streamopt/fault"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Schema is an embedded JSON Schema, compiled on first use.
type Schema struct {
	url string
	src []byte

	once     sync.Once
	compiled *jsonschema.Schema
	err      error
}

// NewSchema wraps the schema document src; url identifies it in messages
// and must be unique among the schemas of one program.
func NewSchema(url string, src []byte) *Schema {
	return &Schema{url: url, src: src}
}

// Source returns a copy of the schema document.
func (s *Schema) Source() []byte { return append([]byte(nil), s.src...) }

func (s *Schema) compile() (*jsonschema.Schema, error) {
	s.once.Do(func() {
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s.src))
		if err != nil {
			s.err = fmt.Errorf("schema %s: %v", s.url, err)
			return
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource(s.url, doc); err != nil {
			s.err = fmt.Errorf("schema %s: %v", s.url, err)
			return
		}
		s.compiled, s.err = c.Compile(s.url)
	})
	return s.compiled, s.err
}

// ErrSchema is wrapped when the embedded schema itself does not compile, a
// programming error rather than bad input.
var ErrSchema = fault.New(fault.ErrSolver, "embedded schema does not compile")

// Decode checks data against the schema and decodes it into v, rejecting
// fields v does not have. A schema violation is reported as sorted
// "path: message" items joined by "; ".
func (s *Schema) Decode(data []byte, v any) error {
	sch, err := s.compile()
	if err != nil {
		return fmt.Errorf("%w: %v", ErrSchema, err)
	}
	if err := checkSyntax(data); err != nil {
		return err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("not valid JSON: %v", err)
	}
	if err := sch.Validate(doc); err != nil {
		return errors.New(violations(err))
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	return nil
}

// violations flattens a validation error to its leaf causes.
func violations(err error) string {
	var ve *jsonschema.ValidationError
	if !errors.As(err, &ve) {
		return err.Error()
	}
	pr := message.NewPrinter(language.English)
	var leaves []string
	var walk func(e *jsonschema.ValidationError)
	walk = func(e *jsonschema.ValidationError) {
		if len(e.Causes) == 0 {
			leaves = append(leaves, FieldPath(e.InstanceLocation)+": "+strings.TrimSpace(e.ErrorKind.LocalizedString(pr)))
			return
		}
		for _, c := range e.Causes {
			walk(c)
		}
	}
	walk(ve)
	sort.Strings(leaves)
	return strings.Join(leaves, "; ")
}

// FieldPath renders a JSON location such as ["ipns", "2", "slots"] as
// ipns[2].slots; the empty location is "(root)".
func FieldPath(loc []string) string {
	var b strings.Builder
	for _, p := range loc {
		if p != "" && strings.Trim(p, "0123456789") == "" {
			b.WriteString("[" + p + "]")
			continue
		}
		if b.Len() > 0 {
			b.WriteByte('.')
		}
		b.WriteString(p)
	}
	if b.Len() == 0 {
		return "(root)"
	}
	return b.String()
}

// checkSyntax reports a JSON syntax error together with the field it
// occurs in, e.g. `regions[0].share: invalid character 'N' ...` for a NaN,
// which JSON cannot represent.
func checkSyntax(data []byte) error {
	dec := json.NewDecoder(bytes.NewReader(data))
	type frame struct {
		array bool
		key   string
		index int
		atKey bool
	}
	var stack []frame
	path := func() string {
		var b strings.Builder
		for _, f := range stack {
			if f.array {
				fmt.Fprintf(&b, "[%d]", f.index)
			} else if f.key != "" {
				if b.Len() > 0 {
					b.WriteByte('.')
				}
				b.WriteString(f.key)
			}
		}
		if b.Len() == 0 {
			return "(root)"
		}
		return b.String()
	}
	// afterValue advances the enclosing container past one value.
	afterValue := func() {
		if len(stack) == 0 {
			return
		}
		top := &stack[len(stack)-1]
		if top.array {
			top.index++
		} else {
			top.atKey = true
		}
	}
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return fmt.Errorf("%s: not valid JSON: %v (JSON has no NaN or Infinity: numbers must be finite)", path(), err)
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{':
				stack = append(stack, frame{atKey: true})
			case '[':
				stack = append(stack, frame{array: true})
			default:
				stack = stack[:len(stack)-1]
				afterValue()
			}
		default:
			if len(stack) > 0 {
				top := &stack[len(stack)-1]
				if !top.array && top.atKey {
					top.key, _ = t.(string)
					top.atKey = false
					continue
				}
			}
			afterValue()
		}
	}
}
