package shard

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/streamopt/streamopt/internal/ctxio"
)

// FormatVersion is the version of the record file format this package
// writes and reads. Version 2 added the header's metrics, the names every
// record of a cell carries; version 1 files are refused.
const FormatVersion = 2

// Caps on what Read accepts, so that a corrupt or hostile file cannot
// exhaust memory or time.
const (
	// MaxHeaderBytes caps the header line: room for an instance of the
	// largest size an input file may have (jsoninput.MaxBytes, 64 MiB).
	MaxHeaderBytes = 80 << 20
	// MaxLineBytes caps a record line.
	MaxLineBytes = 1 << 20
	// MaxFileBytes caps the (decompressed) size of one record file.
	MaxFileBytes = 4 << 30
	// MaxPoints caps the points of a grid, MaxUnits its (point,
	// replication) units, MaxCells the cells recorded per unit and
	// MaxMetrics the metrics of a cell.
	MaxPoints  = 1 << 20
	MaxUnits   = 1 << 24
	MaxCells   = 1 << 10
	MaxMetrics = 1 << 10
	// MaxBlankLines caps the blank lines of a file (the writer writes
	// none), so that a file of newlines is refused at once.
	MaxBlankLines = 100
)

// ErrTruncated is wrapped by the error of a file whose last line or
// compressed stream is cut short: what a killed run leaves. Only a resumed
// run (Resume) accepts such a file, dropping the cut tail.
var ErrTruncated = errors.New("shard: truncated record file")

// Header is the first line of a record file: where the records come from
// and the grid they belong to. Two files merge when every field but Shard
// is the same (and Metrics, which a file without records may leave out).
type Header struct {
	Kind    string `json:"kind"` // "header"
	Format  int    `json:"format_version"`
	Command string `json:"command"` // the solve command, e.g. "tpd"
	Version string `json:"version"` // the program version (internal/version)
	// InstanceHash is the hex SHA-256 of the canonical instance JSON
	// (Hash) after the flag overrides that change the instance.
	InstanceHash string `json:"instance_sha256"`
	// Instance is the instance file as read (compacted), so that a merge
	// needs nothing but the record files.
	Instance json.RawMessage `json:"instance"`
	// Grid is the command's plan: every setting that shapes the output
	// (points, runs, seed, policies, bound settings). Merge compares it
	// byte for byte.
	Grid json.RawMessage `json:"grid"`
	// Runs[p] is the replications of point p.
	Runs []int `json:"runs"`
	// Cells name the records of every unit (point, replication), e.g. the
	// policies of the run; each unit has one record per cell.
	Cells []string `json:"cells"`
	// Metrics[c] names, ascending, the metrics every record of cell c
	// carries: no more, no fewer. The writer takes them from the first
	// unit written; a file that holds no record may leave them out.
	Metrics map[string][]string `json:"metrics,omitempty"`
	// Shard is the shard that wrote the file, "i/n".
	Shard string `json:"shard"`
}

// Record is one line per (point, cell, replication): every metric of the
// replication, and the seed and stream it drew from.
type Record struct {
	Kind    string           `json:"kind"` // "record"
	Point   int              `json:"point"`
	Cell    string           `json:"cell"`
	Rep     int              `json:"replication"`
	Seed    uint64           `json:"seed"`
	Stream  uint64           `json:"stream"`
	Metrics map[string]Float `json:"metrics"`
}

// Float is a metric value: a JSON number that reads back to the same
// float64, or "NaN", "+Inf", "-Inf".
type Float float64

// MarshalJSON writes f in the shortest form that reads back exactly.
func (f Float) MarshalJSON() ([]byte, error) {
	v := float64(f)
	switch {
	case math.IsNaN(v):
		return []byte(`"NaN"`), nil
	case math.IsInf(v, 1):
		return []byte(`"+Inf"`), nil
	case math.IsInf(v, -1):
		return []byte(`"-Inf"`), nil
	}
	return strconv.AppendFloat(nil, v, 'g', -1, 64), nil
}

