package modelfile

import (
	"bufio"
	"compress/flate"
	"compress/gzip"
	"context"
	"errors"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/atomicfile"
	"github.com/streamopt/streamopt/internal/ctxio"
	"github.com/streamopt/streamopt/lp"
)

// Format is a model file format.
type Format int

const (
	Unknown Format = iota
	MPS            // fixed or free MPS
	LP             // CPLEX LP
)

func (f Format) String() string {
	switch f {
	case MPS:
		return "MPS"
	case LP:
		return "CPLEX LP"
	}
	return "unknown"
}

// Extensions lists the extensions FormatOf knows, for messages.
const Extensions = ".mps, .lp, .mps.gz or .lp.gz"

// FormatOf returns the format the name path ends in, after a final ".gz"
// (any case) is removed, and whether that ".gz" was there: "a.mps" and
// "a.MPS.gz" are MPS, "a.lp" and "a.lp.gz" CPLEX LP, anything else Unknown.
func FormatOf(path string) (f Format, gzipped bool) {
	base := path
	if ext := filepath.Ext(base); strings.EqualFold(ext, ".gz") {
		base, gzipped = strings.TrimSuffix(base, ext), true
	}
	switch strings.ToLower(filepath.Ext(base)) {
	case ".mps":
		return MPS, gzipped
	case ".lp":
		return LP, gzipped
	}
	return Unknown, gzipped
}

// gzipped reports whether path names a gzip file.
func gzipped(path string) bool { return strings.EqualFold(filepath.Ext(path), ".gz") }

// Open opens the file at path for reading, through gzip (Gunzip) when the
// name ends in ".gz" (data that is not gzip is then an error; a gzip file
// of another name is gunzipped by the readers, see Decompress). Once ctx is
// done, reads fail with ctx's error, also a read blocked on a pipe or a
// terminal.
func Open(ctx context.Context, path string) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	// A regular file cannot block and refuses deadlines; a pipe takes one.
	stop := context.AfterFunc(ctx, func() { f.SetReadDeadline(time.Now()) })
	file := &openFile{ctxio.Reader(ctx, f), f, stop}
	if !gzipped(path) {
		return file, nil
	}
	zr, err := Gunzip(file)
	if err != nil {
		file.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return &gzipFile{zr, file}, nil
}

type openFile struct {
	io.Reader
	f    *os.File
	stop func() bool
}

func (o *openFile) Close() error {
	o.stop()
	return o.f.Close()
}

type gzipFile struct {
	io.Reader
	file *openFile
}

func (g *gzipFile) Close() error { return g.file.Close() }

// ErrCorrupt is wrapped by the errors of the reader Gunzip returns: the
// data is not gzip data, or a stream is damaged (a bad checksum or length,
// invalid compressed data, a truncated stream). It is an input error.
var ErrCorrupt = fault.New(fault.ErrInput, "corrupt gzip file")

// Gunzip returns a reader of the data r holds compressed, every stream of
// it in turn (gzip -c a b > c joins two). Data that is not gzip, a damaged
// stream and one that ends early are errors wrapping ErrCorrupt; an error
// of r itself (ctx's, as Open gives) is returned as it is. gzip checks a
// stream's checksum and length only at its end, so a reader must read to
// io.EOF to know that what it read is what was compressed (Lines.Finish
// does).
func Gunzip(r io.Reader) (io.Reader, error) {
	zr, err := gzip.NewReader(r)
	if err == io.EOF {
		return nil, fmt.Errorf("%w: the file is empty", ErrCorrupt)
	}
	if err != nil {
		return nil, gzipError(err)
	}
	return gunzipReader{zr}, nil
}

type gunzipReader struct{ zr *gzip.Reader }

func (g gunzipReader) Read(p []byte) (int, error) {
	n, err := g.zr.Read(p)
	if err != nil && err != io.EOF {
		err = gzipError(err)
	}
	return n, err
}

// gzipError marks an error of compress/gzip for a damaged or truncated
// stream as ErrCorrupt; other errors (a failed read, ctx's) are returned
// as they are.
func gzipError(err error) error {
	var ce flate.CorruptInputError
	switch {
	case err == io.ErrUnexpectedEOF:
		return fmt.Errorf("%w: truncated (the compressed data ends early)", ErrCorrupt)
	case errors.Is(err, gzip.ErrChecksum), errors.Is(err, gzip.ErrHeader), errors.As(err, &ce):
		return fmt.Errorf("%w: %w", ErrCorrupt, err)
	}
	return err
}

// Create has write fill the file at path, through gzip when the name ends
// in ".gz", and puts it in place only when it is complete
// (atomicfile.Write): after an error of write, the compressor or the file,
// which Create returns, the file at path is as it was.
func Create(path string, write func(io.Writer) error) error {
	if !gzipped(path) {
		return atomicfile.Write(path, write)
	}
	return atomicfile.Write(path, func(w io.Writer) error {
		zw := gzip.NewWriter(w)
		if err := write(zw); err != nil {
			return err
		}
		return zw.Close()
	})
}

