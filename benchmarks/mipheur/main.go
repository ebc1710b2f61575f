// Command mipheur measures the primal heuristics of lp/mip on the shared
// MILP instances: each instance of the folders' optimal.csv is solved once
// with the switches given by -set, under a CPU-time limit, and one CSV row
// per instance reports the status, the final primal gap to the known
// optimum, and the CPU time and nodes to the first incumbent.
//
//	nice -n 15 env GOMAXPROCS=1 go run ./benchmarks/mipheur -set rins=off > rins-off.csv
//
// -set takes comma-separated name=on|off|auto pairs, the names of
// mip.SwitchNames (feasjump, oneopt, rens, rins, conflicts, ...). The CPU
// time is the process's user+system time (getrusage), which on a loaded
// machine is steadier than the wall clock; run it with GOMAXPROCS=1 to use
// one core. -cpuprofile writes a CPU profile of the run for go tool pprof.
// -threads sets mip.Options.Threads (1 by default); the wall
// time of each solve is reported beside its CPU time, so that a parallel
// search's speed-up can be read off. -clock chooses what -cpu limits:
// "cpu" (the default) the process's CPU time, "wall" the elapsed time,
// which is what a user of several threads waits for. -nodes stops each
// solve after that many nodes (mip.Options.NodeLimit), so that two builds
// can be compared on the same search: the same nodes, and the CPU time
// they took.
package main

import (
	"context"
	"encoding/csv"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/streamopt/streamopt/internal/cputime"
	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp/mip"
	"github.com/streamopt/streamopt/lp/mps"
)

func main() {
	if err := run(os.Args[1:], os.Stdout, os.Stderr); err != nil {
		fmt.Fprintln(os.Stderr, "mipheur:", err)
		os.Exit(2)
	}
}

func run(args []string, stdout, stderr io.Writer) error {
	fs := flag.NewFlagSet("mipheur", flag.ContinueOnError)
	fs.SetOutput(stderr)
	var dirs []string
	fs.Func("dir", "folder of MPS files (.mps or .mps.gz) with optimal.csv (repeatable; default: the shared miplib3 and miplib folders)", func(v string) error { dirs = append(dirs, v); return nil })
	limit := fs.Duration("cpu", 20*time.Second, "time limit of each solve (CPU or wall time, see -clock)")
	clock := fs.String("clock", "cpu", "what -cpu limits: cpu (the process's CPU time) or wall (elapsed time)")
	set := fs.String("set", "", "switches, e.g. feasjump=off,rins=on")
	logOn := fs.Bool("log", false, "write the search log to standard error")
	only := fs.String("only", "", "comma-separated instance names to run (default: all)")
	threads := fs.Int("threads", 1, "threads of the tree search (mip.Options.Threads; 0 = all cores)")
	profile := fs.String("cpuprofile", "", "write a CPU profile of all the solves to this file (go tool pprof)")
	nodes := fs.Int("nodes", 0, "node limit of each solve (mip.Options.NodeLimit; 0 = none)")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if *profile != "" {
		f, err := os.Create(*profile)
		if err != nil {
			return fmt.Errorf("-cpuprofile: %w", err)
		}
		defer f.Close()
		if err := pprof.StartCPUProfile(f); err != nil {
			return fmt.Errorf("-cpuprofile: %w", err)
		}
		defer pprof.StopCPUProfile()
	}
	if *limit <= 0 {
		return fmt.Errorf("-cpu: must be > 0, got %v", *limit)
	}
	if *clock != "cpu" && *clock != "wall" {
		return fmt.Errorf("-clock: want cpu or wall, got %q", *clock)
	}
	opts, err := parseSet(*set)
	if err != nil {
		return err
	}
	if *threads < 0 {
		return fmt.Errorf("-threads: must be >= 0 (0 = all cores), got %d", *threads)
	}
	opts.Threads = *threads
	if *nodes < 0 {
		return fmt.Errorf("-nodes: must be >= 0 (0 = no limit), got %d", *nodes)
	}
	opts.NodeLimit = *nodes
	if *logOn {
		opts.Log, opts.LogEvery = stderr, 5000
	}
	if len(dirs) == 0 {
		root, err := instances.SharedDir()
		if err != nil {
			return fmt.Errorf("no -dir given and %v", err)
		}
		dirs = []string{filepath.Join(root, "miplib3"), filepath.Join(root, "miplib")}
	}
	w := csv.NewWriter(stdout)
	w.Write([]string{"instance", "set", "status", "objective", "optimum", "gap", "cpu_s", "wall_s", "nodes", "first_cpu_s", "first_nodes", "first_source"})
	for _, dir := range dirs {
		list, err := readOptima(dir)
		if err != nil {
			return err
		}
		for _, in := range list {
			if *only != "" && !contains(strings.Split(*only, ","), in.Name) {
				continue
			}
			fmt.Fprintf(stderr, "%s/%s\n", filepath.Base(dir), in.Name)
			row, err := solveOne(in, opts, *limit, *clock == "wall", *set)
			if err != nil {
				return fmt.Errorf("%s: %w", in.Name, err)
			}
			w.Write(row)
			w.Flush()
		}
	}
	w.Flush()
	return w.Error()
}

