package lpformat

import (
	"strconv"

	"github.com/streamopt/streamopt/lp"
)

// ValidName reports whether s can be written as a name in an LP file that
// CPLEX, GLPK, CBC, HiGHS and Read all accept: 1 to MaxNameLen characters
// out of the letters, digits and ! " # $ % & ( ) , . ; ? @ _ ` ' { } ~ (the
// CPLEX set; HiGHS 1.15 stops at "/"); not starting with a digit or a
// period; not e or E alone or followed by a digit or another e; not
// starting with inf or nan in any case (HiGHS 1.15 reads "INFDP1", a
// column of NETLIB stair, and "nanx" as numbers and rejects the file, or
// misreads "inf1"); and not a keyword (a section word such as "st", "end",
// "bin" or "min", or inf, infinity, free), in any case.
func ValidName(s string) bool {
	if s == "" || len(s) > MaxNameLen || isDigit(s[0]) || s[0] == '.' {
		return false
	}
	for i := 0; i < len(s); i++ {
		if c := s[i]; !isNameChar(c) || c == '/' || c == '|' {
			return false
		}
	}
	return !exponentLike(s) && !numberPrefix(s) && !reserved(s)
}

// numberPrefix reports whether s starts with inf or nan in any case, which
// HiGHS's LP reader takes for a number.
func numberPrefix(s string) bool {
	if len(s) < 3 {
		return false
	}
	p := asciiLower(s[:3])
	return p == "inf" || p == "nan"
}

// Names returns the names Write uses for the columns, the rows and the
// objective of m. A name that is valid (ValidName) and not taken by an
// earlier column (for columns) or row (for rows) is kept; every other is
// replaced, in index order, as follows:
//
//   - an empty column name becomes C<j+1>, an empty row name stays empty
//     (the row is written without a name), an empty objective name stays
//     empty;
//   - otherwise every character outside the CPLEX set becomes "_", the
//     name is cut to MaxNameLen−12 characters, and "_" is put in front if
//     it then starts with a digit, a period, inf or nan, reads as an
//     exponent, or is a keyword;
//   - if the result is taken (by a kept name or an earlier replacement),
//     "_2", "_3", ... is appended until it is not.
//
// Columns and rows are separate name spaces, as in the format; the
// objective name is checked for validity only.
func Names(m *lp.Model) (cols, rows []string, obj string) {
	cols = assign(len(m.Vars), func(j int) string { return m.Vars[j].Name }, "C")
	rows = assign(len(m.Rows), func(i int) string { return m.Rows[i].Name }, "")
	obj = m.ObjName
	if obj != "" && !ValidName(obj) {
		obj = sanitize(obj)
	}
	return cols, rows, obj
}

func assign(n int, name func(int) string, emptyPrefix string) []string {
	out := make([]string, n)
	taken := make(map[string]bool, n)
	// First pass: keep every valid name at its first use.
	for i := 0; i < n; i++ {
		if s := name(i); ValidName(s) && !taken[s] {
			out[i] = s
			taken[s] = true
		}
	}
	for i := 0; i < n; i++ {
		s := name(i)
		if out[i] != "" || (s == "" && emptyPrefix == "") {
			continue
		}
		base := emptyPrefix + strconv.Itoa(i+1)
		if s != "" {
			base = sanitize(s)
		}
		c := base
		for k := 2; taken[c]; k++ {
			c = base + "_" + strconv.Itoa(k)
		}
		out[i] = c
		taken[c] = true
	}
	return out
}

// sanitize turns s into a valid name by the rules of Names.
func sanitize(s string) string {
	b := []byte(s)
	for i, c := range b {
		if !isNameChar(c) || c == '/' || c == '|' {
			b[i] = '_'
		}
	}
	if len(b) > MaxNameLen-12 {
		b = b[:MaxNameLen-12]
	}
	t := string(b)
	if isDigit(t[0]) || t[0] == '.' || exponentLike(t) || numberPrefix(t) || reserved(t) {
		t = "_" + t
	}
	return t
}
