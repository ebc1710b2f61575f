package mps

import (
	_ "embed"
	"encoding/json"
	"fmt"
	"math"
	"strings"

	"github.com/streamopt/streamopt/fault"
	"github.com/streamopt/streamopt/internal/jsoninput"
	"github.com/streamopt/streamopt/models/rrs"
)

// PolicySpec names a routing policy to compare with the optimum.
type PolicySpec struct {
	Name        string `json:"name"`
	Description string `json:"description,omitempty"`
	// Stages is [N] for the static policy RRS(N), or the stage points
	// P = (p_1 < p_2 < … < p_n) of Algorithm 1.
	Stages []float64 `json:"stages"`
}

// Instance is an MPS study: a network and the policies to evaluate on it.
type Instance struct {
	Name string `json:"name,omitempty"`
	// Network holds the regions, data centres and latencies; its Users is ignored.
	Network    rrs.Instance `json:"network"`
	NormalLow  float64      `json:"normal_low"`  // N_L
	NormalHigh float64      `json:"normal_high"` // N_H
	Worst      float64      `json:"worst"`       // N̄
	Policies   []PolicySpec `json:"policies"`
}

// ErrInput is wrapped by every error about a malformed or invalid instance.
var ErrInput = fault.New(fault.ErrInput, "invalid MPS instance")

//go:embed schema.json
var schemaJSON []byte

var schema = jsoninput.NewSchema("https://github.com/streamopt/streamopt/models/mps/schema.json", schemaJSON)

// Schema returns the JSON Schema of an instance file.
func Schema() []byte { return schema.Source() }

// ParseBytes reads an instance from JSON, checks it against the schema and
// validates it; the network is checked as an RRS instance at N = worst.
// Every error names the offending field.
func ParseBytes(data []byte) (*Instance, error) {
	var raw struct {
		Instance
		Network json.RawMessage `json:"network"`
	}
	if err := schema.Decode(data, &raw); err != nil {
		return nil, fmt.Errorf("%w: %v", ErrInput, err)
	}
	in := raw.Instance
	// Check the network with the RRS schema and validation, N = worst.
	var net map[string]json.RawMessage
	if err := json.Unmarshal(raw.Network, &net); err != nil {
		return nil, fmt.Errorf("%w: network: %v", ErrInput, err)
	}
	users := in.Worst
	if !(users > 0) {
		users = 1 // the worst-case check below reports it
	}
	net["users"], _ = json.Marshal(users)
	netJSON, _ := json.Marshal(net)
	nw, err := rrs.ParseBytes(netJSON)
	if err != nil {
		return nil, fmt.Errorf("%w: network.%s", ErrInput, strings.TrimPrefix(err.Error(), rrs.ErrInput.Error()+": "))
	}
	in.Network = *nw
	if err := in.Validate(); err != nil {
		return nil, err
	}
	return &in, nil
}

// Validate checks the instance.
func (in *Instance) Validate() error {
	for _, f := range []struct {
		n string
		v float64
	}{{"normal_low", in.NormalLow}, {"normal_high", in.NormalHigh}, {"worst", in.Worst}} {
		if math.IsNaN(f.v) || math.IsInf(f.v, 0) || f.v <= 0 {
			return fmt.Errorf("%w: %s: must be a finite number > 0, got %v", ErrInput, f.n, f.v)
		}
	}
	if !(in.NormalLow <= in.NormalHigh && in.NormalHigh <= in.Worst) {
		return fmt.Errorf("%w: normal_low ≤ normal_high ≤ worst must hold, got %v, %v, %v", ErrInput, in.NormalLow, in.NormalHigh, in.Worst)
	}
	net := in.Network
	net.Users = in.Worst
	if err := net.Validate(); err != nil {
		return fmt.Errorf("network: %w", err)
	}
	if len(in.Policies) == 0 {
		return fmt.Errorf("%w: policies: must list at least one policy", ErrInput)
	}
	seen := map[string]bool{}
	for k, p := range in.Policies {
		path := fmt.Sprintf("policies[%d]", k)
		if p.Name == "" {
			return fmt.Errorf("%w: %s.name: must not be empty", ErrInput, path)
		}
		if seen[p.Name] {
			return fmt.Errorf("%w: %s.name: %q is used twice", ErrInput, path, p.Name)
		}
		seen[p.Name] = true
		if len(p.Stages) == 0 {
			return fmt.Errorf("%w: %s.stages: must list at least one number of users", ErrInput, path)
		}
		for q, s := range p.Stages {
			if math.IsNaN(s) || math.IsInf(s, 0) || s <= 0 {
				return fmt.Errorf("%w: %s.stages[%d]: must be a finite number > 0, got %v", ErrInput, path, q, s)
			}
			if q > 0 && s <= p.Stages[q-1] {
				return fmt.Errorf("%w: %s.stages[%d]: must be larger than stages[%d] = %v, got %v", ErrInput, path, q, q-1, p.Stages[q-1], s)
			}
		}
	}
	return nil
}
