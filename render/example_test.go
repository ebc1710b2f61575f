package render_test

import (
	"encoding/json"
	"fmt"
	"log"
	"os"
	"path/filepath"

	"github.com/streamopt/streamopt/models/multistage"
	"github.com/streamopt/streamopt/models/rmts"
	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/render"
	"github.com/streamopt/streamopt/sim"
)

func stat(name string, mean, half float64) sim.Metric {
	return sim.Metric{Name: name, Stat: sim.Stat{N: 2, Mean: mean, HalfWidth: half}}
}

// A TPD result (here made by hand; normally from tpd.Scenario.Run) in
// long-form CSV.
func ExampleTPDCSV() {
	r := &tpd.ExperimentResult{ModeName: "stable", Mode: tpd.Mode{Count: 40}, Rate: 10, Load: 0.25, Runs: 2,
		Bounds:   sim.Summary{Metrics: []sim.Metric{stat(tpd.MetricTLB.String(), 2.5, 0.1)}},
		Policies: []tpd.PolicyStats{{Policy: tpd.TPD, Discipline: tpd.MDD, Stats: sim.Summary{Metrics: []sim.Metric{stat(tpd.MetricDelayMS.String(), 120, 4)}}}},
	}
	if err := render.TPDCSV(os.Stdout, []*tpd.ExperimentResult{r}); err != nil {
		log.Fatal(err)
	}
	// Output:
	// mode,count,rate,load,runs,policy,discipline,metric,mean,ci95,n
	// stable,40,10,0.25,2,bound,,t_lb,2.5,0.1,2
	// stable,40,10,0.25,2,TPD,mdd,delay_ms,120,4,2
}

// The bar charts of a TPD mode run once: one per metric of the paper's
// figures.
func ExampleTPDFigures() {
	r := &tpd.ExperimentResult{ModeName: "burst", Policies: []tpd.PolicyStats{
		{Policy: tpd.TPD, Stats: sim.Summary{Metrics: []sim.Metric{stat(tpd.MetricDelayMS.String(), 120, 4), stat(tpd.MetricGapPct.String(), 3, 1), stat(tpd.MetricHandlingMS.String(), 100, 3), stat(tpd.MetricRoutingMS.String(), 20, 1)}}},
		{Policy: tpd.RND, Stats: sim.Summary{Metrics: []sim.Metric{stat(tpd.MetricDelayMS.String(), 300, 40), stat(tpd.MetricGapPct.String(), 150, 20), stat(tpd.MetricHandlingMS.String(), 250, 30), stat(tpd.MetricRoutingMS.String(), 50, 5)}}},
	}}
	dir, err := os.MkdirTemp("", "tpdfigs")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	files, err := render.TPDFigures(dir, []*tpd.ExperimentResult{r})
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range files {
		fmt.Println(filepath.Base(f))
	}
	// Output:
	// fig04_handling_ms_burst.png
	// fig06_routing_ms_burst.png
	// fig08_delay_ms_burst.png
	// fig10_gap_pct_burst.png
}

// An RMTS sweep over ξ at one α in long-form CSV.
func ExampleRMTSCSV() {
	r := &rmts.ExperimentResult{Runs: 2, Rates: []float64{36, 40}, Alphas: []float64{0.5}, Points: []rmts.Point{
		{Policy: rmts.RMTS, Rate: 36, Alpha: 0.5, Stats: sim.Summary{Metrics: []sim.Metric{stat(rmts.MetricSuccess.String(), 0.98, 0.01)}}},
		{Policy: rmts.RMTS, Rate: 40, Alpha: 0.5, Stats: sim.Summary{Metrics: []sim.Metric{stat(rmts.MetricSuccess.String(), 0.95, 0.02)}}},
	}}
	if err := render.RMTSCSV(os.Stdout, r); err != nil {
		log.Fatal(err)
	}
	// Output:
	// policy,xi,alpha,runs,metric,mean,ci95,n
	// rmts,36,0.5,2,success,0.98,0.01,2
	// rmts,40,0.5,2,success,0.95,0.02,2
}

