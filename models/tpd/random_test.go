package tpd

import (
	"reflect"
	"strings"
	"testing"
)

// TestRandomTrace: the scenario is RandomSmallGrid's, the sub-tasks it
// shares with it are the same, and a longer trace keeps the shorter one
// as its prefix.
func TestRandomTrace(t *testing.T) {
	for seed := uint64(1); seed <= 5; seed++ {
		s0, small, err := RandomSmallGrid(seed, 2)
		if err != nil {
			t.Fatal(err)
		}
		s, long, err := RandomTrace(seed, 2, 40)
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(s, s0) {
			t.Errorf("seed %d: the scenario differs from RandomSmallGrid's", seed)
		}
		if len(long) != 40 || !reflect.DeepEqual(long[:len(small)], small) {
			t.Errorf("seed %d: %d sub-tasks; the first %d differ from RandomSmallGrid's", seed, len(long), len(small))
		}
		if err := s.ValidateTasks(long); err != nil {
			t.Errorf("seed %d: %v", seed, err)
		}
	}
	if _, _, err := RandomTrace(1, 1, 0); err == nil || !strings.Contains(err.Error(), "tasks: must be >= 1, got 0") {
		t.Errorf("n = 0: error %v", err)
	}
}
