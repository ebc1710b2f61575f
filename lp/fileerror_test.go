package lp

import (
	"errors"
	"testing"
)

func TestFileError(t *testing.T) {
	inner := errors.New("bad number")
	for _, tc := range []struct {
		err  *FileError
		want string
	}{
		{&FileError{Name: "m.mps", Line: 12, Err: inner}, "m.mps:12: bad number"},
		{&FileError{Name: "m.lp", Err: inner}, "m.lp: bad number"},
	} {
		if got := tc.err.Error(); got != tc.want {
			t.Errorf("Error() = %q, want %q", got, tc.want)
		}
		if !errors.Is(tc.err, inner) {
			t.Errorf("%v does not unwrap to its cause", tc.err)
		}
	}
}