func contains(list []string, s string) bool {
	for _, v := range list {
		if v == s {
			return true
		}
	}
	return false
}

// parseSet reads -set into the switches of mip.Options.
func parseSet(set string) (mip.Options, error) {
	var o mip.Options
	if err := o.SetSwitches(set); err != nil {
		return o, fmt.Errorf("-set: %w", err)
	}
	return o, nil
}

// readOptima lists the instances of dir/optimal.csv whose MPS file exists.
func readOptima(dir string) ([]instances.Instance, error) {
	list, err := instances.Dir(dir)
	if err != nil {
		return nil, err
	}
	var out []instances.Instance
	for _, in := range list {
		if _, err := os.Stat(in.Path); err == nil {
			out = append(out, in)
		}
	}
	return out, nil
}

// solveOne solves one instance with a limit of CPU time (of wall time
// with wall) and returns its row.
func solveOne(in instances.Instance, opts mip.Options, limit time.Duration, wall bool, set string) ([]string, error) {
	m, err := mps.ReadFile(in.Path)
	if err != nil {
		return nil, err
	}
	t0 := cputime.Process()
	withLimit := cputime.WithLimit
	if wall {
		withLimit = context.WithTimeout
	}
	ctx, cancel := withLimit(context.Background(), limit)
	defer cancel()
	w0 := time.Now()
	firstCPU, firstNodes, firstSrc := math.NaN(), -1, ""
	opts.Callbacks.Event = func(e mip.Event) error {
		if e.Kind == mip.IncumbentEvent && firstNodes < 0 {
			firstCPU, firstNodes, firstSrc = (cputime.Process() - t0).Seconds(), e.Nodes, e.Source
		}
		return nil
	}
	sol, err := mip.Solve(ctx, m, opts)
	used, elapsed := cputime.Process()-t0, time.Since(w0)
	if err != nil && !errors.Is(err, context.Canceled) {
		return nil, err
	}
	if sol == nil {
		return nil, fmt.Errorf("no solution: %v", err)
	}
	gap := math.Inf(1)
	if sol.HasPrimal() {
		gap = math.Abs(sol.Objective-in.Optimum) / math.Max(1, math.Abs(in.Optimum))
	}
	obj := ""
	if sol.HasPrimal() {
		obj = strconv.FormatFloat(sol.Objective, 'g', 10, 64)
	}
	f := func(v float64) string { return strconv.FormatFloat(v, 'g', 4, 64) }
	return []string{in.Name, set, sol.Status.String(), obj, strconv.FormatFloat(in.Optimum, 'g', 10, 64), f(gap),
		f(used.Seconds()), f(elapsed.Seconds()), strconv.Itoa(sol.Nodes), f(firstCPU), strconv.Itoa(firstNodes), firstSrc}, nil
}
