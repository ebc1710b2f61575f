package render

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/streamopt/streamopt/internal/version"
)

// TestJSONVersion: every answer gets format_version and program first,
// also an empty one, and a non-object is refused rather than written.
func TestJSONVersion(t *testing.T) {
	for _, v := range []any{struct{}{}, struct {
		A int `json:"a"`
	}{7}} {
		var b strings.Builder
		if err := JSON(&b, v); err != nil {
			t.Fatal(err)
		}
		var got map[string]any
		if err := json.Unmarshal([]byte(b.String()), &got); err != nil {
			t.Fatalf("%q: %v", b.String(), err)
		}
		if got["format_version"] != FormatVersion || got["program"] != version.String() {
			t.Errorf("%q: want format_version %q and program %q", b.String(), FormatVersion, version.String())
		}
		if !strings.HasPrefix(b.String(), "{\n  \"format_version\": ") {
			t.Errorf("%q: format_version is not the first key", b.String())
		}
	}
	var b strings.Builder
	if err := JSON(&b, []int{1}); err == nil || b.Len() > 0 {
		t.Errorf("an array: err %v, wrote %q; want an error and nothing written", err, b.String())
	}
}
