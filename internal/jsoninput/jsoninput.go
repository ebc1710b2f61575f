package jsoninput

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"math/big"
	"sort"
	"strings"
	"sync"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"github.com/santhosh-tekuri/jsonschema/v6/kind"
	"github.com/streamopt/streamopt/fault"
	"golang.org/x/text/language"
	"golang.org/x/text/message"
)

// Caps on a document, checked before it is held or decoded.
const (
	// MaxBytes caps the size of a document: 64 MiB, room for MaxValues
	// numbers of 60 characters, far above the shipped examples (under
	// 10 kB) and benchmarks/rrsscale's largest instance written as JSON
	// (about 3 MB).
	MaxBytes = 64 << 20
	// MaxValues caps the JSON values of a document (every number, string,
	// boolean, null, array and object): 2^20 = 1 048 576, 2.5 times the
	// largest instance of benchmarks/rrsscale (200 × 2000 latencies).
	// Validating costs about 140 bytes and 2 µs per value (measured: a
	// document at the cap, 144 MB resident and 2.2 s; one value more is
	// refused in 0.7 s with 31 MB), so the cap also bounds a file of short
	// numbers, which at 64 MiB would need several GB.
	MaxValues = 1 << 20
	// MaxDepth caps the nesting of arrays and objects; the models' files
	// nest at most 5 deep.
	MaxDepth = 64
)

// ErrTooLarge is wrapped when a document exceeds MaxBytes, MaxValues or
// MaxDepth.
var ErrTooLarge = fault.New(fault.ErrInput, "input too large")

// Schema is an embedded JSON Schema, compiled on first use.
type Schema struct {
	src []byte

	once     sync.Once
	id       string
	compiled *jsonschema.Schema
	err      error
}

// NewSchema wraps the schema document src, which must carry an "$id"
// (unique among the schemas of one program; it names the schema in
// messages).
func NewSchema(src []byte) *Schema {
	return &Schema{src: src}
}

// Source returns a copy of the schema document.
func (s *Schema) Source() []byte { return append([]byte(nil), s.src...) }

// ID returns the schema's "$id", or "" when it has none or does not parse.
func (s *Schema) ID() string {
	s.compile()
	return s.id
}

func (s *Schema) compile() (*jsonschema.Schema, error) {
	s.once.Do(func() {
		var head struct {
			ID string `json:"$id"`
		}
		if err := json.Unmarshal(s.src, &head); err != nil {
			s.err = fmt.Errorf("schema: %v", err)
			return
		}
		if head.ID == "" {
			s.err = errors.New("schema: no $id")
			return
		}
		s.id = head.ID
		doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(s.src))
		if err != nil {
			s.err = fmt.Errorf("schema %s: %v", s.id, err)
			return
		}
		c := jsonschema.NewCompiler()
		if err := c.AddResource(s.id, doc); err != nil {
			s.err = fmt.Errorf("schema %s: %v", s.id, err)
			return
		}
		s.compiled, s.err = c.Compile(s.id)
	})
	return s.compiled, s.err
}

// ReadAll reads a whole document from r, refusing one larger than
// MaxBytes: a regular file (r has a Stat method, as *os.File does) from its
// size before reading anything, any other reader after MaxBytes + 1 bytes
// read through an io.LimitReader. A reader of unknown size is read in
// chunks that double from 64 KiB to 8 MiB and are joined only when the end
// came within the cap, so refusing an endless one (a pipe, /dev/zero) holds
// little more than MaxBytes.
func ReadAll(r io.Reader) ([]byte, error) {
	size := 64 << 10
	known := false
	if f, ok := r.(interface{ Stat() (fs.FileInfo, error) }); ok {
		if st, err := f.Stat(); err == nil && st.Mode().IsRegular() {
			if st.Size() > MaxBytes {
				return nil, fmt.Errorf("%w: the file is %s, over the cap of %s", ErrTooLarge, byteSize(st.Size()), byteSize(MaxBytes))
			}
			size, known = int(st.Size())+1, true // + 1 to see the end without a second chunk
		}
	}
	lr := io.LimitReader(r, MaxBytes+1)
	var chunks [][]byte
	total := 0
	for {
		c := make([]byte, size)
		n, err := io.ReadFull(lr, c)
		chunks = append(chunks, c[:n])
		total += n
		if err == io.EOF || err == io.ErrUnexpectedEOF {
			break
		}
		if err != nil {
			return nil, err
		}
		if !known {
			size = min(2*size, 8<<20)
		}
	}
	if total > MaxBytes {
		return nil, fmt.Errorf("%w: more than %s read, over the cap of %s", ErrTooLarge, byteSize(MaxBytes), byteSize(MaxBytes))
	}
	if len(chunks) == 1 {
		return chunks[0], nil
	}
	return bytes.Join(chunks, nil), nil
}

