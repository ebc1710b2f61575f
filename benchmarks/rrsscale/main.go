package main

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"flag"
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"runtime/pprof"
	"strconv"
	"strings"
	"time"

	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/qp"
)

// generate returns a reproducible random concave instance with s DCs and r
// regions (rrs.Random with spread 0).
func generate(s, r int, seed uint64) *rrs.Instance { return rrs.Random(s, r, seed, 0) }

// export writes the lifted QP  min ½ Σ d_k t_k² − cᵀx  s.t. Gx ≤ h, Ex = e,
// u_kᵀx = t_k, x ≥ 0  as JSON for the cvxopt reference script.
func export(p *qp.Problem, path string) error {
	type trip struct {
		I, J []int
		V    []float64
	}
	doc := struct {
		N    int       `json:"n"`
		C    []float64 `json:"c"`
		G    trip      `json:"g"`
		H    []float64 `json:"h"`
		E    trip      `json:"e"`
		B    []float64 `json:"b"`
		U    trip      `json:"u"` // K × n
		D    []float64 `json:"d"`
		Name string    `json:"name"`
	}{N: p.NumVars(), C: p.C}
	for i, r := range p.G {
		for k, j := range r.Ind {
			doc.G.I, doc.G.J, doc.G.V = append(doc.G.I, i), append(doc.G.J, j), append(doc.G.V, r.Val[k])
		}
		doc.H = append(doc.H, r.RHS)
	}
	for i, r := range p.E {
		for k, j := range r.Ind {
			doc.E.I, doc.E.J, doc.E.V = append(doc.E.I, i), append(doc.E.J, j), append(doc.E.V, r.Val[k])
		}
		doc.B = append(doc.B, r.RHS)
	}
	for k, b := range p.Blocks {
		if b.U == nil {
			return fmt.Errorf("block %d is dense; the export handles low-rank blocks", k)
		}
		if _, c := b.U.Dims(); c != 1 {
			return fmt.Errorf("block %d has rank %d; the export handles rank one (uniform κ)", k, c)
		}
		for a, j := range b.Vars {
			doc.U.I, doc.U.J, doc.U.V = append(doc.U.I, k), append(doc.U.J, j), append(doc.U.V, b.U.At(a, 0))
		}
		doc.D = append(doc.D, -b.S.At(0, 0))
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	if err := json.NewEncoder(f).Encode(doc); err != nil {
		f.Close()
		return err
	}
	return f.Close()
}

type row struct {
	s, r, vars       int
	seconds          float64
	iters            int
	profit, residual float64
	refSeconds       float64
	refObj           float64
	refNote          string
}

func main() {
	sizes := flag.String("sizes", "10x100,25x250,50x500,100x1000,150x1500,200x2000", "comma-separated DCs×regions")
	seed := flag.Uint64("seed", 1, "random seed of the instance generator")
	cvx := flag.Bool("cvxopt", false, "also solve each instance with cvxopt (needs /usr/bin/python3 with python3-cvxopt)")
	clpRef := flag.Bool("clp", false, "also solve each instance with CLP's barrier (the clp command of coinor-clp)")
	clpCmd := flag.String("clp-command", "clp", "CLP executable")
	cvxMax := flag.Int("cvxopt-max", 100000, "largest number of variables given to cvxopt")
	python := flag.String("python", "/usr/bin/python3", "Python interpreter with cvxopt")
	csvPath := flag.String("csv", "", "write the results to this CSV file")
	nonconvex := flag.Bool("nonconvex", false, "non-concave instances (slopes spread by -spread): time the global method to -gap within -budget, against -multistart local solves")
	spread := flag.Float64("spread", 0.75, "relative spread of the revenue slopes with -nonconvex")
	gap := flag.Float64("gap", 1e-4, "relative gap the global method must prove with -nonconvex")
	budget := flag.Duration("budget", 10*time.Minute, "time budget of the global method per instance with -nonconvex")
	starts := flag.Int("multistart", 200, "number of multistart local solves to compare with, with -nonconvex")
	workers := flag.Int("workers", 1, "goroutines running the multistart local solves with -nonconvex")
	msBudget := flag.Duration("multistart-budget", 0, "start no new multistart local solve after this long (0: run all -multistart)")
	track := flag.Bool("track", false, "multistart local solves with qp.LocalOptions.Track (faster, less diverse)")
	shardFlag := flag.String("shard", "0/1", "with -nonconvex, run only the multistart starts k ≡ i (mod n) of shard i/n (or slurm, k8s/n) and skip the global method; needs -records")
	records := flag.String("records", "", "with -nonconvex: stream every finished multistart start to this record file (.jsonl or .jsonl.gz; with several -sizes, one file per size, the size before the extension)")
	merge := flag.Bool("merge", false, "merge the multistart record files given as arguments (the shards of one size) and print the unsharded multistart's best")
	backend := flag.String("backend", "auto", "LP backend of the global method's relaxations with -nonconvex (simplex; clp when built with -tags clp)")
	seeds := flag.String("seeds", "", "with -nonconvex -checkpoints: instance seeds, FIRST..LAST or a list (default: -seed)")
	checkpoints := flag.String("checkpoints", "", "with -nonconvex: print the proven gap of the global method at these times (e.g. 1m,5m,10m), per size and seed, instead of the multistart comparison")
	searches := flag.String("search", rrs.SearchShares, "with -nonconvex -checkpoints: the global method's searches to run, comma-separated (shares, secant: the previous version)")
	plotPath := flag.String("plot", "", "with -nonconvex -checkpoints: draw the proven gap against time to this file (.svg, .png, .pdf)")
	cpuProfile := flag.String("cpuprofile", "", "write a CPU profile of the run to this file (go tool pprof)")
	flag.Parse()
	if *cpuProfile != "" {
		stop, err := startProfile(*cpuProfile)
		if err != nil {
			fmt.Fprintln(os.Stderr, "rrsscale: -cpuprofile:", err)
			os.Exit(2)
		}
		defer stop()
	}
	if *merge {
		if flag.NArg() == 0 {
			fmt.Fprintln(os.Stderr, "rrsscale: -merge: name the record files")
			os.Exit(2)
		}
		os.Exit(mergeMultistart(flag.Args()))
	}
	if *nonconvex && *checkpoints != "" {
		cps, err := parseCheckpoints(*checkpoints)
		if err != nil {
			fmt.Fprintln(os.Stderr, "rrsscale:", err)
			os.Exit(2)
		}
		list := []uint64{*seed}
		if *seeds != "" {
			if list, err = parseSeeds(*seeds); err != nil {
				fmt.Fprintln(os.Stderr, "rrsscale:", err)
				os.Exit(2)
			}
		}
		os.Exit(runTimelines(*sizes, list, *spread, *gap, cps, strings.Split(*searches, ","), *plotPath))
	}
	if *nonconvex {
		sp, err := shard.Parse("-shard", *shardFlag, os.Getenv)
		if err != nil {
			fmt.Fprintln(os.Stderr, "rrsscale:", err)
			os.Exit(2)
		}
		code := runNonConvex(*sizes, *seed, *spread, *gap, *budget, *starts, *workers, *msBudget, *track, *backend, sp, *records)
		if *cpuProfile != "" {
			pprof.StopCPUProfile()
		}
		os.Exit(code)
	}
	var rows []row
	fmt.Printf("rrsscale: seed %d, GOMAXPROCS %d, %s/%s\n", *seed, runtime.GOMAXPROCS(0), runtime.GOOS, runtime.GOARCH)
	fmt.Printf("%10s %9s %9s %6s %14s %10s %12s %10s\n", "DCs×regs", "variables", "qp (s)", "iters", "profit", "KKT res", "ref (s)", "ref/qp")
	for _, sz := range strings.Split(*sizes, ",") {
		s, r, ok := parseSize(sz)
		if !ok {
			os.Exit(2)
		}
		in := generate(s, r, *seed)
		p, err := in.Compile()
		if err != nil {
			fmt.Fprintln(os.Stderr, "rrsscale:", err)
			os.Exit(3)
		}
		start := time.Now()
		sol, err := p.SolveConvex(context.Background(), qp.ConvexOptions{})
		el := time.Since(start).Seconds()
		if err != nil {
			fmt.Fprintln(os.Stderr, "rrsscale:", err)
			os.Exit(3)
		}
		rw := row{s: s, r: r, vars: p.NumVars(), seconds: el, iters: sol.Iterations, profit: sol.Objective, residual: sol.Residuals.Max(),
			refSeconds: math.NaN(), refObj: math.NaN()}
		switch {
		case *clpRef:
			rw.refSeconds, rw.refObj, rw.refNote = runCLP(*clpCmd, p)
		case *cvx && p.NumVars() <= *cvxMax:
			rw.refSeconds, rw.refObj, rw.refNote = runCvxopt(*python, p)
		}
		rows = append(rows, rw)
		ratio := rw.refSeconds / rw.seconds
		fmt.Printf("%10s %9d %9.3f %6d %14.4f %10.1e %12.3f %10.2f %s\n", fmt.Sprintf("%dx%d", s, r), rw.vars, rw.seconds, rw.iters,
			rw.profit, rw.residual, rw.refSeconds, ratio, rw.refNote)
	}
	if len(rows) >= 2 {
		a, b := rows[0], rows[len(rows)-1]
		k := math.Log(b.seconds/a.seconds) / math.Log(float64(b.vars)/float64(a.vars))
		fmt.Printf("time grows like (variables)^%.2f between %d and %d variables\n", k, a.vars, b.vars)
	}
	if *csvPath != "" {
		f, err := os.Create(*csvPath)
		if err != nil {
			fmt.Fprintln(os.Stderr, "rrsscale:", err)
			os.Exit(2)
		}
		w := csv.NewWriter(f)
		_ = w.Write([]string{"dcs", "regions", "variables", "qp_seconds", "qp_iterations", "profit", "kkt_residual", "reference_seconds", "reference_profit"})
		for _, r := range rows {
			g := func(v float64) string { return strconv.FormatFloat(v, 'g', 8, 64) }
			_ = w.Write([]string{strconv.Itoa(r.s), strconv.Itoa(r.r), strconv.Itoa(r.vars), g(r.seconds), strconv.Itoa(r.iters), g(r.profit), g(r.residual), g(r.refSeconds), g(r.refObj)})
		}
		w.Flush()
		if err := f.Close(); err != nil || w.Error() != nil {
			fmt.Fprintln(os.Stderr, "rrsscale: writing CSV failed")
			os.Exit(3)
		}
	}
}

// writeQPMPS writes the lifted QP as MPS with a QUADOBJ section (read by
// CLP): min ½ Σ d_k t_k² − cᵀx over the rows of G, E and u_kᵀx − t_k = 0.
func writeQPMPS(p *qp.Problem, path string) error {
	m := lp.New("rrs_qp", lp.Minimize)
	n := p.NumVars()
	for j := 0; j < n; j++ {
		m.AddVar(fmt.Sprintf("x%d", j), 0, lp.Inf, -p.C[j])
	}
	for i, r := range p.G {
		var t []lp.Term
		for k, j := range r.Ind {
			t = append(t, lp.Term{Var: j, Coef: r.Val[k]})
		}
		m.AddLE(fmt.Sprintf("g%d", i), r.RHS, t...)
	}
	for i, r := range p.E {
		var t []lp.Term
		for k, j := range r.Ind {
			t = append(t, lp.Term{Var: j, Coef: r.Val[k]})
		}
		m.AddEQ(fmt.Sprintf("e%d", i), r.RHS, t...)
	}
	var quad bytes.Buffer
	quad.WriteString("QUADOBJ\n")
	for k, b := range p.Blocks {
		if b.U == nil {
			return fmt.Errorf("block %d is dense; the export handles low-rank blocks", k)
		}
		if _, c := b.U.Dims(); c != 1 {
			return fmt.Errorf("block %d has rank %d; the export handles rank one (uniform κ)", k, c)
		}
		tk := m.AddVar(fmt.Sprintf("t%d", k), math.Inf(-1), lp.Inf, 0)
		t := []lp.Term{{Var: tk, Coef: -1}}
		for a, j := range b.Vars {
			t = append(t, lp.Term{Var: j, Coef: b.U.At(a, 0)})
		}
		m.AddEQ(fmt.Sprintf("u%d", k), 0, t...)
		fmt.Fprintf(&quad, " t%d t%d %.17g\n", k, k, -b.S.At(0, 0))
	}
	var buf bytes.Buffer
	if err := mps.Write(&buf, m, mps.WriteOptions{Format: mps.Free}); err != nil {
		return err
	}
	out := bytes.TrimSuffix(bytes.TrimRight(buf.Bytes(), "\n"), []byte("ENDATA"))
	out = append(out, quad.Bytes()...)
	out = append(out, "ENDATA\n"...)
	return os.WriteFile(path, out, 0o644)
}

var clpTime = regexp.MustCompile(`Optimal objective\s+(\S+)\s+-\s+\d+ iterations time (\S+)`)

// runCLP exports p as a QP in MPS and solves it with CLP's barrier; it
// returns CLP's reported solve time and the profit.
func runCLP(clp string, p *qp.Problem) (float64, float64, string) {
	dir, err := os.MkdirTemp("", "rrsscale")
	if err != nil {
		return math.NaN(), math.NaN(), err.Error()
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "qp.mps")
	if err := writeQPMPS(p, path); err != nil {
		return math.NaN(), math.NaN(), err.Error()
	}
	out, err := exec.Command(clp, path, "-barrier").CombinedOutput()
	mt := clpTime.FindSubmatch(out)
	if err != nil || mt == nil {
		lines := strings.Split(strings.TrimSpace(string(out)), "\n")
		return math.NaN(), math.NaN(), "clp failed: " + lines[len(lines)-1]
	}
	obj, _ := strconv.ParseFloat(string(mt[1]), 64)
	sec, _ := strconv.ParseFloat(string(mt[2]), 64)
	return sec, -obj, fmt.Sprintf("clp barrier, profit %.4f", -obj)
}

// runCvxopt exports p and runs cvxopt_ref.py on it; it returns cvxopt's
// solve time and the profit it found.
func runCvxopt(python string, p *qp.Problem) (float64, float64, string) {
	dir, err := os.MkdirTemp("", "rrsscale")
	if err != nil {
		return math.NaN(), math.NaN(), err.Error()
	}
	defer os.RemoveAll(dir)
	path := filepath.Join(dir, "qp.json")
	if err := export(p, path); err != nil {
		return math.NaN(), math.NaN(), err.Error()
	}
	script := filepath.Join("benchmarks", "rrsscale", "cvxopt_ref.py")
	out, err := exec.Command(python, script, path).CombinedOutput()
	if err != nil {
		return math.NaN(), math.NaN(), "cvxopt failed: " + strings.TrimSpace(string(out))
	}
	var res struct {
		Seconds float64 `json:"seconds"`
		Profit  float64 `json:"profit"`
		Status  string  `json:"status"`
	}
	lines := strings.Split(strings.TrimSpace(string(out)), "\n")
	if err := json.Unmarshal([]byte(lines[len(lines)-1]), &res); err != nil {
		return math.NaN(), math.NaN(), "cvxopt output: " + lines[len(lines)-1]
	}
	return res.Seconds, res.Profit, fmt.Sprintf("cvxopt %s, profit %.4f", res.Status, res.Profit)
}

// startProfile starts a CPU profile written to path; stop ends it.
func startProfile(path string) (stop func(), err error) {
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	if err := pprof.StartCPUProfile(f); err != nil {
		f.Close()
		return nil, err
	}
	return func() { pprof.StopCPUProfile(); f.Close() }, nil
}

// parseSize reads one entry DCSxREGIONS of -sizes; on a bad one it says so
// on stderr and reports false.
func parseSize(sz string) (s, r int, ok bool) {
	if _, err := fmt.Sscanf(strings.TrimSpace(sz), "%dx%d", &s, &r); err != nil || s <= 0 || r <= 0 {
		fmt.Fprintf(os.Stderr, "rrsscale: -sizes: bad entry %q (want DCSxREGIONS)\n", sz)
		return 0, 0, false
	}
	return s, r, true
}
