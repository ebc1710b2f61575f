package render

import (
	"encoding/csv"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"

	"github.com/streamopt/streamopt/models/rrs"
)

// RRSBatchRow is one point of an rrs batch in its JSON answer: the
// instance, the swept value, how its solve ended and its figures.
type RRSBatchRow struct {
	Instance      string   `json:"instance"`
	Value         *float64 `json:"value,omitempty"`
	Status        string   `json:"status"`
	Method        string   `json:"method"`
	Concave       bool     `json:"concave"`
	Users         float64  `json:"users"`
	TotalCapacity float64  `json:"total_capacity"`
	Profit        float64  `json:"profit"`
	Bound         float64  `json:"best_bound"`
	Gap           float64  `json:"gap"`
	Iterations    int      `json:"iterations"`
}

// RRSBatchAnswer is the JSON answer of solve rrs on a batch (a folder of
// instances, or a sweep): one row per finished point, in point order.
type RRSBatchAnswer struct {
	Status     string        `json:"status"` // "done" or "partial"
	Partial    bool          `json:"partial,omitempty"`
	StoppedBy  string        `json:"stopped_by,omitempty"`
	Method     string        `json:"method"` // as asked (auto: each row says what it chose)
	Backend    string        `json:"backend"`
	Field      string        `json:"field,omitempty"`
	Points     int           `json:"points"`
	PointsDone int           `json:"points_done"`
	Rows       []RRSBatchRow `json:"rows"`
}

// RRSBatchJSON is the JSON answer of the batch q with result r.
func RRSBatchJSON(q rrs.Batch, r *rrs.BatchResult) RRSBatchAnswer {
	a := RRSBatchAnswer{Status: "done", Method: q.Method, Backend: q.Backend, Points: r.Points, PointsDone: len(r.Rows), Rows: []RRSBatchRow{}}
	if q.Field != nil {
		a.Field = q.Field.String()
	}
	for _, p := range r.Rows {
		a.Rows = append(a.Rows, RRSBatchRow{Instance: p.Instance, Value: p.Value, Status: p.Status().String(), Method: p.Method.String(),
			Concave: p.Concave, Users: p.Users, TotalCapacity: p.TotalCapacity, Profit: p.Profit, Bound: p.Bound, Gap: p.Gap, Iterations: p.Iterations})
	}
	return a
}

// rrsBatchColumns are the columns of the batch's CSV and table after the
// instance and the swept field.
var rrsBatchColumns = []string{"status", "method", "users", "total_capacity", "profit", "best_bound", "gap", "iterations"}

// rrsBatchCells are the cells of row p after the instance and the swept
// value, formatted by f (empty for NaN: no bound, no gap).
func rrsBatchCells(p rrs.BatchPoint, f func(float64) string) []string {
	g := func(x float64) string {
		if math.IsNaN(x) {
			return ""
		}
		return f(x)
	}
	profit := ""
	if p.Feasible {
		profit = f(p.Profit)
	}
	return []string{p.Status().String(), p.Method.String(), f(p.Users), f(p.TotalCapacity), profit, g(p.Bound), g(p.Gap), strconv.Itoa(p.Iterations)}
}

// RRSBatchCSV writes the batch as CSV, one row per finished point:
// instance, the swept value (column sweep_PATH, PATH the field) when
// there is one, then status, method, users, total_capacity, profit, best_bound
// and gap (global only; empty otherwise) and iterations.
func RRSBatchCSV(w io.Writer, r *rrs.BatchResult) error {
	cw := csv.NewWriter(w)
	head := []string{"instance"}
	if r.Field != nil {
		head = append(head, "sweep_"+r.Field.String())
	}
	if err := cw.Write(append(head, rrsBatchColumns...)); err != nil {
		return err
	}
	for _, p := range r.Rows {
		row := []string{p.Instance}
		if p.Value != nil {
			row = append(row, num(*p.Value))
		}
		if err := cw.Write(append(row, rrsBatchCells(p, num)...)); err != nil {
			return err
		}
	}
	cw.Flush()
	return cw.Error()
}

// RRSBatchTable writes the batch as a text table, one line per finished
// point, with a line that says how many points the batch has.
func RRSBatchTable(w io.Writer, q rrs.Batch, r *rrs.BatchResult) error {
	var b strings.Builder
	what := fmt.Sprintf("%d instances", len(q.Instances))
	if len(q.Instances) == 1 {
		what = "1 instance"
	}
	if q.Field != nil {
		what += fmt.Sprintf(" × %d values of %s", len(q.Values), q.Field)
	}
	fmt.Fprintf(&b, "rrs batch: %s = %d points, method %s, backend %s\n\n", what, r.Points, q.Method, q.Backend)
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	head := []string{"instance"}
	if r.Field != nil {
		head = append(head, r.Field.String())
	}
	fmt.Fprintln(tw, strings.Join(append(head, rrsBatchColumns...), "\t")+"\t")
	six := func(x float64) string { return strconv.FormatFloat(x, 'f', 6, 64) }
	for _, p := range r.Rows {
		row := []string{p.Instance}
		if p.Value != nil {
			row = append(row, strconv.FormatFloat(*p.Value, 'g', -1, 64))
		}
		cells := rrsBatchCells(p, six)
		cells[2], cells[3] = strconv.FormatFloat(p.Users, 'g', -1, 64), strconv.FormatFloat(p.TotalCapacity, 'g', -1, 64)
		if !math.IsNaN(p.Gap) {
			cells[6] = strconv.FormatFloat(p.Gap, 'g', 2, 64)
		}
		fmt.Fprintln(tw, strings.Join(append(row, cells...), "\t")+"\t")
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	_, err := io.WriteString(w, b.String())
	return err
}
