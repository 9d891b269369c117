package stratego

import (
	"reflect"
	"strings"
	"testing"
)

// TestViewJSONDocListsEveryMember: the section "View JSON" of the
// package doc names every member of the JSON form, so that the list
// cannot drift from the code.
func TestViewJSONDocListsEveryMember(t *testing.T) {
	src := readFile(t, "doc.go")
	_, doc, ok := strings.Cut(src, "\n// # View JSON\n")
	if !ok {
		t.Fatal(`doc.go has no section "View JSON"`)
	}
	doc, _, _ = strings.Cut(doc, "\n// # ")
	for _, typ := range []reflect.Type{reflect.TypeFor[viewJSON](), reflect.TypeFor[pieceJSON](), reflect.TypeFor[chaseJSON]()} {
		for i := range typ.NumField() {
			f := typ.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !strings.Contains(doc, "\t"+name+" ") && !strings.Contains(doc, "\t"+name+",") && !strings.Contains(doc, `"`+name+`"`) && !strings.Contains(doc, ", "+name+" ") {
				t.Errorf("the section \"View JSON\" of doc.go does not name the member %q (%s.%s)", name, typ.Name(), f.Name)
			}
		}
	}
}
