package multistage

import (
	"fmt"

	"github.com/streamopt/streamopt/internal/shard"
)

// OptimumCell is the record cell of a sweep point's optimum RRS(N); the
// other cells of an mps record file are the policies, by name
// (RecordCells). The sweep is deterministic: each point is one unit with
// one "replication", 0.
const OptimumCell = "optimum"

// RecordCells lists the cells recorded per sweep point: OptimumCell, then
// each policy of the instance.
func (in *Instance) RecordCells() []string {
	cells := []string{OptimumCell}
	for _, p := range in.Policies {
		cells = append(cells, p.Name)
	}
	return cells
}

// ShardPoints lists the sweep points k (of total) that shard sp computes,
// ascending: every point when sp is not a strict part.
func ShardPoints(total int, sp shard.Spec) []int {
	var ks []int
	for k := 0; k < total; k++ {
		if !sp.Sharded() || sp.Has(k) {
			ks = append(ks, k)
		}
	}
	return ks
}

// Records lists the raw records of the sweep points pts, computed at the
// point indices ks (Options.Indices), with the evaluations of pols: per
// point, its optimum and each policy's profit, feasibility and DC loads.
func Records(pts []Point, ks []int, pols []*Policy) []shard.Record {
	var out []shard.Record
	for i, pt := range pts {
		out = append(out, PointRecords(ks[i], pt, pols)...)
	}
	return out
}

// PointRecords lists the records of sweep point pt, computed at index k
// with the evaluations of pols (one unit of a record file).
func PointRecords(k int, pt Point, pols []*Policy) []shard.Record {
	out := []shard.Record{{Point: k, Cell: OptimumCell, Metrics: shard.Floats(map[string]float64{"n": pt.N, "optimum": pt.Optimum})}}
	for j, ev := range pt.Policies {
		m := map[string]float64{"n": ev.N, "profit": ev.Profit, "feasible": 0}
		if ev.Feasible {
			m["feasible"] = 1
		}
		for d, u := range ev.Users {
			m[fmt.Sprintf("users_%d", d)] = u
		}
		out = append(out, shard.Record{Point: k, Cell: pols[j].Name, Metrics: shard.Floats(m)})
	}
	return out
}

// FromRecords rebuilds the total sweep points of pols from their raw
// records, read with get (cells as RecordCells, replication 0): the points
// Sweep computes.
func FromRecords(pols []*Policy, total int, get func(k, rep int, cell string) map[string]float64) []Point {
	pts := make([]Point, total)
	for k := range pts {
		o := get(k, 0, OptimumCell)
		pts[k] = Point{N: o["n"], Optimum: o["optimum"]}
		for _, p := range pols {
			v := get(k, 0, p.Name)
			ev := Evaluation{N: v["n"], Profit: v["profit"], Feasible: v["feasible"] == 1}
			for d := 0; ; d++ {
				u, ok := v[fmt.Sprintf("users_%d", d)]
				if !ok {
					break
				}
				ev.Users = append(ev.Users, u)
			}
			pts[k].Policies = append(pts[k].Policies, ev)
		}
	}
	return pts
}