// UnmarshalJSON reads a number or one of the strings MarshalJSON writes;
// null is refused (it is no value).
func (f *Float) UnmarshalJSON(b []byte) error {
	switch string(b) {
	case `"NaN"`:
		*f = Float(math.NaN())
		return nil
	case `"+Inf"`:
		*f = Float(math.Inf(1))
		return nil
	case `"-Inf"`:
		*f = Float(math.Inf(-1))
		return nil
	}
	var v float64
	if err := json.Unmarshal(b, &v); err != nil || string(b) == "null" {
		return fmt.Errorf("a metric must be a number, \"NaN\", \"+Inf\" or \"-Inf\", got %.40s", b)
	}
	*f = Float(v)
	return nil
}

// Hash is the hex SHA-256 of the JSON encoding of v: the instance hash of
// a header, v being the parsed instance after the flag overrides.
func Hash(v any) (string, error) {
	b, err := json.Marshal(v)
	if err != nil {
		return "", err
	}
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:]), nil
}

// PartialSuffix ends the name of the file a run streams its records into
// (Create): FILE.partial until Close renames it to FILE.
const PartialSuffix = ".partial"

// Writer streams a record file: one unit (point, replication) at a time,
// each flushed to the file as it is written, so that a killed run leaves
// every unit it finished.
type Writer struct {
	mu      sync.Mutex
	path    string // the final name
	part    string // the name written to
	f       *os.File
	gz      *gzip.Writer
	bw      *bufio.Writer
	enc     *json.Encoder
	h       Header
	wroteH  bool
	units   int
	done    map[[2]int]bool
	err     error
	carried int
}

// Create starts the record file path (gzip-compressed when it ends in
// ".gz"): the records stream into path+PartialSuffix, which Close renames
// to path, so that an old file at path stays untouched until the run ends
// and no half-written file ever has its name. It refuses a path that is a
// folder and a partial file left by an earlier run (Resume continues it).
// Kind and Format of h are filled in; h.Metrics, when empty, is taken from
// the first unit written.
func Create(path string, h Header) (*Writer, error) {
	if err := h.check(); err != nil {
		return nil, err
	}
	if err := checkTarget(path); err != nil {
		return nil, err
	}
	part := path + PartialSuffix
	if _, err := os.Lstat(part); err == nil {
		return nil, inputErr("%s exists: an earlier run stopped before it ended; --resume continues it, or remove it", part)
	}
	f, err := os.OpenFile(part, os.O_WRONLY|os.O_CREATE|os.O_EXCL, 0o644)
	if err != nil {
		return nil, err
	}
	return newWriter(f, path, h), nil
}

// checkTarget refuses a final path that cannot be replaced by a file.
func checkTarget(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return &os.PathError{Op: "open", Path: path, Err: errors.New("is a directory")}
	}
	return nil
}

func newWriter(f *os.File, path string, h Header) *Writer {
	w := &Writer{f: f, path: path, part: f.Name(), h: h, done: map[[2]int]bool{}}
	w.h.Kind, w.h.Format = "header", FormatVersion
	var out io.Writer = f
	if strings.HasSuffix(path, ".gz") {
		w.gz = gzip.NewWriter(f)
		out = w.gz
	}
	w.bw = bufio.NewWriter(out)
	w.enc = json.NewEncoder(w.bw)
	w.enc.SetEscapeHTML(false)
	return w
}

// Units is the number of (point, replication) units in the file so far.
func (w *Writer) Units() int {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.units
}

// Carried is the number of units a resumed run kept from the earlier run.
func (w *Writer) Carried() int { return w.carried }

// Has reports whether the file holds unit (p, rep) (a resumed run skips
// it).
func (w *Writer) Has(p, rep int) bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.done[[2]int{p, rep}]
}

// WriteUnit appends the records of one unit, one per cell of the header
// in any order, and flushes them to the file. It is safe for concurrent
// use.
func (w *Writer) WriteUnit(recs []Record) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	if err := w.checkUnit(recs); err != nil {
		return err
	}
	if !w.wroteH {
		if len(w.h.Metrics) == 0 {
			w.h.Metrics = map[string][]string{}
			for _, r := range recs {
				w.h.Metrics[r.Cell] = slices.Sorted(mapKeys(r.Metrics))
			}
			if err := w.h.check(); err != nil {
				return err
			}
		}
		if w.err = w.enc.Encode(w.h); w.err != nil {
			return w.err
		}
		w.wroteH = true
	}
	for _, r := range recs {
		if err := w.h.checkMetrics(&r); err != nil {
			return err
		}
	}
	for _, r := range recs {
		r.Kind = "record"
		if w.err = w.enc.Encode(r); w.err != nil {
			return w.err
		}
	}
	w.done[[2]int{recs[0].Point, recs[0].Rep}] = true
	w.units++
	return w.flush()
}

