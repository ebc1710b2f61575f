package shard

import (
	"bytes"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// Merged is the union of the records of a complete set of shards.
type Merged struct {
	Header Header
	// offset[p] is the first unit of point p.
	offset []int
	recs   []*Record // by (unit, cell)
}

// Get returns the record of replication rep of point p for the cell.
// Merge has checked that it exists; Get panics on indices outside the
// header's grid.
func (m *Merged) Get(p, rep int, cell string) *Record {
	c := m.Header.cell(cell)
	if c < 0 || rep < 0 || rep >= m.Header.Runs[p] {
		panic(fmt.Sprintf("shard: Get(%d, %d, %q) outside the grid", p, rep, cell))
	}
	return m.recs[(m.offset[p]+rep)*len(m.Header.Cells)+c]
}

// maxListed is how many missing or duplicated units an error lists.
const maxListed = 5

// Merge checks that the files come from the same command, version,
// instance and grid (an error names the file and the field that differs
// from the first file) and that together they hold every (point, cell,
// replication) record exactly once (an error lists the first duplicated
// or missing (point, replication) pairs), and returns their union.
func Merge(files []*File) (*Merged, error) {
	if len(files) == 0 {
		return nil, inputErr("merge: no record files")
	}
	h := files[0].Header
	for _, f := range files[1:] {
		if field := differs(&h, &f.Header); field != "" {
			return nil, inputErr("merge: %s: %s differs from %s's", f.Name, field, files[0].Name)
		}
	}
	m := &Merged{Header: h, offset: make([]int, len(h.Runs))}
	units := 0
	for p, n := range h.Runs {
		m.offset[p] = units
		units += n
	}
	nc := len(h.Cells)
	m.recs = make([]*Record, units*nc)
	var dup []string
	for _, f := range files {
		for i := range f.Records {
			r := &f.Records[i]
			k := (m.offset[r.Point]+r.Rep)*nc + h.cell(r.Cell)
			if m.recs[k] != nil {
				dup = append(dup, fmt.Sprintf("(point %d, replication %d, cell %q) in %s", r.Point, r.Rep, r.Cell, f.Name))
				continue
			}
			m.recs[k] = r
		}
	}
	if len(dup) > 0 {
		return nil, inputErr("merge: %d duplicated records: %s", len(dup), list(dup))
	}
	var missing []string
	for p, n := range h.Runs {
		for r := 0; r < n; r++ {
			u := m.offset[p] + r
			if slices.Contains(m.recs[u*nc:(u+1)*nc], nil) {
				missing = append(missing, fmt.Sprintf("(%d, %d)", p, r))
			}
		}
	}
	if len(missing) > 0 {
		return nil, inputErr("merge: %d of %d (point, replication) units missing: %s", len(missing), units, list(missing))
	}
	return m, nil
}

// list joins the first maxListed items.
func list(items []string) string {
	if len(items) > maxListed {
		return strings.Join(items[:maxListed], ", ") + ", …"
	}
	return strings.Join(items, ", ")
}

// differs names the first field (other than the shard) in which b differs
// from a, or returns "".
func differs(a, b *Header) string {
	switch {
	case a.Command != b.Command:
		return fmt.Sprintf("command (%q, not %q)", b.Command, a.Command)
	case a.Version != b.Version:
		return fmt.Sprintf("version (%q, not %q)", b.Version, a.Version)
	case a.InstanceHash != b.InstanceHash:
		return fmt.Sprintf("instance_sha256 (%.12s…, not %.12s…): another instance", b.InstanceHash, a.InstanceHash)
	case !bytes.Equal(a.Instance, b.Instance):
		return "instance"
	case !bytes.Equal(a.Grid, b.Grid):
		return gridDiff(a.Grid, b.Grid)
	case !slices.Equal(a.Runs, b.Runs):
		return fmt.Sprintf("runs (%v, not %v)", b.Runs, a.Runs)
	case !slices.Equal(a.Cells, b.Cells):
		return fmt.Sprintf("cells (%q, not %q)", b.Cells, a.Cells)
	}
	return ""
}

// gridDiff names the first key of the grid objects whose values differ,
// with both values.
func gridDiff(a, b json.RawMessage) string {
	var ma, mb map[string]json.RawMessage
	if json.Unmarshal(a, &ma) == nil && json.Unmarshal(b, &mb) == nil {
		keys := slices.Sorted(maps.Keys(ma))
		for k := range mb {
			if _, ok := ma[k]; !ok {
				keys = append(keys, k)
			}
		}
		for _, k := range keys {
			if !bytes.Equal(ma[k], mb[k]) {
				return fmt.Sprintf("grid.%s (%s, not %s)", k, orNone(mb[k]), orNone(ma[k]))
			}
		}
	}
	return fmt.Sprintf("grid (%s, not %s)", clip(b), clip(a))
}

func orNone(b []byte) string {
	if b == nil {
		return "none"
	}
	return clip(b)
}

// clip shortens a JSON value for a message.
func clip(b []byte) string {
	if len(b) > 120 {
		return string(b[:120]) + "…"
	}
	return string(b)
}
