package main

import (
	"encoding/json"
	"os"
	"strconv"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/streamopt/streamopt/models/rrs"
)

func init() { scriptCmds["genrrs"] = cmdGenRRS }

// cmdGenRRS: genrrs FILE S R writes FILE, a feasible RRS instance with S
// data centres and R regions (equal shares, uniform slopes, half-loaded),
// so that instances too large to commit can be tried.
func cmdGenRRS(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) != 3 {
		ts.Fatalf("usage: genrrs file dcs regions")
	}
	s, err1 := strconv.Atoi(args[1])
	r, err2 := strconv.Atoi(args[2])
	if err1 != nil || err2 != nil || s < 1 || r < 1 {
		ts.Fatalf("genrrs: dcs and regions must be whole numbers >= 1, got %q %q", args[1], args[2])
	}
	in := rrs.Instance{Users: 350 * float64(s)} // each DC serves (1 − 0.3)/0.001 = 700
	for range r {
		in.Regions = append(in.Regions, rrs.Region{Share: 1 / float64(r), RevenueIntercept: 1, RevenueSlope: 0.004})
	}
	for i := range s {
		in.DataCenters = append(in.DataCenters, rrs.DataCenter{BackgroundCPU: 0.3, CPUPerUser: 0.001, BandwidthUsers: 1000,
			ResponseSlopeMS: 20, ResponseInterceptMS: 5})
		row := make([]float64, r)
		for j := range row {
			row[j] = float64(5 + (i+j)%40)
		}
		in.LatencyMS = append(in.LatencyMS, row)
	}
	data, err := json.Marshal(&in)
	ts.Check(err)
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), data, 0o644))
}
