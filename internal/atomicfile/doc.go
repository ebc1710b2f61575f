// Package atomicfile writes the output files of the module so that a
// reader never sees half of one: Write fills a temporary file in the
// folder of the destination and renames it into place only once it is
// complete, so a write that fails, panics or is killed leaves the old file
// (or no file) at the destination. CheckFile and CheckDir tell before any
// work whether such a write can succeed.
//
// The temporary file is named ".NAME.tmp-XXXXXXXX" beside NAME (a hidden
// name, never NAME itself); Write removes it after an error or a panic,
// and only a killed process leaves one behind. A new file gets the mode
// os.Create would give it (0666 less the umask); a file that is replaced
// keeps its permission bits, and one the user may not write is refused as
// os.Create would refuse it. A destination that exists and is not a
// regular file (a terminal, /dev/stdout, a pipe) cannot be replaced by a
// rename: it is written in place.
package atomicfile
