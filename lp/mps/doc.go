// Package mps reads and writes LP and MILP models (lp.Model) in MPS format,
// fixed and free.
//
// # The format
//
// An MPS file lists a model in sections, each opened by a line that starts
// in column 1:
//
//	NAME      model name
//	OBJSENSE  MIN or MAX, on the same line or the next (an extension; also OBJSENCE)
//	OBJNAME   which N row is the objective (an extension; default the first N row)
//	ROWS      one line per row: type N (free: objective), L (≤), G (≥) or E (=), name
//	COLUMNS   column, row, value [, row, value]; MARKER lines bracket integer columns
//	RHS       set, row, value [, row, value]: the right-hand side b
//	RANGES    set, row, value [, row, value]: turns a row into a range
//	BOUNDS    type, set, column [, value]: column bounds
//	ENDATA
//
// Lines starting with "*" are comments, except that the first comment of
// the form "objective of the model = ..." before NAME says how the
// objective of the file maps to that of the model (see Writing); blank
// lines are skipped; a CR before the line feed (all NETLIB files have one)
// is ignored, and one inside the NAME line is an error.
//
// Fixed MPS places the fields of a data line in columns 2-3, 5-12, 15-22,
// 25-36, 40-47 and 50-61, so names may be empty or contain spaces (NETLIB
// blend has an empty RHS set name, forplan has the set name "RNG 1" and
// column names such as "DEDO3 11"). Free MPS separates fields by blanks
// (spaces or tabs), so names have no blanks but may be longer than eight
// characters; in RHS and RANGES an even number of fields means the set name
// is omitted, in BOUNDS the field count tells the same.
//
// Reading detects the format line by line (Format Auto): a line that fits the
// fixed layout (nothing but spaces in the gaps between the fields, nothing
// after column 61, no tab) is read by columns if that reading is valid (the
// right fields are present, numbers parse, rows and columns it names exist);
// otherwise, and for every other line, by blanks. A free-format line almost
// never fits the layout, and when it does, its fixed reading is invalid
// (for example its column name would fall into the gap columns 2-3), so the
// two readings do not compete. ReadOptions.Format forces either format.
//
// # Rows
//
// With right-hand side b (0 when RHS gives none) and range R, a row of type
// L is (−∞, b], G is [b, +∞), E is [b, b]; RANGES then makes
//
//	L row:          [b − |R|, b]
//	G row:          [b, b + |R|]
//	E row, R > 0:   [b, b + R]
//	E row, R < 0:   [b + R, b]
//
// (the definition of the IBM MPSX format that CPLEX, CLP, GLPK and HiGHS
// follow). The first N row is the objective (or the one OBJNAME names);
// further N rows are dropped together with their coefficients, right-hand
// sides and ranges, as CLP does (clp 1.17.6 reads a file with two N rows and
// one G row as "1 rows"); GLPK reads them as free rows, which its solver then
// removes. A RANGES entry on an N row is ignored.
//
// A right-hand side on the objective row is minus the objective constant:
// "RHS obj v" means c₀ = −v, as in CPLEX, CLP and HiGHS (GLPK 5.0 and
// lp_solve 5.5 take c₀ = +v: min −x s.t. x ≤ 4 with "RHS obj −7" is 3 for
// clp, cbc and HiGHS 1.15, −11 for glpsol and lp_solve; lp_solve has an
// option -mps_negobjconst for the other reading). The writer therefore
// never writes one.
// NETLIB e226 has RHS −7.113 on its objective, so ObjOffset = 7.113 and the
// optimum is −11.6389290664 (−18.751929066 without the constant).
//
// # Bounds
//
// A column is [0, +∞) unless BOUNDS says otherwise:
//
//	UP v   upper bound v; if v < 0 and no lower bound was given, lower = −∞
//	LO v   lower bound v          FX v   fixed: lower = upper = v
//	FR     (−∞, +∞)               MI     lower = −∞
//	PL     upper = +∞             BV     binary: integer, [0, 1]
//	LI v   integer, lower = v     UI v   integer, upper v (negative: as UP)
//	SC     semi-continuous: an error wrapping ErrUnsupported
//
// A lone negative UP frees the lower bound, as in CPLEX, HiGHS and CLP
// (CLP 1.17.6 reads "UP BND X -1.9" with no LO as X ≤ −1.9, min X+Y s.t.
// X+Y ≥ −10 at −10); GLPK 5.0 and lp_solve 5.5 keep the lower bound 0, which
// makes the column's bounds [0, −1.9] empty (glpsol: "lb = 0, ub = -1.9;
// incorrect bounds"). The one negative UP in the shared NETLIB set, 80bau3b
// column PFOOT..., follows an explicit LO, so every reader agrees there.
// A later LO overrides, whatever the order.
//
// A value of magnitude at least Infinity (1e30) in BOUNDS or RHS is
// infinite, as in CoinMpsIO; "Inf" and "Infinity" are also read. (A RANGES
// value is taken as it is: 1e30 there is a finite range.) The writer writes
// finite bounds as they are, so one of magnitude 1e30 or more reads back as
// infinite.
//
// # Integer columns
//
// Columns between the lines
//
//	MARKER                 'MARKER'                 'INTORG'
//	MARKER                 'MARKER'                 'INTEND'
//
// are integer. An integer column that no BOUNDS record names gets [0, 1]:
// that is what the CPLEX and Gurobi MPS documentation state and what GLPK
// 5.0 and CLP/CBC 1.17.6/2.10.8 do (checked with glpsol and clp while
// writing this package: min −x s.t. x ≤ 10.5 gives −1); HiGHS does the same since its issue #149 (2019).
// lp_solve 5.5 gives [0, +∞) (it answers −10 on the same file), and so does
// the "modern" reading some tools use; ReadOptions.IntegerUnbounded selects
// it. The known optima of the shared MIPLIB set were computed with the [0, 1]
// reading (glpsol, cbc, HiGHS).
// Any BOUNDS record on the column cancels the default: an integer column with
// only "UP 5" is [0, 5], with only "LO 2" it is [2, +∞).
//
// # Errors
//
// Every error from Read names the place: "afiro.mps:17: unknown row "R09X"
// in COLUMNS" (type *Error). Duplicate entries for one (row, column) pair are
// an error, as in GLPK ("duplicate coefficient"), CLP ("Duplicate row") and
// lp_solve; so is a column whose entries are split by other columns (GLPK:
// "column 'X' multiply specified", lp_solve: "Variable name (X) is already
// used"; CLP warns "duplicate name" and reads on), a
// duplicate row name, a second RHS or RANGES value for one row within a set,
// and a missing ENDATA. Only the first RHS, RANGES and BOUNDS set is used;
// records of other sets are skipped.
//
// # Gzip, reading to the end, caps and cancellation
//
// Input that starts with the gzip magic bytes (1f 8b) is gunzipped, from
// a reader (standard input) as from a file of any name; a file named .gz
// must hold gzip data.
// Text after ENDATA is ignored, but the reader reads it to the end of the
// input: only then has gzip checked a compressed file's checksum and
// length, so that a damaged or truncated .gz file is an error (wrapping
// ErrCorrupt) instead of a different model. ReadOptions caps
// the bytes read (the whole input, after decompression; default 16 MiB)
// and the lines up to ENDATA (default 1 Mi), so that a small gzip bomb
// cannot take the memory or the time of a model a thousand times its size;
// ReadContext and ReadFileContext stop once their context is done.
//
// # Writing
//
// Write writes a file that glpsol 5.0, clp 1.17.6, cbc 2.10.8, lp_solve
// 5.5 and HiGHS 1.15 all read as the same model, and that Read reads back
// as the model written. Readers disagree on two things, so the default
// output has neither:
//
//   - OBJSENSE. glpsol rejects the section, clp and cbc ignore MAX ("MAX
//     found after OBJSENSE - Coin ignores": a maximisation with optimum 22
//     comes out as a minimisation with optimum 0). A maximisation of cᵀx
//     is therefore written as the minimisation of −cᵀx, the minimisation
//     every reader assumes. WriteOptions.ObjSense writes the section and
//     the objective as it is instead, for readers that honour it.
//   - A right-hand side on the objective row (see Rows: its sign differs).
//     The objective constant c₀ is in no row.
//
// Instead the file starts with comment lines that say how to map the
// objective back, lp/modelfile's objective line first:
//
//	line 1:  * written by streamopt lp/mps
//	line 2:  * objective of the model = -(objective of this file) + 2.5
//
// so an optimum f* that any reader reports for the file is the model
// optimum z* = −f* + c₀ (z* = f* + c₀ for a minimisation, whose line has
// no "-(...)"). Read applies the line: the negated minimisation comes
// back as the maximisation, with its constant. Further comment lines say
// the same in words, then come the lines of WriteOptions.Comment.
//
// Write produces fixed MPS when every name has at most 8 characters and no
// blank other than space, and every number fits 12 characters; free MPS
// otherwise (WriteOptions.Format forces one). Numbers are written with the
// fewest digits that read back to the same float64 (strconv's shortest
// form, plain or with an exponent, whichever is shorter). The writer
// brackets integer columns with MARKER lines and gives each of them
// explicit bounds (BV for [0, 1], else LO or MI and UP or PL), so no
// reader falls back on its own default; it writes MI or LO before every
// negative UP; ranges go to RANGES in a form that reads back to exactly
// the same two ends whenever one exists (always for a range read from MPS;
// for an arbitrary [lo, hi] with ends of opposite sign, hi − lo may need
// more bits than a float64 holds, and then one end moves by one ulp); a
// row free in both directions is written as "L" with right-hand side 1e30.
//
// What Read accepts, Write writes back, with one exception that is an
// error: a column name with a blank or a leading "$" in a model that fixed
// MPS cannot hold (a name longer than 8 characters or a number longer than
// 12 elsewhere), since free MPS separates fields by blanks and glpsol takes
// a free-MPS field that starts with "$" for a comment. Write names the name
// in its error. Names that no reader should be given are refused by both:
// a model name with a line break (Read refuses a carriage return inside
// NAME), and a row name that starts with "$" (CPLEX and GLPK read a field 3
// or 5 that starts with "$" as a comment; glpsol 5.0 silently drops such a
// COLUMNS entry).
//
// References: IBM, "MPSX/370 Program Reference Manual", SH19-1095 (the
// original format); IBM ILOG CPLEX, "File formats supported by CPLEX: MPS
// file format"; B. A. Murtagh, Advanced Linear Programming, McGraw-Hill 1981,
// appendix (fixed-format layout); GLPK 5.0 reference manual, appendix B
// "MPS format".
package mps
