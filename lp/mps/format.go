package mps

import (
	"errors"
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/streamopt/streamopt/lp"
)

// Format selects the MPS dialect.
type Format int

const (
	// Auto reads each data line by the fixed column layout when the line fits
	// it and the fixed reading is valid, and by whitespace otherwise. When
	// writing, it means fixed format if every name and number fits the
	// columns, free format otherwise.
	Auto Format = iota
	// Fixed is the original column-oriented MPS format.
	Fixed
	// Free is free MPS: fields separated by blanks, names without blanks.
	Free
)

func (f Format) String() string {
	switch f {
	case Auto:
		return "auto"
	case Fixed:
		return "fixed"
	case Free:
		return "free"
	}
	return fmt.Sprintf("Format(%d)", int(f))
}

// Infinity is the magnitude from which a bound or right-hand side read from
// a file is taken as infinite (the CoinMpsIO convention). The writer uses it
// as the right-hand side of a row that is free in both directions.
const Infinity = 1e30

// ErrUnsupported is wrapped by the errors for MPS features this package does
// not model: semi-continuous bounds and the QP, SOS and indicator sections.
var ErrUnsupported = lp.ErrUnsupported

// Error is a syntax or consistency error in an MPS file. Its message has the
// form "name:line: what is wrong".
type Error = lp.FileError

// Layout of a fixed-format data line (0-based byte offsets, end exclusive):
// field 1 columns 2-3, field 2 columns 5-12, field 3 columns 15-22,
// field 4 columns 25-36, field 5 columns 40-47, field 6 columns 50-61.
var fixedFields = [6][2]int{{1, 3}, {4, 12}, {14, 22}, {24, 36}, {39, 47}, {49, 61}}

// fixedGaps are the 0-based offsets that must be blank in a line that fits
// the fixed layout.
var fixedGaps = [...]int{0, 3, 12, 13, 22, 23, 36, 37, 38, 47, 48}

const fixedWidth = 61

// isBlank reports whether c separates fields in free MPS.
func isBlank(c byte) bool {
	switch c {
	case ' ', '\t', '\r', '\n', '\v', '\f':
		return true
	}
	return false
}

// splitFree splits a line on blanks.
func splitFree(s string) []string {
	var out []string
	i := 0
	for i < len(s) {
		for i < len(s) && isBlank(s[i]) {
			i++
		}
		j := i
		for j < len(s) && !isBlank(s[j]) {
			j++
		}
		if j > i {
			out = append(out, s[i:j])
		}
		i = j
	}
	return out
}

// fitsFixed reports whether line (without its line terminator) fits the fixed
// column layout: no blank other than the space, nothing past column 61, and
// the gaps between fields blank.
func fitsFixed(line string) bool {
	if len(line) > fixedWidth {
		return false
	}
	for i := 0; i < len(line); i++ {
		if c := line[i]; c != ' ' && isBlank(c) {
			return false
		}
	}
	for _, p := range fixedGaps {
		if p < len(line) && line[p] != ' ' {
			return false
		}
	}
	return true
}

// splitFixed cuts line into the six fixed fields, each trimmed of blanks.
// Blank characters other than space inside a field count as spaces; anything
// past column 61 is ignored. Bytes are kept as they are (names need not be
// UTF-8).
func splitFixed(line string) [6]string {
	var f [6]string
	for k, r := range fixedFields {
		if r[0] >= len(line) {
			break
		}
		s := line[r[0]:min(r[1], len(line))]
		i, j := 0, len(s)
		for i < j && isBlank(s[i]) {
			i++
		}
		for j > i && isBlank(s[j-1]) {
			j--
		}
		s = s[i:j]
		if strings.ContainsFunc(s, func(c rune) bool { return c < 0x80 && c != ' ' && isBlank(byte(c)) }) {
			b := []byte(s)
			for n, c := range b {
				if isBlank(c) {
					b[n] = ' '
				}
			}
			s = string(b)
		}
		f[k] = s
	}
	return f
}

// parseNumber reads a numeric field: an optional sign, digits with an
// optional decimal point, an optional exponent introduced by e, E, d or D
// (Fortran), or inf/infinity. Overflow gives ±Inf; NaN is rejected.
func parseNumber(s string) (float64, error) {
	if s == "" {
		return 0, errors.New("missing number")
	}
	body := s
	if body[0] == '+' || body[0] == '-' {
		body = body[1:]
	}
	switch strings.ToLower(body) {
	case "inf", "infinity":
		if s[0] == '-' {
			return math.Inf(-1), nil
		}
		return math.Inf(1), nil
	}
	digits, i := 0, 0
	for i < len(body) && body[i] >= '0' && body[i] <= '9' {
		i++
		digits++
	}
	if i < len(body) && body[i] == '.' {
		i++
		for i < len(body) && body[i] >= '0' && body[i] <= '9' {
			i++
			digits++
		}
	}
	if digits == 0 {
		return 0, fmt.Errorf("invalid number %q", s)
	}
	norm := s
	if i < len(body) && strings.IndexByte("eEdD", body[i]) >= 0 {
		i++
		if i < len(body) && (body[i] == '+' || body[i] == '-') {
			i++
		}
		e := 0
		for i < len(body) && body[i] >= '0' && body[i] <= '9' {
			i++
			e++
		}
		if e == 0 {
			return 0, fmt.Errorf("invalid number %q", s)
		}
		norm = strings.Map(func(c rune) rune {
			if c == 'd' || c == 'D' {
				return 'e'
			}
			return c
		}, s)
	}
	if i != len(body) {
		return 0, fmt.Errorf("invalid number %q", s)
	}
	v, err := strconv.ParseFloat(norm, 64)
	if err != nil && !errors.Is(err, strconv.ErrRange) {
		return 0, fmt.Errorf("invalid number %q", s)
	}
	return v, nil
}

// clampInf maps values of magnitude at least Infinity to ±Inf.
func clampInf(v float64) float64 {
	switch {
	case v >= Infinity:
		return math.Inf(1)
	case v <= -Infinity:
		return math.Inf(-1)
	}
	return v
}

// formatNumber renders v with the fewest digits that read back exactly, in
// the shortest of three forms: strconv's 'g', the plain decimal and the
// exponent form without "+" and leading zeros in the exponent (1234567 is
// "1234567", not "1.234567e+06"; 1.5e-07 is "1.5e-7"). Every reader this
// package is checked against (doc.go) reads all three; the shorter form
// lets more numbers fit the 12 columns of a fixed-format field.
func formatNumber(v float64) string {
	s := strconv.FormatFloat(v, 'g', -1, 64)
	if a := math.Abs(v); a >= 1e6 && a < 1e21 {
		if f := strconv.FormatFloat(v, 'f', -1, 64); len(f) < len(s) {
			s = f
		}
	}
	e := strconv.FormatFloat(v, 'e', -1, 64)
	if k := strings.IndexByte(e, 'e'); k >= 0 {
		mant, exp := e[:k], e[k+1:]
		sign := ""
		if exp[0] == '-' {
			sign = "-"
		}
		exp = strings.TrimLeft(exp[1:], "0")
		if exp == "" {
			exp = "0"
		}
		if c := mant + "e" + sign + exp; len(c) < len(s) {
			s = c
		}
	}
	return s
}
