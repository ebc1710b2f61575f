package main

import (
	"context"
	"fmt"

	"github.com/spf13/cobra"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/lpformat"
	"github.com/streamopt/streamopt/lp/modelfile"
	"github.com/streamopt/streamopt/lp/mps"
)

func init() { register(newConvertCmd) }

func newConvertCmd() *cobra.Command {
	var glpk, free bool // --glpk is deprecated and does nothing
	var caps inputCaps
	cmd := &cobra.Command{
		Use:   "convert IN|- OUT",
		Short: "Convert an LP/MILP between MPS and CPLEX LP format",
		Long: `convert reads a model (CPLEX LP format when IN ends in .lp or .lp.gz, MPS
otherwise) and writes it to OUT in the format its extension names: .lp for
CPLEX LP, .mps for MPS (fixed when every name and number fits the fixed
columns, free otherwise; --free forces free MPS); a further .gz gzips the
file. IN "-" reads standard input, in the format its first line names
unless --input-format names it; gzip input is gunzipped whatever its name
(by its magic bytes). The files are read the same way by
glpsol, clp, cbc, lp_solve (MPS) and HiGHS: a maximisation is written to MPS
as the minimisation of the negated objective, and the objective constant is
in no row; the first comment lines of the file say how its objective maps
back to the model's. An input over --max-input-bytes or --max-input-lines,
or a damaged or truncated .gz input, is refused; an interrupt while it is
read stops convert with exit code 1 and writes nothing.`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			in, out := args[0], args[1]
			if glpk {
				fmt.Fprintln(cmd.ErrOrStderr(), "convert: --glpk is deprecated and does nothing: glpsol --lp reads every LP file convert writes")
			}
			if err := caps.check(); err != nil {
				return err
			}
			write, err := modelWriter(out, free, nil)
			if err != nil {
				return fault.Errorf(fault.ErrInput, "%w", err)
			}
			if err := checkOutputs([]string{in}, output{"OUT", out, outModel}); err != nil {
				return err
			}
			ctx := cmd.Context()
			if ctx == nil {
				ctx = context.Background()
			}
			caps.stdin = cmd.InOrStdin()
			m, err := readModelFile(ctx, in, caps)
			if err != nil {
				return err
			}
			if err := createParent(out); err != nil {
				return fault.Errorf(fault.ErrInput, "%w", err)
			}
			if err := write(m); err != nil {
				// The path is the user's: a write failure is exit 2, as
				// for every --out, --csv, --plot and --export.
				return fault.Errorf(fault.ErrInput, "%s: %w", out, err)
			}
			ints := 0
			for _, v := range m.Vars {
				if v.Integer {
					ints++
				}
			}
			fmt.Fprintf(cmd.OutOrStdout(), "wrote %s: %d rows, %d columns (%d integer)\n", out, len(m.Rows), len(m.Vars), ints)
			return nil
		},
	}
	cmd.Flags().BoolVar(&glpk, "glpk", false, "no effect: glpsol --lp reads every LP file convert writes")
	_ = cmd.Flags().MarkHidden("glpk")
	cmd.Flags().BoolVar(&free, "free", false, "write free MPS even when fixed MPS would do")
	addInputCapFlags(cmd.Flags(), &caps)
	return cmd
}

// modelWriter returns the writer for the format path's extension names
// (modelfile.FormatOf; a ".gz" is gzipped by the writer).
// comment lines are written after the file's objective line.
func modelWriter(path string, free bool, comment []string) (func(*lp.Model) error, error) {
	switch f, _ := modelfile.FormatOf(path); f {
	case modelfile.LP:
		if free {
			return nil, fmt.Errorf("--free: applies to MPS output, not to %s", path)
		}
		return func(m *lp.Model) error { return lpformat.WriteFile(path, m, lpformat.WriteOptions{Comment: comment}) }, nil
	case modelfile.MPS:
		opts := mps.WriteOptions{Comment: comment}
		if free {
			opts.Format = mps.Free
		}
		return func(m *lp.Model) error { return mps.WriteFile(path, m, opts) }, nil
	default:
		return nil, fmt.Errorf("%s: output format unknown from the name (want %s)", path, modelfile.Extensions)
	}
}
