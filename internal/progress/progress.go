package progress

import (
	"fmt"
	"io"
	"os"
	"strings"
	"sync"
	"time"

	"github.com/schollz/progressbar/v3"
	"github.com/streamopt/streamopt/sim"
)

// Mode chooses how progress is shown.
type Mode int

const (
	Auto  Mode = iota // a bar when the writer is a terminal, else Plain
	Bar               // always a bar
	Plain             // a line "label: done/total unit" every Interval
	Off               // nothing
)

var modeNames = [...]string{"auto", "bar", "plain", "off"}

func (m Mode) String() string {
	if m >= 0 && int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("Mode(%d)", int(m))
}

// ParseMode reads "auto", "bar", "plain" or "off".
func ParseMode(s string) (Mode, error) {
	for i, n := range modeNames {
		if strings.EqualFold(strings.TrimSpace(s), n) {
			return Mode(i), nil
		}
	}
	return 0, fmt.Errorf("must be one of %s, got %q", strings.Join(modeNames[:], "|"), s)
}

// DefaultInterval is how often Plain prints: often enough for a log to show
// a run is alive, rarely enough not to flood it.
const DefaultInterval = 5 * time.Second

// Printer shows the progress of the tasks of one command on one writer.
// Its methods are safe for concurrent use.
type Printer struct {
	// Interval between two plain lines of one task; DefaultInterval if 0.
	Interval time.Duration

	w    io.Writer
	mode Mode
	now  func() time.Time // the clock, replaced in tests

	mu  sync.Mutex
	bar *progressbar.ProgressBar // the bar on screen, nil if none
}

// New returns a printer writing to w in the given mode; Auto becomes Bar
// when w is a terminal and Plain otherwise.
func New(w io.Writer, mode Mode) *Printer {
	if mode == Auto {
		mode = Plain
		if IsTerminal(w) {
			mode = Bar
		}
	}
	return &Printer{w: w, mode: mode, now: time.Now}
}

// Mode is the printer's mode (never Auto).
func (p *Printer) Mode() Mode { return p.mode }

// Task returns the callback of one task, shown as "label: done/total
// unit" (for example "tpd ρ=0.95: 37/100 replications"). Plain prints the
// first line one Interval after the task starts, so a short task prints
// nothing, then one line per Interval, and a last line when the task ends
// if it printed any. It returns nil in mode Off.
func (p *Printer) Task(label, unit string) sim.Progress {
	if p == nil || p.mode == Off {
		return nil
	}
	var (
		started, last time.Time
		printed       bool
		bar           *progressbar.ProgressBar
	)
	return func(done, total int) {
		if total <= 0 {
			return // nothing to count
		}
		p.mu.Lock()
		defer p.mu.Unlock()
		if p.mode == Bar {
			if bar == nil || done == 0 {
				p.clearLocked()
				bar = progressbar.NewOptions(total,
					progressbar.OptionSetWriter(p.w),
					progressbar.OptionSetDescription(label),
					progressbar.OptionShowCount(),
					progressbar.OptionClearOnFinish(),
				)
				p.bar = bar
			}
			_ = bar.Set(done)
			if done >= total {
				p.bar = nil
			}
			return
		}
		now := p.now()
		if done == 0 || started.IsZero() {
			started, last, printed = now, now, false
		}
		interval := p.Interval
		if interval <= 0 {
			interval = DefaultInterval
		}
		if now.Sub(last) >= interval || (done >= total && printed) {
			fmt.Fprintf(p.w, "%s: %d/%d %s\n", label, done, total, unit)
			last, printed = now, true
		}
	}
}

// Clear removes a bar still on screen (a task a limit stopped), so that
// what is written next starts on a clean line.
func (p *Printer) Clear() {
	if p == nil {
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	p.clearLocked()
}

func (p *Printer) clearLocked() {
	if p.bar != nil {
		_ = p.bar.Clear()
		_ = p.bar.Exit()
		p.bar = nil
	}
}

// IsTerminal reports whether w is an *os.File connected to a character
// device (a terminal).
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}