// Objective says how the objective of a file maps to the objective of the
// model written into it: model = −(file) + Constant when Negated, else
// model = file + Constant. Negated also means that the file optimises in the
// other direction.
type Objective struct {
	Negated  bool
	Constant float64
}

const (
	objPrefix = "objective of the model = "
	fileObj   = "objective of this file"
)

// Line renders o as the header line, without the comment mark: for example
// "objective of the model = -(objective of this file) + 2.5".
func (o Objective) Line() string {
	s := objPrefix + fileObj
	if o.Negated {
		s = objPrefix + "-(" + fileObj + ")"
	}
	switch {
	case o.Constant > 0:
		s += " + " + strconv.FormatFloat(o.Constant, 'g', -1, 64)
	case o.Constant < 0:
		s += " - " + strconv.FormatFloat(-o.Constant, 'g', -1, 64)
	}
	return s
}

// ParseObjective reads a header line written by Line. text is the comment
// without its mark; leading and trailing blanks are ignored. ok is false
// when text is not an objective line at all, err non-nil when it starts
// like one but the rest is malformed.
func ParseObjective(text string) (o Objective, ok bool, err error) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(text), objPrefix)
	if !ok {
		return Objective{}, false, nil
	}
	bad := fmt.Errorf("malformed objective line %q (want %q, optionally negated as -(...), then + or - a constant)", strings.TrimSpace(text), objPrefix+fileObj)
	switch {
	case strings.HasPrefix(rest, "-("+fileObj+")"):
		o.Negated, rest = true, rest[len("-("+fileObj+")"):]
	case strings.HasPrefix(rest, fileObj):
		rest = rest[len(fileObj):]
	default:
		return Objective{}, true, bad
	}
	if rest == "" {
		return o, true, nil
	}
	var sign float64
	switch {
	case strings.HasPrefix(rest, " + "):
		sign = 1
	case strings.HasPrefix(rest, " - "):
		sign = -1
	default:
		return Objective{}, true, bad
	}
	num := rest[3:]
	v, err := strconv.ParseFloat(num, 64)
	if err != nil || math.IsInf(v, 0) || math.IsNaN(v) || num == "" || num[0] < '0' || num[0] > '9' {
		return Objective{}, true, bad
	}
	o.Constant = sign * v
	return o, true, nil
}

// Apply turns the model read from a file into the model the file was
// written from: with Negated, the sense is flipped and the objective
// coefficients and constant negated; then Constant is added to the
// objective constant.
func (o Objective) Apply(m *lp.Model) {
	if o.Negated {
		if m.Sense == lp.Maximize {
			m.Sense = lp.Minimize
		} else {
			m.Sense = lp.Maximize
		}
		for j := range m.Obj {
			m.Obj[j] = -m.Obj[j]
		}
		m.ObjOffset = -m.ObjOffset
	}
	m.ObjOffset += o.Constant
}

// CheckComment checks caller-supplied comment lines: none may hold a line
// break. what names the option in the error, e.g. "mps: write: Comment".
func CheckComment(what string, lines []string) error {
	for i, s := range lines {
		if strings.ContainsAny(s, "\r\n") {
			return fmt.Errorf("%s[%d]: %q contains a line break (give one line per element)", what, i, s)
		}
	}
	return nil
}

// Comments writes each line after mark and a space ("* text"), or mark
// alone for an empty line.
func Comments(w io.StringWriter, mark string, lines ...string) {
	for _, s := range lines {
		if s == "" {
			w.WriteString(mark + "\n")
			continue
		}
		w.WriteString(mark + " " + s + "\n")
	}
}

// ToModel maps an objective value a solver reports for a file to the
// objective of the model written into it.
func (o Objective) ToModel(file float64) float64 {
	if o.Negated {
		file = -file
	}
	return file + o.Constant
}

// ReadObjective reads the objective line from the header comments (lines
// starting with mark: "*" for MPS, "\\" for LP) of the file at path. It
// reads the file to its end, within the default Limits, so that a gzip
// file's checksum is checked.
func ReadObjective(path, mark string) (Objective, error) {
	ctx := context.Background()
	f, err := Open(ctx, path)
	if err != nil {
		return Objective{}, err
	}
	defer f.Close()
	lines := NewLines(ctx, f, Limits{})
	for {
		line, rerr := lines.Next()
		text, comment := strings.CutPrefix(line, mark)
		if rerr != nil && rerr != io.EOF {
			return Objective{}, fmt.Errorf("%s: %w", path, rerr)
		}
		if !comment {
			break
		}
		if o, ok, err := ParseObjective(text); err != nil || ok {
			if err == nil {
				if err = lines.Finish(); err != nil {
					err = fmt.Errorf("%s: %w", path, err)
				}
			}
			return o, err
		}
		if rerr == io.EOF {
			break
		}
	}
	return Objective{}, fmt.Errorf("%s: no objective line in the header", path)
}

