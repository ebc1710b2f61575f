package render

import (
	"bytes"
	"encoding"
	"encoding/json"
	"fmt"
	"math"
	"reflect"
	"slices"
	"strconv"
	"strings"
)

// marshalFinite encodes v as json.Marshal does (struct tags with
// omitempty and omitzero, embedded structs, sorted map keys, Marshaler
// and TextMarshaler values), except that a float that is ±∞ or NaN, which
// json.Marshal refuses, is written as null: the one convention of every
// JSON answer (README, "JSON answers"). Answers are plain data, so the
// rarer options of encoding/json (",string", pointer-receiver marshalers
// of unaddressable values) are not needed and not supported.
func marshalFinite(v any) ([]byte, error) {
	var b bytes.Buffer
	if err := encodeFinite(&b, reflect.ValueOf(v)); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

var (
	jsonMarshalerType = reflect.TypeFor[json.Marshaler]()
	textMarshalerType = reflect.TypeFor[encoding.TextMarshaler]()
)

// leaf appends what json.Marshal writes for x.
func leaf(b *bytes.Buffer, x any) error {
	out, err := json.Marshal(x)
	if err != nil {
		return err
	}
	b.Write(out)
	return nil
}

func encodeFinite(b *bytes.Buffer, v reflect.Value) error {
	if !v.IsValid() {
		b.WriteString("null")
		return nil
	}
	t := v.Type()
	if t.Implements(jsonMarshalerType) || t.Implements(textMarshalerType) {
		if (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && v.IsNil() {
			b.WriteString("null")
			return nil
		}
		return leaf(b, v.Interface())
	}
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if v.IsNil() {
			b.WriteString("null")
			return nil
		}
		return encodeFinite(b, v.Elem())
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); math.IsInf(f, 0) || math.IsNaN(f) {
			b.WriteString("null")
			return nil
		}
		return leaf(b, v.Interface())
	case reflect.Struct:
		return encodeStruct(b, v)
	case reflect.Map:
		return encodeMap(b, v)
	case reflect.Slice:
		if v.IsNil() {
			b.WriteString("null")
			return nil
		}
		if t.Elem().Kind() == reflect.Uint8 {
			return leaf(b, v.Interface()) // base64, as json.Marshal
		}
		fallthrough
	case reflect.Array:
		b.WriteByte('[')
		for i := range v.Len() {
			if i > 0 {
				b.WriteByte(',')
			}
			if err := encodeFinite(b, v.Index(i)); err != nil {
				return err
			}
		}
		b.WriteByte(']')
		return nil
	}
	return leaf(b, v.Interface())
}

func encodeMap(b *bytes.Buffer, v reflect.Value) error {
	if v.IsNil() {
		b.WriteString("null")
		return nil
	}
	type entry struct {
		key string
		val reflect.Value
	}
	var entries []entry
	for it := v.MapRange(); it.Next(); {
		k, err := mapKey(it.Key())
		if err != nil {
			return err
		}
		entries = append(entries, entry{k, it.Value()})
	}
	slices.SortFunc(entries, func(a, b entry) int { return strings.Compare(a.key, b.key) })
	b.WriteByte('{')
	for i, e := range entries {
		if i > 0 {
			b.WriteByte(',')
		}
		if err := leaf(b, e.key); err != nil {
			return err
		}
		b.WriteByte(':')
		if err := encodeFinite(b, e.val); err != nil {
			return err
		}
	}
	b.WriteByte('}')
	return nil
}

// mapKey is the object key json.Marshal writes for a map key.
func mapKey(k reflect.Value) (string, error) {
	switch k.Kind() {
	case reflect.String:
		return k.String(), nil
	}
	if tm, ok := k.Interface().(encoding.TextMarshaler); ok {
		out, err := tm.MarshalText()
		return string(out), err
	}
	switch k.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return strconv.FormatInt(k.Int(), 10), nil
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr:
		return strconv.FormatUint(k.Uint(), 10), nil
	}
	return "", fmt.Errorf("render.JSON: unsupported map key type %s", k.Type())
}

