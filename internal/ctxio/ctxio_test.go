package ctxio_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/ctxio"
)

// cancelAfter cancels its context once n bytes have been read from it.
type cancelAfter struct {
	r      io.Reader
	n      int
	cancel context.CancelFunc
}

func (c *cancelAfter) Read(p []byte) (int, error) {
	k, err := c.r.Read(p)
	if c.n -= k; c.n <= 0 {
		c.cancel()
	}
	return k, err
}

// TestReaderStops: once the context is done, the reader returns its error
// and reads at most one Chunk past the cancel.
func TestReaderStops(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	src := &cancelAfter{r: strings.NewReader(strings.Repeat("x", 1<<22)), n: 1 << 20, cancel: cancel}
	n, err := io.Copy(io.Discard, ctxio.Reader(ctx, src))
	if !errors.Is(err, context.Canceled) || n > 1<<20+ctxio.Chunk {
		t.Fatalf("read %d bytes, error %v; want context.Canceled within %d bytes", n, err, 1<<20+ctxio.Chunk)
	}
}

// TestReaderPassesThrough: with a live context the reader reads all of r.
func TestReaderPassesThrough(t *testing.T) {
	b, err := io.ReadAll(ctxio.Reader(context.Background(), strings.NewReader("abc")))
	if err != nil || string(b) != "abc" {
		t.Fatalf("%q, %v", b, err)
	}
}

func ExampleReader() {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := io.ReadAll(ctxio.Reader(ctx, strings.NewReader("model")))
	fmt.Println(err)
	// Output: context canceled
}
