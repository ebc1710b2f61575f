package study_test

import (
	"bytes"
	"context"
	"fmt"
	"os"
	"path/filepath"

	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/study"
)

// Run a study in two shards, each streaming its records to a file, and
// merge the files into the result of the unsharded run.
func ExampleRun() {
	ctx := context.Background()
	dir, _ := os.MkdirTemp("", "study")
	defer os.RemoveAll(dir)
	q := toyQ()
	p, _ := toy{}.Plan(ctx, q)
	whole, _ := study.Run(ctx, p, study.Options{})

	var files []string
	for i := 0; i < 2; i++ {
		sp := shard.Spec{Index: i, Count: 2}
		h, _ := study.Header(toy{}, q, nil, sp)
		path := filepath.Join(dir, fmt.Sprintf("shard%d.jsonl", i))
		w, _ := shard.Create(path, h)
		out, _ := study.Run(ctx, p, study.Options{Shard: sp, Records: w})
		w.Close()
		fmt.Printf("shard %v ran %d of %d units\n", sp, out.Done, p.Shape().Units())
		files = append(files, path)
	}
	m, _ := shard.Merge(ctx, files)
	_, merged, _ := study.Merged(ctx, toy{}, m, files[0])
	for i, st := range merged.Means {
		fmt.Printf("rate %g: mean %.3f, the unsharded run's %.3f\n", merged.Rates[i], st.Mean, whole.Result.Means[i].Mean)
	}
	// Output:
	// shard 0/2 ran 6 of 12 units
	// shard 1/2 ran 6 of 12 units
	// rate 0.5: mean 1.913, the unsharded run's 1.913
	// rate 1: mean 1.132, the unsharded run's 1.132
	// rate 2: mean 0.441, the unsharded run's 0.441
}

// A program registers each study with how it writes the study's result;
// merging record files of any registered study is then one call.
func ExampleRegister() {
	var reg study.Registry[*bytes.Buffer]
	study.Register(&reg, toy{}, func(_ context.Context, q toyRequest, r toyResult, out *bytes.Buffer) error {
		_, err := fmt.Fprintf(out, "%d replications of %d rates", r.Done, len(q.Rates))
		return err
	})
	fmt.Println(reg.Names())
	// Output: [toy]
}

// Summarize the samples of a point, and compare two systems observed on
// the same replications: the paired interval of their difference. By
// hand: A has s = √11.5 and B − A differences 2, 3, 1, 3, 1 have s = 1;
// t_{0.95, 4} = 2.1318 (scipy's stats.t.ppf(0.95, 4)) times s/√5.
func ExampleCompare() {
	type metrics struct {
		Served float64 `record:"served"`
	}
	a := []metrics{{91}, {88}, {95}, {90}, {86}}
	b := []metrics{{89}, {85}, {94}, {87}, {85}}
	sa := study.Summarize(a, 0.9)
	d := study.Compare(a, b, 0.9)
	st, _ := sa.Get("served")
	diff, _ := d.Get("served")
	fmt.Printf("A: %.1f ± %.2f; A − B: %.1f ± %.2f (%g%%)\n", st.Mean, st.HalfWidth, diff.Mean, diff.HalfWidth, 100*d.Level)
	// Output: A: 90.0 ± 3.23; A − B: 2.0 ± 0.95 (90%)
}

// Run the toy study until the interval of every rate's mean is at most
// ±0.1 wide: the number of replications follows from the data.
func ExampleRunSequential() {
	ctx := context.Background()
	q, out, stop, err := study.RunSequential(ctx, toy{}, toyQ(), toyRule(0.1, 4, 500), study.Options{})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(stop.Reached, q.Runs == stop.Runs, out.Done == 3*stop.Runs, stop.Widest <= 0.1)
	// Output: true true true true
}
