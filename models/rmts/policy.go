package rmts

import (
	"fmt"
	"strings"
)

// Policy is an online admission and migration policy.
type Policy int

// The policies of spec B.5–B.6 and the unbounded-migration reference.
const (
	RMTS       Policy = iota // request-migration task scheduling (B.2–B.5)
	REM                      // random early migration (Zhao & Kuo)
	DASD                     // DASD dancing: shortest multi-step chain when blocked
	LastMinute               // traditional migration: one step, only when blocked
	MaxFlow                  // unbounded migration: admit iff any chain of moves makes room
)

// Policies lists every policy in report order.
var Policies = []Policy{RMTS, REM, DASD, LastMinute, MaxFlow}

var policyNames = []string{"rmts", "rem", "dasd", "last-minute", "max-flow"}

func (p Policy) String() string {
	if p < 0 || int(p) >= len(policyNames) {
		return fmt.Sprintf("Policy(%d)", int(p))
	}
	return policyNames[p]
}

// ParsePolicy reads a policy name.
func ParsePolicy(s string) (Policy, error) {
	for i, n := range policyNames {
		if strings.EqualFold(s, n) {
			return Policy(i), nil
		}
	}
	return 0, inputErr("policy: must be one of %s, got %q", strings.Join(policyNames, ", "), s)
}

// UsesAlpha reports whether the policy's behaviour depends on α.
func (p Policy) UsesAlpha() bool { return p == RMTS }

// MarshalText writes the policy's name, so that a request names its
// policies in JSON.
func (p Policy) MarshalText() ([]byte, error) {
	if p < 0 || int(p) >= len(policyNames) {
		return nil, inputErr("policy: unknown policy %d", int(p))
	}
	return []byte(policyNames[p]), nil
}

// UnmarshalText reads a policy's name (ParsePolicy).
func (p *Policy) UnmarshalText(b []byte) error {
	q, err := ParsePolicy(string(b))
	if err != nil {
		return err
	}
	*p = q
	return nil
}
