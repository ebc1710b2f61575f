package rmts

import (
	"context"
	"encoding/json"
	"errors"
	"math"
	"math/rand/v2"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/jsontest"
	"github.com/streamopt/streamopt/sim"
)

func ptr[T any](x T) *T { return &x }

func paperInstance(t testing.TB) *Instance {
	t.Helper()
	return jsontest.Parse(t, filepath.Join("..", "..", "examples", "rmts-paper.json"), Parse)
}

// TestReplicaCountsSpecB7 checks the numbers quoted in spec B.7 for
// R_tot = 600, 200 contents, θ = 0.27, 20 servers: top-10 counts
// (20, 20, 20, 18, 15, 13, 12, 11, 10, 9), 52 titles with one copy,
// p_1 = 0.081.
func TestReplicaCountsSpecB7(t *testing.T) {
	sc, err := Build(paperInstance(t))
	if err != nil {
		t.Fatal(err)
	}
	if p1 := sc.Pop.P(0); math.Abs(p1-0.081) > 0.0005 {
		t.Errorf("p_1 = %.4f, spec B.7 says 0.081", p1)
	}
	want := []int{20, 20, 20, 18, 15, 13, 12, 11, 10, 9}
	total, ones := 0, 0
	for v, hs := range sc.Holders {
		if v < len(want) && len(hs) != want[v] {
			t.Errorf("r_%d = %d, spec B.7 says %d", v+1, len(hs), want[v])
		}
		total += len(hs)
		if len(hs) == 1 {
			ones++
		}
	}
	if total != 600 || ones != 52 {
		t.Errorf("Σ r_v = %d (want 600), titles with one copy = %d (want 52)", total, ones)
	}
	for u, h := range sc.Holdings {
		if len(h) > 30 {
			t.Errorf("server %d stores %d > 30 contents", u, len(h))
		}
	}
	if !sc.Graph.Connected() {
		t.Error("spec B.7: the migration graph must be connected")
	}
}

// TestMigrationProbSpecB2 checks formula (1)–(2) against the table of
// spec B.2 (λ = 1, L_th = 84, B = 2680), computed there with SciPy.
func TestMigrationProbSpecB2(t *testing.T) {
	cases := []struct {
		load float64
		hops int
		want float64
		tol  float64
	}{
		{84, 1, 0, 0}, {80, 1, 0, 0}, {100, 1, 0.118, 0.001}, {105.5, 1, 0.5, 0.005}, {108, 1, 0.718, 0.001},
		{111.4, 1, 0.9, 0.002}, {112, 1, 0.917, 0.001}, {113.5, 1, 0.95, 0.002}, {116, 1, 0.980, 0.001},
		{117.9, 1, 0.99, 0.001}, {120, 1, 0.995, 0.001}, {120, 2, 0.047, 0.001},
	}
	for _, c := range cases {
		if got := migrationProb(c.load, 84, 2680, c.hops); math.Abs(got-c.want) > c.tol {
			t.Errorf("p(l=%g, λ=%d) = %.4f, spec B.2 says %.3f", c.load, c.hops, got, c.want)
		}
	}
}

// smallInstance is a random small cluster with explicit holders.
func smallInstance(rng *rand.Rand, equalDurations bool) *Instance {
	n, m := 3+rng.IntN(4), 3+rng.IntN(6)
	L := 2 + rng.IntN(3)
	holders := make([][]int, m)
	for v := range holders {
		for u := 0; u < n; u++ {
			if rng.Float64() < 0.35 {
				holders[v] = append(holders[v], u)
			}
		}
		if len(holders[v]) == 0 {
			holders[v] = []int{rng.IntN(n)}
		}
	}
	in := &Instance{
		Seed:      rng.Uint64() % 1000,
		Servers:   Servers{Count: n, Capacity: L},
		Contents:  Contents{Count: m, Duration: 5, Theta: 0.27},
		Placement: Placement{Rule: "explicit", Holders: holders},
		Arrivals:  Arrivals{Rate: float64(n*L) / 5 * (0.8 + 0.8*rng.Float64()), Horizon: 20},
		Policy:    Params{LTh: ptr(0.5 * float64(L)), REMMin: ptr(0.5 * float64(L)), REMMax: ptr(float64(L) - 0.5), Gamma: ptr(2 + rng.IntN(2))},
	}
	if !equalDurations {
		in.Contents.Durations = make([]float64, m)
		for v := range in.Contents.Durations {
			in.Contents.Durations[v] = 1 + 8*rng.Float64()
		}
	}
	return in
}

