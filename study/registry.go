package study

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/streamopt/streamopt/internal/shard"
)

// ErrUnknown is wrapped by the error of records whose command no study of
// a Registry is registered under.
var ErrUnknown = errors.New("study: unknown study")

// Registry holds the studies a program runs, by name, each with how the
// program writes its result given the program's output settings O (a
// command line's output flags), database/sql style. The zero value is
// empty and ready.
type Registry[O any] struct {
	mu sync.RWMutex
	m  map[string]func(ctx context.Context, m *shard.Merged, name string, o O) error
}

// Register adds the study s to reg; write writes a result of s, with its
// request, as the program does for an unsharded run. It panics when a
// study of that name is registered already (a programmer's error).
func Register[O, Q, S, R any](reg *Registry[O], s Study[Q, S, R], write func(ctx context.Context, q Q, r R, o O) error) {
	reg.mu.Lock()
	defer reg.mu.Unlock()
	if _, dup := reg.m[s.Name()]; dup {
		panic("study: Register called twice for " + s.Name())
	}
	if reg.m == nil {
		reg.m = map[string]func(context.Context, *shard.Merged, string, O) error{}
	}
	reg.m[s.Name()] = func(ctx context.Context, m *shard.Merged, name string, o O) error {
		q, r, err := Merged(ctx, s, m, name)
		if err != nil {
			return err
		}
		return write(ctx, q, r, o)
	}
}

// Names lists the registered studies, sorted.
func (reg *Registry[O]) Names() []string {
	reg.mu.RLock()
	defer reg.mu.RUnlock()
	var names []string
	for n := range reg.m {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Write writes, with the settings o, the result of the merged records m
// (read from name, the first file) through the study their header names:
// what the unsharded run writes. Records of a study not registered give
// an error that wraps ErrUnknown and ErrInput.
func (reg *Registry[O]) Write(ctx context.Context, m *shard.Merged, name string, o O) error {
	reg.mu.RLock()
	f := reg.m[m.Header.Command]
	reg.mu.RUnlock()
	if f == nil {
		return &inputError{fmt.Errorf("%s: command: %w %q (the studies are %s)", name, ErrUnknown, m.Header.Command, strings.Join(reg.Names(), ", "))}
	}
	return f(ctx, m, name, o)
}
