package rrs

import (
	"fmt"
	"math"
	"reflect"
	"strconv"
	"strings"

	"github.com/streamopt/streamopt/fault"
)

// Field names a numeric field of an Instance by its JSON path: "users",
// "regions[2].revenue_slope", "latency_ms[0][3]", or, with [*], the field
// of every element: "datacenters[*].bandwidth_users". Its text is the
// path; a study sweeps it (Batch).
type Field struct {
	path  string
	steps []fieldStep
}

// fieldStep is one step of a path: a struct field by JSON name, or an
// index (all: [*]).
type fieldStep struct {
	name  string // "" for an index
	index int
	all   bool
}

// ErrField is wrapped by the errors of a path that names no numeric field
// of an Instance, or an element it does not have; it is of kind input
// (package fault).
var ErrField = fault.New(fault.ErrInput, "field")

// ParseField reads a field path and checks that it names a numeric field
// of an Instance; the error lists the numeric fields.
func ParseField(path string) (Field, error) {
	f := Field{path: path}
	t := reflect.TypeFor[Instance]()
	rest := path
	for rest != "" {
		var seg string
		seg, rest, _ = strings.Cut(rest, ".")
		name, idx, _ := strings.Cut(seg, "[")
		if name == "" {
			return Field{}, badField(path, "an empty name")
		}
		sf, ok := jsonField(t, name)
		if !ok {
			return Field{}, badField(path, fmt.Sprintf("%q is not a field of %s", name, typeName(t)))
		}
		f.steps = append(f.steps, fieldStep{name: name})
		t = sf.Type
		if idx != "" {
			idx = "[" + idx
		}
		for idx != "" {
			end := strings.IndexByte(idx, ']')
			if idx[0] != '[' || end < 0 {
				return Field{}, badField(path, fmt.Sprintf("bad index %q", idx))
			}
			if t.Kind() != reflect.Slice {
				return Field{}, badField(path, fmt.Sprintf("%s is not a list", name))
			}
			st := fieldStep{}
			switch k := idx[1:end]; k {
			case "*":
				st.all = true
			default:
				n, err := strconv.Atoi(k)
				if err != nil || n < 0 {
					return Field{}, badField(path, fmt.Sprintf("index %q: must be a whole number ≥ 0 or *", k))
				}
				st.index = n
			}
			f.steps = append(f.steps, st)
			t, idx = t.Elem(), idx[end+1:]
		}
	}
	if t.Kind() != reflect.Float64 {
		return Field{}, badField(path, "not a number")
	}
	return f, nil
}

func (f Field) String() string { return f.path }

// MarshalText returns the path.
func (f Field) MarshalText() ([]byte, error) { return []byte(f.path), nil }

// UnmarshalText parses a path (ParseField).
func (f *Field) UnmarshalText(b []byte) error {
	g, err := ParseField(string(b))
	*f = g
	return err
}

// Set returns a copy of in with the field set to v, validated; an index
// beyond its list, or a value Validate refuses, is an error naming the
// field and the value. in is not changed.
func (f Field) Set(in *Instance, v float64) (*Instance, error) {
	if len(f.steps) == 0 {
		return nil, fmt.Errorf("%w: empty path", ErrField)
	}
	out := in.clone()
	if err := f.set(reflect.ValueOf(out).Elem(), f.steps, v); err != nil {
		return nil, fmt.Errorf("%w %s=%v: %w", ErrField, f.path, v, err)
	}
	if err := out.Validate(); err != nil {
		return nil, fmt.Errorf("%s=%v: %w", f.path, v, err)
	}
	return out, nil
}

func (f Field) set(rv reflect.Value, steps []fieldStep, v float64) error {
	if len(steps) == 0 {
		rv.SetFloat(v)
		return nil
	}
	st := steps[0]
	if st.name != "" {
		sf, _ := jsonField(rv.Type(), st.name)
		return f.set(rv.FieldByIndex(sf.Index), steps[1:], v)
	}
	if st.all {
		for i := 0; i < rv.Len(); i++ {
			if err := f.set(rv.Index(i), steps[1:], v); err != nil {
				return err
			}
		}
		return nil
	}
	if st.index >= rv.Len() {
		return fmt.Errorf("index %d: the list has %d entries", st.index, rv.Len())
	}
	return f.set(rv.Index(st.index), steps[1:], v)
}

// clone returns a deep copy of in.
func (in *Instance) clone() *Instance {
	out := *in
	out.Regions = append([]Region(nil), in.Regions...)
	out.DataCenters = append([]DataCenter(nil), in.DataCenters...)
	out.LatencyMS = make([][]float64, len(in.LatencyMS))
	for i, row := range in.LatencyMS {
		out.LatencyMS[i] = append([]float64(nil), row...)
	}
	return &out
}

// jsonField finds the field of struct type t whose JSON name is name.
func jsonField(t reflect.Type, name string) (reflect.StructField, bool) {
	if t.Kind() != reflect.Struct {
		return reflect.StructField{}, false
	}
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		if n, _, _ := strings.Cut(sf.Tag.Get("json"), ","); n == name && sf.IsExported() {
			return sf, true
		}
	}
	return reflect.StructField{}, false
}

func typeName(t reflect.Type) string {
	if t == reflect.TypeFor[Instance]() {
		return "the instance"
	}
	return "its entries"
}

// badField is the error of a path that names no numeric field.
func badField(path, why string) error {
	return fmt.Errorf("%w %q: %s (the numeric fields: %s)", ErrField, path, why, strings.Join(NumericFields(), ", "))
}

// NumericFields lists the numeric fields of an Instance as paths, with i
// for a data centre's index and j for a region's.
func NumericFields() []string {
	var out []string
	var walk func(t reflect.Type, prefix string)
	walk = func(t reflect.Type, prefix string) {
		for i := 0; i < t.NumField(); i++ {
			name, _, _ := strings.Cut(t.Field(i).Tag.Get("json"), ",")
			ft := t.Field(i).Type
			switch {
			case ft.Kind() == reflect.Float64:
				out = append(out, prefix+name)
			case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Struct:
				walk(ft.Elem(), prefix+name+"["+map[string]string{"regions": "j", "datacenters": "i"}[name]+"].")
			case ft.Kind() == reflect.Slice && ft.Elem().Kind() == reflect.Slice:
				out = append(out, prefix+name+"[i][j]")
			}
		}
	}
	walk(reflect.TypeFor[Instance](), "")
	return out
}

// finite reports whether every value is a finite number.
func finite(vs []float64) bool {
	for _, v := range vs {
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return false
		}
	}
	return true
}
