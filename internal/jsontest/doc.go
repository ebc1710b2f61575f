// Package jsontest builds malformed variants of a valid JSON instance file
// for input-validation tests: it decodes the file into a generic document,
// lets the test edit it, and encodes it again; Parse reads a valid file
// (an example instance) with a model's Parse.
package jsontest
