package jsoninput

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/fault"
)

const testSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "$id": "https://example.org/test.json",
  "type": "object",
  "required": ["users", "servers"],
  "properties": {
    "$schema": {"type": "string"},
    "users": {"type": "number", "exclusiveMinimum": 0},
    "servers": {"type": "array", "minItems": 1, "items": {
      "type": "object", "required": ["slots"],
      "properties": {"slots": {"type": "integer", "minimum": 1, "maximum": 64}}
    }}
  }
}`

type server struct {
	Slots int `json:"slots"`
}

type instance struct {
	Users   float64  `json:"users"`
	Servers []server `json:"servers"`
}

func TestDecode(t *testing.T) {
	s := NewSchema([]byte(testSchema))
	for _, tc := range []struct {
		name, in string
		want     string // substring of the error; "" = success
	}{
		{"ok", `{"users": 3, "servers": [{"slots": 2}]}`, ""},
		{"syntax", `{"users": 3,`, "not valid JSON"},
		{"NaN names its field", `{"users": 3, "servers": [{"slots": 1}, {"slots": NaN}]}`, "servers[1].slots: not valid JSON: invalid character 'N'"},
		{"nested field", `{"users": 3, "servers": [{"slots": 2}, {"slots": 0}]}`, "servers[1].slots: must be >= 1, got 0"},
		{"two violations sorted", `{"users": -1, "servers": [{"slots": 0}]}`, "servers[0].slots: must be >= 1, got 0; users: must be > 0, got -1"},
		{"maximum", `{"users": 3, "servers": [{"slots": 65}]}`, "servers[0].slots: must be <= 64, got 65"},
		{"missing", `{"servers": [{"slots": 1}]}`, "(root): missing property 'users'"},
		{"unknown field", `{"users": 3, "servers": [{"slots": 2, "speed": 4}]}`, `unknown field "speed"`},
		{"$schema is ignored", `{"$schema": "https://example.org/test.json", "users": 3, "servers": [{"slots": 2}]}`, ""},
		{"$schema must be a string", `{"$schema": 5, "users": 3, "servers": [{"slots": 2}]}`, "$schema: got number, want string"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var in instance
			err := s.Decode([]byte(tc.in), &in)
			if tc.want == "" {
				if err != nil {
					t.Fatalf("Decode: %v", err)
				}
				if in.Users != 3 || len(in.Servers) != 1 || in.Servers[0].Slots != 2 {
					t.Errorf("decoded %+v", in)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("error %v, want it to contain %q", err, tc.want)
			}
		})
	}
}

func TestBadSchemaIsNotAnInputError(t *testing.T) {
	s := NewSchema([]byte(`{"$id": "https://example.org/broken.json", "type": 7}`))
	var v any
	if err := s.Decode([]byte(`{}`), &v); !errors.Is(err, ErrSchema) {
		t.Errorf("error %v, want ErrSchema", err)
	}
}

func TestFieldPath(t *testing.T) {
	for _, tc := range []struct {
		loc  []string
		want string
	}{
		{nil, "(root)"},
		{[]string{"users"}, "users"},
		{[]string{"ipns", "2", "slots"}, "ipns[2].slots"},
		{[]string{"latency_ms", "1", "0"}, "latency_ms[1][0]"},
	} {
		if got := FieldPath(tc.loc); got != tc.want {
			t.Errorf("FieldPath(%q) = %q, want %q", tc.loc, got, tc.want)
		}
	}
}

func ExampleSchema_Decode() {
	s := NewSchema([]byte(testSchema))
	var in instance
	err := s.Decode([]byte(`{"users": 10, "servers": [{"slots": 0}]}`), &in)
	fmt.Println(err)
	// Output: servers[0].slots: must be >= 1, got 0
}

func TestSchemaID(t *testing.T) {
	if got := NewSchema([]byte(testSchema)).ID(); got != "https://example.org/test.json" {
		t.Errorf("ID() = %q", got)
	}
	s := NewSchema([]byte(`{"type": "object"}`))
	var v any
	if err := s.Decode([]byte(`{}`), &v); !errors.Is(err, ErrSchema) || !strings.Contains(err.Error(), "no $id") {
		t.Errorf("schema without $id: error %v, want ErrSchema naming the $id", err)
	}
}

// zeros is an endless reader of '0' bytes, like /dev/zero, that counts
// what it hands out.
type zeros struct{ n int64 }

func (z *zeros) Read(p []byte) (int, error) {
	for i := range p {
		p[i] = '0'
	}
	z.n += int64(len(p))
	return len(p), nil
}

func TestReadAllCapsAnEndlessReader(t *testing.T) {
	z := &zeros{}
	_, err := ReadAll(z)
	if !errors.Is(err, ErrTooLarge) || !errors.Is(err, fault.ErrInput) || !strings.Contains(err.Error(), "more than 64 MiB read, over the cap of 64 MiB") {
		t.Fatalf("error %v, want ErrTooLarge naming the 64 MiB cap", err)
	}
	if z.n != MaxBytes+1 {
		t.Errorf("read %d bytes, want exactly MaxBytes + 1 = %d", z.n, MaxBytes+1)
	}
}

func TestReadAllRefusesALargeFileBeforeReading(t *testing.T) {
	path := filepath.Join(t.TempDir(), "big.json")
	f, err := os.Create(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	// A sparse file of 70 MiB: refused from its size.
	if err := f.Truncate(70 << 20); err != nil {
		t.Fatal(err)
	}
	_, err = ReadAll(f)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "the file is 70 MiB, over the cap of 64 MiB") {
		t.Fatalf("error %v, want ErrTooLarge with the file's size", err)
	}
	if off, _ := f.Seek(0, io.SeekCurrent); off != 0 {
		t.Errorf("read %d bytes of a file refused by its size", off)
	}
}

func TestReadAllReadsUpToTheCap(t *testing.T) {
	// A bytes.Reader has no Stat: it is read in chunks of 64 KiB, 128 KiB,
	// … 8 MiB, 8 MiB, …; the sizes fall on and around chunk boundaries.
	for _, n := range []int{0, 1, 64<<10 - 1, 64 << 10, 64<<10 + 1, 3 << 16, 1 << 20, 20 << 20, MaxBytes} {
		data := bytes.Repeat([]byte{'7'}, n)
		got, err := ReadAll(bytes.NewReader(data))
		if err != nil || !bytes.Equal(got, data) {
			t.Errorf("n = %d: got %d bytes, error %v", n, len(got), err)
		}
	}
	path := filepath.Join(t.TempDir(), "small.json")
	if err := os.WriteFile(path, []byte(`{"users": 3}`), 0o644); err != nil {
		t.Fatal(err)
	}
	f, err := os.Open(path)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if got, err := ReadAll(f); err != nil || string(got) != `{"users": 3}` {
		t.Errorf("file: got %q, error %v", got, err)
	}
}

func TestDecodeRefusesTooManyValues(t *testing.T) {
	// One value over the cap: the object, its two members' values, the
	// array and MaxValues − 3 + 1 numbers.
	var b bytes.Buffer
	b.WriteString(`{"users": 3, "servers": [`)
	for i := 0; i < MaxValues-2; i++ {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteByte('1')
	}
	b.WriteString("]}")
	s := NewSchema([]byte(testSchema))
	var in instance
	err := s.Decode(b.Bytes(), &in)
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), fmt.Sprintf("servers[%d]: the document has more than %d JSON values", MaxValues-3, MaxValues)) {
		t.Fatalf("error %v, want ErrTooLarge at servers[%d]", err, MaxValues-3)
	}
}

func TestCheckSyntaxLimits(t *testing.T) {
	for _, tc := range []struct {
		in            string
		values, depth int
		want          string // "" = accepted
	}{
		{`{"a": [1, 2], "b": {"c": null}}`, 6, 3, ""},
		{`{"a": [1, 2], "b": {"c": null}}`, 5, 3, "b.c: the document has more than 5 JSON values"},
		{`{"a": [1, 2], "b": {"c": null}}`, 6, 1, "a: more than 1 levels of nesting"},
		{`[[[]]]`, 3, 3, ""},
		{`[[[[]]]]`, 10, 3, "[0][0][0]: more than 3 levels of nesting"},
	} {
		err := checkSyntax([]byte(tc.in), tc.values, tc.depth)
		if tc.want == "" {
			if err != nil {
				t.Errorf("%s (values %d, depth %d): %v", tc.in, tc.values, tc.depth, err)
			}
			continue
		}
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s (values %d, depth %d): error %v, want %q", tc.in, tc.values, tc.depth, err, tc.want)
		}
	}
}

func ExampleSchema_Read() {
	s := NewSchema([]byte(testSchema))
	var in instance
	err := s.Read(strings.NewReader(`{"$schema": "https://example.org/test.json", "users": 10, "servers": [{"slots": 4}]}`), &in)
	fmt.Println(in.Users, in.Servers[0].Slots, err)
	// Output: 10 4 <nil>
}

func ExampleReadAll() {
	_, err := ReadAll(io.MultiReader(strings.NewReader("["), &zeros{}))
	fmt.Println(err)
	// Output: input too large: more than 64 MiB read, over the cap of 64 MiB
}

// FuzzDecode: Decode never panics, and what it accepts satisfies the
// schema's bound on slots.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"users": 3, "servers": [{"slots": 2}]}`))
	f.Add([]byte(`{"$schema": "x", "users": 3, "servers": [{"slots": 64}]}`))
	f.Add([]byte(`[[[[{"a": [1, "b", null, true]}]]]]`))
	f.Add([]byte(`{"users": NaN}`))
	s := NewSchema([]byte(testSchema))
	f.Fuzz(func(t *testing.T, data []byte) {
		var in instance
		if err := s.Decode(data, &in); err != nil {
			return
		}
		for i, sv := range in.Servers {
			if sv.Slots < 1 || sv.Slots > 64 {
				t.Fatalf("accepted servers[%d].slots = %d outside [1, 64]", i, sv.Slots)
			}
		}
	})
}
