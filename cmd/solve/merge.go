package main

import (
	"context"
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/shard"
	"github.com/streamopt/streamopt/internal/version"
	"github.com/streamopt/streamopt/study"
)

func init() { register(newMergeCmd) }

func newMergeCmd() *cobra.Command {
	var format, out, csvFile, plot, plotGap, plotBars string
	var plotFormats []string
	cmd := &cobra.Command{
		Use:   "merge [output flags] FILE.jsonl...",
		Short: "Merge the record files of the shards of a tpd, rmts, mps or rrs run into the output of the unsharded run",
		Long: `merge reads the record files that runs with --records wrote (any number of
them, .jsonl or .jsonl.gz: typically one per --shard i/n), checks that they
come from the same command, program version (solve --version: the module
version, the commit and the Go release), instance and grid and that
together they hold every (point, replication) exactly once, and writes what
the unsharded command would have written with the same output flags, byte
for byte: the table or --format json on stdout, --csv, and the figures
(--plot DIR for tpd and rmts, in the --plot-format formats; --plot,
--plot-gap, --plot-bars FILE for mps, in the format of the file's extension;
rrs batches have none).

Records of two builds (two commits, or a clean and a modified tree of one
commit) are refused as differing in their version. A version that names no
commit (a binary of go run, or of go build without VCS stamping and
without scripts/ldflags.sh) cannot tell builds apart: merge then goes on
with a warning on stderr.

Records from another instance, version or grid are refused (exit 2, naming
the file and the field that differs), as are missing replications (the
first few (point, replication) pairs are listed) and duplicated ones, a
record without every metric its cell declares in the header (or with one
it does not declare), a compressed file whose checksum fails or whose
stream is cut short, a file cut in the middle of a line (what a killed run
leaves in FILE.partial: --resume continues it), more than 100 blank lines,
and a grid whose records would need more than 128 MiB. The records are
checked as they are read, so a bad file is refused at its first bad line;
an interrupt stops the reading (exit 1).`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format); err != nil {
				return err
			}
			if err := checkOutputs(args, output{"--out", out, outFile}, output{"--csv", csvFile, outFile}, output{"--plot", plot, outFileOrDir},
				output{"--plot-gap", plotGap, outFigure}, output{"--plot-bars", plotBars, outFigure}); err != nil {
				return err
			}
			if err := checkPlotFormats(plotFormats); err != nil {
				return err
			}
			m, err := shard.Merge(cmd.Context(), args)
			if err != nil {
				return err
			}
			if version.CommitOf(m.Header.Version) == "" {
				fmt.Fprintf(cmd.ErrOrStderr(), "solve: warning: the records name no commit (version %q: built by go run, or by go build "+
					"without VCS stamping), so merge cannot tell whether every shard ran the same build; build with "+
					"go build -ldflags \"$(scripts/ldflags.sh)\"\n", m.Header.Version)
			}
			return writeMerged(cmd.Context(), m, args[0], mergeOutputs{format, out, csvFile, plot, plotGap, plotBars, cmd.OutOrStdout(), cmd.ErrOrStderr(), plotFormats})
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&format, "format", "table", "output format: table|json|csv (csv: the command's --csv columns)")
	fl.StringVar(&out, "out", "", outFlagHelp)
	fl.StringVar(&csvFile, "csv", "", "write the command's CSV to this file")
	fl.StringVar(&plot, "plot", "", "tpd, rmts: write the figures to this directory; mps: the profit figure to this file")
	fl.StringVar(&plotGap, "plot-gap", "", "mps: write the gap-against-N figure to this file")
	fl.StringVar(&plotBars, "plot-bars", "", "mps: write the mean-gap bar chart to this file")
	addPlotFormatFlag(fl, &plotFormats)
	return cmd
}

// mergeOutputs are the output flags of solve merge, and where the answer
// and the messages go.
type mergeOutputs struct {
	format, out, csv, plot, plotGap, plotBars string
	stdout, stderr                            io.Writer
	plotFormats                               []string // of the --plot figures of tpd and rmts; nil: png
}

// studies are the studies solve merge knows, by command (package study).
var studies study.Registry[mergeOutputs]

// writeMerged writes what the command of the merged records m (read from
// name, first) writes with the output flags o.
func writeMerged(ctx context.Context, m *shard.Merged, name string, o mergeOutputs) error {
	return unknownAsSolver(studies.Write(ctx, m, name, o))
}

// unknownAsSolver gives an error of no fault kind the kind solver (exit
// 3): from a study, an error of no kind is a failure of the program, not
// of the input.
func unknownAsSolver(err error) error {
	if err != nil && fault.Of(err) == fault.Unknown {
		return fault.Errorf(fault.ErrSolver, "%w", err)
	}
	return err
}

// onlyOutputs refuses the output flags of mps (--plot-gap, --plot-bars)
// for the records of command, which has none.
func onlyOutputs(command string, o mergeOutputs) error {
	for _, f := range []struct{ flag, v string }{{"--plot-gap", o.plotGap}, {"--plot-bars", o.plotBars}} {
		if f.v != "" {
			return fault.Errorf(fault.ErrInput, "%s: %s records have no such output (it is an output flag of another command)", f.flag, command)
		}
	}
	return nil
}
