package render

import (
	"strings"
	"testing"
)

func TestCheckFigureName(t *testing.T) {
	for _, path := range []string{"f.png", "out/F.SVG", "f.pdf"} {
		if err := CheckFigureName(path); err != nil {
			t.Errorf("CheckFigureName(%q): %v", path, err)
		}
	}
	for _, path := range []string{"f.txt", "f", "png"} {
		err := CheckFigureName(path)
		if err == nil || !strings.Contains(err.Error(), path+": figure format unknown") || !strings.Contains(err.Error(), ".png") {
			t.Errorf("CheckFigureName(%q): %v, want an error naming the file and the formats", path, err)
		}
	}
}
