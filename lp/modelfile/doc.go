// Package modelfile holds what the MPS (lp/mps) and CPLEX LP (lp/lpformat)
// readers and writers share: the format a file name or the start of the
// data names, gzip detected by name and by content, and the header comment
// lines the writers put first in a file.
//
// # File names
//
// FormatOf strips a final ".gz" (any case) and reads the extension that is
// left: ".mps" is MPS (fixed or free: the reader tells them apart line by
// line), ".lp" is CPLEX LP. Create goes through gzip exactly when the name
// ends in ".gz", and so does Open (data that is not gzip is then an error).
// Create writes through internal/atomicfile: the file appears under its
// name only once it is complete.
//
// # Content
//
// Whatever the name, the readers gunzip data that starts with the gzip
// magic bytes 1f 8b (Decompress, which NewLines applies), so a gzipped
// model on standard input or in a file not named .gz reads as its text.
// Detect tells MPS from CPLEX LP by the first line that is not blank, for
// input that has no name to go by (standard input).
//
// # Reading
//
// The readers read a file through Lines, which reads it to its end, also
// after the end marker (ENDATA, End): gzip checks a stream's checksum and
// length only at its end, and a reader that stopped at the marker took a
// damaged or truncated .gz file for a model (Gunzip's errors wrap
// ErrCorrupt). Lines caps the bytes read (after decompression) and the
// lines up to the marker (Limits; defaults DefaultMaxBytes = 16 MiB and
// DefaultMaxLines = 1 Mi), and stops with the context's error once the
// context is done; Open also ends a read that waits on a pipe. The caps
// keep the memory of a read under 1 GB: measured as peak RSS of solve lp on
// gzip files of 19-28 MB over the caps (1.6 M rows, 1.6 M columns or
// 1.6 M terms of one row in CPLEX LP, 1 M rows or columns in MPS), the
// largest was 0.73 GB, refused after 4 s.
//
// # The objective line
//
// Readers of MPS and LP files disagree on two things a model can hold
// (checked with glpsol 5.0, clp 1.17.6, cbc 2.10.8, lp_solve 5.5 and HiGHS
// 1.15 on files of these packages): the OBJSENSE section of MPS (glpsol
// rejects it, clp and cbc ignore "MAX") and the objective constant (an MPS
// right-hand side v on the objective row is the constant −v for clp, cbc and
// HiGHS and +v for glpsol and lp_solve; glpsol rejects a constant term in an
// LP objective). The writers therefore keep both out of the rows: a file
// holds the objective f(x) = Σ c'ⱼxⱼ, minimised unless the format keeps the
// sense, and its first lines say how f maps to the model's objective z:
//
//	objective of the model = objective of this file + 2.5
//	objective of the model = -(objective of this file) + 2.5
//
// that is z = f + c₀, or z = −f + c₀ when the file holds the negated
// objective (a maximisation written as a minimisation, c' = −c). The line
// is always written, also when it says z = f, so that no later comment line
// can be taken for it. The readers of this module read the first such line
// among the comment lines before the first section and apply it (Objective.Apply): a file
// written from a model reads back as that model, and what every other
// reader reports, f*, gives the model's optimum z* = ±f* + c₀.
package modelfile
