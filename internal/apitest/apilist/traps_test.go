package apilist

import (
	"go/ast"
	"go/parser"
	"go/token"
	"go/types"
	"strings"
	"testing"
)

// TestTrapsDoNotCompile type-checks small programs that fell into the
// traps of the old API and requires each to be refused by the compiler
// with the error given: a Board indexed by a Square (which put the piece
// of a1 on b1, and panicked on j10), and == on State or Game (which
// compared the identity of shared storage, not the game). A control
// program that uses the API rightly must compile, so that the test
// cannot pass because nothing compiles.
func TestTrapsDoNotCompile(t *testing.T) {
	imp, _, err := exportImporter()
	if err != nil {
		t.Fatal(err)
	}
	check := func(body string) error {
		src := "package p\n\nimport \"github.com/stratego-go/stratego\"\n\nfunc f(a, b stratego.State, g, h stratego.Game, sq stratego.Square, pc stratego.Piece) {\n\t_, _, _, _, _, _ = a, b, g, h, sq, pc\n" + body + "\n}\n"
		fset := token.NewFileSet()
		f, err := parser.ParseFile(fset, "p.go", src, 0)
		if err != nil {
			t.Fatalf("%v\n%s", err, src)
		}
		_, err = (&types.Config{Importer: imp}).Check("p", fset, []*ast.File{f}, nil)
		return err
	}
	if err := check(`	var bd stratego.Board
	bd.Put(sq, pc)
	_ = bd.At(sq) == pc && a.Equal(b) && g.State().Equal(h.State())`); err != nil {
		t.Fatalf("the control program does not compile: %v", err)
	}
	for _, tc := range []struct{ body, want string }{
		{"\tvar bd stratego.Board\n\tbd[sq] = pc", "cannot index bd"},
		{"\tvar bd stratego.Board\n\t_ = bd[sq.Index()]", "cannot index bd"},
		{"\tvar bd stratego.Board\n\tfor range bd {\n\t}", "cannot range over bd"},
		{"\tvar v stratego.View\n\tps, _ := v.Squares()\n\t_ = ps[sq]", "cannot index ps"},
		{"\tvar v stratego.View\n\t_, ks := v.Squares()\n\t_ = ks[sq]", "cannot index ks"},
		{"\t_ = a == b", "cannot be compared"},
		{"\t_ = g != h", "cannot be compared"},
		{"\t_ = map[stratego.State]bool{}", "invalid map key"},
	} {
		err := check(tc.body)
		if err == nil || !strings.Contains(err.Error(), tc.want) {
			t.Errorf("%s\ncompiles or fails otherwise: %v; want an error saying %q", tc.body, err, tc.want)
		}
	}
}
