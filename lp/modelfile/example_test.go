package modelfile_test

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"strings"

	"github.com/streamopt/streamopt/lp/modelfile"
)

// FormatOf reads the format from a file name, after a final ".gz".
func ExampleFormatOf() {
	for _, name := range []string{"afiro.mps", "plan.LP.gz", "notes.txt"} {
		f, gz := modelfile.FormatOf(name)
		fmt.Println(name, f, gz)
	}
	// Output:
	// afiro.mps MPS false
	// plan.LP.gz CPLEX LP true
	// notes.txt unknown false
}

// Decompress gunzips data by its first bytes, whatever its name, and
// Detect tells the format from the first line that is not blank: here a
// gzipped CPLEX LP model arriving on a pipe.
func ExampleDetect() {
	var gz bytes.Buffer
	zw := gzip.NewWriter(&gz)
	io.WriteString(zw, "\n\\ a small model\nMaximize\n obj: x\nSubject To\n c: x <= 1\nEnd\n")
	zw.Close()
	br := bufio.NewReaderSize(modelfile.Decompress(&gz), modelfile.DetectWindow)
	f, err := modelfile.Detect(br)
	fmt.Println(f, err)
	if _, err := modelfile.Detect(bufio.NewReaderSize(strings.NewReader("hello\n"), modelfile.DetectWindow)); err != nil {
		fmt.Println("plain text:", err != nil)
	}
	// Output:
	// CPLEX LP <nil>
	// plain text: true
}
