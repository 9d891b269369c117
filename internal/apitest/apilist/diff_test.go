package apilist

import (
	"strings"
	"testing"
)

// TestAPIDiff pins the report of a difference: a changed declaration is
// one "changed" pair, a removed and an added name are named as such.
func TestAPIDiff(t *testing.T) {
	want := []string{
		"func F(int) error",
		"method (*T) M(string)",
		"method (T) N()",
		"type S struct, A int",
		"type S struct, comparable",
	}
	got := []string{
		"func F(int, int) error",
		"func G()",
		"method (T) M(string)",
		"type S struct",
		"type S struct, A int",
	}
	d := apiDiff(want, got)
	for _, s := range []string{
		"changed: func F(int) error\n\t     now: func F(int, int) error",
		"removed: method (T) N()",
		"not in the list: func G()",
		"changed: method (*T) M(string)\n\t     now: method (T) M(string)",
		"changed: type S struct, comparable\n\t     now: type S struct",
	} {
		if !strings.Contains(d, s) {
			t.Errorf("apiDiff does not say %q:\n%s", s, d)
		}
	}
	if d := apiDiff(want, want); d != "" {
		t.Errorf("apiDiff of equal lists = %q, want \"\"", d)
	}
}
