package stratego

import (
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestCaseRule: every parser reads the letters of names, squares, rank
// labels and marks in any case (the rule in the package doc, under
// Notation): each row's text in other cases parses to the value of its
// canonical text.
func TestCaseRule(t *testing.T) {
	type parse func(string) (any, error)
	wrap := func(f func(string) (any, error)) parse { return f }
	for _, tc := range []struct {
		name      string
		parse     parse
		canonical string
		others    []string
	}{
		{"square", wrap(func(s string) (any, error) { return ParseSquare(s) }), "j10", []string{"J10"}},
		{"move", wrap(func(s string) (any, error) { return ParseMove(s) }), "a4-a5", []string{"A4-A5", "a4Xa5", "A4xA5"}},
		{"turning move", wrap(func(s string) (any, error) { return ParseMove(s) }), "c3-c4-d4", []string{"C3-C4-D4", "c3Xc4Xd4"}},
		{"rescue", wrap(func(s string) (any, error) { return ParseMove(s) }), "+general@d2", []string{"+GENERAL@D2", "+General@d2"}},
		{"annotated move", wrap(func(s string) (any, error) { return ParseAnnotatedMove(NumberingISF, s) }), "b4xb5(1>X)", []string{"B4XB5(1>x)", "b4xb5(S>X)"}},
		{"color", wrap(func(s string) (any, error) { return ParseColor(s) }), "red", []string{"RED", "Red", "R"}},
		{"rank", wrap(func(s string) (any, error) { return ParseRank(s) }), "marshal", []string{"MARSHAL", "Marshal"}},
		{"piece", wrap(func(s string) (any, error) { return ParsePiece(s) }), "blue spy", []string{"BLUE SPY", "Blue Spy"}},
		{"numbering", wrap(func(s string) (any, error) { return parseNumbering(s) }), "vintage", []string{"VINTAGE", "Vintage"}},
		{"end reason", wrap(func(s string) (any, error) { return parseEndReason(s) }), "flag captured", []string{"FLAG CAPTURED", "Flag captured"}},
		{"outcome", wrap(func(s string) (any, error) { return ParseOutcome(s) }), "draw (ply cap)", []string{"DRAW (PLY CAP)", "Draw (Ply cap)"}},
		{"ongoing", wrap(func(s string) (any, error) { return ParseOutcome(s) }), "ongoing", []string{"ONGOING"}},
		{"rules", wrap(func(s string) (any, error) { return ParseRules(s) }), "classic,ties=attacker,lakes=c5+d5,fill=false",
			[]string{"CLASSIC,TIES=ATTACKER,LAKES=C5+D5,FILL=FALSE", "Classic,Ties=Attacker,lakes=C5+d5,fill=False"}},
		{"setup", wrap(func(s string) (any, error) { return ParseSetup(Barrage(), s) }), "FB12239X../........../........../..........",
			[]string{"fb12239x../........../........../.........."}},
		{"vintage setup", wrap(func(s string) (any, error) { return ParseSetup(Vintage(), s) }), "FBBBBBBS99/9999998888/8777766665/5554443321",
			[]string{"fbbbbbbs99/9999998888/8777766665/5554443321"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			want, err := tc.parse(tc.canonical)
			if err != nil {
				t.Fatalf("canonical %q: %v", tc.canonical, err)
			}
			for _, o := range tc.others {
				got, err := tc.parse(o)
				if err != nil {
					t.Errorf("%q: %v", o, err)
					continue
				}
				if diff := cmp.Diff(want, got, cmp.AllowUnexported(Setup{})); diff != "" {
					t.Errorf("%q (-canonical +got):\n%s", o, diff)
				}
			}
		})
	}
}

// TestProp_TextsReadInAnyCase: the text of a position, a view and a
// record (without free text: descriptive tags and comments) reads the
// same in upper and in lower case.
func TestProp_TextsReadInAnyCase(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genPreset(t)
		g, _ := genPlayedGame(t, plies(30))
		s := g.State()
		_ = r
		ptext := s.Position().String()
		vtext := s.View(rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "viewer")).String()
		rtext := g.String()
		for _, cased := range []func(string) string{strings.ToUpper, strings.ToLower} {
			p, err := ParsePosition(cased(ptext))
			if err != nil || !p.Equal(s.Position()) {
				t.Fatalf("position %q: %v", cased(ptext), err)
			}
			want, _ := ParseView(vtext)
			v, err := ParseView(cased(vtext))
			if err != nil || !v.Equal(want) {
				t.Fatalf("view %q: %v", cased(vtext), err)
			}
			rec, err := ParseRecord(cased(rtext))
			if err != nil {
				t.Fatalf("record %q: %v", cased(rtext), err)
			}
			if got := rec.String(); got != rtext {
				t.Fatalf("record read in other case prints\n%s\nwant\n%s", got, rtext)
			}
		}
	})
}
