package progress

import (
	"strings"
	"testing"
	"time"
)

// clock is a fake time source that advances by step at each reading.
type clock struct {
	t    time.Time
	step time.Duration
}

func (c *clock) now() time.Time { c.t = c.t.Add(c.step); return c.t }

func TestPlain(t *testing.T) {
	var sb strings.Builder
	p := New(&sb, Auto) // a strings.Builder is not a terminal
	if p.Mode() != Plain {
		t.Fatalf("Auto on a non-terminal gave %v, want plain", p.Mode())
	}
	c := &clock{t: time.Unix(0, 0), step: 2 * time.Second}
	p.now = c.now
	f := p.Task("tpd ρ=0.95", "replications")
	for done := 0; done <= 10; done++ {
		f(done, 10)
	}
	// One reading every 2 s, the start at done = 0, a line once 5 s have
	// passed since the last: at done 3 (6 s after the start), 6 (12 s),
	// 9 (18 s), and the closing line at 10.
	want := "tpd ρ=0.95: 3/10 replications\ntpd ρ=0.95: 6/10 replications\n" +
		"tpd ρ=0.95: 9/10 replications\ntpd ρ=0.95: 10/10 replications\n"
	if sb.String() != want {
		t.Errorf("plain output:\n%s\nwant:\n%s", sb.String(), want)
	}
}

func TestPlainShortTaskIsQuiet(t *testing.T) {
	var sb strings.Builder
	p := New(&sb, Plain)
	p.now = (&clock{t: time.Unix(0, 0), step: time.Millisecond}).now
	f := p.Task("rmts", "replications")
	for done := 0; done <= 50; done++ {
		f(done, 50)
	}
	if sb.Len() != 0 {
		t.Errorf("a task shorter than the interval printed %q", sb.String())
	}
}

func TestBarAndOff(t *testing.T) {
	var sb strings.Builder
	p := New(&sb, Bar)
	f := p.Task("mps sweep", "points")
	for done := 0; done <= 4; done++ {
		f(done, 4)
	}
	if !strings.Contains(sb.String(), "mps sweep") {
		t.Errorf("a forced bar wrote %q, want its label", sb.String())
	}
	sb.Reset()
	f = p.Task("stopped", "points")
	f(0, 9)
	f(1, 9)
	p.Clear() // the task never finishes
	if p.bar != nil {
		t.Error("Clear left the bar on screen")
	}
	if f := New(&sb, Off).Task("x", "y"); f != nil {
		t.Error("mode off returned a callback")
	}
}

func TestParseMode(t *testing.T) {
	for _, m := range []Mode{Auto, Bar, Plain, Off} {
		if got, err := ParseMode(m.String()); err != nil || got != m {
			t.Errorf("ParseMode(%q) = %v, %v", m.String(), got, err)
		}
	}
	if _, err := ParseMode("fancy"); err == nil || !strings.Contains(err.Error(), `"fancy"`) {
		t.Errorf("ParseMode(fancy) error = %v, want one naming the value", err)
	}
	if IsTerminal(&strings.Builder{}) {
		t.Error("a strings.Builder is not a terminal")
	}
}