// flush pushes what is buffered to the file; a gzip stream is flushed so
// that every complete line reads back from what is on disk.
func (w *Writer) flush() error {
	if w.err = w.bw.Flush(); w.err != nil {
		return w.err
	}
	if w.gz != nil {
		w.err = w.gz.Flush()
	}
	return w.err
}

// checkUnit checks that recs are the records of one new unit, one per cell.
func (w *Writer) checkUnit(recs []Record) error {
	if len(recs) != len(w.h.Cells) {
		return fmt.Errorf("shard: a unit has %d records, want one per cell (%d)", len(recs), len(w.h.Cells))
	}
	seen := map[string]bool{}
	for i := range recs {
		r := &recs[i]
		if err := w.h.checkRecord(r); err != nil {
			return err
		}
		if r.Point != recs[0].Point || r.Rep != recs[0].Rep || seen[r.Cell] {
			return fmt.Errorf("shard: the records of a unit must be one per cell of one (point, replication), got (%d, %d) %q", r.Point, r.Rep, r.Cell)
		}
		seen[r.Cell] = true
	}
	if w.done[[2]int{recs[0].Point, recs[0].Rep}] {
		return fmt.Errorf("shard: unit (%d, %d) written twice", recs[0].Point, recs[0].Rep)
	}
	return nil
}

// Close writes the header if no unit did, ends the file and renames it to
// its final name: the run ended (complete, or stopped by a limit with what
// it finished). It returns the first error of writing the file.
func (w *Writer) Close() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	err := w.end()
	if err != nil {
		return err
	}
	return os.Rename(w.part, w.path)
}

// Abort ends the partial file without renaming it: the run failed. The
// units it holds stay for Resume; a file with none is removed.
func (w *Writer) Abort() {
	w.mu.Lock()
	defer w.mu.Unlock()
	w.end()
	if w.units == 0 {
		os.Remove(w.part)
	}
}

func (w *Writer) end() error {
	if w.f == nil {
		return errors.New("shard: record file closed twice")
	}
	err := w.err
	if !w.wroteH && err == nil {
		err = w.enc.Encode(w.h)
		w.wroteH = err == nil
	}
	if e := w.bw.Flush(); err == nil {
		err = e
	}
	if w.gz != nil {
		if e := w.gz.Close(); err == nil {
			err = e
		}
	}
	if e := w.f.Close(); err == nil {
		err = e
	}
	if w.err == nil {
		w.err = errors.New("shard: record file closed")
	}
	w.f = nil
	return err
}

func mapKeys[V any](m map[string]V) func(func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// Reader reads a record file line by line, checking each record against
// the header as it arrives.
type Reader struct {
	Header  Header
	name    string
	ctx     context.Context
	br      *bufio.Reader
	lr      *io.LimitedReader
	gz      *gzip.Reader
	line    int
	blanks  int
	records int
	max     int // records the grid has
}

// NewReader reads and checks the header of a record file from r
// (gzip-compressed or not); name is used in the error messages, which say
// the line and the field at fault. Reading stops with ctx's error once ctx
// is done. The caps MaxHeaderBytes, MaxLineBytes, MaxFileBytes and
// MaxBlankLines apply.
func NewReader(ctx context.Context, r io.Reader, name string) (*Reader, error) {
	br := bufio.NewReader(ctxio.Reader(ctx, r))
	rd := &Reader{name: name, ctx: ctx}
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return nil, inputErr("%s: gzip: %v", name, err)
		}
		rd.gz = gz
		br = bufio.NewReader(ctxio.Reader(ctx, gz))
	}
	rd.lr = &io.LimitedReader{R: br, N: MaxFileBytes + 1}
	rd.br = bufio.NewReaderSize(rd.lr, 64<<10)
	if err := rd.readHeader(); err != nil {
		return nil, err
	}
	h := &rd.Header
	if h.Kind != "header" {
		return nil, inputErr("%s:1: kind: must be \"header\" on the first line, got %q", name, h.Kind)
	}
	if err := h.check(); err != nil {
		return nil, fmt.Errorf("%s:1: %w", name, err)
	}
	rd.max = h.units() * len(h.Cells)
	return rd, nil
}

