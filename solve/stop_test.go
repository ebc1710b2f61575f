package solve

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
)

// deaf is a backend that ignores its context: it runs until release is
// closed, then writes a line to the log and returns the optimum of
// maxModel (x = (3, 1), z = 11; verify_test.go).
type deaf struct {
	started, release, returned chan struct{}
}

func (*deaf) Name() string               { return "deaf" }
func (*deaf) Capabilities() Capabilities { return Capabilities{LP: true} }
func (d *deaf) Solve(_ context.Context, _ *lp.Model, o Options) (*lp.Solution, error) {
	close(d.started)
	<-d.release
	if o.Log != nil {
		fmt.Fprintln(o.Log, "deaf: returned late")
	}
	if d.returned != nil {
		close(d.returned)
	}
	return &lp.Solution{Status: lp.Optimal, Objective: 11, X: []float64{3, 1}}, nil
}

// syncBuffer is a log the abandoned backend may write to concurrently.
type syncBuffer struct {
	mu sync.Mutex
	b  strings.Builder
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.String()
}

// shortGrace sets stopGrace to d for the test.
func shortGrace(t *testing.T, d time.Duration) {
	old := stopGrace
	stopGrace = d
	t.Cleanup(func() { stopGrace = old })
}

// solveWithin runs SolveWith and fails the test instead of hanging when it
// has not returned within a minute.
func solveWithin(t *testing.T, ctx context.Context, b Backend, opts Options) (*lp.Solution, *Report, error) {
	t.Helper()
	type result struct {
		sol *lp.Solution
		rep *Report
		err error
	}
	done := make(chan result, 1)
	go func() {
		sol, rep, err := SolveWith(ctx, b, maxModel(), opts)
		done <- result{sol, rep, err}
	}()
	select {
	case r := <-done:
		return r.sol, r.rep, r.err
	case <-time.After(time.Minute):
		t.Fatal("SolveWith did not return within a minute of the context's end")
		return nil, nil, nil
	}
}

// TestBackendThatDoesNotStop: once the context has ended, Solve waits
// stopGrace for the backend and then answers with ErrNoStop (a limit, with
// the context's error), drops what the backend writes to the log later,
// and never hangs.
func TestBackendThatDoesNotStop(t *testing.T) {
	shortGrace(t, 20*time.Millisecond)
	for _, tc := range []struct {
		name string
		want error
	}{{"cancelled", context.Canceled}, {"deadline", context.DeadlineExceeded}} {
		t.Run(tc.name, func(t *testing.T) {
			d := &deaf{started: make(chan struct{}), release: make(chan struct{}), returned: make(chan struct{})}
			var ctx context.Context
			var cancel context.CancelFunc
			if tc.want == context.DeadlineExceeded {
				// The deadline passes while the backend runs (or before
				// it starts: Solve calls it all the same).
				ctx, cancel = context.WithTimeout(context.Background(), 10*time.Millisecond)
			} else {
				ctx, cancel = context.WithCancel(context.Background())
				go func() { <-d.started; cancel() }()
			}
			defer cancel()
			var log syncBuffer
			sol, rep, err := solveWithin(t, ctx, d, Options{Log: &log})
			if !errors.Is(err, ErrNoStop) || !errors.Is(err, tc.want) || fault.Of(err) != fault.Limit {
				t.Fatalf("err = %v, want ErrNoStop and %v, of the limit kind", err, tc.want)
			}
			if sol != nil || rep != nil {
				t.Errorf("an answer came with the error")
			}
			if !strings.Contains(err.Error(), `backend "deaf"`) || !strings.Contains(err.Error(), "no answer is available") {
				t.Errorf("message %q does not name the backend and say there is no answer", err)
			}
			d.release <- struct{}{} // the backend returns and writes its line now
			<-d.returned
			if log.String() != "" {
				t.Errorf("the abandoned backend wrote to the caller's log: %q", log.String())
			}
		})
	}
}

// TestBackendStopsWithinGrace: a backend that returns within the grace after
// the context ended gives its answer, verified as always.
func TestBackendStopsWithinGrace(t *testing.T) {
	shortGrace(t, time.Minute)
	d := &deaf{started: make(chan struct{}), release: make(chan struct{})}
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		<-d.started
		cancel()
		time.Sleep(10 * time.Millisecond)
		close(d.release)
	}()
	var log syncBuffer
	sol, rep, err := solveWithin(t, ctx, d, Options{Log: &log})
	if err != nil {
		t.Fatal(err)
	}
	if sol.Status != lp.Optimal || !rep.OK || sol.Backend != "deaf" {
		t.Errorf("status %v, report OK %v, backend %q; want the verified optimum of deaf", sol.Status, rep.OK, sol.Backend)
	}
	if log.String() != "deaf: returned late\n" {
		t.Errorf("log %q, want the backend's line", log.String())
	}
}
