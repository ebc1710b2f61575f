package jsoninput

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

const testSchema = `{
  "$schema": "https://json-schema.org/draft/2020-12/schema",
  "type": "object",
  "required": ["users", "servers"],
  "properties": {
    "users": {"type": "number", "exclusiveMinimum": 0},
    "servers": {"type": "array", "minItems": 1, "items": {
      "type": "object", "required": ["slots"],
      "properties": {"slots": {"type": "integer", "minimum": 1}}
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
	s := NewSchema("test.json", []byte(testSchema))
	for _, tc := range []struct {
		name, in string
		want     string // substring of the error; "" = success
	}{
		{"ok", `{"users": 3, "servers": [{"slots": 2}]}`, ""},
		{"syntax", `{"users": 3,`, "not valid JSON"},
		{"NaN names its field", `{"users": 3, "servers": [{"slots": 1}, {"slots": NaN}]}`, "servers[1].slots: not valid JSON: invalid character 'N'"},
		{"nested field", `{"users": 3, "servers": [{"slots": 2}, {"slots": 0}]}`, "servers[1].slots: minimum: got 0, want 1"},
		{"two violations sorted", `{"users": -1, "servers": [{"slots": 0}]}`, "servers[0].slots: minimum: got 0, want 1; users: exclusiveMinimum: got -1, want 0"},
		{"missing", `{"servers": [{"slots": 1}]}`, "(root): missing property 'users'"},
		{"unknown field", `{"users": 3, "servers": [{"slots": 2, "speed": 4}]}`, `unknown field "speed"`},
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
	s := NewSchema("broken.json", []byte(`{"type": 7}`))
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
	s := NewSchema("example.json", []byte(testSchema))
	var in instance
	err := s.Decode([]byte(`{"users": 10, "servers": [{"slots": 0}]}`), &in)
	fmt.Println(err)
	// Output: servers[0].slots: minimum: got 0, want 1
}
