// Package progress shows the progress the library reports through
// sim.Progress: a bar on a terminal (github.com/schollz/progressbar/v3), a
// plain line every few seconds elsewhere, so a batch job's log says how far
// a long run got. The library itself draws nothing.
package progress
