package render

import (
	"strconv"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotter"
	"gonum.org/v1/plot/plotutil"
)

// errPoints are points with symmetric y error bars (the 95% CI half-width).
type errPoints struct {
	plotter.XYs
	plotter.YErrors
}

// add appends the point (x, mean) with error bars ± half.
func (e *errPoints) add(x, mean, half float64) {
	e.XYs = append(e.XYs, plotter.XY{X: x, Y: mean})
	e.YErrors = append(e.YErrors, struct{ Low, High float64 }{half, half})
}

// series is one labelled line of a chart with confidence intervals.
type series struct {
	label string
	pts   errPoints
}

// addErrorLines draws every series as a line with point marks and error
// bars, series i in gonum's i-th colour and shape, and names it in the
// legend. An empty series is skipped but keeps its colour slot, so a
// policy has the same colour in every figure of a run.
func addErrorLines(p *plot.Plot, ss []series) error {
	for i, s := range ss {
		if len(s.pts.XYs) == 0 {
			continue
		}
		line, marks, err := plotter.NewLinePoints(s.pts.XYs)
		if err != nil {
			return err
		}
		c := plotutil.Color(i)
		line.Color, marks.Color = c, c
		marks.Shape = plotutil.Shape(i)
		eb, err := plotter.NewYErrorBars(s.pts)
		if err != nil {
			return err
		}
		eb.Color = c
		p.Add(line, marks, eb)
		p.Legend.Add(s.label, line, marks)
	}
	return nil
}

// preciseTicks are gonum's default tick positions with labels of enough
// digits: DefaultTicks may place ticks at 1.55, 1.75, 1.95 and label them
// "1.6", "1.8", "2", which misreads a narrow axis.
type preciseTicks struct{}

func (preciseTicks) Ticks(min, max float64) []plot.Tick {
	ts := plot.DefaultTicks{}.Ticks(min, max)
	for i := range ts {
		if ts[i].Label != "" {
			ts[i].Label = strconv.FormatFloat(ts[i].Value, 'g', 6, 64)
		}
	}
	return ts
}
