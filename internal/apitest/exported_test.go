package apitest

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"strings"
)

// pkg is a package under test: its name, import path and directory
// (relative to this one).
type pkg struct{ name, path, dir string }

// packages are the library packages under test.
var packages = []pkg{
	{"stratego", "github.com/stratego-go/stratego", "../.."},
	{"gravon", "github.com/stratego-go/stratego/gravon", "../../gravon"},
	{"learn", "github.com/stratego-go/stratego/learn", "../../learn"},
	{"bot", "github.com/stratego-go/stratego/bot", "../../bot"},
}

// exported returns the exported functions ("Name") and the exported
// methods of exported types ("Type.Name", "*Type.Name" for a pointer
// receiver) of the non-test files of dir. Generic functions and methods
// are left out: they cannot be referred to uninstantiated.
func exported(dir string) ([]string, error) {
	files, err := filepath.Glob(filepath.Join(dir, "*.go"))
	if err != nil {
		return nil, err
	}
	var out []string
	for _, f := range files {
		if strings.HasSuffix(f, "_test.go") {
			continue
		}
		src, err := os.ReadFile(f)
		if err != nil {
			return nil, err
		}
		file, err := parser.ParseFile(token.NewFileSet(), f, src, parser.SkipObjectResolution)
		if err != nil {
			return nil, err
		}
		for _, d := range file.Decls {
			fd, ok := d.(*ast.FuncDecl)
			if !ok || !fd.Name.IsExported() || fd.Type.TypeParams != nil {
				continue
			}
			if fd.Recv == nil {
				out = append(out, fd.Name.Name)
				continue
			}
			t := fd.Recv.List[0].Type
			ptr := ""
			if st, ok := t.(*ast.StarExpr); ok {
				t, ptr = st.X, "*"
			}
			id, ok := t.(*ast.Ident)
			if !ok || !id.IsExported() {
				continue // a generic or unexported receiver
			}
			out = append(out, ptr+id.Name+"."+fd.Name.Name)
		}
	}
	return out, nil
}

// expr returns the Go expression of an exported name of package p: a
// function, a method expression T.M or (*T).M.
func expr(p, name string) string {
	if !strings.Contains(name, ".") {
		return p + "." + name
	}
	typ, method, _ := strings.Cut(name, ".")
	if strings.HasPrefix(typ, "*") {
		return "(*" + p + "." + typ[1:] + ")." + method
	}
	return p + "." + typ + "." + method
}
