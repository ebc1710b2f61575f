package tpd

// The enums of a Request marshal as their names, so that a request (the
// grid of a record file) reads as the flags that made it.

// enumText is the name of v among names, or an input error naming what.
func enumText(what string, names []string, v int) ([]byte, error) {
	if v < 0 || v >= len(names) {
		return nil, inputErr("%s: unknown value %d", what, v)
	}
	return []byte(names[v]), nil
}

// MarshalText writes the policy's name.
func (p Policy) MarshalText() ([]byte, error) { return enumText("policy", policyNames[:], int(p)) }

// UnmarshalText reads a policy's name (ParsePolicy).
func (p *Policy) UnmarshalText(b []byte) error {
	v, err := ParsePolicy(string(b))
	*p = v
	return err
}

// MarshalText writes the discipline's name.
func (d Discipline) MarshalText() ([]byte, error) {
	return enumText("discipline", disciplineNames[:], int(d))
}

// UnmarshalText reads a discipline's name (ParseDiscipline).
func (d *Discipline) UnmarshalText(b []byte) error {
	v, err := ParseDiscipline(string(b))
	*d = v
	return err
}

// MarshalText writes the bound kind's name.
func (b BoundKind) MarshalText() ([]byte, error) { return enumText("bound", boundNames[:], int(b)) }

// UnmarshalText reads a bound kind's name (ParseBound).
func (b *BoundKind) UnmarshalText(t []byte) error {
	v, err := ParseBound(string(t))
	*b = v
	return err
}
