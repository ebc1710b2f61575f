package ctxio

import (
	"context"
	"io"
)

// Chunk caps the bytes of one read of the source: the most a reader reads
// after its context is done.
const Chunk = 64 << 10

// Reader returns a reader of r that fails with ctx's error once ctx is
// done.
func Reader(ctx context.Context, r io.Reader) io.Reader { return reader{ctx, r} }

type reader struct {
	ctx context.Context
	r   io.Reader
}

func (c reader) Read(p []byte) (int, error) {
	if err := c.ctx.Err(); err != nil {
		return 0, err
	}
	if len(p) > Chunk {
		p = p[:Chunk]
	}
	n, err := c.r.Read(p)
	if err != nil && c.ctx.Err() != nil {
		err = c.ctx.Err() // a read that failed because ctx ended
	}
	return n, err
}
