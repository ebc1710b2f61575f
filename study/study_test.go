package study_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/study"
	"github.com/streamopt/streamopt/study/studytest"
)

// TestToy runs the conformance suite on the toy study, and checks its
// estimate: the mean of Exp(rate) draws is 1/rate, within the CI the toy
// computes at this seed (12 replications of 50 draws would miss it rarely;
// the seed is fixed, so the test is deterministic).
func TestToy(t *testing.T) {
	studytest.Run(t, toy{}, toyQ())
	q := toyQ()
	q.Runs = 12
	p, _ := toy{}.Plan(context.Background(), q)
	out, err := study.Run(context.Background(), p, study.Options{})
	if err != nil {
		t.Fatal(err)
	}
	for i, st := range out.Result.Means {
		if want := 1 / q.Rates[i]; st.N != 12 || want < st.Lo() || want > st.Hi() {
			t.Errorf("rate %g: mean %v (n %d), want 1/rate = %g inside its CI", q.Rates[i], st, st.N, want)
		}
	}
}

// TestShardSelection: shard i of n runs the units k ≡ i (mod n), numbered
// point by point, and a record file that holds a unit makes Run skip it.
func TestShardSelection(t *testing.T) {
	q := toyQ() // 3 points × 4 runs: units 0..11
	p, _ := toy{}.Plan(context.Background(), q)
	out, err := study.Run(context.Background(), p, study.Options{Shard: shard.Spec{Index: 2, Count: 5}})
	if err != nil {
		t.Fatal(err)
	}
	// Units 2 and 7: point 0 rep 2 and point 1 rep 3 (by hand).
	if out.Units != 2 || out.Done != 2 || out.Result.Means[0].N != 1 || out.Result.Means[1].N != 1 || out.Result.Means[2].N != 0 {
		t.Errorf("shard 2/5: %+v, want units (0, 2) and (1, 3)", out)
	}
	if u := p.Shape().Unit(7); u != (study.Unit{Point: 1, Rep: 3}) {
		t.Errorf("Unit(7) = %v, want {1 3}", u)
	}
}

// TestMergedRefuses: records of another plan, with a metric the sample
// lacks or lacking one it has, or of another instance are refused as
// input errors naming the file and what is wrong.
func TestMergedRefuses(t *testing.T) {
	ctx := context.Background()
	dir := t.TempDir()
	write := func(name string, q toyRequest, edit func([]byte) []byte) string {
		t.Helper()
		path := filepath.Join(dir, name)
		h, err := study.Header(toy{}, q, nil, shard.All)
		if err != nil {
			t.Fatal(err)
		}
		w, err := shard.Create(path, h)
		if err != nil {
			t.Fatal(err)
		}
		p, _ := toy{}.Plan(ctx, q)
		if _, err := study.Run(ctx, p, study.Options{Records: w}); err != nil {
			t.Fatal(err)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}
		if edit != nil {
			b, _ := os.ReadFile(path)
			if err := os.WriteFile(path, edit(b), 0o644); err != nil {
				t.Fatal(err)
			}
		}
		return path
	}
	replace := func(old, new string) func([]byte) []byte {
		return func(b []byte) []byte { return bytes.ReplaceAll(b, []byte(old), []byte(new)) }
	}
	for _, c := range []struct {
		name string
		edit func([]byte) []byte
		want string
	}{
		{"runs.jsonl", replace(`"runs":4,`, `"runs":3,`), "do not match the grid's plan"},
		{"metric.jsonl", func(b []byte) []byte {
			return replace(`"metrics":{"max":`, `"metrics":{"top":`)(replace(`"max":["max"]`, `"max":["top"]`)(b))
		}, `cell "max": metrics.max: missing`},
		{"extra.jsonl", func(b []byte) []byte {
			return replace(`"mean":`, `"zz":1,"mean":`)(replace(`"mean"]`, `"mean","zz"]`)(b))
		}, `metrics.zz: not a metric of study_test.toyDraw`},
		{"hash.jsonl", replace(`"draws":50`, `"draws":51`), "instance_sha256"},
		{"grid.jsonl", replace(`"seed":7`, `"seed":7,"bogus":1`), `grid: json: unknown field "bogus"`},
		{"command.jsonl", replace(`"command":"toy"`, `"command":"other"`), `command: "other", not "toy"`},
	} {
		path := write(c.name, toyQ(), c.edit)
		m, err := shard.Merge(ctx, []string{path})
		if err == nil {
			_, _, err = study.Merged(ctx, toy{}, m, path)
		}
		if fault.Of(err) != fault.Input || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s: %v, want an input error with %q", c.name, err, c.want)
		}
	}
}

// TestRegistry: Write dispatches by the records' command; an unknown
// command is an input error wrapping ErrUnknown that lists the studies;
// a second registration of a name panics.
func TestRegistry(t *testing.T) {
	ctx := context.Background()
	var reg study.Registry[*bytes.Buffer]
	study.Register(&reg, toy{}, func(_ context.Context, q toyRequest, r toyResult, o *bytes.Buffer) error {
		fmt.Fprint(o, r.Means[0])
		return nil
	})
	path := filepath.Join(t.TempDir(), "t.jsonl")
	h, _ := study.Header(toy{}, toyQ(), nil, shard.All)
	w, err := shard.Create(path, h)
	if err != nil {
		t.Fatal(err)
	}
	p, _ := toy{}.Plan(ctx, toyQ())
	want, err := study.Run(ctx, p, study.Options{Records: w})
	if err != nil || w.Close() != nil {
		t.Fatal(err)
	}
	m, err := shard.Merge(ctx, []string{path})
	if err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := reg.Write(ctx, m, path, &out); err != nil || out.String() != fmt.Sprint(want.Result.Means[0]) {
		t.Errorf("Write: %v, %q; want %v", err, out.String(), want.Result.Means[0])
	}
	m.Header.Command = "other"
	if err := reg.Write(ctx, m, path, &out); !errors.Is(err, study.ErrUnknown) || fault.Of(err) != fault.Input || !strings.Contains(err.Error(), "the studies are toy") {
		t.Errorf("unknown command: %v", err)
	}
	defer func() {
		if recover() == nil {
			t.Error("a second Register of toy did not panic")
		}
	}()
	study.Register(&reg, toy{}, func(context.Context, toyRequest, toyResult, *bytes.Buffer) error { return nil })
}
