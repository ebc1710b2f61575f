package render_test

import (
	"bytes"
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/models/multistage"
	"github.com/streamopt/streamopt/models/rmts"
	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/render"
)

// magic is how each figure format's files start.
var magic = map[string]string{"png": "\x89PNG", "svg": "<?xml", "pdf": "%PDF-"}

// checkFigures checks that files are, per base name, one file of each
// format in formats, each starting with its format's magic bytes, and
// that the SVG ones carry each of caption in their text (a title may wrap
// between them).
func checkFigures(t *testing.T, files []string, formats []string, caption ...string) {
	t.Helper()
	byBase := map[string][]string{}
	for _, f := range files {
		ext := strings.TrimPrefix(filepath.Ext(f), ".")
		base := strings.TrimSuffix(f, "."+ext)
		byBase[base] = append(byBase[base], ext)
		b, err := os.ReadFile(f)
		if err != nil {
			t.Error(err)
			continue
		}
		if !bytes.HasPrefix(b, []byte(magic[ext])) {
			t.Errorf("%s does not start like a %s file: %q", f, ext, b[:min(len(b), 8)])
		}
		for _, c := range caption {
			if ext == "svg" && !bytes.Contains(b, []byte(c)) {
				t.Errorf("%s: no %q in its text", f, c)
			}
		}
	}
	if len(byBase) == 0 {
		t.Fatal("no figures")
	}
	for base, exts := range byBase {
		if strings.Join(exts, ",") != strings.Join(formats, ",") {
			t.Errorf("%s: formats %v, want %v", base, exts, formats)
		}
	}
}

// TestRMTSFiguresFormats: each figure in PNG, SVG and PDF, its title
// stating the runs and the confidence level of the whiskers; a format
// gonum cannot write is refused before any file is written.
func TestRMTSFiguresFormats(t *testing.T) {
	in, err := rmts.Parse(strings.NewReader(smallRMTS))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := rmts.Build(in)
	if err != nil {
		t.Fatal(err)
	}
	res, err := sc.Run(context.Background(), rmts.Experiment{Policies: []rmts.Policy{rmts.RMTS, rmts.REM}, Rates: []float64{2, 3}, Alphas: []float64{0.3, 0.7}, Runs: 3, Confidence: 0.9})
	if err != nil {
		t.Fatal(err)
	}
	formats := []string{"png", "svg", "pdf"}
	files, err := render.RMTSFigures(t.TempDir(), res, formats...)
	if err != nil {
		t.Fatal(err)
	}
	if len(files) != 4*3 {
		t.Errorf("%d files, want Figs. 4–7 in 3 formats", len(files))
	}
	checkFigures(t, files, formats, "3 runs", "90%")
	dir := filepath.Join(t.TempDir(), "figs")
	if _, err := render.RMTSFigures(dir, res, "png", "gif"); err == nil || !strings.Contains(err.Error(), `"gif"`) {
		t.Errorf("format gif: error %v, want one naming it", err)
	}
	if _, err := os.Stat(dir); !os.IsNotExist(err) {
		t.Errorf("format gif: the folder was made (%v)", err)
	}
}

// TestTPDFiguresFormats: TPD's bar charts and sweeps alike.
func TestTPDFiguresFormats(t *testing.T) {
	s := oneIPN(t, 2)
	var results []*tpd.ExperimentResult
	for _, m := range []tpd.Mode{{Count: 20, Rate: 0.2}, {Count: 20, Load: 0.3}, {Count: 20, Load: 0.6}} {
		name := "heavy"
		if m.Rate > 0 {
			name = "stable"
		}
		r, err := s.Run(context.Background(), tpd.Experiment{ModeName: name, Mode: m, Policies: []tpd.Policy{tpd.TPD, tpd.RND}, Runs: 2, Bound: tpd.BoundSRPT})
		if err != nil {
			t.Fatal(err)
		}
		results = append(results, r)
	}
	formats := []string{"svg", "pdf"}
	files, err := render.TPDFigures(t.TempDir(), results, formats...)
	if err != nil {
		t.Fatal(err)
	}
	checkFigures(t, files, formats, "2 runs", "95%")
	if _, err := render.TPDFigures(t.TempDir(), results, "bmp"); err == nil || !strings.Contains(err.Error(), `"bmp"`) {
		t.Errorf("format bmp: error %v, want one naming it", err)
	}
}

// TestMPSFiguresFormats: the MPS figures take their format from the
// extension of their path; an unknown one is an error naming the file.
func TestMPSFiguresFormats(t *testing.T) {
	pts := []multistage.Point{
		{N: 300, Optimum: 210.5, Policies: []multistage.Evaluation{{Profit: 200.25, Feasible: true}, {Profit: 215, Feasible: false}}},
		{N: 305, Optimum: 212, Policies: []multistage.Evaluation{{Profit: 201, Feasible: true}, {Profit: 205, Feasible: true}}},
	}
	names := []string{"S1", "S2"}
	dir := t.TempDir()
	var files []string
	for _, ext := range []string{"png", "svg", "pdf"} {
		path := filepath.Join(dir, "profit."+ext)
		if err := render.MPSProfit(path, pts, names); err != nil {
			t.Fatal(err)
		}
		files = append(files, path)
	}
	checkFigures(t, files, []string{"png", "svg", "pdf"}, "S1", "S2")
	bad := filepath.Join(dir, "profit.gif")
	if err := render.MPSProfit(bad, pts, names); err == nil || !strings.Contains(err.Error(), "gif") {
		t.Errorf("profit.gif: error %v, want one naming the format", err)
	}
}
