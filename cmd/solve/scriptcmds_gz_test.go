package main

import (
	"bytes"
	"compress/gzip"
	"os"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/testscript"
)

func init() { scriptCmds["gzmodel"] = cmdGzModel }

// cmdGzModel: gzmodel DST SRC|newlines:MIB [crc|length|cut:N|flip:TEXT]
// writes DST, the file SRC (or MIB MiB of newlines, as a stream of 1-MiB
// gzip members) gzipped in stored blocks, so that its bytes are the text's,
// then damages it: crc and length flip a byte of the trailer's checksum or
// length, cut:N drops the last N bytes, flip:TEXT changes the last byte of
// the first TEXT (the text's own bytes) by one bit.
func cmdGzModel(ts *testscript.TestScript, neg bool, args []string) {
	if neg || len(args) < 2 || len(args) > 3 {
		ts.Fatalf("usage: gzmodel dst src|newlines:MiB [crc|length|cut:N|flip:TEXT]")
	}
	var out bytes.Buffer
	if mib, ok := strings.CutPrefix(args[1], "newlines:"); ok {
		n, err := strconv.Atoi(mib)
		if err != nil || n < 1 {
			ts.Fatalf("gzmodel: newlines:MiB wants a whole number >= 1, got %q", mib)
		}
		// One member of 1 MiB compressed, repeated: gzip reads the
		// members of a file one after the other.
		var one bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&one, gzip.BestCompression)
		zw.Write(bytes.Repeat([]byte{'\n'}, 1<<20))
		ts.Check(zw.Close())
		for range n {
			out.Write(one.Bytes())
		}
	} else {
		text, err := os.ReadFile(ts.MkAbs(args[1]))
		ts.Check(err)
		zw, _ := gzip.NewWriterLevel(&out, gzip.NoCompression)
		zw.Write(text)
		ts.Check(zw.Close())
	}
	b := out.Bytes()
	if len(args) == 3 {
		switch d := args[2]; {
		case d == "crc":
			b[len(b)-8] ^= 0xff
		case d == "length":
			b[len(b)-1] ^= 0x01
		case strings.HasPrefix(d, "cut:"):
			n, err := strconv.Atoi(d[len("cut:"):])
			if err != nil || n < 1 || n > len(b) {
				ts.Fatalf("gzmodel: %s: want cut:N with 1 <= N <= %d", d, len(b))
			}
			b = b[:len(b)-n]
		case strings.HasPrefix(d, "flip:"):
			k := bytes.Index(b, []byte(d[len("flip:"):]))
			if k < 0 || len(d) == len("flip:") {
				ts.Fatalf("gzmodel: %s: text not in the file", d)
			}
			b[k+len(d)-len("flip:")-1] ^= 0x04
		default:
			ts.Fatalf("gzmodel: unknown damage %q", d)
		}
	}
	ts.Check(os.WriteFile(ts.MkAbs(args[0]), b, 0o644))
}