// field is one JSON member of a struct: its name, where it is (a path of
// field indices through embedded structs) and its options.
type field struct {
	name                string
	index               []int
	tagged              bool
	omitEmpty, omitZero bool
}

// structFields lists the JSON members of t in the order json.Marshal
// writes them, with its rules for embedded structs: a shallower name hides
// a deeper one, and of two at the same depth a tagged one wins, else both
// are dropped.
func structFields(t reflect.Type) []field {
	var all []field
	var walk func(t reflect.Type, index []int)
	walk = func(t reflect.Type, index []int) {
		for i := range t.NumField() {
			sf := t.Field(i)
			tag := sf.Tag.Get("json")
			if tag == "-" {
				continue
			}
			name, opts, _ := strings.Cut(tag, ",")
			ft := sf.Type
			if ft.Kind() == reflect.Pointer {
				ft = ft.Elem()
			}
			idx := append(slices.Clone(index), i)
			if sf.Anonymous && name == "" && ft.Kind() == reflect.Struct {
				walk(ft, idx) // promoted fields (also of an unexported embedded struct)
				continue
			}
			if !sf.IsExported() {
				continue
			}
			f := field{name: name, index: idx, tagged: name != ""}
			if name == "" {
				f.name = sf.Name
			}
			for o := range strings.SplitSeq(opts, ",") {
				f.omitEmpty = f.omitEmpty || o == "omitempty"
				f.omitZero = f.omitZero || o == "omitzero"
			}
			all = append(all, f)
		}
	}
	walk(t, nil)
	var out []field
	for _, f := range all {
		keep := true
		for _, g := range all {
			if g.name != f.name || slices.Equal(g.index, f.index) {
				continue
			}
			switch {
			case len(g.index) < len(f.index):
				keep = false
			case len(g.index) == len(f.index) && (g.tagged || !f.tagged):
				keep = false
			}
		}
		if keep {
			out = append(out, f)
		}
	}
	return out
}

func encodeStruct(b *bytes.Buffer, v reflect.Value) error {
	b.WriteByte('{')
	n := 0
	for _, f := range structFields(v.Type()) {
		fv, ok := fieldByIndex(v, f.index)
		if !ok || (f.omitEmpty && isEmpty(fv)) || (f.omitZero && isZero(fv)) {
			continue
		}
		if n > 0 {
			b.WriteByte(',')
		}
		n++
		if err := leaf(b, f.name); err != nil {
			return err
		}
		b.WriteByte(':')
		if err := encodeFinite(b, fv); err != nil {
			return err
		}
	}
	b.WriteByte('}')
	return nil
}

// fieldByIndex follows index through embedded structs; ok is false when a
// nil embedded pointer is on the way (its fields are then left out).
func fieldByIndex(v reflect.Value, index []int) (reflect.Value, bool) {
	for k, i := range index {
		if k > 0 && v.Kind() == reflect.Pointer {
			if v.IsNil() {
				return reflect.Value{}, false
			}
			v = v.Elem()
		}
		v = v.Field(i)
	}
	return v, true
}

// isEmpty is encoding/json's test for omitempty.
func isEmpty(v reflect.Value) bool {
	switch v.Kind() {
	case reflect.Array, reflect.Map, reflect.Slice, reflect.String:
		return v.Len() == 0
	case reflect.Float32, reflect.Float64:
		return v.Float() == 0 // also −0
	case reflect.Bool, reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64,
		reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64, reflect.Uintptr,
		reflect.Interface, reflect.Pointer:
		return v.IsZero()
	}
	return false
}

// isZero is encoding/json's test for omitzero: an IsZero method when the
// type has one, else the zero value.
func isZero(v reflect.Value) bool {
	if z, ok := v.Interface().(interface{ IsZero() bool }); ok {
		if (v.Kind() == reflect.Pointer || v.Kind() == reflect.Interface) && v.IsNil() {
			return true
		}
		return z.IsZero()
	}
	return v.IsZero()
}
