package main

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/fault"
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
	// Ranging: lp --ranging works on it
	Ranging bool `json:"ranging"`
	// Presolve: --presolve on|off switches its presolve (without one, a
	// backend takes off and refuses on).
	Presolve bool `json:"presolve"`
	Start    bool `json:"start"` // uses --start
	Basis    bool `json:"basis"` // uses --read-basis, gives --write-basis
}

func newBackendsCmd() *cobra.Command {
	var format string
	cmd := &cobra.Command{
		Use:   "backends",
		Short: "List the solver backends compiled in and their capabilities",
		Long: `List the solver backends compiled into this binary and what each can do.
"auto" picks, for a MILP, simplex (the pure-Go branch and bound) else
lpsolve; for an LP, clp else simplex (each only when compiled in and
capable). The presolve column says which backends have a presolve that
solve lp --presolve on|off switches.. "start" says the backend uses solve lp --start (a MIP
start, an LP starting point), "basis" that it reads --read-basis and
writes --write-basis.`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error {
			if err := checkFormat(format); err != nil {
				return err
			}
			var infos []backendInfo
			for _, name := range solve.Backends() {
				b, err := solve.Open(name)
				if err != nil {
					return fault.Errorf(fault.ErrSolver, "%w", err)
				}
				c := b.Capabilities()
				infos = append(infos, backendInfo{name, c.LP, c.MILP, c.Duals, c.Rays, c.SOS, c.Ranging, c.Presolve, c.Start, c.Basis})
			}
			if format == "csv" {
				return writeBackendsCSV(cmd.OutOrStdout(), infos)
			}
			if format == "json" {
				enc := json.NewEncoder(cmd.OutOrStdout())
				enc.SetIndent("", "  ")
				if err := enc.Encode(infos); err != nil {
					return fault.Errorf(fault.ErrSolver, "%w", err)
				}
				return nil
			}
			if err := writeBackendsTable(cmd.OutOrStdout(), infos); err != nil {
				return fault.Errorf(fault.ErrSolver, "%w", err)
			}
			return nil
		},
	}
	cmd.Flags().StringVar(&format, "format", "table", "output format: table, json or csv (csv: backend, lp, milp, duals, rays, sos, presolve; true or false)")
	return cmd
}

func writeBackendsCSV(w io.Writer, infos []backendInfo) error {
	cw := csv.NewWriter(w)
	cw.Write([]string{"backend", "lp", "milp", "duals", "rays", "sos", "ranging", "presolve", "start", "basis"})
	for _, i := range infos {
		cw.Write([]string{i.Name, strconv.FormatBool(i.LP), strconv.FormatBool(i.MILP), strconv.FormatBool(i.Duals),
			strconv.FormatBool(i.Rays), strconv.FormatBool(i.SOS), strconv.FormatBool(i.Ranging), strconv.FormatBool(i.Presolve),
			strconv.FormatBool(i.Start), strconv.FormatBool(i.Basis)})
	}
	cw.Flush()
	if err := cw.Error(); err != nil {
		return fault.Errorf(fault.ErrSolver, "%w", err)
	}
	return nil
}

func writeBackendsTable(w io.Writer, infos []backendInfo) error {
	yes := func(b bool) string {
		if b {
			return "yes"
		}
		return "-"
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "backend\tLP\tMILP\tduals\trays\tSOS\tranging\tpresolve\tstart\tbasis")
	for _, i := range infos {
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n", i.Name, yes(i.LP), yes(i.MILP), yes(i.Duals), yes(i.Rays), yes(i.SOS), yes(i.Ranging), yes(i.Presolve), yes(i.Start), yes(i.Basis))
	}
	return tw.Flush()
}
