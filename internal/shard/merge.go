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

// recordCost is the memory a stored record takes besides its metrics:
// its entry in the index, its start and its file.
const recordCost = 32

// Merged is the union of the records of a complete set of shards.
type Merged struct {
	Header Header
	// offset[p] is the first unit of point p.
	offset []int
	// index maps unit·cells + cell to the number of its record; record i
	// has its metrics, in the order of Header.Metrics[cell], at
	// vals[start[i]:] and came from file file[i].
	index map[int]int32
	start []int32
	file  []int32
	vals  []float64
}

// Metrics returns the metric names of the cell, as the header declares
// them, and the values of replication rep of point p, in that order (vals
// is a fresh slice). Merge has checked that they exist; Metrics panics on
// indices outside the header's grid.
func (m *Merged) Metrics(p, rep int, cell string) (names []string, vals []float64) {
	c := m.Header.cell(cell)
	if c < 0 || p < 0 || p >= len(m.Header.Runs) || rep < 0 || rep >= m.Header.Runs[p] {
		panic(fmt.Sprintf("shard: Metrics(%d, %d, %q) outside the grid", p, rep, cell))
	}
	i := m.index[(m.offset[p]+rep)*len(m.Header.Cells)+c]
	names = m.Header.Metrics[cell]
	start := int(m.start[i])
	return names, slices.Clone(m.vals[start : start+len(names)])
}

// maxListed is how many missing or duplicated units an error lists.
const maxListed = 5

// Merger merges record files as they are read: every record is checked
// and stored as it arrives, so a duplicate or a file longer than its grid
// is refused at once, and memory follows the valid records.
type Merger struct {
	m     *Merged
	names []string
	// The units found again in a later file (a shard given twice): one
	// bit per unit, their count, and the first in unit order with the
	// file that repeats them (for the message).
	dupBits []uint64
	ndup    int
	dups    []dupUnit
}

type dupUnit struct {
	unit int
	file string
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
		g.m = &Merged{Header: *h, offset: make([]int, len(h.Runs)), index: map[int]int32{}}
		units := 0
		for p, n := range h.Runs {
			g.m.offset[p] = units
			units += n
		}
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
		if i, ok := m.index[k]; ok {
			if int(m.file[i]) == fi {
				return inputErr("merge: %s:%d: (point %d, replication %d) cell %q appears twice in the file", name, rd.Line(), rec.Point, rec.Rep, rec.Cell)
			}
			m.file[i] = int32(fi) // so that a repetition within this file is caught
			g.addDup(u, name)
			continue
		}
		m.index[k] = int32(len(m.start))
		m.start = append(m.start, int32(len(m.vals)))
		m.file = append(m.file, int32(fi))
		for _, n := range m.Header.Metrics[rec.Cell] {
			m.vals = append(m.vals, float64(rec.Metrics[n]))
		}
	}
}

// addDup notes that unit u was found again in file name.
func (g *Merger) addDup(u int, name string) {
	if g.dupBits == nil {
		g.dupBits = make([]uint64, (g.m.Header.units()+63)/64)
	}
	if g.dupBits[u/64]&(1<<(u%64)) != 0 {
		return
	}
	g.dupBits[u/64] |= 1 << (u % 64)
	g.ndup++
	i, _ := slices.BinarySearchFunc(g.dups, u, func(d dupUnit, u int) int { return d.unit - u })
	if i <= maxListed {
		g.dups = slices.Insert(g.dups, i, dupUnit{u, name})
		g.dups = g.dups[:min(len(g.dups), maxListed+1)]
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
	if g.ndup > 0 {
		// Listed in unit order, whatever order the files hold them in.
		var dup []string
		for _, d := range g.dups {
			p, _ := slices.BinarySearch(m.offset, d.unit+1)
			p--
			dup = append(dup, fmt.Sprintf("(%d, %d) again in %s", p, d.unit-m.offset[p], d.file))
		}
		return nil, inputErr("merge: %d (point, replication) units duplicated: %s", g.ndup, list(dup))
	}
	nc := len(m.Header.Cells)
	var missing []string
	count, units := 0, 0
	for p, n := range m.Header.Runs {
		for r := 0; r < n; r++ {
			u := m.offset[p] + r
			for c := 0; c < nc; c++ {
				if _, ok := m.index[u*nc+c]; !ok {
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