// MaxLine is the longest line the MPS and LP readers accept, in bytes. Our
// writers, glpsol's and CPLEX's wrap far below it; the cap keeps a reader
// of a file with no line breaks (/dev/zero, a binary file) from holding it
// whole in memory.
const MaxLine = 1 << 20

// ErrLineTooLong is returned by Lines.Next for a line over MaxLine bytes.
var ErrLineTooLong = fault.New(fault.ErrInput, fmt.Sprintf("line longer than %d bytes (not a model file?)", MaxLine))

// Default caps of Limits. A model at the caps takes well under 1 GB to read
// (measured: see the package documentation); the largest NETLIB and MIPLIB
// files of the tests hold about 1.2 MB in 20 000 lines.
const (
	DefaultMaxBytes = 16 << 20
	DefaultMaxLines = 1 << 20
)

// Limits caps what the MPS and LP readers read of a file. A zero field
// means its default.
type Limits struct {
	MaxBytes int64 // bytes read, counted after decompression; default DefaultMaxBytes
	MaxLines int64 // lines read up to the end marker; default DefaultMaxLines
}

// ErrTooManyBytes and ErrTooManyLines are wrapped when a file goes over
// Limits.MaxBytes or Limits.MaxLines. They are input errors.
var (
	ErrTooManyBytes = fault.New(fault.ErrInput, "file over the byte cap")
	ErrTooManyLines = fault.New(fault.ErrInput, "file over the line cap")
)

// Lines reads a model file line by line within Limits, and stops with
// ctx's error once ctx is done (checked before every read of the
// underlying reader, that is at least every 64 KiB).
type Lines struct {
	br    *bufio.Reader
	src   *capReader
	lines int64
	max   int64
	buf   []byte
}

// NewLines returns a reader of the lines of r, gunzipped when r holds
// gzip data (Decompress).
func NewLines(ctx context.Context, r io.Reader, lim Limits) *Lines {
	if lim.MaxBytes <= 0 {
		lim.MaxBytes = DefaultMaxBytes
	}
	if lim.MaxLines <= 0 {
		lim.MaxLines = DefaultMaxLines
	}
	src := &capReader{r: Decompress(ctxio.Reader(ctx, r)), max: lim.MaxBytes}
	return &Lines{br: bufio.NewReaderSize(src, 64<<10), src: src, max: lim.MaxLines}
}

// Next returns the next line with its line break, like
// bufio.Reader.ReadString('\n'): a last line without a break comes with
// io.EOF. It refuses a line over MaxLine bytes with ErrLineTooLong instead
// of reading it whole, and a line past the line cap with ErrTooManyLines.
// After a failed read (an error other than io.EOF: ctx's, a cap's, a
// damaged gzip stream's) it returns no line: the part of one read before
// the failure is not handed to a parser as if it were whole.
func (l *Lines) Next() (string, error) {
	chunk, err := l.br.ReadSlice('\n')
	if err == bufio.ErrBufferFull {
		// A long line: gather it in l.buf.
		l.buf = append(l.buf[:0], chunk...)
		for err == bufio.ErrBufferFull {
			chunk, err = l.br.ReadSlice('\n')
			if len(l.buf)+len(chunk) > MaxLine {
				return "", ErrLineTooLong
			}
			l.buf = append(l.buf, chunk...)
		}
		chunk = l.buf
	}
	if err != nil && err != io.EOF {
		return "", err // the part of a line before a failed read is no line
	}
	if len(chunk) > 0 {
		if l.lines++; l.lines > l.max {
			return "", fmt.Errorf("%w: more than %d lines", ErrTooManyLines, l.max)
		}
	}
	// A one-byte string ("\n") needs no allocation.
	return string(chunk), err
}

// Damaged reads the rest of l to its end, after a parser found an error,
// and returns the error that shows the data to be a damaged gzip stream
// (wrapping ErrCorrupt), which then explains the parser's; else nil.
func (l *Lines) Damaged() error {
	if err := l.Finish(); errors.Is(err, ErrCorrupt) {
		return err
	}
	return nil
}

// Finish reads what is left after the end marker (ENDATA, End) to io.EOF
// and drops it: text there is ignored, but it counts against the byte cap,
// and reading a gzip stream to its end is what checks its checksum.
func (l *Lines) Finish() error {
	_, err := io.Copy(io.Discard, l.br)
	return err
}

// capReader reads from r until more than max bytes have come: it passes
// on the first max bytes, and then fails if one more byte comes.
type capReader struct {
	r      io.Reader
	n, max int64
	over   bool // a byte past max came
}

func (c *capReader) Read(p []byte) (int, error) {
	if c.n >= c.max {
		var one [1]byte
		n, err := c.r.Read(one[:])
		if c.over = c.over || n > 0; c.over {
			return 0, fmt.Errorf("%w: more than %d bytes", ErrTooManyBytes, c.max)
		}
		return 0, err
	}
	if left := c.max - c.n; int64(len(p)) > left {
		p = p[:left]
	}
	n, err := c.r.Read(p)
	c.n += int64(n)
	return n, err
}
