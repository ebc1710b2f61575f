package render_test

import (
	"go/build"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

const (
	module  = "github.com/streamopt/streamopt"
	plotPkg = "gonum.org/v1/plot"
)

// TestModelsDoNotImportPlot walks the imports of every package under
// models/, and of every package of this module they reach, for each set
// of build tags the repository uses, and fails if any imports gonum/plot:
// drawing belongs to this package.
func TestModelsDoNotImportPlot(t *testing.T) {
	root, err := filepath.Abs("..")
	if err != nil {
		t.Fatal(err)
	}
	var models []string
	err = filepath.WalkDir(filepath.Join(root, "models"), func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && d.Name() == "testdata" {
			return filepath.SkipDir
		}
		if d.IsDir() {
			if _, err := build.ImportDir(path, 0); err == nil {
				rel, _ := filepath.Rel(root, path)
				models = append(models, module+"/"+filepath.ToSlash(rel))
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(models) < 4 {
		t.Fatalf("found %d packages under models/ (%v), want rrs, mps, rmts and tpd at least", len(models), models)
	}
	for _, tags := range [][]string{nil, {"clp", "lpsolve"}} {
		ctx := build.Default
		ctx.BuildTags = tags
		// via[p] is the package that first imported p (or "" for a root).
		via := map[string]string{}
		queue := append([]string(nil), models...)
		for _, m := range models {
			via[m] = ""
		}
		for len(queue) > 0 {
			p := queue[0]
			queue = queue[1:]
			dir := filepath.Join(root, filepath.FromSlash(strings.TrimPrefix(p, module)))
			pkg, err := ctx.ImportDir(dir, 0)
			if err != nil {
				t.Fatalf("tags %v: %s: %v", tags, p, err)
			}
			for _, imp := range pkg.Imports {
				if imp == plotPkg || strings.HasPrefix(imp, plotPkg+"/") {
					chain := []string{imp, p}
					for q := via[p]; q != ""; q = via[q] {
						chain = append(chain, q)
					}
					for i, j := 0, len(chain)-1; i < j; i, j = i+1, j-1 {
						chain[i], chain[j] = chain[j], chain[i]
					}
					t.Errorf("tags %v: %s", tags, strings.Join(chain, " → "))
					continue
				}
				if _, seen := via[imp]; seen || !strings.HasPrefix(imp, module+"/") {
					continue
				}
				via[imp] = p
				queue = append(queue, imp)
			}
		}
		t.Logf("tags %v: %d packages of the module reached from %d under models/", tags, len(via), len(models))
	}
}
