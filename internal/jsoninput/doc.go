// Package jsoninput decodes model files: JSON that is first checked against
// an embedded JSON Schema (draft 2020-12), then decoded strictly (unknown
// fields rejected) into a Go value. Every error names the field path in the
// form the models use, e.g. datacenters[2].bandwidth_users.
package jsoninput
