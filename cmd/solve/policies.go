package main

import "strings"

// parsePolicies reads --policy of a simulation command: "all" (any case)
// for every policy of all, else a comma-separated list, each name read by
// parse.
func parsePolicies[P any](s string, all []P, parse func(string) (P, error)) ([]P, error) {
	if strings.EqualFold(strings.TrimSpace(s), "all") {
		return all, nil
	}
	var out []P
	for _, f := range strings.Split(s, ",") {
		p, err := parse(strings.TrimSpace(f))
		if err != nil {
			return nil, err
		}
		out = append(out, p)
	}
	return out, nil
}
