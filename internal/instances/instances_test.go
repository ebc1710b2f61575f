package instances

import "testing"

func TestSetsListed(t *testing.T) {
	for _, tc := range []struct {
		name string
		load func() ([]Instance, error)
		want int // instances in the shared folder's optimal.csv (its README counts them)
	}{
		{"netlib", Netlib, 42},
		{"miplib", Miplib, 10},
	} {
		got, err := tc.load()
		if err != nil {
			t.Fatalf("%s: %v", tc.name, err)
		}
		if len(got) != tc.want {
			t.Errorf("%s: %d instances, want %d", tc.name, len(got), tc.want)
		}
	}
}
