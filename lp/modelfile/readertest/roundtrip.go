package readertest

import (
	"bytes"
	"context"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/streamopt/streamopt/internal/instances"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/mps"
)

// RoundTrip says what a format's write and read back keep of a model.
type RoundTrip struct {
	// Want is the model a read-back must equal for the model m Read
	// accepted; nil means m itself.
	Want func(t testing.TB, m *lp.Model) *lp.Model
	// Refused, when not empty, is the text of the only error Write may
	// return on a model Read accepted; the input is then passed over.
	Refused string
}

// FuzzRoundTrip reads each input with f.Read and, for a model it accepts,
// checks that it passes Validate, that f.Write writes it and that reading
// the result back gives rt.Want of it. The seeds are the caller's
// (fz.Add before the call) and the package's testdata/fuzz corpus.
func FuzzRoundTrip(fz *testing.F, f Format, rt RoundTrip) {
	fz.Fuzz(func(t *testing.T, in string) {
		m, err := f.Read(context.Background(), strings.NewReader(in), "fuzz"+f.Ext, 0, 0)
		if err != nil {
			return
		}
		if err := m.Validate(); err != nil {
			t.Fatalf("Read accepted a model that fails Validate: %v", err)
		}
		var buf bytes.Buffer
		if err := f.Write(&buf, m); err != nil {
			if rt.Refused == "" || !strings.Contains(err.Error(), rt.Refused) {
				t.Fatalf("write: %v", err)
			}
			return
		}
		back, err := f.Read(context.Background(), bytes.NewReader(buf.Bytes()), "back"+f.Ext, 0, 0)
		if err != nil {
			t.Fatalf("read back: %v\n%s", err, buf.String())
		}
		want := m
		if rt.Want != nil {
			want = rt.Want(t, m)
		}
		if !reflect.DeepEqual(want, back) {
			t.Fatalf("round trip changed the model (-want +got):\n%s\n%s", cmp.Diff(want, back), buf.String())
		}
	})
}

// D2Q06C returns NETLIB d2q06c, the largest shared file, read with lp/mps;
// b is skipped when the shared instances are absent.
func D2Q06C(b *testing.B) *lp.Model {
	b.Helper()
	m, err := mps.ReadFile(filepath.Join(instances.DirOrSkip(b), "netlib", "d2q06c.mps"))
	if err != nil {
		b.Skip(err)
	}
	return m
}

// BenchmarkWrite measures f.Write on d2q06c.
func BenchmarkWrite(b *testing.B, f Format) {
	m := D2Q06C(b)
	var buf bytes.Buffer
	for b.Loop() {
		buf.Reset()
		if err := f.Write(&buf, m); err != nil {
			b.Fatal(err)
		}
	}
	b.SetBytes(int64(buf.Len()))
}
