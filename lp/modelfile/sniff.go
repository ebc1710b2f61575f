package modelfile

import (
	"bufio"
	"bytes"
	"io"
	"strings"

	"github.com/streamopt/streamopt/fault"
)

// gzipMagic are the first two bytes of every gzip stream (RFC 1952, 2.3.1).
// No MPS or CPLEX LP text starts with them: 0x1f is a control character
// and 0x8b is not a byte of ASCII.
var gzipMagic = []byte{0x1f, 0x8b}

// Decompress returns a reader of the data r holds, gunzipped (Gunzip) when
// it starts with the gzip magic bytes 1f 8b, whatever the name of the file
// it comes from, and as it is otherwise. It looks at r only at its first
// Read, so wrapping a pipe does not block. The readers of this module read
// every model through it (NewLines), so a gzip stream on standard input or
// in a file not named .gz reads as the text it holds.
func Decompress(r io.Reader) io.Reader { return &sniffReader{src: r} }

type sniffReader struct {
	src io.Reader
	r   io.Reader // set by the first Read
}

func (s *sniffReader) Read(p []byte) (int, error) {
	if s.r == nil {
		br := bufio.NewReader(s.src)
		head, err := br.Peek(len(gzipMagic))
		switch {
		case bytes.Equal(head, gzipMagic):
			zr, err := Gunzip(br)
			if err != nil {
				return 0, err
			}
			s.r = zr
		case err != nil && err != io.EOF:
			return 0, err
		default:
			s.r = br
		}
	}
	return s.r.Read(p)
}

// DetectWindow is how much of its input Detect looks at.
const DetectWindow = 64 << 10

// ErrUndetected is returned by Detect when the start of the data names
// neither format. It is an input error.
var ErrUndetected = fault.New(fault.ErrInput, "cannot tell MPS from CPLEX LP by the start of the data "+
	"(neither a '*' or '\\' comment nor a NAME, ROWS, OBJSENSE, Minimize or Maximize line)")

// Detect tells the format of the (decompressed) text br holds from its
// first line that is not blank, without consuming anything: a comment line
// starting with '*' or a first section NAME, ROWS, OBJSENSE or OBJNAME is
// MPS; a comment starting with '\' or an objective section (Minimize,
// Maximize and their short and British forms, any case) is CPLEX LP. It
// looks at the first DetectWindow bytes at most (br must buffer that many:
// bufio.NewReaderSize(r, DetectWindow)) and returns ErrUndetected when they
// name neither. An error of the read itself is returned as it is.
func Detect(br *bufio.Reader) (Format, error) {
	head, err := br.Peek(DetectWindow)
	if err != nil && err != io.EOF && err != bufio.ErrBufferFull {
		return Unknown, err
	}
	for text := string(head); text != ""; {
		line, rest, _ := strings.Cut(text, "\n")
		text = rest
		line = strings.TrimRight(line, " \t\r")
		if strings.TrimSpace(line) == "" {
			continue
		}
		switch line[0] {
		case '*':
			return MPS, nil
		case '\\':
			return LP, nil
		}
		word := strings.ToUpper(firstWord(strings.TrimSpace(line)))
		switch word {
		case "NAME", "ROWS", "OBJSENSE", "OBJSENCE", "OBJNAME":
			return MPS, nil
		case "MIN", "MINIMIZE", "MINIMISE", "MINIMUM", "MAX", "MAXIMIZE", "MAXIMISE", "MAXIMUM":
			return LP, nil
		}
		return Unknown, ErrUndetected
	}
	return Unknown, ErrUndetected
}

// firstWord is the run of ASCII letters s starts with.
func firstWord(s string) string {
	i := 0
	for i < len(s) && (s[i]|0x20 >= 'a' && s[i]|0x20 <= 'z') {
		i++
	}
	return s[:i]
}