// firstNewline finds the offset of the first newline read through it.
type firstNewline struct {
	r     io.Reader
	off   int64
	first int64 // -1 until a newline is read
}

func (c *firstNewline) Read(p []byte) (int, error) {
	n, err := c.r.Read(p)
	if c.first < 0 {
		if i := bytes.IndexByte(p[:n], '\n'); i >= 0 {
			c.first = c.off + int64(i)
		}
	}
	c.off += int64(n)
	return n, err
}

// readHeader decodes the header line straight from the stream (an
// instance of tens of MiB is not first copied as a line) and leaves rd.br
// at the start of line 2.
func (rd *Reader) readHeader() error {
	rd.line = 1
	nl := &firstNewline{r: rd.br, first: -1}
	lim := &io.LimitedReader{R: nl, N: MaxHeaderBytes + 1}
	dec := json.NewDecoder(lim)
	dec.DisallowUnknownFields()
	err := dec.Decode(&rd.Header)
	var syntax *json.SyntaxError
	var typ *json.UnmarshalTypeError
	switch {
	case lim.N <= 0:
		return inputErr("%s:1: line over the cap of %d bytes", rd.name, MaxHeaderBytes)
	case err == io.EOF:
		return inputErr("%s: empty: a record file starts with its header line", rd.name)
	case err == nil:
	case rd.ctx.Err() != nil && errors.Is(err, rd.ctx.Err()):
		return fmt.Errorf("%s:1: reading stopped: %w", rd.name, err)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return rd.truncated("the header line has no end")
	case errors.As(err, &syntax), errors.As(err, &typ), strings.HasPrefix(err.Error(), "json: "):
		return inputErr("%s:1: header: not a valid record line: %v", rd.name, err)
	default:
		return inputErr("%s:1: %v", rd.name, err)
	}
	if nl.first >= 0 && nl.first < dec.InputOffset() {
		return inputErr("%s:1: header: must be the first line and one line, its JSON object spans several", rd.name)
	}
	rd.br = bufio.NewReaderSize(io.MultiReader(dec.Buffered(), rd.br), 64<<10)
	tail, err := rd.br.ReadSlice('\n')
	switch {
	case err == io.EOF:
		return rd.truncated("the header line has no end")
	case err != nil && rd.ctx.Err() != nil:
		return fmt.Errorf("%s:1: reading stopped: %w", rd.name, err)
	case errors.Is(err, io.ErrUnexpectedEOF):
		return rd.truncated("gzip: the compressed stream ends early")
	case err == bufio.ErrBufferFull || err == nil && len(bytes.TrimSpace(tail)) > 0:
		return inputErr("%s:1: header: not a valid record line: data after the JSON object", rd.name)
	case err != nil:
		return inputErr("%s:1: %v", rd.name, err)
	}
	return nil
}

// truncated is the error of a file cut short at the current line.
func (rd *Reader) truncated(what string) error {
	return &truncError{inputErr("%s:%d: %s: the file is cut short (a killed run's); only --resume accepts it", rd.name, rd.line, what)}
}

type truncError struct{ error }

func (e *truncError) Is(target error) bool { return target == ErrTruncated }
func (e *truncError) Unwrap() error        { return e.error }

// Line is the line of the last record Next returned.
func (rd *Reader) Line() int { return rd.line }

