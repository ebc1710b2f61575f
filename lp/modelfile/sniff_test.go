package modelfile

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/fault"
)

func gz(t *testing.T, text string) []byte {
	t.Helper()
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(text))
	if err := zw.Close(); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestDecompress: gzip data is gunzipped by its magic bytes, anything else
// (also data of fewer than two bytes) passes as it is, and damaged gzip
// data is ErrCorrupt.
func TestDecompress(t *testing.T) {
	for _, tc := range []struct {
		name string
		data []byte
		want string
	}{
		{"plain", []byte("NAME x\nENDATA\n"), "NAME x\nENDATA\n"},
		{"gzip", gz(t, "NAME x\nENDATA\n"), "NAME x\nENDATA\n"},
		{"empty", nil, ""},
		{"one byte", []byte{0x1f}, "\x1f"},
		{"magic only", gzipMagic, ""},
	} {
		got, err := io.ReadAll(Decompress(bytes.NewReader(tc.data)))
		if tc.name == "magic only" {
			if !errors.Is(err, ErrCorrupt) {
				t.Errorf("%s: %q, %v; want ErrCorrupt", tc.name, got, err)
			}
			continue
		}
		if err != nil || string(got) != tc.want {
			t.Errorf("%s: %q, %v; want %q", tc.name, got, err, tc.want)
		}
	}
}

func TestDetect(t *testing.T) {
	for _, tc := range []struct {
		text string
		want Format
	}{
		{"* objective of the model = objective of this file\nNAME x\n", MPS},
		{"\n\nNAME          AFIRO\nROWS\n", MPS},
		{"ROWS\n N obj\n", MPS},
		{"objsense\n    MAX\n", MPS},
		{"OBJNAME\n", MPS},
		{"\\ objective of the model = objective of this file\nMinimize\n", LP},
		{"  minimize\n obj: x\n", LP},
		{"Maximise\n", LP},
		{"max: 3 x + 2 y\n", LP},
		{"MINIMUM\r\n", LP},
		{"hello world\nNAME x\n", Unknown},
		{"", Unknown},
		{"\n \n\t\n", Unknown},
		{"{\"regions\": []}\n", Unknown},
	} {
		got, err := Detect(bufio.NewReaderSize(strings.NewReader(tc.text), DetectWindow))
		if got != tc.want || (tc.want == Unknown) != errors.Is(err, ErrUndetected) {
			t.Errorf("Detect(%q) = %v, %v; want %v", tc.text, got, err, tc.want)
		}
		if err != nil && fault.Of(err) != fault.Input {
			t.Errorf("Detect(%q): error %v is not an input error", tc.text, err)
		}
	}
	// The first line past the window is not looked at.
	long := strings.Repeat("\n", DetectWindow) + "NAME x\n"
	if f, err := Detect(bufio.NewReaderSize(strings.NewReader(long), DetectWindow)); !errors.Is(err, ErrUndetected) {
		t.Errorf("a first line after %d bytes: %v, %v; want ErrUndetected", DetectWindow, f, err)
	}
	// Detect consumes nothing.
	br := bufio.NewReaderSize(strings.NewReader("ROWS\n"), DetectWindow)
	Detect(br)
	if rest, _ := io.ReadAll(br); string(rest) != "ROWS\n" {
		t.Errorf("after Detect the reader holds %q", rest)
	}
}