// TestInvariants runs every policy on random small clusters, with and
// without a failure, checking after every event that no server exceeds L,
// loads match the streams, every stream sits at a holder of its content and
// arrivals = served + rejected; and that every stream that was migrated
// still leaves at arrival + duration (it keeps its remaining time).
func TestInvariants(t *testing.T) {
	migrated, rejected, terminated := 0, 0, 0
	for seed := uint64(1); seed <= 30; seed++ {
		rng := rand.New(rand.NewPCG(seed, 1))
		in := smallInstance(rng, seed%2 == 0)
		if seed%3 == 0 {
			in.Failures = []Failure{{Server: rng.IntN(in.Servers.Count), Time: 10}}
		}
		sc, err := Build(in)
		if err != nil {
			t.Fatal(err)
		}
		trace := sc.Trace(sim.Stream(in.Seed, 0), in.Arrivals.Rate, in.Arrivals.Horizon)
		for _, p := range Policies {
			res, err := sc.Simulate(context.Background(), trace, sim.Stream(in.Seed, 1), RunOptions{Policy: p, Horizon: in.Arrivals.Horizon, Check: true, Record: true})
			if err != nil {
				t.Fatalf("seed %d %v: %v", seed, p, err)
			}
			if res.ArrivedAll != len(trace) || res.ArrivedAll != res.ServedAll+res.RejectedAll {
				t.Fatalf("seed %d %v: %d arrivals, trace %d, served %d + rejected %d", seed, p, res.ArrivedAll, len(trace), res.ServedAll, res.RejectedAll)
			}
			if res.MaxLoad > in.Servers.Capacity {
				t.Fatalf("seed %d %v: max load %d > L", seed, p, res.MaxLoad)
			}
			rejected += res.RejectedAll
			terminated += res.FailureTerminations
			for i, st := range res.Streams {
				if !st.Served || st.Terminated || math.IsNaN(st.Left) {
					continue
				}
				if st.Moves > 0 {
					migrated++
				}
				if st.Left != st.Arrival+sc.Durations[st.Content] {
					t.Fatalf("seed %d %v: stream %d (moved %d times) left at %g, want arrival %g + duration %g", seed, p, i, st.Moves, st.Left, st.Arrival, sc.Durations[st.Content])
				}
			}
		}
	}
	if migrated == 0 || rejected == 0 || terminated == 0 {
		t.Fatalf("the random cases must exercise migrations (%d), rejections (%d) and failure terminations (%d)", migrated, rejected, terminated)
	}
}

// TestSameSeedSameBytes: two experiment runs with the same seed give the
// same JSON bytes, a different seed a different answer.
func TestSameSeedSameBytes(t *testing.T) {
	in := smallInstance(rand.New(rand.NewPCG(5, 5)), true)
	in.Runs = 4
	sc, err := Build(in)
	if err != nil {
		t.Fatal(err)
	}
	run := func(seed uint64, workers int) string {
		r, err := sc.Run(context.Background(), Experiment{Policies: Policies, Alphas: []float64{0.3, 0.7}, Seed: &seed, Workers: workers})
		if err != nil {
			t.Fatal(err)
		}
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	a, b := run(3, 1), run(3, 2)
	if a != b {
		t.Fatal("same seed, different worker counts: different bytes")
	}
	if a == run(4, 2) {
		t.Fatal("different seeds gave identical results")
	}
}

func TestBadInput(t *testing.T) {
	base := `{"servers": {"count": 3, "capacity": 4},
 "contents": {"count": 2, "duration": 5},
 "placement": {"holders": [[0, 1], [2]]},
 "arrivals": {"rate": 2, "horizon": 50}%s}`
	cases := []struct {
		name, extra, replace, with, want string
	}{
		{"content stored nowhere", "", "[2]]", "[]]", "placement.holders[1]: content 1 is stored nowhere"},
		{"gamma below 1", `, "policy": {"gamma": 0}`, "", "", "policy.gamma: must be >= 1 (Γ bounds the path length λ ≤ Γ−1), got 0"},
		{"negative rate", "", `"rate": 2`, `"rate": -3`, "arrivals.rate: must be > 0, got -3"},
		{"unknown server", "", "[2]]", "[7]]", "placement.holders[1][0]: unknown server 7 (servers are 0..2)"},
		{"failure after horizon", `, "failures": [{"server": 1, "time": 70}]`, "", "", "failures[0].time: must be within the horizon [0, 50], got 70"},
		{"failure on unknown server", `, "failures": [{"server": 3, "time": 7}]`, "", "", "failures[0].server: unknown server 3 (servers are 0..2)"},
		{"unknown field", `, "colour": 1`, "", "", "colour"},
		{"alpha", `, "policy": {"alpha": 1.5}`, "", "", "policy.alpha: must be in [0, 1], got 1.5"},
		{"max copies with explicit holders", "", `"holders"`, `"max_copies": 2, "holders"`, "placement.replicas: only for the popularity rule"},
		{"not json", "", "{", "[", "not valid JSON"},
		{"replicas too few", "", `{"holders": [[0, 1], [2]]}`, `{"rule": "popularity", "replicas": 1}`, "placement.replicas: must be >= contents.count (2)"},
	}
	for _, c := range cases {
		s := strings.Replace(base, "%s", c.extra, 1)
		if c.replace != "" {
			s = strings.Replace(s, c.replace, c.with, 1)
		}
		_, err := Parse(strings.NewReader(s))
		if err == nil || !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: got %v, want %q", c.name, err, c.want)
		}
	}
	if _, err := Parse(strings.NewReader(strings.Replace(base, "%s", "", 1))); err != nil {
		t.Fatalf("the base instance must be valid: %v", err)
	}
}

func TestParsePolicy(t *testing.T) {
	for _, p := range Policies {
		q, err := ParsePolicy(p.String())
		if err != nil || q != p {
			t.Errorf("%v: round trip gave %v, %v", p, q, err)
		}
	}
	if _, err := ParsePolicy("fifo"); err == nil || !strings.Contains(err.Error(), `got "fifo"`) {
		t.Errorf("unknown policy: %v", err)
	}
}
