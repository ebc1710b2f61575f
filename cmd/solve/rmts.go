package main

import (
	"errors"
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/models/rmts"
	"github.com/streamopt/streamopt/render"
)

func init() { register(newRMTSCmd) }

func newRMTSCmd() *cobra.Command {
	var (
		input, policy, sweep, alphas, plotDir, csvFile, format string
		runs, proactive                                        int
		seed                                                   uint64
		bound                                                  bool
		export                                                 string
		workers                                                int
		backend                                                string
		rf                                                     runFlags
	)
	cmd := &cobra.Command{
		Use:   "rmts --input model.json",
		Short: "Admit VoD requests by migrating streams: RMTS vs REM, DASD dancing, last-minute and max-flow (paper 000)",
		Long: `rmts simulates the request-migration policies of spec MODELS.md section B on
replications of the instance: RMTS, REM, DASD dancing, last-minute migration
and the unbounded max-flow reference, with common random numbers (replication
r of every policy sees trace r). It reports the success rate μ, the mean
service delay T̄ in units of τ and the migrations per request, each with its
95% confidence interval.

--sweep xi=36:44 runs every arrival rate from 36 to 44 (step 1; xi=36:44:2 or
xi=36,40,44 also work); --alpha runs RMTS for each weight α. --plot draws the
paper's Figs. 4–7 as PNG. --dasd-proactive 4 turns on DASD dancing's
proactive mode with δ = 4 (spec B.6; overrides policy.dasd_proactive_delta):
after every event, one stream at a time moves across a migration edge whose
load difference is at least δ.

--time-limit (or an interrupt) stops the replications: every point shows
the means over its finished replications with their count (column "runs"),
the table ends with a line "partial: ...", JSON output carries
"partial": true and the counts, and the exit code is 1.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			ctx, cancel, err := rf.start(cmd, backend)
			if err != nil {
				return err
			}
			defer cancel()
			in, err := readModel(input, format, rmts.Parse)
			if err != nil {
				return err
			}
			if cmd.Flags().Changed("dasd-proactive") {
				in.Policy.DASDProactiveDelta = proactive
				if err := in.Validate(); err != nil {
					return inputError(fmt.Errorf("--dasd-proactive: %w", err))
				}
			}
			sc, err := rmts.Build(in)
			if err != nil {
				return inputError(fmt.Errorf("%s: %w", input, err))
			}
			ex := rmts.Experiment{Progress: rf.task("rmts", "replications"), Bound: bound, Backend: backend}
			if ex.Policies, err = parseRMTSPolicies(policy); err != nil {
				return inputError(fmt.Errorf("--policy: %w", err))
			}
			if sweep != "" {
				if ex.Rates, err = parseSweep(sweep); err != nil {
					return inputError(fmt.Errorf("--sweep: %w", err))
				}
			}
			if alphas != "" {
				for _, f := range strings.Split(alphas, ",") {
					a, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
					if err != nil || !(a >= 0 && a <= 1) {
						return inputError(fmt.Errorf("--alpha: each value must be a number in [0, 1], got %q", f))
					}
					ex.Alphas = append(ex.Alphas, a)
				}
			}
			if cmd.Flags().Changed("runs") {
				if err := checkCount("--runs", runs, rmts.MaxRuns, "replications"); err != nil {
					return err
				}
				ex.Runs = runs
			}
			if cmd.Flags().Changed("seed") {
				ex.Seed = &seed
			}
			if err := checkWorkers(workers); err != nil {
				return err
			}
			ex.Workers = workers
			if !sc.Graph.Connected() {
				fmt.Fprintf(cmd.ErrOrStderr(), "solve: warning: the migration graph has %d components; requests cannot migrate between them\n", len(sc.Graph.Components()))
			}
			if export != "" {
				if !bound {
					return inputError(errors.New("--export: writes the offline bound's LP, so it needs --bound"))
				}
				if err := exportRMTS(export, sc, ex); err != nil {
					return err
				}
			}
			start := time.Now()
			res, err := sc.Run(ctx, ex)
			partial := ""
			if stopped(ctx, err) && res != nil {
				rf.printer.Clear()
				partial = fmt.Sprintf("%d of %d replications", res.Done, res.Total)
				if res.Done == 0 && len(res.Bounds) > 0 {
					nb := 0
					for _, b := range res.Bounds {
						nb += b.Runs
					}
					partial = fmt.Sprintf("the offline LP bounds of %d of %d traces, before any simulation", nb, len(res.Rates)*res.Runs)
				}
				err = nil
			}
			if err != nil {
				if errors.Is(err, rmts.ErrInput) {
					return inputError(err)
				}
				return internalError(err)
			}
			wall := time.Since(start)
			fmt.Fprintf(cmd.ErrOrStderr(), "solve: %d events in %.1f s (%.0f events/s)\n", res.Events, wall.Seconds(), float64(res.Events)/wall.Seconds())
			w := cmd.OutOrStdout()
			if format == "json" {
				j := rmtsJSON(sc, res)
				if partial != "" {
					j.Partial, j.StoppedBy = true, stoppedBy(ctx)
				}
				err = writeJSON(w, j)
			} else {
				err = writeRMTSTable(w, sc, res)
				if err == nil && partial != "" {
					_, err = fmt.Fprintln(w, rf.partialLine(ctx, partial))
				}
			}
			if err != nil {
				return internalError(err)
			}
			if csvFile != "" {
				if err := createFile(csvFile, func(w io.Writer) error { return render.RMTSCSV(w, res) }); err != nil {
					return inputError(fmt.Errorf("--csv: %w", err))
				}
			}
			if plotDir != "" {
				files, err := render.RMTSFigures(plotDir, res)
				if err != nil {
					return inputError(fmt.Errorf("--plot: %w", err))
				}
				for _, f := range files {
					fmt.Fprintf(cmd.ErrOrStderr(), "solve: wrote %s\n", f)
				}
			}
			if partial != "" {
				return rf.partialExit(ctx)
			}
			return nil
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&input, "input", "", "instance file (JSON, see models/rmts/schema.json)")
	fl.StringVar(&policy, "policy", "all", "policies: rmts|rem|dasd|last-minute|max-flow|all, or a comma list")
	fl.StringVar(&sweep, "sweep", "", "arrival-rate sweep, e.g. xi=36:44 (start:end[:step]) or xi=36,40,44")
	fl.StringVar(&alphas, "alpha", "", "RMTS weights α, comma list (default: the instance's policy.alpha)")
	fl.IntVar(&runs, "runs", 0, "replications per point (default: the instance's runs, else 20)")
	addWorkersFlag(fl, &workers)
	fl.Uint64Var(&seed, "seed", 0, "seed of the traces (default: the instance's seed)")
	fl.StringVar(&plotDir, "plot", "", "write Figs. 4–7 (PNG, 95% CI) to this directory")
	fl.StringVar(&csvFile, "csv", "", "write every metric (mean, CI half-width) to this CSV file")
	fl.StringVar(&format, "format", "table", "output format: table|json")
	fl.BoolVar(&bound, "bound", false, "also solve the offline LP bound of every trace and report each policy's gap to it (small instances)")
	fl.StringVar(&backend, "backend", "auto", "LP backend for --bound")
	fl.StringVar(&export, "export", "", "with --bound: write the offline bound's LP of replication 0 at the first rate to this file"+exportFlagHelp)
	fl.IntVar(&proactive, "dasd-proactive", 0, "δ of DASD dancing's proactive mode, >= 2 (0 = off; default: the instance's policy.dasd_proactive_delta)")
	addRunFlags(fl, &rf)
	return cmd
}

func parseRMTSPolicies(s string) ([]rmts.Policy, error) {
	if strings.EqualFold(strings.TrimSpace(s), "all") {
		return rmts.Policies, nil
	}
	var out []rmts.Policy
	for _, f := range strings.Split(s, ",") {
		p, err := rmts.ParsePolicy(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}

// parseSweep reads xi=a:b[:step] or xi=v1,v2,….
func parseSweep(s string) ([]float64, error) {
	name, spec, ok := strings.Cut(s, "=")
	if !ok || strings.TrimSpace(name) != "xi" {
		return nil, fmt.Errorf("must look like xi=36:44 or xi=36,40,44, got %q", s)
	}
	num := func(f string) (float64, error) {
		v, err := strconv.ParseFloat(strings.TrimSpace(f), 64)
		if err != nil || !(v > 0) || math.IsInf(v, 0) {
			return 0, fmt.Errorf("each rate must be a number > 0, got %q", f)
		}
		return v, nil
	}
	if strings.Contains(spec, ":") {
		parts := strings.Split(spec, ":")
		if len(parts) > 3 {
			return nil, fmt.Errorf("range must be start:end[:step], got %q", spec)
		}
		var vs []float64
		for _, p := range parts {
			v, err := num(p)
			if err != nil {
				return nil, err
			}
			vs = append(vs, v)
		}
		step := 1.0
		if len(vs) == 3 {
			step = vs[2]
		}
		if vs[1] < vs[0] {
			return nil, fmt.Errorf("range end %g is below its start %g", vs[1], vs[0])
		}
		n := int(math.Floor((vs[1]-vs[0])/step+1e-9)) + 1
		if n > 1000 {
			return nil, fmt.Errorf("range has %d points, at most 1000", n)
		}
		out := make([]float64, n)
		for i := range out {
			out[i] = vs[0] + float64(i)*step
		}
		return out, nil
	}
	var out []float64
	for _, f := range strings.Split(spec, ",") {
		v, err := num(f)
		if err != nil {
			return nil, err
		}
		out = append(out, v)
	}
	return out, nil
}

// rmtsColumn is a metric the table shows, with its header.
type rmtsColumn struct {
	key  rmts.Metric
	head string
}

var rmtsColumns = []rmtsColumn{
	{rmts.MetricSuccess, "success μ"},
	{rmts.MetricDelay, "delay (τ)"},
	{rmts.MetricMigrationsPerReq, "migrations/req"},
	{rmts.MetricSuccessAll, "μ from empty"},
	{rmts.MetricFailureTerminations, "failure terms"},
	{rmts.MetricLoadVariance, "load variance"},
	{rmts.MetricProactiveMovesPerReq, "proactive moves/req"},
	{rmts.MetricBoundGap, "gap to LP /arrival"},
}

// rmtsTableColumns drops the columns no point has: the proactive moves
// without DASD's proactive mode, the LP gap without --bound.
func rmtsTableColumns(r *rmts.ExperimentResult) []rmtsColumn {
	var out []rmtsColumn
	for _, c := range rmtsColumns {
		for _, pt := range r.Points {
			if st, ok := pt.Stat(c.key); ok && !math.IsNaN(st.Mean) {
				out = append(out, c)
				break
			}
		}
	}
	return out
}

func writeRMTSTable(w io.Writer, sc *rmts.Scenario, r *rmts.ExperimentResult) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	in := sc.In
	proactive := ""
	if d := sc.Params.DASDProactiveDelta; d > 0 {
		proactive = fmt.Sprintf(", DASD proactive δ=%d", d)
	}
	fmt.Fprintf(tw, "%d servers × L=%d, %d contents, Γ=%d%s, runs=%d, seed=%d, horizon %g min (warm-up %g)  %s\n",
		sc.Servers, sc.Capacity, sc.Contents, sc.Params.Gamma, proactive, r.Runs, r.Seed, in.Arrivals.Horizon, in.Arrivals.Warmup, ciNote(r.Runs))
	cols := rmtsTableColumns(r)
	head := []string{"policy", "ξ", "α"}
	if r.Partial() {
		head = append(head, "runs") // the finished replications of each point
	}
	for _, c := range cols {
		head = append(head, c.head)
	}
	fmt.Fprintln(tw, strings.Join(head, "\t"))
	for _, pt := range r.Points {
		a := "-"
		if pt.Policy.UsesAlpha() {
			a = strconv.FormatFloat(pt.Alpha, 'g', -1, 64)
		} else if pt.Alpha != r.Alphas[0] {
			continue // α-independent policy: shown once per rate
		}
		row := []string{pt.Policy.String(), strconv.FormatFloat(pt.Rate, 'g', -1, 64), a}
		if r.Partial() {
			row = append(row, strconv.Itoa(pt.Stats.Runs))
		}
		for _, c := range cols {
			st, ok := pt.Stat(c.key)
			if !ok || math.IsNaN(st.Mean) {
				row = append(row, "-")
				continue
			}
			prec := 4
			if c.key == rmts.MetricFailureTerminations {
				prec = 2
			}
			row = append(row, ci(st, prec))
		}
		fmt.Fprintln(tw, strings.Join(row, "\t"))
	}
	for i, b := range r.Bounds {
		if st, ok := r.BoundStat(i, rmts.MetricBoundSuccess); ok {
			runs := ""
			if b.Runs < r.Runs {
				runs = fmt.Sprintf(" (%d of %d traces)", b.Runs, r.Runs)
			}
			fmt.Fprintf(tw, "offline LP bound at ξ = %g: admits %s of the arrivals (from empty)%s\n", r.Rates[i], ci(st, 4), runs)
		}
	}
	return tw.Flush()
}

type rmtsJSONPoint struct {
	Policy   string              `json:"policy"`
	Rate     float64             `json:"xi"`
	Alpha    *float64            `json:"alpha,omitempty"`
	RunsDone int                 `json:"runs_done"`
	Metrics  map[string]jsonStat `json:"metrics"`
}

type rmtsJSONResult struct {
	Servers   int `json:"servers"`
	Capacity  int `json:"capacity"`
	Contents  int `json:"contents"`
	Gamma     int `json:"gamma"`
	Proactive int `json:"dasd_proactive_delta,omitempty"`
	Runs      int `json:"runs"`
	// Replications (one per trace and cell) asked for and finished.
	Replications     int             `json:"replications"`
	ReplicationsDone int             `json:"replications_done"`
	Partial          bool            `json:"partial,omitempty"`
	StoppedBy        string          `json:"stopped_by,omitempty"` // "time_limit" or "interrupt"
	Seed             uint64          `json:"seed"`
	Connected        bool            `json:"graph_connected"`
	Points           []rmtsJSONPoint `json:"points"`
	Bounds           []rmtsJSONBound `json:"bounds,omitempty"`
}

type rmtsJSONBound struct {
	Rate    float64             `json:"xi"`
	Metrics map[string]jsonStat `json:"metrics"`
}

func rmtsJSON(sc *rmts.Scenario, r *rmts.ExperimentResult) rmtsJSONResult {
	out := rmtsJSONResult{Servers: sc.Servers, Capacity: sc.Capacity, Contents: sc.Contents, Gamma: sc.Params.Gamma,
		Proactive: sc.Params.DASDProactiveDelta, Runs: r.Runs, Replications: r.Total, ReplicationsDone: r.Done,
		Seed: r.Seed, Connected: sc.Graph.Connected()}
	for _, pt := range r.Points {
		jp := rmtsJSONPoint{Policy: pt.Policy.String(), Rate: pt.Rate, RunsDone: pt.Stats.Runs, Metrics: map[string]jsonStat{}}
		if pt.Policy.UsesAlpha() {
			a := pt.Alpha
			jp.Alpha = &a
		} else if pt.Alpha != r.Alphas[0] {
			continue
		}
		for _, m := range pt.Stats.Metrics {
			if math.IsNaN(m.Mean) {
				continue
			}
			jp.Metrics[m.Name] = jsonStat{m.Mean, m.HalfWidth, m.N}
		}
		out.Points = append(out.Points, jp)
	}
	for i, b := range r.Bounds {
		jb := rmtsJSONBound{Rate: r.Rates[i], Metrics: map[string]jsonStat{}}
		for _, m := range b.Metrics {
			jb.Metrics[m.Name] = jsonStat{m.Mean, m.HalfWidth, m.N}
		}
		out.Bounds = append(out.Bounds, jb)
	}
	return out
}

// exportRMTS writes the offline bound LP of the first trace ex bounds:
// replication 0 at its first rate, with its seed.
func exportRMTS(path string, sc *rmts.Scenario, ex rmts.Experiment) error {
	pl, err := sc.Plan(ex)
	if err != nil {
		return inputError(err)
	}
	m, about, err := sc.ExportBound(pl.Seed, pl.Rates[0], 0)
	if err != nil {
		return inputError(fmt.Errorf("--export: %w", err))
	}
	return writeExport("--export", path, m, about)
}
