package main

import (
	"fmt"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/internal/shard"
)

func init() { register(newMergeCmd) }

func newMergeCmd() *cobra.Command {
	var format, csvFile, plot, plotGap, plotBars string
	cmd := &cobra.Command{
		Use:   "merge [output flags] FILE.jsonl...",
		Short: "Merge the record files of the shards of a tpd, rmts or mps run into the output of the unsharded run",
		Long: `merge reads the record files that runs with --records wrote (any number of
them, .jsonl or .jsonl.gz: typically one per --shard i/n), checks that they
come from the same command, program version, instance and grid and that
together they hold every (point, replication) exactly once, and writes what
the unsharded command would have written with the same output flags, byte
for byte: the table or --format json on stdout, --csv, and the figures
(--plot DIR for tpd and rmts; --plot, --plot-gap, --plot-bars FILE for mps).

Records from another instance, version or grid are refused (exit 2, naming
the file and the field that differs), as are missing replications (the
first few (point, replication) pairs are listed) and duplicated ones.`,
		Args: cobra.MinimumNArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := checkFormat(format); err != nil {
				return err
			}
			if err := checkOutputs(args, output{"--csv", csvFile, outFile}, output{"--plot", plot, outFileOrDir},
				output{"--plot-gap", plotGap, outFigure}, output{"--plot-bars", plotBars, outFigure}); err != nil {
				return err
			}
			var files []*shard.File
			for _, a := range args {
				f, err := shard.ReadFile(a)
				if err != nil {
					return err
				}
				files = append(files, f)
			}
			m, err := shard.Merge(files)
			if err != nil {
				return err
			}
			name := files[0].Name
			only := func(command string, flags map[string]string) error {
				for flag, v := range flags {
					if v != "" {
						return inputError(fmt.Errorf("%s: %s records have no such output (it is an output flag of another command)", flag, command))
					}
				}
				return nil
			}
			w, stderr := cmd.OutOrStdout(), cmd.ErrOrStderr()
			switch m.Header.Command {
			case "tpd":
				if err := only("tpd", map[string]string{"--plot-gap": plotGap, "--plot-bars": plotBars}); err != nil {
					return err
				}
				results, err := mergeTPD(m, name)
				if err != nil {
					return err
				}
				return writeTPDOutput(cmd.Context(), w, stderr, results, tpdOutput{format, csvFile, plot}, "", &runFlags{})
			case "rmts":
				if err := only("rmts", map[string]string{"--plot-gap": plotGap, "--plot-bars": plotBars}); err != nil {
					return err
				}
				sc, res, err := mergeRMTS(m, name)
				if err != nil {
					return err
				}
				return writeRMTSOutput(cmd.Context(), w, stderr, sc, res, rmtsOutput{format, csvFile, plot}, "", &runFlags{})
			case "mps":
				in, pols, pts, g, err := mergeMPS(cmd.Context(), m, name)
				if err != nil {
					return err
				}
				return writeMPSOutput(cmd.Context(), w, in, pols, pts, g, mpsOutput{format, csvFile, plot, plotGap, plotBars}, "", &runFlags{})
			}
			return inputError(fmt.Errorf("%s: command: solve merge knows tpd, rmts and mps records, got %q", name, m.Header.Command))
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&format, "format", "table", "output format: table|json")
	fl.StringVar(&csvFile, "csv", "", "write the command's CSV to this file")
	fl.StringVar(&plot, "plot", "", "tpd, rmts: write the figures to this directory; mps: the profit figure to this file")
	fl.StringVar(&plotGap, "plot-gap", "", "mps: write the gap-against-N figure to this file")
	fl.StringVar(&plotBars, "plot-bars", "", "mps: write the mean-gap bar chart to this file")
	return cmd
}
