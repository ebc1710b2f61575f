// Package ctxio stops a read once a context is done: Reader checks the
// context before every read of its source, in pieces of at most Chunk
// bytes, so a cheap source (a gzip stream of newlines) cannot run far past
// an interrupt, and reports the context's error for a read that failed
// because of it (a pipe whose read deadline was set at the cancel).
package ctxio