// Next returns the next record, checked against the header: its point,
// replication and cell in the grid, and exactly the metrics its cell
// declares. At the end of the file it returns io.EOF, having checked that
// a compressed stream ends with its checksum.
func (rd *Reader) Next() (*Record, error) {
	for {
		b, err := rd.readLine(MaxLineBytes)
		if err == io.EOF && len(b) == 0 {
			if rd.gz != nil {
				// The gzip reader checks the checksum and length at the
				// end of each member: a flipped byte or a cut stream is
				// an error here, never a silent end.
				if err := rd.gz.Close(); err != nil {
					return nil, inputErr("%s: gzip: %v", rd.name, err)
				}
			}
			return nil, io.EOF
		}
		if err != nil && err != io.EOF {
			return nil, err
		}
		if err == io.EOF {
			return nil, rd.truncated("the last line has no end")
		}
		if len(bytes.TrimSpace(b)) == 0 {
			if rd.blanks++; rd.blanks > MaxBlankLines {
				return nil, inputErr("%s:%d: more than %d blank lines: not a record file", rd.name, rd.line, MaxBlankLines)
			}
			continue
		}
		if rd.records >= rd.max {
			return nil, inputErr("%s:%d: more records than the grid has (%d)", rd.name, rd.line, rd.max)
		}
		rd.records++
		rec := new(Record)
		if err := decode(b, rec); err != nil {
			return nil, inputErr("%s:%d: %v", rd.name, rd.line, err)
		}
		if rec.Kind != "record" {
			return nil, inputErr("%s:%d: kind: must be \"record\", got %q", rd.name, rd.line, rec.Kind)
		}
		if err := rd.Header.checkRecord(rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", rd.name, rd.line, err)
		}
		if err := rd.Header.checkMetrics(rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", rd.name, rd.line, err)
		}
		return rec, nil
	}
}

// readLine reads the next line (without its newline) of at most limit
// bytes; io.EOF with bytes is a last line without its newline.
func (rd *Reader) readLine(limit int) ([]byte, error) {
	rd.line++
	var out []byte
	for {
		frag, err := rd.br.ReadSlice('\n')
		if rd.lr.N <= 0 {
			return nil, inputErr("%s: over the cap of %d bytes", rd.name, int64(MaxFileBytes))
		}
		if len(out)+len(frag) > limit+1 {
			return nil, inputErr("%s:%d: line over the cap of %d bytes", rd.name, rd.line, limit)
		}
		out = append(out, frag...)
		switch {
		case err == bufio.ErrBufferFull:
			continue
		case err == nil:
			return out[:len(out)-1], nil
		case err == io.EOF:
			return out, io.EOF
		case rd.ctx.Err() != nil && errors.Is(err, rd.ctx.Err()):
			return nil, fmt.Errorf("%s:%d: reading stopped: %w", rd.name, rd.line, err)
		case errors.Is(err, io.ErrUnexpectedEOF):
			return nil, rd.truncated("gzip: the compressed stream ends early")
		}
		return nil, inputErr("%s:%d: %v", rd.name, rd.line, err)
	}
}

// File is a record file as read.
type File struct {
	Name    string
	Header  Header
	Records []Record
}

// ReadFile reads a whole record file; a gzip-compressed one (whatever its
// name) is decompressed. Merge streams instead; ReadFile is for files
// known to be small.
func ReadFile(ctx context.Context, path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, inputErr("%v", err)
	}
	defer f.Close()
	return Read(ctx, f, path)
}

// Read reads a whole record file from r (see NewReader).
func Read(ctx context.Context, r io.Reader, name string) (*File, error) {
	rd, err := NewReader(ctx, r, name)
	if err != nil {
		return nil, err
	}
	file := &File{Name: name, Header: rd.Header}
	for {
		rec, err := rd.Next()
		if err == io.EOF {
			return file, nil
		}
		if err != nil {
			return nil, err
		}
		file.Records = append(file.Records, *rec)
	}
}

// decode reads one JSON value, refusing unknown fields and trailing data.
func decode(b []byte, v any) error {
	dec := json.NewDecoder(bytes.NewReader(b))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		return fmt.Errorf("not a valid record line: %v", err)
	}
	if dec.More() {
		return errors.New("not a valid record line: data after the JSON object")
	}
	return nil
}

// units is the number of (point, replication) units of a checked header.
func (h *Header) units() int {
	n := 0
	for _, r := range h.Runs {
		n += r
	}
	return n
}

