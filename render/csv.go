package render

import (
	"encoding/csv"
	"io"
	"strconv"

	"github.com/streamopt/streamopt/sim"
)

// statColumns are the columns every long-form CSV ends with: the metric's
// name, its mean, the half-width of its 95% confidence interval and the
// number of replications it is over.
var statColumns = []string{"metric", "mean", "ci95", "n"}

// statColumnsAt are statColumns for intervals at the given level: the
// half-width column is ci95 at 95% (or level 0), ci90 at 90%, ci99.5 at
// 99.5%.
func statColumnsAt(level float64) []string {
	return []string{"metric", "mean", "ci" + levelPct(level), "n"}
}

// num formats a number for CSV: 10 significant digits, shortest form.
func num(x float64) string { return strconv.FormatFloat(x, 'g', 10, 64) }

// summaryCSV writes long-form CSV: a header of key columns followed by
// statColumns, then one row per metric of each summary, its key columns
// first.
type summaryCSV struct {
	w *csv.Writer
}

// newSummaryCSV writes the header keys + statColumnsAt(level) to w.
func newSummaryCSV(w io.Writer, keys []string, level float64) (*summaryCSV, error) {
	s := &summaryCSV{w: csv.NewWriter(w)}
	if err := s.w.Write(append(append([]string(nil), keys...), statColumnsAt(level)...)); err != nil {
		return nil, err
	}
	return s, nil
}

// summary writes one row per metric of sum, each starting with key.
func (s *summaryCSV) summary(key []string, sum sim.Summary) error {
	row := make([]string, 0, len(key)+len(statColumns))
	for _, m := range sum.Metrics {
		row = append(append(row[:0], key...), m.Name, num(m.Mean), num(m.HalfWidth), strconv.Itoa(m.N))
		if err := s.w.Write(row); err != nil {
			return err
		}
	}
	return nil
}

// flush writes any buffered rows and reports the first error.
func (s *summaryCSV) flush() error {
	s.w.Flush()
	return s.w.Error()
}