// byteSize writes n bytes in MiB (or bytes when small), e.g. "70.0 MiB
// (73400320 bytes)".
func byteSize(n int64) string {
	if n < 1<<20 {
		return fmt.Sprintf("%d bytes", n)
	}
	mib := float64(n) / (1 << 20)
	if n%(1<<20) == 0 {
		return fmt.Sprintf("%.0f MiB", mib)
	}
	return fmt.Sprintf("%.1f MiB (%d bytes)", mib, n)
}

// Read reads a document from r with ReadAll and decodes it with Decode.
func (s *Schema) Read(r io.Reader, v any) error {
	data, err := ReadAll(r)
	if err != nil {
		return err
	}
	return s.Decode(data, v)
}

// Parse is the Parse of every model: it reads one instance of type T from
// r (Read), wrapping a schema or size error in errInput, the model's input
// sentinel, then runs the instance's own Validate, whose errors it returns
// as they are.
func Parse[T any, PT interface {
	*T
	Validate() error
}](s *Schema, r io.Reader, errInput error) (*T, error) {
	var in T
	if err := s.Read(r, &in); err != nil {
		return nil, fmt.Errorf("%w: %w", errInput, err)
	}
	if err := PT(&in).Validate(); err != nil {
		return nil, err
	}
	return &in, nil
}

// ErrSchema is wrapped when the embedded schema itself does not compile, a
// programming error rather than bad input.
var ErrSchema = fault.New(fault.ErrSolver, "embedded schema does not compile")

// Decode checks data against the schema and decodes it into v, rejecting
// fields v does not have. A top-level "$schema" key is ignored (the
// schema must allow it, so that the instance validates elsewhere too). A
// document over MaxBytes, MaxValues or MaxDepth is refused with
// ErrTooLarge before it is decoded. A schema violation is
// reported as sorted "path: message" items joined by "; ".
func (s *Schema) Decode(data []byte, v any) error {
	sch, err := s.compile()
	if err != nil {
		return fmt.Errorf("%w: %v", ErrSchema, err)
	}
	if len(data) > MaxBytes {
		return fmt.Errorf("%w: the document is %s, over the cap of %s", ErrTooLarge, byteSize(int64(len(data))), byteSize(MaxBytes))
	}
	if err := checkSyntax(data, MaxValues, MaxDepth); err != nil {
		return err
	}
	doc, err := jsonschema.UnmarshalJSON(bytes.NewReader(data))
	if err != nil {
		return fmt.Errorf("not valid JSON: %v", err)
	}
	if err := sch.Validate(doc); err != nil {
		return errors.New(violations(err))
	}
	if m, ok := doc.(map[string]any); ok {
		if _, ok := m["$schema"]; ok {
			if data, err = withoutKey(data, "$schema"); err != nil {
				return err
			}
		}
	}
	dec := json.NewDecoder(bytes.NewReader(data))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return err
	}
	return nil
}

// withoutKey returns the JSON object data without its top-level key.
func withoutKey(data []byte, key string) ([]byte, error) {
	var m map[string]json.RawMessage
	if err := json.Unmarshal(data, &m); err != nil {
		return nil, fmt.Errorf("not valid JSON: %v", err)
	}
	delete(m, key)
	return json.Marshal(m)
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
			leaves = append(leaves, FieldPath(e.InstanceLocation)+": "+describe(e.ErrorKind, pr))
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

// describe words a violated bound the way the models' own checks do
// ("must be >= 1, got 0"), and any other violation as the validator does.
func describe(k jsonschema.ErrorKind, pr *message.Printer) string {
	bound := func(op string, got, want *big.Rat) string {
		g, _ := got.Float64()
		w, _ := want.Float64()
		return fmt.Sprintf("must be %s %g, got %g", op, w, g)
	}
	switch k := k.(type) {
	case *kind.Minimum:
		return bound(">=", k.Got, k.Want)
	case *kind.ExclusiveMinimum:
		return bound(">", k.Got, k.Want)
	case *kind.Maximum:
		return bound("<=", k.Got, k.Want)
	case *kind.ExclusiveMaximum:
		return bound("<", k.Got, k.Want)
	}
	return strings.TrimSpace(k.LocalizedString(pr))
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
// which JSON cannot represent, and refuses (ErrTooLarge) a document with
// more than maxValues values or nested deeper than maxDepth, naming the
// field at which it passed the cap. It streams the tokens, holding only the
// stack of open containers.
func checkSyntax(data []byte, maxValues, maxDepth int) error {
	values := 0
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
		d, delim := tok.(json.Delim)
		key := !delim && len(stack) > 0 && !stack[len(stack)-1].array && stack[len(stack)-1].atKey
		if !key && (!delim || d == '{' || d == '[') {
			if values++; values > maxValues {
				return fmt.Errorf("%w: %s: the document has more than %d JSON values, the cap", ErrTooLarge, path(), maxValues)
			}
		}
		switch t := tok.(type) {
		case json.Delim:
			switch t {
			case '{', '[':
				if len(stack) == maxDepth {
					return fmt.Errorf("%w: %s: more than %d levels of nesting, the cap", ErrTooLarge, path(), maxDepth)
				}
				stack = append(stack, frame{array: t == '[', atKey: t == '{'})
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