// check validates a header.
func (h *Header) check() error {
	switch {
	case h.Kind != "" && h.Kind != "header":
		return inputErr("kind: must be \"header\" on the first line, got %q", h.Kind)
	case h.Kind != "" && h.Format == 1:
		return inputErr("format_version: the file is version 1, written by an older build whose records did not declare their metrics; this program reads version %d: run the sweep again with this build", FormatVersion)
	case h.Kind != "" && h.Format != FormatVersion:
		return inputErr("format_version: this program reads version %d, got %d", FormatVersion, h.Format)
	case h.Command == "":
		return inputErr("command: must not be empty")
	case len(h.Runs) == 0 || len(h.Runs) > MaxPoints:
		return inputErr("runs: must list the replications of 1 to %d points, got %d", MaxPoints, len(h.Runs))
	case len(h.Cells) == 0 || len(h.Cells) > MaxCells:
		return inputErr("cells: must name 1 to %d cells, got %d", MaxCells, len(h.Cells))
	}
	units := 0
	for p, n := range h.Runs {
		if n < 1 || n > MaxUnits {
			return inputErr("runs[%d]: must be in [1, %d], got %d", p, MaxUnits, n)
		}
		units += n
		if units > MaxUnits {
			return inputErr("runs: more than %d (point, replication) units", MaxUnits)
		}
	}
	seen := map[string]bool{}
	for i, c := range h.Cells {
		if seen[c] {
			return inputErr("cells[%d]: %q appears twice", i, c)
		}
		seen[c] = true
	}
	if len(h.Metrics) == 0 {
		return nil
	}
	for c, names := range h.Metrics {
		if !seen[c] {
			return inputErr("metrics: declares cell %q, which is not one of the cells %q", c, h.Cells)
		}
		if len(names) > MaxMetrics {
			return inputErr("metrics.%s: more than %d metrics", c, MaxMetrics)
		}
		for i, n := range names {
			if i > 0 && n <= names[i-1] {
				return inputErr("metrics.%s[%d]: the names must be distinct and ascending, got %q after %q", c, i, n, names[i-1])
			}
		}
	}
	for _, c := range h.Cells {
		if _, ok := h.Metrics[c]; !ok {
			return inputErr("metrics: must declare the metrics of every cell, cell %q has none", c)
		}
	}
	return nil
}

// checkRecord validates the place of a record in its header's grid.
func (h *Header) checkRecord(r *Record) error {
	switch {
	case r.Point < 0 || r.Point >= len(h.Runs):
		return inputErr("point: must be in [0, %d), got %d", len(h.Runs), r.Point)
	case r.Rep < 0 || r.Rep >= h.Runs[r.Point]:
		return inputErr("replication: point %d has replications [0, %d), got %d", r.Point, h.Runs[r.Point], r.Rep)
	case h.cell(r.Cell) < 0:
		return inputErr("cell: must be one of %q, got %q", h.Cells, r.Cell)
	case r.Metrics == nil:
		return inputErr("metrics: missing")
	}
	return nil
}

// checkMetrics checks that r carries exactly the metrics its cell declares.
func (h *Header) checkMetrics(r *Record) error {
	names, ok := h.Metrics[r.Cell]
	if !ok {
		return inputErr("metrics: the header declares no metrics for cell %q (a file with records must declare them)", r.Cell)
	}
	for _, n := range names {
		if _, ok := r.Metrics[n]; !ok {
			return inputErr("metrics.%s: missing; cell %q declares %q", n, r.Cell, names)
		}
	}
	if len(r.Metrics) != len(names) {
		for _, k := range slices.Sorted(mapKeys(r.Metrics)) {
			if _, found := slices.BinarySearch(names, k); !found {
				return inputErr("metrics.%s: not a metric cell %q declares (%q)", k, r.Cell, names)
			}
		}
	}
	return nil
}

// cell returns the index of the named cell, or -1.
func (h *Header) cell(name string) int {
	for i, c := range h.Cells {
		if c == name {
			return i
		}
	}
	return -1
}

// tempIn creates a temporary file in the folder of path.
func tempIn(path string) (*os.File, error) {
	return os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*.tmp")
}

