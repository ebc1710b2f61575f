package main

import (
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/models/multistage"
	"github.com/streamopt/streamopt/models/rmts"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/models/tpd"
	"github.com/streamopt/streamopt/render"
)

func init() { register(newSchemaCmd) }

// inputSchemas maps each model command to the JSON Schema of its --input.
var inputSchemas = map[string]func() []byte{
	"rrs":  rrs.Schema,
	"mps":  multistage.Schema,
	"rmts": rmts.Schema,
	"tpd":  tpd.Schema,
}

func schemaNames() []string {
	var names []string
	for n := range inputSchemas {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

func newSchemaCmd() *cobra.Command {
	names := schemaNames()
	var output bool
	cmd := &cobra.Command{
		Use:   "schema [--output] " + strings.Join(names, "|"),
		Short: "Print the JSON Schema (draft 2020-12) of a model command's --input file, or of a command's JSON answer",
		Long: `schema prints the JSON Schema of the instance file that solve COMMAND --input
reads: every field with its meaning and unit, and what omitting it means.
An instance may carry a "$schema" key naming it (for editors); the commands
ignore it. Each schema's $id is
https://github.com/streamopt/streamopt/models/COMMAND/schema.json.

With --output, schema prints instead the schema of the JSON answer of
solve COMMAND --format json (COMMAND one of ` + strings.Join(render.OutputSchemaNames(), ", ") + `), with
its format_version; the answer's metric names and units are listed by
the command's --help.`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: names,
		RunE: func(cmd *cobra.Command, args []string) error {
			if output {
				src, err := render.OutputSchema(args[0])
				if err != nil {
					return fault.Errorf(fault.ErrInput, "schema --output: %w", err)
				}
				if _, err := cmd.OutOrStdout().Write(src); err != nil {
					return fault.Errorf(fault.ErrSolver, "%w", err)
				}
				return nil
			}
			src, ok := inputSchemas[args[0]]
			if !ok {
				return fault.Errorf(fault.ErrInput, "schema: no model command %q (known: %s)", args[0], strings.Join(names, ", "))
			}
			if _, err := cmd.OutOrStdout().Write(src()); err != nil {
				return fault.Errorf(fault.ErrSolver, "%w", err)
			}
			return nil
		},
	}
	cmd.Flags().BoolVar(&output, "output", false, "print the schema of the command's JSON answer instead of its input")
	return cmd
}
