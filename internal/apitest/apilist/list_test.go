package apilist

import (
	"bufio"
	"bytes"
	"flag"
	"fmt"
	"go/importer"
	"go/token"
	"go/types"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// regenerate is the command, run from the module root, that rewrites
// the API list and the table of calls of package apitest; every failure
// prints it.
const regenerate = "go test ./internal/apitest/apilist -update"

// apiDir is the folder of the API list, one file a package (relative to
// this directory).
const apiDir = "../../../api"

var update = flag.Bool("update", false, "rewrite the API list in api/ and the table of calls of package apitest")

// TestAPI checks the exported API of every non-internal library
// package of the module against the committed list in api/<name>.txt
// (see api/README.md): a line that disappeared or changed fails, and so
// does an exported name the list does not have, so the list stays
// complete. With -update it rewrites the list.
func TestAPI(t *testing.T) {
	pkgs, err := apiPackages()
	if err != nil {
		t.Fatal(err)
	}
	files := map[string]bool{}
	for _, p := range pkgs {
		file := filepath.Join(apiDir, p.file)
		files[p.file] = true
		got := apiLines(p.pkg)
		if *update {
			if err := os.MkdirAll(apiDir, 0o755); err != nil {
				t.Fatal(err)
			}
			if err := os.WriteFile(file, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
				t.Fatal(err)
			}
			continue
		}
		src, err := os.ReadFile(file)
		if err != nil {
			t.Errorf("package %s has no API list (%v): run %s", p.pkg.Path(), err, regenerate)
			continue
		}
		want := strings.Split(strings.TrimSuffix(string(src), "\n"), "\n")
		if msg := apiDiff(want, got); msg != "" {
			t.Errorf("the exported API of %s differs from api/%s:\n%s\nAn intended change: run %s and commit api/ with it", p.pkg.Path(), p.file, msg, regenerate)
		}
	}
	// A list of a package that is gone or became internal.
	old, _ := filepath.Glob(filepath.Join(apiDir, "*.txt"))
	for _, f := range old {
		if !files[filepath.Base(f)] {
			if *update {
				os.Remove(f)
				continue
			}
			t.Errorf("api/%s lists no package of the module: run %s", filepath.Base(f), regenerate)
		}
	}
}

// apiDiff describes the difference of the list want and the API got:
// changed lines (a name whose declaration differs), removed and added
// ones; "" if they are equal.
func apiDiff(want, got []string) string {
	key := func(l string) string {
		// The declaration up to its name: "func F", "method (T) M",
		// "type T struct, F", "const C".
		k, rest, _ := strings.Cut(l, " ")
		if k == "method" {
			r, m, _ := strings.Cut(rest, ") ")
			name, _, _ := strings.Cut(m, "(")
			return k + " " + strings.Replace(r, "*", "", 1) + ") " + name
		}
		name := rest
		if i := strings.IndexAny(rest, " ([="); i >= 0 {
			name = rest[:i]
		}
		if k == "type" {
			if _, field, ok := strings.Cut(rest, ", "); ok && field != "comparable" {
				f, _, _ := strings.Cut(field, " ")
				if strings.HasSuffix(f, ")") { // an interface method
					f, _, _ = strings.Cut(f, "(")
				}
				name += ", " + f
			}
		}
		return k + " " + name
	}
	wantSet, gotSet := map[string]bool{}, map[string]bool{}
	for _, l := range want {
		wantSet[l] = true
	}
	for _, l := range got {
		gotSet[l] = true
	}
	added := map[string]string{}
	for _, l := range got {
		if !wantSet[l] {
			added[key(l)] = l
		}
	}
	var b strings.Builder
	for _, l := range want {
		if gotSet[l] {
			continue
		}
		if n, ok := added[key(l)]; ok {
			fmt.Fprintf(&b, "\tchanged: %s\n\t     now: %s\n", l, n)
			delete(added, key(l))
			continue
		}
		fmt.Fprintf(&b, "\tremoved: %s\n", l)
	}
	for _, l := range got {
		if _, ok := added[key(l)]; ok {
			fmt.Fprintf(&b, "\tnot in the list: %s\n", l)
		}
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// apiPackage is a package of the API list and the name of its file.
type apiPackage struct {
	pkg  *types.Package
	file string
}

// apiPackages loads, from the compiler's export data, every package of
// the module that is neither internal nor a command.
func apiPackages() ([]apiPackage, error) {
	imp, paths, err := exportImporter()
	if err != nil {
		return nil, err
	}
	var pkgs []apiPackage
	for _, path := range paths {
		p, err := imp.Import(path)
		if err != nil {
			return nil, err
		}
		file := "stratego.txt"
		if path != module {
			file = strings.ReplaceAll(strings.TrimPrefix(path, module+"/"), "/", "_") + ".txt"
		}
		pkgs = append(pkgs, apiPackage{p, file})
	}
	return pkgs, nil
}

// module is the module's path.
const module = "github.com/stratego-go/stratego"

// exportImporter returns an importer of the module's packages and their
// dependencies from the compiler's export data (go list -export), and
// the sorted paths of the module's packages that are neither internal
// nor commands.
func exportImporter() (types.Importer, []string, error) {
	cmd := exec.Command("go", "list", "-export", "-deps", "-f", "{{.ImportPath}}\t{{.Export}}\t{{.Name}}\t{{.Module}}", "./...")
	cmd.Dir = "../../.."
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		return nil, nil, fmt.Errorf("go list: %v\n%s", err, stderr.Bytes())
	}
	export := map[string]string{}
	var paths []string
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		f := strings.Split(sc.Text(), "\t")
		if len(f) != 4 {
			continue
		}
		path, file, name, mod := f[0], f[1], f[2], f[3]
		export[path] = file
		if mod != module || name == "main" || slices.Contains(strings.Split(path, "/"), "internal") {
			continue
		}
		paths = append(paths, path)
	}
	fset := token.NewFileSet()
	imp := importer.ForCompiler(fset, "gc", func(path string) (io.ReadCloser, error) {
		f, ok := export[path]
		if !ok || f == "" {
			return nil, fmt.Errorf("no export data for %s", path)
		}
		return os.Open(f)
	})
	slices.Sort(paths)
	return imp, paths, nil
}

// apiLines returns the exported API of p, one sorted line a declaration,
// in the spirit of the Go project's api/*.txt: "func F(int) error",
// "method (*T) M(string)", "type T struct", "type T struct, F int",
// "type I interface, M()", "const C T = 1", "var V T". Parameter names
// are left out (renaming one breaks no caller); a struct or array type
// whose values can be compared with == says ", comparable".
func apiLines(p *types.Package) []string {
	// Other packages by name: stratego.Move, rand.Rand, http.Request.
	q := func(other *types.Package) string {
		if other == p {
			return ""
		}
		return other.Name()
	}
	ts := func(t types.Type) string { return types.TypeString(t, q) }
	var lines []string
	scope := p.Scope()
	for _, name := range scope.Names() {
		obj := scope.Lookup(name)
		if !obj.Exported() {
			continue
		}
		switch o := obj.(type) {
		case *types.Const:
			lines = append(lines, fmt.Sprintf("const %s %s = %s", name, ts(o.Type()), o.Val().ExactString()))
		case *types.Var:
			lines = append(lines, fmt.Sprintf("var %s %s", name, ts(o.Type())))
		case *types.Func:
			lines = append(lines, "func "+name+signature(o.Type().(*types.Signature), q))
		case *types.TypeName:
			lines = append(lines, typeLines(o, q)...)
		}
	}
	slices.Sort(lines)
	return slices.Compact(lines)
}

// typeLines returns the lines of an exported type: its kind, its
// exported fields or interface methods and its method set (with the
// methods promoted from embedded fields).
func typeLines(o *types.TypeName, q types.Qualifier) []string {
	ts := func(t types.Type) string { return types.TypeString(t, q) }
	name := o.Name()
	if o.IsAlias() {
		return []string{fmt.Sprintf("type %s = %s", name, ts(o.Type()))}
	}
	named := o.Type().(*types.Named)
	if tp := named.TypeParams(); tp.Len() > 0 {
		var ps []string
		for i := range tp.Len() {
			ps = append(ps, tp.At(i).Obj().Name()+" "+ts(tp.At(i).Constraint()))
		}
		name += "[" + strings.Join(ps, ", ") + "]"
	}
	var lines []string
	switch u := named.Underlying().(type) {
	case *types.Struct:
		head := "type " + name + " struct"
		if types.Comparable(named) {
			head += ", comparable"
		}
		lines = append(lines, head)
		for i := range u.NumFields() {
			f := u.Field(i)
			if !f.Exported() {
				continue
			}
			if f.Embedded() {
				lines = append(lines, fmt.Sprintf("type %s struct, embedded %s", name, ts(f.Type())))
				continue
			}
			lines = append(lines, fmt.Sprintf("type %s struct, %s %s", name, f.Name(), ts(f.Type())))
		}
	case *types.Interface:
		lines = append(lines, "type "+name+" interface")
		for i := range u.NumMethods() {
			m := u.Method(i)
			if m.Exported() {
				lines = append(lines, fmt.Sprintf("type %s interface, %s%s", name, m.Name(), signature(m.Type().(*types.Signature), q)))
			}
		}
		for i := range u.NumEmbeddeds() {
			lines = append(lines, fmt.Sprintf("type %s interface, embedded %s", name, ts(u.EmbeddedType(i))))
		}
		return lines
	case *types.Array:
		head := "type " + name + " " + ts(u)
		if types.Comparable(named) {
			head += ", comparable"
		}
		lines = append(lines, head)
	default:
		lines = append(lines, "type "+name+" "+ts(u))
	}
	// The method set of *T holds those of T; a value receiver is
	// written (T), a pointer one (*T).
	ms := types.NewMethodSet(types.NewPointer(named))
	values := types.NewMethodSet(named)
	for i := range ms.Len() {
		m := ms.At(i).Obj().(*types.Func)
		if !m.Exported() {
			continue
		}
		sig := m.Type().(*types.Signature)
		recv := name
		if values.Lookup(m.Pkg(), m.Name()) == nil {
			recv = "*" + name
		}
		lines = append(lines, fmt.Sprintf("method (%s) %s%s", recv, m.Name(), signature(sig, q)))
	}
	return lines
}

// signature writes a function's type parameters, parameters and
// results without the parameters' names.
func signature(sig *types.Signature, q types.Qualifier) string {
	var b strings.Builder
	if tp := sig.TypeParams(); tp.Len() > 0 {
		var ps []string
		for i := range tp.Len() {
			ps = append(ps, tp.At(i).Obj().Name()+" "+types.TypeString(tp.At(i).Constraint(), q))
		}
		b.WriteString("[" + strings.Join(ps, ", ") + "]")
	}
	tuple := func(t *types.Tuple, variadic bool) string {
		var ps []string
		for i := range t.Len() {
			s := types.TypeString(t.At(i).Type(), q)
			if variadic && i == t.Len()-1 {
				s = "..." + types.TypeString(t.At(i).Type().(*types.Slice).Elem(), q)
			}
			ps = append(ps, s)
		}
		return strings.Join(ps, ", ")
	}
	b.WriteString("(" + tuple(sig.Params(), sig.Variadic()) + ")")
	switch r := sig.Results(); r.Len() {
	case 0:
	case 1:
		b.WriteString(" " + tuple(r, false))
	default:
		b.WriteString(" (" + tuple(r, false) + ")")
	}
	return b.String()
}