// Resume continues the record file path of a run whose header is h: it
// reads path+PartialSuffix, left by a run that was killed or failed, or
// else path, left by a run that a limit stopped; checks that its header is
// h (an error names the field that differs); keeps the units it holds
// whole, dropping a cut last line or compressed tail; and returns a
// Writer that streams the rest after them (Has reports the units kept).
// Without either file, Resume is Create.
func Resume(ctx context.Context, path string, h Header) (*Writer, error) {
	if err := h.check(); err != nil {
		return nil, err
	}
	if err := checkTarget(path); err != nil {
		return nil, err
	}
	part := path + PartialSuffix
	src := part
	f, err := os.Open(part)
	if errors.Is(err, os.ErrNotExist) {
		src = path
		f, err = os.Open(path)
	}
	if errors.Is(err, os.ErrNotExist) {
		return Create(path, h)
	}
	if err != nil {
		return nil, err
	}
	defer f.Close()
	units, old, err := readUnits(ctx, f, src)
	if err != nil {
		return nil, err
	}
	if old != nil {
		if field := differs(&h, old); field != "" {
			return nil, inputErr("--resume: %s: %s differs from this run's", src, strings.Replace(field, ", not ", " in the file, not ", 1))
		}
		if old.Shard != h.Shard {
			return nil, inputErr("--resume: %s: shard (%s in the file, not %s) differs from this run's", src, old.Shard, h.Shard)
		}
		h.Metrics = old.Metrics
	}
	// The kept units go to a new file renamed over the partial one, so a
	// kill now loses nothing.
	tmp, err := tempIn(path)
	if err != nil {
		return nil, err
	}
	w := newWriter(tmp, path, h)
	for _, u := range units {
		if err := w.WriteUnit(u); err != nil {
			w.Abort()
			os.Remove(tmp.Name())
			return nil, err
		}
	}
	if err := w.flushHeader(); err != nil {
		w.Abort()
		os.Remove(tmp.Name())
		return nil, err
	}
	if err := os.Rename(tmp.Name(), part); err != nil {
		w.Abort()
		os.Remove(tmp.Name())
		return nil, err
	}
	w.part = part
	w.carried = w.units
	return w, nil
}

// flushHeader writes the header now if it is due and known.
func (w *Writer) flushHeader() error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.wroteH && len(w.h.Metrics) > 0 {
		if w.err = w.enc.Encode(w.h); w.err != nil {
			return w.err
		}
		w.wroteH = true
	}
	return w.flush()
}

// readUnits reads the whole units of a record file, in the order their
// last record came, tolerating a cut tail (ErrTruncated). An empty file
// (killed before its header) holds none and has no header.
func readUnits(ctx context.Context, r io.Reader, name string) ([][]Record, *Header, error) {
	br := bufio.NewReader(r)
	if _, err := br.Peek(1); err == io.EOF {
		return nil, nil, nil // killed before its header
	}
	rd, err := NewReader(ctx, br, name)
	if errors.Is(err, ErrTruncated) {
		return nil, nil, nil // the header line was cut: nothing kept
	}
	if err != nil {
		return nil, nil, fmt.Errorf("--resume: %w", err)
	}
	nc := len(rd.Header.Cells)
	open := map[[2]int][]Record{}
	complete := map[[2]int]bool{}
	var units [][]Record
	for {
		rec, err := rd.Next()
		if err == io.EOF || errors.Is(err, ErrTruncated) {
			break
		}
		if err != nil {
			return nil, nil, fmt.Errorf("--resume: %w", err)
		}
		k := [2]int{rec.Point, rec.Rep}
		for _, o := range open[k] {
			if o.Cell == rec.Cell {
				return nil, nil, inputErr("--resume: %s:%d: (point %d, replication %d) cell %q again", name, rd.Line(), rec.Point, rec.Rep, rec.Cell)
			}
		}
		if complete[k] {
			return nil, nil, inputErr("--resume: %s:%d: (point %d, replication %d) again after its unit was complete", name, rd.Line(), rec.Point, rec.Rep)
		}
		open[k] = append(open[k], *rec)
		if len(open[k]) == nc {
			units = append(units, open[k])
			delete(open, k)
			complete[k] = true
		}
	}
	return units, &rd.Header, nil
}
