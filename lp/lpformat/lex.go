package lpformat

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/streamopt/streamopt/lp"
)

// Infinity is the magnitude from which a right-hand side or bound read from a
// file is taken as infinite, as in package lp/mps. The writer uses it as the
// right-hand side of a row that is free in both directions, because GLPK
// reads no infinite right-hand side.
const Infinity = 1e30

// MaxNameLen is the longest name CPLEX reads; the writer replaces longer ones.
const MaxNameLen = 255

// ErrUnsupported is wrapped by the errors for LP-format features this
// package does not model: quadratic terms, special ordered sets,
// semi-continuous variables, indicator constraints, lazy constraints, user
// cuts, general constraints and piecewise-linear objectives.
var ErrUnsupported = lp.ErrUnsupported

// Error is a syntax or consistency error in an LP file. Its message has the
// form "name:line: what is wrong".
type Error = lp.FileError

type tokKind int

const (
	tName  tokKind = iota
	tNum           // a number without sign
	tSign          // + or -
	tSense         // <, <=, =<, >, >=, =>, =
	tColon
)

type sense byte

const (
	senseLE sense = 'L'
	senseGE sense = 'G'
	senseEQ sense = 'E'
)

type token struct {
	kind  tokKind
	text  string
	line  int
	first bool    // first token on its line
	num   float64 // tNum
	neg   bool    // tSign: minus
	sense sense   // tSense
}

// isNameChar reports whether c may appear in a name: letters, digits and
// the symbols ! " # $ % & ( ) / , . ; ? @ _ ` ' { } | ~ (the CPLEX set plus
// "/" and "|", which GLPK also allows).
func isNameChar(c byte) bool {
	switch {
	case c >= 'a' && c <= 'z', c >= 'A' && c <= 'Z', c >= '0' && c <= '9':
		return true
	}
	return strings.IndexByte("!\"#$%&()/,.;?@_`'{}|~", c) >= 0
}

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

func isBlank(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '\v', '\f':
		return true
	}
	return false
}

// exponentLike reports whether name would read as the exponent part of a
// number: "e" or "E" alone or followed by a digit or another e (CPLEX: no
// variable may be named e24, e9cats or eels).
func exponentLike(name string) bool {
	if name == "" || (name[0] != 'e' && name[0] != 'E') {
		return false
	}
	if len(name) == 1 {
		return true
	}
	c := name[1]
	return isDigit(c) || c == 'e' || c == 'E'
}

// lexLine splits the text of one line (comment already removed) into
// tokens.
func lexLine(s string, line int) ([]token, error) {
	var out []token
	i := 0
	for i < len(s) {
		c := s[i]
		if isBlank(c) {
			i++
			continue
		}
		t := token{line: line, first: len(out) == 0}
		start := i
		switch {
		case isDigit(c) || (c == '.' && i+1 < len(s) && isDigit(s[i+1])):
			j := i
			for j < len(s) && isDigit(s[j]) {
				j++
			}
			if j < len(s) && s[j] == '.' {
				j++
				for j < len(s) && isDigit(s[j]) {
					j++
				}
			}
			if j < len(s) && (s[j] == 'e' || s[j] == 'E') {
				k := j + 1
				if k < len(s) && (s[k] == '+' || s[k] == '-') {
					k++
				}
				if k < len(s) && isDigit(s[k]) {
					for k < len(s) && isDigit(s[k]) {
						k++
					}
					j = k
				} else {
					return nil, fmt.Errorf("malformed number %q", word(s, start))
				}
			}
			if j < len(s) && (s[j] == '.' || isDigit(s[j])) {
				return nil, fmt.Errorf("malformed number %q", word(s, start))
			}
			t.kind, t.text = tNum, s[start:j]
			v, err := strconv.ParseFloat(t.text, 64)
			if err != nil || math.IsInf(v, 0) {
				return nil, fmt.Errorf("number %q out of range", t.text)
			}
			t.num = v
			i = j
		case c == '.':
			return nil, fmt.Errorf("malformed number or name %q (a name may not start with '.')", word(s, start))
		case isNameChar(c):
			j := i
			for j < len(s) && isNameChar(s[j]) {
				j++
			}
			t.kind, t.text = tName, s[i:j]
			i = j
		case c == '+' || c == '-':
			if c == '-' && i+1 < len(s) && s[i+1] == '>' {
				return nil, fmt.Errorf("indicator constraint (\"->\"): %w", ErrUnsupported)
			}
			t.kind, t.text, t.neg = tSign, s[i:i+1], c == '-'
			i++
		case c == '<' || c == '>' || c == '=':
			if c == '<' && strings.HasPrefix(s[i:], "<->") {
				return nil, fmt.Errorf("indicator constraint (\"<->\"): %w", ErrUnsupported)
			}
			j := i + 1
			if j < len(s) && (s[j] == '=' || (c == '=' && (s[j] == '<' || s[j] == '>'))) {
				j++
			}
			op := s[i:j]
			switch op {
			case "<", "<=", "=<":
				t.sense = senseLE
			case ">", ">=", "=>":
				t.sense = senseGE
			case "=":
				t.sense = senseEQ
			default:
				return nil, fmt.Errorf("unknown operator %q (want <, <=, =<, >, >=, => or =)", op)
			}
			t.kind, t.text = tSense, op
			i = j
		case c == ':':
			t.kind, t.text = tColon, ":"
			i++
		case c == '[' || c == ']':
			return nil, fmt.Errorf("quadratic term (%q): %w", string(c), ErrUnsupported)
		case c == '^':
			return nil, fmt.Errorf("power operator \"^\" (quadratic term): %w", ErrUnsupported)
		default:
			return nil, fmt.Errorf("unexpected character %q", string(rune(c)))
		}
		out = append(out, t)
	}
	return out, nil
}

// word returns the blank-delimited word of s that starts at i, for messages.
func word(s string, i int) string {
	j := i
	for j < len(s) && !isBlank(s[j]) {
		j++
	}
	return s[i:j]
}

// infWord reports whether a name token spells infinity.
func infWord(s string) bool {
	switch strings.ToLower(s) {
	case "inf", "infinity":
		return true
	}
	return false
}
