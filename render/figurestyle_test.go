package render

import (
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot"
	"gonum.org/v1/plot/plotutil"
	"gonum.org/v1/plot/vg"

	"github.com/streamopt/streamopt/models/multistage"
)

// TestCurveStylesDistinct: no two of the curves one figure can hold share
// both their colour and their mark shape, and a figure with more curves
// than that is refused rather than drawn with two alike.
func TestCurveStylesDistinct(t *testing.T) {
	type style struct {
		r, g, b, a uint32
		shape      string
	}
	seen := map[style]int{}
	for i := 0; i < distinctStyles; i++ {
		c, sh := curveStyle(i)
		r, g, b, a := c.RGBA()
		k := style{r, g, b, a, fmt.Sprintf("%T", sh)}
		if j, dup := seen[k]; dup {
			t.Fatalf("curves %d and %d have the same colour and mark", j, i)
		}
		seen[k] = i
	}
	if distinctStyles < 10 {
		t.Errorf("only %d distinct curve styles", distinctStyles)
	}
	ss := make([]series, distinctStyles+1)
	for i := range ss {
		ss[i] = series{label: strconv.Itoa(i)}
		ss[i].pts.add(1, float64(i), 0)
	}
	if _, err := addErrorLines(plot.New(), ss, "x"); err == nil || !strings.Contains(err.Error(), "own colour and mark") {
		t.Errorf("%d curves: error %v, want a refusal", len(ss), err)
	}
	// MPS figures: palette colour k and gonum shape k.
	n := lcm(len(mpsPalette), len(plotutil.DefaultGlyphShapes))
	pairs := map[[2]int]int{}
	for k := 0; k < n; k++ {
		key := [2]int{k % len(mpsPalette), k % len(plotutil.DefaultGlyphShapes)}
		if j, dup := pairs[key]; dup {
			t.Fatalf("mps policies %d and %d have the same colour and mark", j, k)
		}
		pairs[key] = k
	}
	names := make([]string, n+1)
	pts := []multistage.Point{{N: 1, Policies: make([]multistage.Evaluation, n+1)}}
	if _, err := mpsCurves(plot.New(), pts, names, func(multistage.Point, int) float64 { return 1 }, false); err == nil {
		t.Errorf("%d mps policies: no error", n+1)
	}
	for _, c := range mpsPalette {
		if c == color.Black {
			t.Error("an mps policy is drawn in the optimum's black")
		}
	}
}

// svgText matches a text element of gonum's SVG: its x and y, its font
// size and its text.
var svgText = regexp.MustCompile(`<text x="([-0-9.]+)" y="([-0-9.]+)"[^>]*font-size:([0-9.]+)px">([^<]*)</text>`)

// TestTitleNotClipped draws a figure whose title is far wider than the
// figure as SVG, and reads back every text element: each title line
// starts and ends inside the figure (its width measured with the
// title's font), and the lines hold every word of the title in order.
func TestTitleNotClipped(t *testing.T) {
	title := "success rate μ against arrival rate for every policy of the experiment, at α = 0.5, each point the mean over its traces (40 runs, 99.5% CI)"
	var ss []series
	for i := 0; i < 3; i++ {
		s := series{label: "policy " + strconv.Itoa(i)}
		s.pts.add(1, float64(i), 0.1)
		s.pts.add(2, float64(i)+1, 0.1)
		ss = append(ss, s)
	}
	path := filepath.Join(t.TempDir(), "long.svg")
	const w = 6 * vg.Inch
	if err := rmtsLineChart(path, title, "ABSCISSA", "x", "ORDINATE", ss, []float64{1, 2}); err != nil {
		t.Fatal(err)
	}
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	sty := plot.New().Title.TextStyle
	var lines []string
	for _, m := range svgText.FindAllStringSubmatch(strings.ReplaceAll(string(b), "\n", " "), -1) {
		size, _ := strconv.ParseFloat(m[3], 64)
		if size != float64(sty.Font.Size) {
			continue // not the title's font
		}
		x, _ := strconv.ParseFloat(m[1], 64)
		if end := x + float64(sty.Width(m[4])); x < 0 || end > float64(w) {
			t.Errorf("title line %q spans x %.1f to %.1f, outside the figure's 0 to %.1f", m[4], x, end, float64(w))
		}
		if strings.Contains(title, m[4]) {
			lines = append(lines, m[4])
		}
	}
	if got := strings.Join(lines, " "); got != title {
		t.Errorf("title lines %q do not make the title", lines)
	}
	if len(lines) < 2 {
		t.Errorf("a title wider than the figure was not wrapped: %q", lines)
	}
}
