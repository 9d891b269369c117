package stratego

import (
	"reflect"
	"strings"
	"testing"
)

// TestViewJSONDocListsEveryMember: the doc of View.MarshalJSON names
// every member of the JSON form, so that the list cannot drift from the
// code.
func TestViewJSONDocListsEveryMember(t *testing.T) {
	src := readFile(t, "view.go")
	end := strings.Index(src, "\nfunc (v View) MarshalJSON(")
	if end < 0 {
		t.Fatal("view.go has no View.MarshalJSON")
	}
	start := strings.LastIndex(src[:end], "\n\n") // the doc comment starts after a blank line
	doc := src[start:end]
	for _, typ := range []reflect.Type{reflect.TypeFor[viewJSON](), reflect.TypeFor[pieceJSON](), reflect.TypeFor[chaseJSON]()} {
		for i := range typ.NumField() {
			f := typ.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !strings.Contains(doc, "\t"+name+" ") && !strings.Contains(doc, "\t"+name+",") && !strings.Contains(doc, `"`+name+`"`) && !strings.Contains(doc, ", "+name+" ") {
				t.Errorf("the doc of View.MarshalJSON does not name the member %q (%s.%s)", name, typ.Name(), f.Name)
			}
		}
	}
}
