package modelfile

import (
	"bufio"
	"compress/gzip"
	"fmt"
	"io"
	"math"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/atomicfile"
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

// Open opens the file at path for reading, through gzip when the name ends
// in ".gz".
func Open(path string) (io.ReadCloser, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	if !gzipped(path) {
		return f, nil
	}
	zr, err := gzip.NewReader(f)
	if err != nil {
		f.Close()
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return gzipReader{zr, f}, nil
}

type gzipReader struct {
	*gzip.Reader
	f *os.File
}

func (r gzipReader) Close() error {
	err := r.Reader.Close()
	if cerr := r.f.Close(); err == nil {
		err = cerr
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
// starting with mark: "*" for MPS, "\\" for LP) of the file at path.
func ReadObjective(path, mark string) (Objective, error) {
	f, err := Open(path)
	if err != nil {
		return Objective{}, err
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		text, ok := strings.CutPrefix(sc.Text(), mark)
		if !ok {
			break
		}
		o, ok, err := ParseObjective(text)
		if err != nil || ok {
			return o, err
		}
	}
	if err := sc.Err(); err != nil {
		return Objective{}, err
	}
	return Objective{}, fmt.Errorf("%s: no objective line in the header", path)
}

// MaxLine is the longest line the MPS and LP readers accept, in bytes. Our
// writers, glpsol's and CPLEX's wrap far below it; the cap keeps a reader
// of a file with no line breaks (/dev/zero, a binary file) from holding it
// whole in memory.
const MaxLine = 1 << 20

// ErrLineTooLong is returned by ReadLine for a line over MaxLine bytes.
var ErrLineTooLong = fault.New(fault.ErrInput, fmt.Sprintf("line longer than %d bytes (not a model file?)", MaxLine))

// ReadLine returns the next line of br with its line break, like
// br.ReadString('\n'), but refuses a line over MaxLine bytes with
// ErrLineTooLong instead of reading it whole.
func ReadLine(br *bufio.Reader) (string, error) {
	var buf []byte
	for {
		chunk, err := br.ReadSlice('\n')
		if len(buf)+len(chunk) > MaxLine {
			return "", ErrLineTooLong
		}
		buf = append(buf, chunk...)
		if err != bufio.ErrBufferFull {
			return string(buf), err
		}
	}
}
