// Package solfile reads and writes the files that carry a solution or a
// basis of an lp.Model between solvers: solution files, MIPLIB .sol
// files, cbc's solution files and MPS basis files.
//
// # Solution files
//
// WriteHiGHS writes the layout of HiGHS's raw solution file (what HiGHS
// writes with write_solution_style 0): a "Model status" line and the
// status, then "# Primal solution values", "Feasible" (or "None" without a
// point), "Objective v", "# Columns n" and a "name value" line per column,
// "# Rows m" and a "name activity" line per row, then "# Dual solution
// values" with the reduced costs and row duals in the same form (or
// "None", always for a MILP). It is chosen over glpsol's -w layout
// because it names every column and row, so that a file can be read back
// against a model whose columns come in another order, a subset of the
// columns makes a partial start, and it reads as text; glpsol's layout
// numbers rows and columns and holds no names. Values are written in the
// shortest form that reads back to the same float64. The duals follow the
// sign convention of package lp (c = Aᵀy + d), which for a minimisation is
// HiGHS's own. The status words are HiGHS's where it has one ("Optimal",
// "Infeasible", "Time limit reached", ...).
//
// WriteMIPLIB writes the MIPLIB solution format: a "=obj= value" line,
// then a "name value" line per column.
//
// Read detects the format from the content: HiGHS's layout (first line
// "Model status"), cbc's solution file (first line "<status> - objective
// value v", then "index name value objective-coefficient" lines, with "**"
// in front of a value cbc found infeasible; with cbc's "printingOptions
// all" the rows come first, numbered from 0 again before the columns), or
// the MIPLIB format ("name value" lines, an optional "=obj=" line,
// "=infeas=" for none, "#" comments). File.Point maps the values to a
// model's columns by name: a column that a HiGHS file does not list has
// no value (NaN: a partial start), while the MIPLIB and cbc formats list
// only nonzero values by convention, so a column they omit is 0.
//
// A solution file needs names without blanks, unique among the columns
// (rows); CheckSolutionNames and CheckBasisNames let a caller refuse a
// model before a long solve rather than after it.
//
// # Basis files
//
// WriteBasis and ReadBasis use the MPS basis format as CLP reads and
// writes it (clp -basisI, -basisO; tested both ways): a NAME line,
// data lines "XU col row" (col basic, row nonbasic at its upper bound),
// "XL col row" (the same at its lower bound), "UL col" (col nonbasic at
// its upper bound), "LL col" (at its lower bound), and ENDATA; "*" starts
// a comment. A column not named is nonbasic at its lower bound and a row
// not named is basic. Names are written and matched without their blanks,
// as CLP reads fixed MPS names ("DEDO3 1R" of NETLIB's forplan is DEDO31R).
// The status of a row is that of its activity aᵀx, as CLP has it. CLP
// adds a value after the names (and VALUES on the NAME line), which
// ReadBasis ignores; CLP's primal simplex starts from those values, so
// give clp a basis file written here with -dualS. lp_solve
// 5.5 reads and writes the same records (-rbas, -wbas) but takes the bound
// of a row the other way (it writes XL for a binding ≤ row where CLP
// writes XU), so that its files and these disagree on rows; glpsol does
// not read the format at all (its --ini takes only a basis glpsol itself
// wrote with -w).
//
// Errors of the readers wrap ErrFormat (an input error, package fault) and
// have the form "name:line: what is wrong" (lp.FileError).
package solfile
