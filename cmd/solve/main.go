package main

import (
	"context"
	"fmt"
	"io"
	"os"
	"os/signal"
	"runtime/debug"
	"syscall"

	"github.com/spf13/cobra"
	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/version"
)

// Exit codes of the command: exitCode turns the kind of an error (package
// fault) into one of them, and no other place in the command does.
const (
	exitOK     = 0
	exitLimit  = 1
	exitInput  = 2
	exitSolver = 3
)

// errLimitStatus is what a command returns when the answer it printed has a
// limit for status (solve lp after a time or iteration limit): exit code 1,
// and no line on stderr, since the answer says it.
var errLimitStatus = fault.New(fault.ErrLimit, "a limit was reached before the solve finished")

// subcommands holds the constructors each command file registers in init.
var subcommands []func() *cobra.Command

func register(f func() *cobra.Command) { subcommands = append(subcommands, f) }

func newRootCmd(stdout, stderr io.Writer) *cobra.Command {
	root := &cobra.Command{
		Use:           "solve",
		Short:         "Exact optimisation for streaming and data-centre scheduling models",
		Version:       version.String(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("solve {{.Version}}\n")
	root.SetOut(stdout)
	root.SetErr(stderr)
	root.SetFlagErrorFunc(func(_ *cobra.Command, err error) error { return fault.Errorf(fault.ErrInput, "%w", err) })
	for _, f := range subcommands {
		root.AddCommand(f())
	}
	return root
}

// run executes the command line and returns the process exit code. The
// first interrupt (SIGINT, or SIGTERM from a batch system) cancels the
// commands' context, so that a model command prints what it finished and
// exits 1; the default handling is then restored, so a second interrupt
// ends the process at once.
func run(args []string, stdout, stderr io.Writer) int {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	go func() {
		<-ctx.Done()
		stop()
	}()
	return runContext(ctx, args, stdout, stderr)
}

// runContext executes the command line under ctx and returns the exit code.
// Panics are turned into exit code 3, so none escapes the command.
func runContext(ctx context.Context, args []string, stdout, stderr io.Writer) (code int) {
	defer func() {
		if r := recover(); r != nil {
			fmt.Fprintf(stderr, "solve: internal error: %v\n", r)
			code = exitSolver
		}
	}()
	root := newRootCmd(stdout, stderr)
	root.SetArgs(args)
	err := root.ExecuteContext(ctx)
	if err == nil {
		return exitOK
	}
	return exitCode(err, stderr)
}

// exitCode prints err and returns its exit code: the kind the error chain
// carries (package fault), given wherever in the program the error arose.
// Errors cobra raises itself (an unknown command, a wrong argument count)
// carry none: they are usage errors.
func exitCode(err error, stderr io.Writer) int {
	if err != errLimitStatus {
		fmt.Fprintf(stderr, "solve: %v\n", err)
	}
	switch fault.Of(err) {
	case fault.Limit:
		return exitLimit
	case fault.Solver:
		return exitSolver
	}
	return exitInput
}

func main() {
	abortOnFatalError()
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}

// abortOnFatalError makes a Go runtime fatal error (out of memory, a
// deadlock, a panic in a goroutine without recover) end the process with
// SIGABRT instead of the runtime's exit status 2, which is this command's
// code for bad input. The caps on every input are there so that no input
// gets that far; one that does is a bug, and its status must not read as
// the user's fault.
func abortOnFatalError() { debug.SetTraceback("crash") }
