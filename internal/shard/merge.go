package shard

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"os"
	"slices"
	"strings"
)

// MergeBudget caps the memory, in bytes, that the records of a merge may
// take by the plan of the first header (units × cells records, each with
// its cell's metrics): a plan over it is refused before anything of its
// size is allocated. Memory then grows with the records read, never with
// the plan; the process needs about twice the budget at most (the garbage
// collector's headroom).
const MergeBudget = 128 << 20

// recordCost is the memory a stored record takes besides its metrics.
const recordCost = 96

// Merged is the union of the records of a complete set of shards.
type Merged struct {
	Header Header
	// offset[p] is the first unit of point p.
	offset []int
	// recs holds the metrics of (unit, cell) at unit·cells + cell, in the
	// order of Header.Metrics[cell].
	recs map[int]stored
}

// stored is one record kept by a merge, and the file it came from.
type stored struct {
	vals []float64
	file int
}

// Values returns the metrics of replication rep of point p for the cell.
// Merge has checked that they exist; Values panics on indices outside the
// header's grid.
func (m *Merged) Values(p, rep int, cell string) map[string]float64 {
	c := m.Header.cell(cell)
	if c < 0 || rep < 0 || rep >= m.Header.Runs[p] {
		panic(fmt.Sprintf("shard: Values(%d, %d, %q) outside the grid", p, rep, cell))
	}
	s := m.recs[(m.offset[p]+rep)*len(m.Header.Cells)+c]
	out := make(map[string]float64, len(s.vals))
	for i, n := range m.Header.Metrics[cell] {
		out[n] = s.vals[i]
	}
	return out
}

// maxListed is how many missing or duplicated units an error lists.
const maxListed = 5

// Merger merges record files as they are read: every record is checked
// and stored as it arrives, so a duplicate or a file longer than its grid
// is refused at once, and memory follows the valid records.
type Merger struct {
	m     *Merged
	names []string
	dupAt map[int]bool   // (unit, cell) keys found again in a later file
	dupU  map[int]string // the units of dupAt, with the file of the first repetition
}

// Add reads the record file r (named name in the errors) into the merge:
// its header must match the first file's (an error names the field that
// differs), and its records must be new, or duplicate only records of
// earlier files (a shard given twice: listed by Done).
func (g *Merger) Add(ctx context.Context, r io.Reader, name string) error {
	rd, err := NewReader(ctx, r, name)
	if err != nil {
		return err
	}
	h := &rd.Header
	if g.m == nil {
		if err := budget(h); err != nil {
			return fmt.Errorf("merge: %s:1: %w", name, err)
		}
		g.m = &Merged{Header: *h, offset: make([]int, len(h.Runs)), recs: map[int]stored{}}
		units := 0
		for p, n := range h.Runs {
			g.m.offset[p] = units
			units += n
		}
		g.dupAt, g.dupU = map[int]bool{}, map[int]string{}
	} else {
		first := &g.m.Header
		if field := differs(first, h); field != "" {
			return inputErr("merge: %s: %s differs from %s's", name, field, g.names[0])
		}
		if len(first.Metrics) == 0 && len(h.Metrics) > 0 {
			if err := budget(h); err != nil {
				return fmt.Errorf("merge: %s:1: %w", name, err)
			}
			first.Metrics = h.Metrics
		} else if len(h.Metrics) > 0 && !maps.EqualFunc(first.Metrics, h.Metrics, slices.Equal) {
			return inputErr("merge: %s: metrics (%v) differ from those of the files before (%v)", name, h.Metrics, first.Metrics)
		}
	}
	fi := len(g.names)
	g.names = append(g.names, name)
	m := g.m
	nc := len(m.Header.Cells)
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			return nil
		}
		if err != nil {
			return err
		}
		u := m.offset[rec.Point] + rec.Rep
		k := u*nc + m.Header.cell(rec.Cell)
		if s, ok := m.recs[k]; ok {
			if s.file == fi || g.dupAt[k] {
				return inputErr("merge: %s:%d: (point %d, replication %d) cell %q appears twice in the file", name, rd.Line(), rec.Point, rec.Rep, rec.Cell)
			}
			g.dupAt[k] = true
			if _, ok := g.dupU[u]; !ok {
				g.dupU[u] = name
			}
			continue
		}
		names := m.Header.Metrics[rec.Cell]
		vals := make([]float64, len(names))
		for i, n := range names {
			vals[i] = float64(rec.Metrics[n])
		}
		m.recs[k] = stored{vals: vals, file: fi}
	}
}

// budget refuses a header whose plan needs more than MergeBudget bytes.
func budget(h *Header) error {
	units := h.units()
	per := float64(len(h.Cells)) * recordCost
	for _, names := range h.Metrics {
		per += 8 * float64(len(names))
	}
	if need := float64(units) * per; need > MergeBudget {
		return inputErr("runs: %d (point, replication) units of %d cells would take about %.0f MiB to merge, over the budget of %d MiB", units, len(h.Cells), need/(1<<20), MergeBudget>>20)
	}
	return nil
}

// Done checks that the files added hold every (point, cell, replication)
// record exactly once (an error lists the first duplicated or missing
// (point, replication) pairs), and returns their union.
func (g *Merger) Done() (*Merged, error) {
	if g.m == nil {
		return nil, inputErr("merge: no record files")
	}
	m := g.m
	if len(g.dupU) > 0 {
		// Listed in unit order, whatever order the files hold them in.
		var dup []string
		for _, u := range slices.Sorted(maps.Keys(g.dupU)) {
			p, _ := slices.BinarySearch(m.offset, u+1)
			p--
			dup = append(dup, fmt.Sprintf("(%d, %d) again in %s", p, u-m.offset[p], g.dupU[u]))
		}
		return nil, inputErr("merge: %d (point, replication) units duplicated: %s", len(dup), list(dup))
	}
	nc := len(m.Header.Cells)
	var missing []string
	count, units := 0, 0
	for p, n := range m.Header.Runs {
		for r := 0; r < n; r++ {
			u := m.offset[p] + r
			for c := 0; c < nc; c++ {
				if _, ok := m.recs[u*nc+c]; !ok {
					count++
					if len(missing) <= maxListed {
						missing = append(missing, fmt.Sprintf("(%d, %d)", p, r))
					}
					break
				}
			}
		}
		units += n
	}
	if count > 0 {
		return nil, inputErr("merge: %d of %d (point, replication) units missing: %s", count, units, list(missing))
	}
	return m, nil
}

// Merge reads the record files at paths (see Merger) and returns their
// union. It checks that the files come from the same command, version,
// instance and grid, and that together they hold every (point, cell,
// replication) record exactly once.
func Merge(ctx context.Context, paths []string) (*Merged, error) {
	var g Merger
	for _, p := range paths {
		f, err := os.Open(p)
		if err != nil {
			return nil, inputErr("%v", err)
		}
		err = g.Add(ctx, f, p)
		f.Close()
		if err != nil {
			return nil, err
		}
	}
	return g.Done()
}

// list joins the first maxListed items.
func list(items []string) string {
	if len(items) > maxListed {
		return strings.Join(items[:maxListed], ", ") + ", …"
	}
	return strings.Join(items, ", ")
}

// differs names the first field (other than the shard and the metrics) in
// which b differs from a, or returns "".
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