// Figs. 4–7 of an RMTS sweep over ξ and α.
func ExampleRMTSFigures() {
	r := &rmts.ExperimentResult{Runs: 2, Rates: []float64{36, 40}, Alphas: []float64{0.3, 0.7}}
	for _, x := range r.Rates {
		for _, a := range r.Alphas {
			r.Points = append(r.Points, rmts.Point{Policy: rmts.RMTS, Rate: x, Alpha: a,
				Stats: sim.Summary{Metrics: []sim.Metric{stat(rmts.MetricDelay.String(), 0.1*x*a, 0.01), stat(rmts.MetricSuccess.String(), 1-x/400-a/10, 0.01)}}})
		}
	}
	dir, err := os.MkdirTemp("", "rmtsfigs")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	files, err := render.RMTSFigures(dir, r)
	if err != nil {
		log.Fatal(err)
	}
	for _, f := range files {
		fmt.Println(filepath.Base(f))
	}
	// Output:
	// fig4_success_vs_xi.png
	// fig5_delay_vs_xi.png
	// fig6_success_vs_alpha.png
	// fig7_delay_vs_alpha.png
}

// mpsPoints are a made-up sweep of two policies, the second infeasible at
// N = 310.
var mpsPoints = []multistage.Point{
	{N: 300, Optimum: 200, Policies: []multistage.Evaluation{{Profit: 199, Feasible: true}, {Profit: 198, Feasible: true}}},
	{N: 310, Optimum: 205, Policies: []multistage.Evaluation{{Profit: 203, Feasible: true}, {Profit: 206, Feasible: false}}},
	{N: 320, Optimum: 209, Policies: []multistage.Evaluation{{Profit: 206, Feasible: true}, {Profit: 208.5, Feasible: true}}},
}

// An MPS sweep in CSV, one row per N.
func ExampleMPSCSV() {
	if err := render.MPSCSV(os.Stdout, mpsPoints, []string{"S1", "S2"}); err != nil {
		log.Fatal(err)
	}
	// Output:
	// N,optimum,S1_profit,S1_feasible,S2_profit,S2_feasible
	// 300,200,199,true,198,true
	// 310,205,203,true,206,false
	// 320,209,206,true,208.5,true
}

// The profit figure (Fig. 2/3), the gap against N and the mean-gap bars
// (Fig. 4) of an MPS sweep; the extension picks the format.
func ExampleMPSProfit() {
	dir, err := os.MkdirTemp("", "mpsfigs")
	if err != nil {
		log.Fatal(err)
	}
	defer os.RemoveAll(dir)
	names := []string{"S1", "S2"}
	for _, err := range []error{
		render.MPSProfit(filepath.Join(dir, "profit.svg"), mpsPoints, names),
		render.MPSGap(filepath.Join(dir, "gap.png"), mpsPoints, names),
		render.MPSGapBars(filepath.Join(dir, "bars.png"), mpsPoints, names, [][2]float64{{300, 320}}),
	} {
		if err != nil {
			log.Fatal(err)
		}
	}
	entries, _ := os.ReadDir(dir)
	for _, e := range entries {
		fmt.Println(e.Name())
	}
	// Output:
	// bars.png
	// gap.png
	// profit.svg
}

// OutputSchema gives the JSON Schema of a command's JSON answer, with the
// shared definitions inlined so that it stands alone.
func ExampleOutputSchema() {
	src, err := render.OutputSchema("tpd")
	if err != nil {
		fmt.Println(err)
		return
	}
	var doc struct {
		ID       string   `json:"$id"`
		Required []string `json:"required"`
	}
	if err := json.Unmarshal(src, &doc); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(doc.ID)
	fmt.Println(doc.Required)
	fmt.Println(render.OutputSchemaNames())
	// Output:
	// https://github.com/streamopt/streamopt/render/schema/tpd.json
	// [format_version program results]
	// [lp mps rmts rrs tpd]
}

// Check a figure format given by its extension before any work.
func ExampleCheckFigureFormat() {
	fmt.Println(render.CheckFigureFormat("svg"))
	fmt.Println(render.CheckFigureFormat("gif"))
	// Output:
	// <nil>
	// unknown figure format "gif" (want eps, jpeg, jpg, pdf, png, svg, tex, tif, tiff)
}
