package presolve

// Helpers shared with the external test package (netlib_test.go,
// glpsol_test.go), which must be external because lp/simplex imports
// lp/presolve.
var (
	CheckOptimalTol = checkOptimalTol
	CloseRel        = closeRel
)
