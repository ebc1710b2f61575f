package multistage

import (
	"bytes"
	_ "embed"
	"encoding/json"
	"fmt"
	"io"
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

var schema = jsoninput.NewSchema(withNetwork(schemaJSON, rrs.Schema()))

// withNetwork fills $defs.network of the MPS schema src with the RRS
// schema's properties and required fields except users (the study sweeps
// N), so that one document states the whole file format and the network's
// fields are described in one place, models/rrs/schema.json. Both
// documents are embedded; a malformed one is a programming error.
func withNetwork(src, rrsSrc []byte) []byte {
	var doc, net map[string]any
	if err := json.Unmarshal(src, &doc); err != nil {
		panic("mps: schema.json: " + err.Error())
	}
	if err := json.Unmarshal(rrsSrc, &net); err != nil {
		panic("mps: RRS schema: " + err.Error())
	}
	props := net["properties"].(map[string]any)
	delete(props, "users")
	delete(props, "$schema")
	var req []any
	for _, f := range net["required"].([]any) {
		if f != "users" {
			req = append(req, f)
		}
	}
	def := doc["$defs"].(map[string]any)["network"].(map[string]any)
	def["type"], def["additionalProperties"], def["properties"], def["required"] = "object", false, props, req
	var out bytes.Buffer
	enc := json.NewEncoder(&out)
	enc.SetEscapeHTML(false) // keep "≥", "<" and "&" readable
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		panic("mps: schema: " + err.Error())
	}
	return out.Bytes()
}

// Schema returns the JSON Schema (draft 2020-12) of an instance file; its
// network is an RRS instance without users (models/rrs/schema.json).
func Schema() []byte { return schema.Source() }

// MaxStages caps the stages of all policies together: planning solves one
// RRS problem per stage (the paper's four policies have 8).
const MaxStages = 10_000

// Parse reads an instance from JSON (at most jsoninput.MaxBytes), checks it
// against the schema and validates it; the network is checked as an RRS
// instance at N = worst. Every error names the offending field and wraps
// ErrInput.
func Parse(r io.Reader) (*Instance, error) {
	return jsoninput.Parse[Instance](schema, r, ErrInput)
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
		// The RRS error names a field of the network: prefix its path; its
		// users are worst here (the profit scale grows with N).
		msg := strings.TrimPrefix(err.Error(), rrs.ErrInput.Error()+": ")
		if rest, ok := strings.CutPrefix(msg, "users: "); ok {
			return fmt.Errorf("%w: worst: %s", ErrInput, rest)
		}
		return fmt.Errorf("%w: network.%s", ErrInput, msg)
	}
	if len(in.Policies) == 0 {
		return fmt.Errorf("%w: policies: must list at least one policy", ErrInput)
	}
	stages := 0
	for _, p := range in.Policies {
		stages += len(p.Stages)
	}
	if stages > MaxStages {
		return fmt.Errorf("%w: policies: %d stages in all, over the cap of %d (planning solves one RRS problem per stage)", ErrInput, stages, MaxStages)
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
