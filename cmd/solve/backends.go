package main

import (
	"encoding/json"
	"fmt"
	"io"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/solve"
	// The dense gonum backend is pure Go and always compiled into the command.
	_ "github.com/streamopt/streamopt/solve/gonumlp"
)

func init() { register(newBackendsCmd) }

// backendInfo is the JSON form of one backend.
type backendInfo struct {
	Name  string `json:"name"`
	LP    bool   `json:"lp"`
	MILP  bool   `json:"milp"`
	Duals bool   `json:"duals"`
	Rays  bool   `json:"rays"`
	SOS   bool   `json:"sos"`
	Start bool   `json:"start"` // uses --start
	Basis bool   `json:"basis"` // uses --read-basis, gives --write-basis
}

func newBackendsCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "backends",
		Short: "List the solver backends compiled in and their capabilities",
		Long: `List the solver backends compiled into this binary and what each can do.
"auto" picks, for a MILP, simplex (the pure-Go branch and bound) else
lpsolve; for an LP, clp else simplex (each only when compiled in and
capable). "start" says the backend uses solve lp --start (a MIP start, an
LP starting point), "basis" that it reads --read-basis and writes
--write-basis.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkFormat(format); err != nil {
				return err
			}
			var infos []backendInfo
			for _, name := range solve.Backends() {
				b, err := solve.Open(name)
				if err != nil {
					return internalError(err)
				}
				c := b.Capabilities()
				infos = append(infos, backendInfo{name, c.LP, c.MILP, c.Duals, c.Rays, c.SOS, c.Start, c.Basis})
			}
			if format == "json" {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				if err := enc.Encode(infos); err != nil {
					return internalError(err)
				}
				return nil
			}
			if err := writeBackendsTable(cmd.OutOrStdout(), infos); err != nil {
				return internalError(err)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "table", "output format: table or json")
	return cmd
}

func writeBackendsTable(w io.Writer, infos []backendInfo) error {
	yes := func(b bool) string {
		if b {
			return "yes"
		}
		return "-"
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "backend\tLP\tMILP\tduals\trays\tSOS\tstart\tbasis")
	for _, i := range infos {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", i.Name, yes(i.LP), yes(i.MILP), yes(i.Duals), yes(i.Rays), yes(i.SOS), yes(i.Start), yes(i.Basis))
	}
	return tw.Flush()
}
