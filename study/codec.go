package study

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"
	"sync"

	"github.com/streamopt/streamopt/internal/shard"
)

// The metrics of a record cell are the fields of a struct tagged
// `record:"name"`: a float64 or an int is the metric name, a bool is
// name with the value 0 or 1, a *float64 the metric name when it is not
// nil (a metric some runs do not have), and a []float64 is one metric per
// element, name_0, name_1, …. Untagged fields are not recorded.

// field is one tagged field of a metrics struct.
type field struct {
	name  string
	index int
	kind  reflect.Kind // Float64, Int, Bool, Pointer or Slice (of float64)
}

var fieldCache sync.Map // reflect.Type → []field

// fieldsOf lists the tagged fields of the struct type t; it panics on a
// tagged field of another type (a programmer's error).
func fieldsOf(t reflect.Type) []field {
	if fs, ok := fieldCache.Load(t); ok {
		return fs.([]field)
	}
	var fs []field
	for i := 0; i < t.NumField(); i++ {
		sf := t.Field(i)
		name, ok := sf.Tag.Lookup("record")
		if !ok {
			continue
		}
		k := sf.Type.Kind()
		switch {
		case k == reflect.Float64, k == reflect.Int, k == reflect.Bool:
		case (k == reflect.Slice || k == reflect.Pointer) && sf.Type.Elem().Kind() == reflect.Float64:
		default:
			panic(fmt.Sprintf("study: %s.%s: a recorded field must be a float64, int, bool, *float64 or []float64, not %s", t, sf.Name, sf.Type))
		}
		fs = append(fs, field{name, i, k})
	}
	fieldCache.Store(t, fs)
	return fs
}

// structOf returns the struct v holds or points to.
func structOf(v any) reflect.Value {
	rv := reflect.ValueOf(v)
	for rv.Kind() == reflect.Pointer {
		rv = rv.Elem()
	}
	if rv.Kind() != reflect.Struct {
		panic(fmt.Sprintf("study: cell metrics must be a struct, got %T", v))
	}
	return rv
}

// encode flattens the metrics struct v into a record's metrics.
func encode(v any) map[string]shard.Float {
	rv := structOf(v)
	out := map[string]shard.Float{}
	for _, f := range fieldsOf(rv.Type()) {
		fv := rv.Field(f.index)
		switch f.kind {
		case reflect.Float64:
			out[f.name] = shard.Float(fv.Float())
		case reflect.Int:
			out[f.name] = shard.Float(fv.Int())
		case reflect.Bool:
			out[f.name] = 0
			if fv.Bool() {
				out[f.name] = 1
			}
		case reflect.Pointer:
			if !fv.IsNil() {
				out[f.name] = shard.Float(fv.Elem().Float())
			}
		case reflect.Slice:
			for j := 0; j < fv.Len(); j++ {
				out[f.name+"_"+strconv.Itoa(j)] = shard.Float(fv.Index(j).Float())
			}
		}
	}
	return out
}

// decode sets the fields of the struct v points to from the metrics
// names[i] = vals[i] of a record (package shard has checked that the
// record carries the names its header declares). A metric the struct
// lacks, or a field without its metric, is an error naming it.
func decode(names []string, vals []float64, v any) error {
	rv := reflect.ValueOf(v)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct {
		panic(fmt.Sprintf("study: decoding cell metrics needs a pointer to a struct, got %T", v))
	}
	rv = rv.Elem()
	fs := fieldsOf(rv.Type())
	used := make([]bool, len(names))
	for _, f := range fs {
		fv := rv.Field(f.index)
		if f.kind == reflect.Slice {
			var xs []float64
			for j := 0; ; j++ {
				i := index(names, f.name+"_"+strconv.Itoa(j))
				if i < 0 {
					break
				}
				xs, used[i] = append(xs, vals[i]), true
			}
			fv.Set(reflect.ValueOf(xs))
			continue
		}
		i := index(names, f.name)
		if i < 0 && f.kind == reflect.Pointer {
			fv.SetZero()
			continue
		}
		if i < 0 {
			return fmt.Errorf("metrics.%s: missing", f.name)
		}
		used[i] = true
		x := vals[i]
		switch f.kind {
		case reflect.Float64:
			fv.SetFloat(x)
		case reflect.Int:
			if x != float64(int64(x)) {
				return fmt.Errorf("metrics.%s: must be a whole number, got %v", f.name, x)
			}
			fv.SetInt(int64(x))
		case reflect.Pointer:
			fv.Set(reflect.ValueOf(&x))
		case reflect.Bool:
			if x != 0 && x != 1 {
				return fmt.Errorf("metrics.%s: must be 0 or 1, got %v", f.name, x)
			}
			fv.SetBool(x == 1)
		}
	}
	for i, ok := range used {
		if !ok {
			return fmt.Errorf("metrics.%s: not a metric of %s", names[i], strings.TrimPrefix(rv.Type().String(), "*"))
		}
	}
	return nil
}

func index(names []string, name string) int {
	for i, n := range names {
		if n == name {
			return i
		}
	}
	return -1
}
