package shard

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"
)

// FormatVersion is the version of the record file format this package
// writes and reads.
const FormatVersion = 1

// Caps on what Read accepts, so that a corrupt or hostile file cannot
// exhaust memory.
const (
	// MaxHeaderBytes caps the header line: room for an instance of the
	// largest size an input file may have (jsoninput.MaxBytes, 64 MiB).
	MaxHeaderBytes = 80 << 20
	// MaxLineBytes caps a record line.
	MaxLineBytes = 1 << 20
	// MaxFileBytes caps the (decompressed) size of one record file.
	MaxFileBytes = 4 << 30
	// MaxPoints caps the points of a grid, MaxUnits its (point,
	// replication) units and MaxCells the cells recorded per unit.
	MaxPoints = 1 << 20
	MaxUnits  = 1 << 24
	MaxCells  = 1 << 10
)

// Header is the first line of a record file: where the records come from
// and the grid they belong to. Two files merge when every field but Shard
// is the same.
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

// UnmarshalJSON reads a number or one of the strings MarshalJSON writes.
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
	if err := json.Unmarshal(b, &v); err != nil {
		return fmt.Errorf("a metric must be a number, \"NaN\", \"+Inf\" or \"-Inf\", got %.40s", b)
	}
	*f = Float(v)
	return nil
}

// Floats converts a metric map for a Record.
func Floats(m map[string]float64) map[string]Float {
	out := make(map[string]Float, len(m))
	for k, v := range m {
		out[k] = Float(v)
	}
	return out
}

// Values returns the metrics of r as float64.
func (r *Record) Values() map[string]float64 {
	out := make(map[string]float64, len(r.Metrics))
	for k, v := range r.Metrics {
		out[k] = float64(v)
	}
	return out
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

// Writer writes a record file.
type Writer struct {
	f   *os.File
	gz  *gzip.Writer
	bw  *bufio.Writer
	enc *json.Encoder
	h   *Header
	err error
}

// Create creates path (gzip-compressed when it ends in ".gz") and writes
// the header h to it; Kind and Format are filled in.
func Create(path string, h Header) (*Writer, error) {
	if err := h.check(); err != nil {
		return nil, err
	}
	f, err := os.Create(path)
	if err != nil {
		return nil, err
	}
	w := &Writer{f: f, h: &h}
	var out io.Writer = f
	if strings.HasSuffix(path, ".gz") {
		w.gz = gzip.NewWriter(f)
		out = w.gz
	}
	w.bw = bufio.NewWriter(out)
	w.enc = json.NewEncoder(w.bw)
	w.enc.SetEscapeHTML(false)
	h.Kind, h.Format = "header", FormatVersion
	if err := w.enc.Encode(h); err != nil {
		f.Close()
		return nil, err
	}
	return w, nil
}

// Write appends a record (its Kind is filled in).
func (w *Writer) Write(r Record) error {
	if w.err != nil {
		return w.err
	}
	if err := w.h.checkRecord(&r); err != nil {
		return err
	}
	r.Kind = "record"
	w.err = w.enc.Encode(r)
	return w.err
}

// Close flushes and closes the file and returns the first error of
// writing it.
func (w *Writer) Close() error {
	err := w.err
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
	return err
}

// File is a record file as read.
type File struct {
	Name    string
	Header  Header
	Records []Record
}

// ReadFile reads a record file; a gzip-compressed one (whatever its name)
// is decompressed.
func ReadFile(path string) (*File, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, inputErr("%v", err)
	}
	defer f.Close()
	return Read(f, path)
}

// Read reads a record file from r (gzip-compressed or not); name is used
// in the error messages, which say the line and the field at fault. The
// caps MaxHeaderBytes, MaxLineBytes and MaxFileBytes apply.
func Read(r io.Reader, name string) (*File, error) {
	br := bufio.NewReader(r)
	if magic, err := br.Peek(2); err == nil && magic[0] == 0x1f && magic[1] == 0x8b {
		gz, err := gzip.NewReader(br)
		if err != nil {
			return nil, inputErr("%s: gzip: %v", name, err)
		}
		defer gz.Close()
		br = bufio.NewReader(gz)
	}
	lr := &io.LimitedReader{R: br, N: MaxFileBytes + 1}
	br = bufio.NewReaderSize(lr, 64<<10)
	file := &File{Name: name}
	for line := 1; ; line++ {
		limit := MaxLineBytes
		if line == 1 {
			limit = MaxHeaderBytes
		}
		b, err := readLine(br, limit)
		if lr.N <= 0 {
			return nil, inputErr("%s: over the cap of %d bytes", name, int64(MaxFileBytes))
		}
		if err == io.EOF && len(b) == 0 {
			break
		}
		if err != nil && err != io.EOF {
			if errors.Is(err, errLongLine) {
				return nil, inputErr("%s:%d: line over the cap of %d bytes", name, line, limit)
			}
			return nil, inputErr("%s:%d: %v", name, line, err)
		}
		if line == 1 {
			if err := decode(b, &file.Header); err != nil {
				return nil, inputErr("%s:1: header: %v", name, err)
			}
			if file.Header.Kind != "header" {
				return nil, inputErr("%s:1: kind: must be \"header\" on the first line, got %q", name, file.Header.Kind)
			}
			if err := file.Header.check(); err != nil {
				return nil, fmt.Errorf("%s:1: %w", name, err)
			}
			continue
		}
		if len(bytes.TrimSpace(b)) == 0 {
			continue
		}
		if len(file.Records) >= MaxUnits*len(file.Header.Cells) {
			return nil, inputErr("%s:%d: more records than the grid has", name, line)
		}
		var rec Record
		if err := decode(b, &rec); err != nil {
			return nil, inputErr("%s:%d: %v", name, line, err)
		}
		if err := file.Header.checkRecord(&rec); err != nil {
			return nil, fmt.Errorf("%s:%d: %w", name, line, err)
		}
		if rec.Kind != "record" {
			return nil, inputErr("%s:%d: kind: must be \"record\", got %q", name, line, rec.Kind)
		}
		file.Records = append(file.Records, rec)
	}
	if file.Header.Kind == "" {
		return nil, inputErr("%s: empty: a record file starts with its header line", name)
	}
	return file, nil
}

var errLongLine = errors.New("line too long")

// readLine reads one line (without its newline) of at most limit bytes.
func readLine(br *bufio.Reader, limit int) ([]byte, error) {
	var out []byte
	for {
		frag, err := br.ReadSlice('\n')
		if len(out)+len(frag) > limit+1 {
			return nil, errLongLine
		}
		out = append(out, frag...)
		if err == bufio.ErrBufferFull {
			continue
		}
		if err == nil {
			out = out[:len(out)-1]
		}
		return out, err
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

// check validates a header.
func (h *Header) check() error {
	switch {
	case h.Kind != "" && h.Kind != "header":
		return inputErr("kind: must be \"header\" on the first line, got %q", h.Kind)
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
	return nil
}

// checkRecord validates a record against its header.
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

// cell returns the index of the named cell, or -1.
func (h *Header) cell(name string) int {
	for i, c := range h.Cells {
		if c == name {
			return i
		}
	}
	return -1
}
