// Package iis finds an irreducible infeasible subsystem (IIS) of an
// infeasible LP: a set of rows and column bounds that admits no point, while
// every proper subset does.
//
// # Method
//
// A Farkas certificate y of the model (lp/doc.go, "Certificates": with
// z = Aᵀy, max zᵀx over the column bounds is below min yᵀr over the row
// bounds) uses only the rows with yᵢ ≠ 0 and, of each column, the bound its
// zⱼ selects (the upper one when zⱼ > 0, the lower one when zⱼ < 0): that
// support is infeasible by itself, so Find starts from it. The subsystem
// keeps each of its rows with both of the row's bounds and each of its
// column bounds; a column bound outside it is infinite.
//
// The deletion filter (Chinneck and Dravnieks 1991) then tries each member
// in turn: the subsystem without it is solved by the pure-Go simplex (zero
// objective, integrality ignored); if it is still infeasible the member is
// dropped for good, and the subsystem shrinks further to the support of the
// new certificate when that support is infeasible by itself (one more
// solve). Otherwise the member stays. Since a member stays only when the
// subsystem without it was feasible, and every later subsystem is a subset
// of that one, dropping any one member of the final subsystem leaves it
// feasible: the result is irreducible. The filter makes one solve per
// member of the starting support, and one per shrink.
//
// The words "infeasible" and "feasible" are the simplex's: Infeasible only
// with a certificate whose margin passes lp.FarkasMargin's check, Optimal
// only with a point that passes the answer check in model units (lp/simplex
// doc.go); any other outcome stops Find with an error.
//
// Reference: J. W. Chinneck and E. W. Dravnieks, Locating minimal
// infeasible constraint sets in linear programs, ORSA Journal on Computing
// 3(2), 1991.
package iis
