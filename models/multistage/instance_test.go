package multistage

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/jsontest"
)

func mutate(t *testing.T, f func(doc map[string]any)) []byte {
	t.Helper()
	return jsontest.Edit(t, filepath.Join("..", "..", "examples", "mps-paper.json"), f)
}

func TestBadInputs(t *testing.T) {
	pol := func(d map[string]any, k int) map[string]any { return d["policies"].([]any)[k].(map[string]any) }
	net := func(d map[string]any) map[string]any { return d["network"].(map[string]any) }
	cases := []struct {
		name string
		data []byte
		want string
	}{
		{"stages not increasing", mutate(t, func(d map[string]any) { pol(d, 2)["stages"] = []any{300, 300} }), "policies[2].stages[1]: must be larger than stages[0] = 300, got 300"},
		{"empty stages", mutate(t, func(d map[string]any) { pol(d, 1)["stages"] = []any{} }), "stages"},
		{"duplicate name", mutate(t, func(d map[string]any) { pol(d, 1)["name"] = "S1" }), `policies[1].name: "S1" is used twice`},
		{"order of N", mutate(t, func(d map[string]any) { d["normal_high"] = 250 }), "normal_low ≤ normal_high ≤ worst"},
		{"negative worst", mutate(t, func(d map[string]any) { d["worst"] = -1 }), "worst: must be a finite number > 0, got -1"},
		{"network share", mutate(t, func(d map[string]any) {
			net(d)["regions"].([]any)[0].(map[string]any)["share"] = 0.9
		}), "network.regions[*].share: must sum to 1"},
		{"network capacity", mutate(t, func(d map[string]any) {
			net(d)["datacenters"].([]any)[4].(map[string]any)["bandwidth_users"] = -5
		}), "network.datacenters[4].bandwidth_users: must be ≥ 0, got -5"},
		{"unknown field", mutate(t, func(d map[string]any) { d["colour"] = "red" }), "colour"},
		{"users in the network", mutate(t, func(d map[string]any) { net(d)["users"] = 360 }), "network: additional properties 'users' not allowed"},
		{"network schema", mutate(t, func(d map[string]any) { net(d)["regions"].([]any)[1].(map[string]any)["share"] = "most" }), "network.regions[1].share: got string, want number"},
		{"NaN", []byte(strings.Replace(string(mutate(t, func(map[string]any) {})), `"worst":400`, `"worst":NaN`, 1)), "worst"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Parse(bytes.NewReader(tc.data))
			if err == nil || !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), tc.want) {
				t.Errorf("got %v, want an input error containing %q", err, tc.want)
			}
		})
	}
}

func TestSchemaKeyIgnored(t *testing.T) {
	data := mutate(t, func(d map[string]any) {
		d["$schema"] = "https://github.com/streamopt/streamopt/models/multistage/schema.json"
	})
	in, err := Parse(bytes.NewReader(data))
	if err != nil {
		t.Fatal(err)
	}
	if in.Worst != 400 || len(in.Policies) != 4 {
		t.Errorf("decoded worst %g with %d policies, want the example's 400 and 4", in.Worst, len(in.Policies))
	}
}

func TestStagesCap(t *testing.T) {
	in, err := Parse(bytes.NewReader(mutate(t, func(map[string]any) {})))
	if err != nil {
		t.Fatal(err)
	}
	// The example's other three policies have 1 + 3 + 4 stages; this one
	// brings the total to MaxStages + 1.
	stages := make([]float64, MaxStages-7)
	for q := range stages {
		stages[q] = float64(q + 1)
	}
	in.Policies[0].Stages = stages
	err = in.Validate()
	if !errors.Is(err, ErrInput) || !strings.Contains(err.Error(), "policies: 10001 stages in all, over the cap of 10000") {
		t.Errorf("error %v, want the stage cap", err)
	}
	in.Policies[0].Stages = stages[:len(stages)-1]
	if err := in.Validate(); err != nil {
		t.Errorf("at the cap: %v", err)
	}
}

func FuzzParse(f *testing.F) {
	data, err := os.ReadFile(filepath.Join("..", "..", "examples", "mps-paper.json"))
	if err != nil {
		f.Fatal(err)
	}
	f.Add(data)
	f.Add([]byte(`{"network": {}, "policies": []}`))
	f.Fuzz(func(t *testing.T, b []byte) {
		in, err := Parse(bytes.NewReader(b))
		if err == nil {
			if err := in.Validate(); err != nil {
				t.Fatalf("parsed instance fails validation: %v", err)
			}
		}
	})
}
