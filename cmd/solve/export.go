package main

import (
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/lp"
)

// exportFlagHelp is the shared part of the --export flags' help.
const exportFlagHelp = "; the format follows the name (.mps, .lp, a further .gz gzips), and the file's first comment lines say what its objective means"

// writeExport writes the compiled problem m to path in the format the name
// says, with the model's description about as comment lines after the
// objective line; flag names the option in errors.
func writeExport(flag, path string, m *lp.Model, about []string) error {
	write, err := modelWriter(path, false, about)
	if err != nil {
		return fault.Errorf(fault.ErrInput, "%s: %w", flag, err)
	}
	if err := createParent(path); err != nil {
		return fault.Errorf(fault.ErrInput, "%s: %w", flag, err)
	}
	if err := write(m); err != nil {
		// A path that cannot be written is the user's input (exit 2), as
		// for every output file of the command.
		return fault.Errorf(fault.ErrInput, "%s: %s: %w", flag, path, err)
	}
	return nil
}
