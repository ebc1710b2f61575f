package main

import (
	"fmt"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/models/multistage"
	"github.com/streamopt/streamopt/models/rmts"
	"github.com/streamopt/streamopt/models/rrs"
	"github.com/streamopt/streamopt/models/tpd"
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
	return &cobra.Command{
		Use:   "schema " + strings.Join(names, "|"),
		Short: "Print the JSON Schema (draft 2020-12) of a model command's --input file",
		Long: `schema prints the JSON Schema of the instance file that solve COMMAND --input
reads: every field with its meaning and unit, and what omitting it means.
An instance may carry a "$schema" key naming it (for editors); the commands
ignore it. Each schema's $id is
https://github.com/streamopt/streamopt/models/COMMAND/schema.json.`,
		Args:      cobra.ExactArgs(1),
		ValidArgs: names,
		RunE: func(cmd *cobra.Command, args []string) error {
			src, ok := inputSchemas[args[0]]
			if !ok {
				return inputError(fmt.Errorf("schema: no model command %q (known: %s)", args[0], strings.Join(names, ", ")))
			}
			if _, err := cmd.OutOrStdout().Write(src()); err != nil {
				return internalError(err)
			}
			return nil
		},
	}
}
