// Package docrefs checks that the repository stands alone: every
// markdown file its comments and documents cite is in it.
package docrefs

import (
	"io/fs"
	"os"
	"path"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
)

// root is the module's root, from this package's folder.
const root = "../.."

// self is this file, from the root.
const self = "internal/docrefs/docrefs_test.go"

// topNames are the markdown names a text may cite without a folder:
// each names the file of that name in the text's own folder, the
// package's or the root's (RULES.md, for one, is cited from everywhere).
var topNames = []string{"RULES.md", "README.md", "CHANGELOG.md", "PROTOCOL.md"}

// mdRef matches a cited markdown file, with the text before it on its
// line up to a space (to tell a web address from a path).
var mdRef = regexp.MustCompile(`(\S*?)((?:[A-Za-z0-9_.-]+/)*[A-Za-z0-9_-]+\.md)\b`)

// texts returns the repository's files that hold comments or documents,
// by slash path from the root.
func texts(t *testing.T) []string {
	t.Helper()
	var files []string
	err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		name := d.Name()
		if d.IsDir() {
			if p != root && (strings.HasPrefix(name, ".") && name != ".ci" || name == "node_modules") {
				return filepath.SkipDir
			}
			return nil
		}
		switch path.Ext(name) {
		case ".go", ".md", ".sh", ".js":
		default:
			if !strings.HasPrefix(filepath.ToSlash(p), root+"/.ci/") {
				return nil
			}
		}
		rel, err := filepath.Rel(root, p)
		if err != nil {
			return err
		}
		if filepath.ToSlash(rel) == self {
			return nil // its cases cite missing files on purpose
		}
		files = append(files, filepath.ToSlash(rel))
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return files
}

// exists reports whether the slash path p, from the root, is a file of
// the repository.
func exists(p string) bool {
	if p == ".." || strings.HasPrefix(p, "../") {
		return false
	}
	fi, err := os.Stat(filepath.Join(root, filepath.FromSlash(p)))
	return err == nil && !fi.IsDir()
}

// citedOK reports whether a text at file cites ref, a markdown file,
// that is in the repository.
func citedOK(file, ref string) bool {
	dir := path.Dir(file)
	if strings.Contains(ref, "/") {
		// A path: from the text's folder, or from the root.
		return exists(path.Clean(path.Join(dir, ref))) || exists(path.Clean(ref))
	}
	if strings.ToUpper(strings.TrimSuffix(ref, ".md")) == strings.TrimSuffix(ref, ".md") {
		// A capital name: one of topNames, in the text's folder, a folder
		// above it, or (PROTOCOL.md) the package that has one.
		if !slices.Contains(topNames, ref) {
			return false
		}
		for d := dir; ; d = path.Dir(d) {
			if exists(path.Join(d, ref)) {
				return true
			}
			if d == "." {
				break
			}
		}
		return ref == "PROTOCOL.md" && exists("referee/PROTOCOL.md")
	}
	// A lower-case name: in the text's folder or in a folder of docs/.
	if exists(path.Join(dir, ref)) {
		return true
	}
	found := false
	filepath.WalkDir(filepath.Join(root, "docs"), func(p string, d fs.DirEntry, err error) error {
		if err == nil && !d.IsDir() && d.Name() == ref {
			found = true
		}
		return nil
	})
	return found
}

// TestCitedDocumentsExist fails when a comment or document of the
// repository cites a markdown file that is not in it.
func TestCitedDocumentsExist(t *testing.T) {
	files := texts(t)
	if len(files) < 100 {
		t.Fatalf("found %d texts under %s; is it the module's root?", len(files), root)
	}
	for _, f := range files {
		b, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(f)))
		if err != nil {
			t.Fatal(err)
		}
		for i, line := range strings.Split(string(b), "\n") {
			for _, m := range mdRef.FindAllStringSubmatch(line, -1) {
				if strings.Contains(m[1], "://") {
					continue // a web address
				}
				if !citedOK(f, m[2]) {
					t.Errorf("%s:%d cites %s, which is not in the repository", f, i+1, m[2])
				}
			}
		}
	}
}

// TestCitedOK checks the checker on cited names that are and are not in
// the repository.
func TestCitedOK(t *testing.T) {
	for _, c := range []struct {
		file, ref string
		want      bool
	}{
		{"referee/ucc.go", "RULES.md", true},
		{"referee/ucc.go", "PROTOCOL.md", true},
		{"attrition_test.go", "PROTOCOL.md", true},
		{"referee/ucc.go", "docs/ucc2012.md", true},
		{"docs/match/README.md", "../../referee/PROTOCOL.md", true},
		{"docs/match/README.md", "sharding.md", true},
		{"cmd/stratego/internal/matchcmd/shard_test.go", "sharding.md", true},
		{"referee/ucc.go", "DESIGN.md", false},
		{"referee/ucc.go", "NOWHERE.md", false},
		{"referee/ucc.go", "docs/nowhere.md", false},
		{"gravon/gravon_test.go", "../../shared/data/README.md", false},
		{"testdata/perft/README.md", "../RULES.md", false},
	} {
		if got := citedOK(c.file, c.ref); got != c.want {
			t.Errorf("citedOK(%q, %q) = %v, want %v", c.file, c.ref, got, c.want)
		}
	}
}
