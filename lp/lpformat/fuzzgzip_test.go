package lpformat_test

import (
	"testing"

	"github.com/streamopt/streamopt/lp/modelfile/readertest"
)

// FuzzReadGzip: any gzip data the reader accepts decompresses intact to
// the text of the same model (readertest.FuzzGzip). Seeds
// (testdata/fuzz/FuzzReadGzip): a model gzipped, with a flipped byte, a
// bad checksum, a bad length, cut short, with text after End, and a
// stream of newlines over the line cap.
func FuzzReadGzip(f *testing.F) { readertest.FuzzGzip(f, readerFormat) }
