// Package readertest holds the tests every model file reader (lp/mps,
// lp/lpformat) must pass on its input as a file: a damaged or truncated
// gzip stream is refused even when what it decompresses to reads as a
// model, gzip data is read by its magic bytes whatever the file's name and
// from a reader, text after the end marker is read (a gzip stream to its
// checksum) and ignored but counts against the byte cap, the byte and line
// caps refuse with an input error that names them, a done context stops
// the read, and FuzzGzip checks that any gzip input a reader accepts
// decompresses intact to the text of the same model. FuzzRoundTrip checks
// that a model a reader accepts is valid and survives the package's writer
// and a read back, and BenchmarkWrite times the writer on NETLIB d2q06c. A
// reader's package describes itself with a Format and calls Run, FuzzGzip
// and FuzzRoundTrip; Model, CV, IV and Text write the expected models of
// its hand-written read cases.
package readertest
