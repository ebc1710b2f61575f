// Package lpformat reads and writes LP and MILP models (lp.Model) in the
// CPLEX LP file format, the row-oriented text format that CPLEX, GLPK,
// Gurobi, HiGHS, CBC and SCIP read.
//
// # The format
//
// A file is a sequence of sections, each opened by a keyword at the start
// of a line (leading blanks allowed; keywords in any case):
//
//	Minimize | Minimise | Minimum | Min | Maximize | Maximise | Maximum | Max
//	    [name:] linear expression [constant]           (one objective, mandatory, first)
//	Subject To | Such That | st | s.t. | st.
//	    [name:] expression sense number                (mandatory, may be empty)
//	    [name:] number sense expression sense number   (a range, see below)
//	Bounds | Bound                                     (optional)
//	    one bound per line
//	Generals | General | Gen | Integers | Integer | Int
//	    names of integer columns
//	Binaries | Binary | Bin
//	    names of 0/1 columns
//	End
//
// Generals and Binaries may come in either order, more than once, after
// Bounds. Text after End is ignored (but read, see below); a file without
// End is an error. A
// backslash starts a comment that runs to the end of the line. Before the
// objective, a comment "\Problem name: NAME" (written by CPLEX) or
// "\* Problem: NAME *\" (GLPK) gives Model.Name (a carriage return inside
// the name is an error), and the first comment of the form
// "objective of the model = ..." says how the objective of the file maps
// to that of the model (see Writing).
//
// A linear expression is a sequence of terms "± c x", "± x" or "± c"
// (constant) separated by + or −, possibly over several lines; the first
// term may omit its sign; a coefficient may be written against its name
// ("2x2") or apart ("2 x2"); a column that appears twice has its
// coefficients summed (GLPK 5.0 rejects that: "multiple use of
// variable"). Numbers are digits with an optional decimal point and an
// optional exponent e/E[±]digits; "1.2.3", "1e" and "1e+" are
// malformed. Columns are numbered in order of first appearance anywhere in
// the file; a column may first appear in Bounds, Generals or Binaries.
// Every column starts with the bounds [0, +∞) and is continuous.
//
// # Objective
//
// The objective keyword may be followed on the same line by the
// expression. "name:" on the line of its first term names it
// (Model.ObjName). A constant term anywhere in the expression (several are
// summed) is the objective constant Model.ObjOffset; IBM's description of
// the format allows such an offset as the last term, e.g. "obj: x1 + 2 x2 +
// 3.1415". GLPK 5.0 rejects a constant in the objective ("missing variable
// name", checked with glpsol), so Write puts it in the header line instead.
//
// # Constraints
//
// Exactly what Read accepts in Subject To:
//
//   - Each constraint starts on a new line. "name:" (name and colon on one
//     line) names it; an unnamed constraint has Row.Name "" (CPLEX would
//     call it c<i>). A name used twice is an error.
//   - The left-hand side holds terms with variables only; a constant there
//     is an error. A column whose summed coefficient is 0 is left out of the
//     row (it is still declared).
//   - Then a sense: < <= =< (≤), > >= => (≥) or = (the IBM list), and the
//     right-hand side: a single signed number on the same line as the sense
//     (IBM: "the righthand side coefficient must be typed on the same line
//     as the sense indicator"). A variable on the right-hand side is an
//     error. Nothing else may follow on that line.
//   - A right-hand side of magnitude Infinity (1e30) or more, or written
//     inf/infinity with a sign, is infinite: "≥ −1e30" makes a free row.
//     "≤ −∞", "≥ +∞" and "= ±∞" are errors.
//   - Ranges. The IBM grammar has no double-bounded constraint, and GLPK
//     5.0 rejects "lo <= expr <= hi" ("missing variable name", checked with
//     glpsol); GLPK writes a range row as the equality "expr − ~r_i = lo"
//     with a column 0 ≤ ~r_i ≤ hi − lo (checked with glpsol --wlp on an MPS
//     file with RANGES), which this package reads as just that: a row and an
//     extra column. As an extension Read also accepts the double inequality
//     "[name:] lo <= expr <= hi" (or "hi >= expr >= lo": both operators
//     must point the same way; "=" is not allowed), which CPLEX writes;
//     HiGHS 1.15 misreads it (NETLIB boeing1 written so is "infeasible"
//     for it). lo > hi is read as given (an infeasible row).
//
// # Bounds
//
// One bound per line, v a signed number or ±inf/±infinity:
//
//	x >= v    v <= x        lower bound v
//	x <= v    v >= x        upper bound v
//	v1 <= x <= v2           both (also v2 >= x >= v1)
//	x = v                   fixed (v finite)
//	x free                  (−∞, +∞)
//
// (< and > mean <= and >=.) A later bound overrides an earlier one. A
// lower bound of +∞ or an upper bound of −∞ is an error; a lower bound
// above the upper bound is kept (the model is infeasible). A value of
// magnitude at least Infinity is infinite.
//
// A negative upper bound with no lower bound keeps the lower bound 0, as
// the IBM documentation says ("with the default lower bound of 0 (zero) and
// the default upper bound of +∞ remaining in effect until the bound is
// explicitly changed"): "x <= -1" alone gives the empty [0, −1]. GLPK 5.0
// does the same (glpsol writes the bound back as "0 <= y <= -1"), and so
// does Gurobi 12 (its run on such a file, "Infeasible model", is shown in
// MathOptInterface pull request 2994, which changed that reader to match). This
// differs from MPS, where CPLEX, CLP and HiGHS free the lower bound of a
// lone negative UP (see package lp/mps).
//
// # Integers
//
// A column in Generals is integer and keeps its bounds; a column in
// Binaries is integer with bounds [0, 1], whatever Bounds said.
//
// # Names
//
// Read accepts names of letters, digits and ! " # $ % & ( ) / , . ; ? @ _
// ` ' { } | ~ (the CPLEX set, plus / and | which GLPK allows) that do not
// start with a digit or a period, are not e or E alone or followed by a
// digit or another e (CPLEX reserves them for exponents: e24, e9cats,
// eels), and are not keywords (section words, inf, infinity, free); names
// are case sensitive and their length is not limited. Names are bytes;
// other characters are errors. ValidName is the stricter test the writer
// applies, so that every reader of Writing takes the name (no / or |, no
// inf or nan at the start, which HiGHS reads as a number, at most 255
// characters), and Names says how it replaces a name that fails it: every
// name Read accepts is written, as itself or renamed.
//
// # Unsupported
//
// Quadratic terms ("[", "]", "^"), indicator constraints ("->", "<->"),
// and the sections SOS, Semi-Continuous (Semis, Semi), Lazy Constraints,
// User Cuts, General Constraints, PWLObj and multiple objectives are errors
// wrapping ErrUnsupported.
//
// # Writing
//
// Write writes a file that glpsol 5.0 (--lp), cbc 2.10.8, clp 1.17.6 and
// HiGHS 1.15 (highs-js) all read as the same model, and that Read reads back as
// FileModel(m): m itself when every name is valid (ValidName) and distinct
// and there is no range row. (lp_solve 5.5 reads CPLEX LP only through an
// xli_CPLEX library that Debian does not package.) The file starts with
// comment lines:
//
//	\ written by streamopt lp/lpformat
//	\ objective of the model = objective of this file + 1.5
//
// The second line is lp/modelfile's objective line, always written:
// the constant c₀ of the objective is in no row, because glpsol reads no
// constant term in an objective, so every reader reports the optimum f* of
// the expression and the model's optimum is f* + c₀. Read applies the line
// and so gives back Model.ObjOffset. Further lines say so in words, then
// come WriteOptions.Comment and "\Problem name: NAME".
//
// A range row lo ≤ aᵀx ≤ hi (both finite, lo ≠ hi) has no form that all
// readers take: glpsol rejects the double inequality and HiGHS misreads it.
// Write writes it as the two rows
//
//	NAME_lo: aᵀx >= lo
//	NAME_hi: aᵀx <= hi
//
// (unnamed when the row has none; the names made unique as in Names). This
// was chosen over a range column (aᵀx + r = hi, 0 ≤ r ≤ hi − lo, as MPS
// RANGES mean): it adds no column, so a solution any reader reports is a
// vector over the model's own columns; both ends are written exactly,
// where hi − lo may need more bits than a float64 has; and ≥ and ≤ rows
// are what every reader knows. Mapping back: the model's row i is
// satisfied when both rows are, its activity is theirs, and its dual value
// is the sum of their two dual values (at most one is nonzero at a
// nondegenerate optimum). Read reads the two rows as two rows, so a range
// row does not survive a round trip as one row; the model read back is
// equivalent (FileModel says exactly what it is).
//
// The rest: the objective lists every column in index order (with "0 x" for
// a zero cost) so the column order survives; rows are written in order with
// their coefficients in stored order; numbers use strconv's shortest
// round-trip form; a free row is "expr >= -1e+30"; bounds other than
// [0, +∞) get a line each ("0 <= x <= u" with an explicit 0 before a finite
// upper bound, "-inf <= x <= u" (cbc does not read "-infinity" there),
// "x >= l", "x = v", "x free"); integer columns with bounds [0, 1] go to
// Binaries, other integer columns to Generals. Lines are wrapped at 78
// characters (only a very long name makes one longer; CPLEX truncates
// lines after 510).
//
// Errors from Read name the place: "model.lp:5: malformed number "1.2.3""
// (type *Error).
//
// Input that starts with the gzip magic bytes (1f 8b) is gunzipped, from
// a reader (standard input) as from a file of any name; a file named .gz
// must hold gzip data. The reader reads its input to the end, also after
// End: only then has
// gzip checked a compressed file's checksum and length, so that a damaged
// or truncated .gz file is an error (wrapping ErrCorrupt)
// instead of a different model. ReadOptions caps the bytes read (the whole
// input, after decompression; default 16 MiB) and the lines up to End
// (default 1 Mi); ReadContext and ReadFileContext stop once their context
// is done.
//
// References: IBM ILOG CPLEX 22.1 File Formats Reference Manual, "LP file
// format: algebraic representation" (objective, constraints, bounds,
// variable names); GLPK 5.0 Reference Manual, appendix "CPLEX LP format";
// lp_solve 5.5 reference guide, "CPLEX lp files" (xli_CPLEX).
package lpformat
