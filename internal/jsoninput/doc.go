// Package jsoninput decodes model files: JSON that is first checked against
// an embedded JSON Schema (draft 2020-12), then decoded strictly (unknown
// fields rejected) into a Go value. Every error names the field path in the
// form the models use, e.g. datacenters[2].bandwidth_users.
//
// Sizes are checked before they cost memory. A document is read through an
// io.LimitReader of MaxBytes + 1 bytes (a regular file larger than MaxBytes
// is refused from its size, before reading), so a pipe or /dev/zero cannot
// exhaust memory; and it may hold at most MaxValues JSON values nested at
// most MaxDepth deep, counted by a streaming pass before the document is
// decoded into the generic tree the schema validator needs (about 140 bytes
// per value, measured). Every refusal wraps ErrTooLarge, an input error
// (fault.ErrInput).
//
// Every schema has an "$id" of the form
// https://github.com/streamopt/streamopt/models/<model>/schema.json, the
// path of the file in the repository, and accepts a top-level "$schema" key
// (a string, for editors) that decoding ignores.
package jsoninput
