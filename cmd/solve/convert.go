package main

import (
	"fmt"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"

	"github.com/streamopt/streamopt/lp"
	"github.com/streamopt/streamopt/lp/lpformat"
	"github.com/streamopt/streamopt/lp/mps"
)

func init() { register(newConvertCmd) }

func newConvertCmd() *cobra.Command {
	var glpk, free bool
	cmd := &cobra.Command{
		Use:   "convert IN OUT",
		Short: "Convert an LP/MILP between MPS and CPLEX LP format",
		Long: `convert reads a model (CPLEX LP format when IN ends in .lp, MPS otherwise)
and writes it to OUT in the format its extension names: .lp for CPLEX LP,
.mps for MPS (fixed when every name and number fits the fixed columns,
free otherwise; --free forces free MPS). With --glpk the LP file is written
so that glpsol --lp reads it (ranges and an objective constant become
extra columns).`,
		Args: cobra.ExactArgs(2),
		RunE: func(cmd *cobra.Command, args []string) error {
			in, out := args[0], args[1]
			write, err := modelWriter(out, glpk, free)
			if err != nil {
				return inputError(err)
			}
			m, err := readModelFile(in)
			if err != nil {
				return inputError(err)
			}
			if err := createParent(out); err != nil {
				return inputError(err)
			}
			if err := write(m); err != nil {
				return internalError(fmt.Errorf("%s: %w", out, err))
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
	cmd.Flags().BoolVar(&glpk, "glpk", false, "write an LP file that glpsol --lp can read")
	cmd.Flags().BoolVar(&free, "free", false, "write free MPS even when fixed MPS would do")
	return cmd
}

// modelWriter returns the writer for the format path's extension names.
func modelWriter(path string, glpk, free bool) (func(*lp.Model) error, error) {
	switch ext := strings.ToLower(filepath.Ext(path)); ext {
	case ".lp":
		if free {
			return nil, fmt.Errorf("--free: applies to MPS output, not to %s", path)
		}
		return func(m *lp.Model) error { return lpformat.WriteFile(path, m, lpformat.WriteOptions{GLPK: glpk}) }, nil
	case ".mps":
		if glpk {
			return nil, fmt.Errorf("--glpk: applies to LP output, not to %s", path)
		}
		opts := mps.WriteOptions{}
		if free {
			opts.Format = mps.Free
		}
		return func(m *lp.Model) error { return mps.WriteFile(path, m, opts) }, nil
	default:
		return nil, fmt.Errorf("%s: output format unknown from extension %q (want .lp or .mps)", path, ext)
	}
}
