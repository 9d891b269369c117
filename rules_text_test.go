package stratego

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// rulesGen draws valid Rules by construction: either a preset with some
// settings changed, or a board, zone, lakes and army of its own.
var rulesGen = rapid.Custom(func(t *rapid.T) Rules {
	var r Rules
	if rapid.Bool().Draw(t, "from a preset") {
		r = genPreset(t)
	} else {
		w := rapid.IntRange(2, MaxSize).Draw(t, "width")
		h := rapid.IntRange(2, MaxSize).Draw(t, "height")
		r.Width, r.Height = w, h
		z := rapid.IntRange(1, h/2).Draw(t, "zone rows")
		for q := range Rect(0, 0, w-1, z-1).All() {
			if rapid.IntRange(0, 4).Draw(t, "zone square?") > 0 {
				r.Zone = r.Zone.With(q)
			}
		}
		if r.Zone.IsEmpty() {
			r.Zone = r.Zone.With(SquareAt(0, 0))
		}
		blue := r.ZoneOf(Blue)
		for q := range Rect(0, 0, w-1, h-1).All() {
			if !r.Zone.Has(q) && !blue.Has(q) && rapid.IntRange(0, 5).Draw(t, "lake?") == 0 {
				r.Lakes = r.Lakes.With(q)
			}
		}
		r.Army[Flag] = 1
		room := r.Zone.Len() - 1
		for rk := Spy; rk <= Bomb && room > 0; rk++ {
			n := rapid.IntRange(0, min(room, 8)).Draw(t, "count of "+rk.String())
			r.Army[rk] = uint8(n)
			room -= n
		}
		r.FillZone = room == 0 && rapid.Bool().Draw(t, "fill")
		r.TwoSquares = 3
		r.MoreSquares = MoreSquaresChase
	}
	if rapid.Bool().Draw(t, "change settings") {
		r.Numbering = Numbering(rapid.IntRange(0, 1).Draw(t, "numbering"))
		r.Scouts = ScoutRule(rapid.IntRange(0, 1).Draw(t, "scouts"))
		r.Ties = TieRule(rapid.IntRange(0, 1).Draw(t, "ties"))
		r.Bombs = BombRule(rapid.IntRange(0, 1).Draw(t, "bombs"))
		r.Info = InfoRule(rapid.IntRange(0, 2).Draw(t, "info"))
		r.CaptainsMoveTwo = rapid.Bool().Draw(t, "captains")
		r.Rescues = rapid.IntRange(0, 5).Draw(t, "rescues")
		r.TwoSquares = rapid.IntRange(0, MaxTwoSquares).Draw(t, "two squares")
		r.MoreSquares = MoreSquaresRule(rapid.IntRange(0, 2).Draw(t, "more squares"))
		r.MaxPlies = rapid.IntRange(0, 5000).Draw(t, "max plies")
		r.MaxPliesWithoutAttack = rapid.IntRange(0, 500).Draw(t, "max quiet")
	}
	if err := r.Validate(); err != nil {
		t.Fatalf("generator made invalid rules: %v", err)
	}
	return r
})

func TestRulesRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rulesGen.Draw(t, "rules")
		text := r.String()
		got, err := ParseRules(text)
		if err != nil {
			t.Fatalf("ParseRules(%q): %v", text, err)
		}
		if got != r {
			t.Fatalf("ParseRules(%q) differs: (-want +got)\n%s", text, cmp.Diff(r, got))
		}
	})
}

func TestRulesText(t *testing.T) {
	tiny := Classic()
	tiny.Width, tiny.Height = 4, 4
	tiny.Lakes = SquareSet{}
	tiny.Zone = Rect(0, 0, 3, 0)
	tiny.Army = Army{Flag: 1, Marshal: 1, Spy: 1}
	tiny.FillZone = false
	for _, tc := range []struct {
		rules Rules
		want  string
	}{
		{Classic(), "classic"},
		{Gravon(), "gravon"},
		{Barrage(), "barrage"},
		{Duel(), "duel"},
		{DuelHasbro(), "duel-hasbro"},
		{UltimateLightning(), "ultimate-lightning"},
		{QuickBattle(), "quick-battle"},
		{Vintage(), "vintage"},
		{func() Rules { r := Gravon(); r.MaxPlies = 2000; return r }(), "gravon,maxplies=2000"},
		{func() Rules { r := Classic(); r.MoreSquares = MoreSquaresGame; r.Info = InfoOpenFaced; return r }(),
			"classic,info=open,moresquares=game"},
		{tiny, "duel,width=4,height=4,lakes=-,zone=a1+b1+c1+d1,army=spy:1+marshal:1+flag:1"},
	} {
		t.Run(tc.want, func(t *testing.T) {
			if got := tc.rules.String(); got != tc.want {
				t.Errorf("String() = %q, want %q", got, tc.want)
			}
			got, err := ParseRules(tc.want)
			if err != nil || got != tc.rules {
				t.Errorf("ParseRules(%q) = %v, %v", tc.want, got, err)
			}
		})
	}
}

func TestParseRulesErrors(t *testing.T) {
	for _, tc := range []struct {
		text string
		want error
	}{
		{"", ErrSyntax},
		{"chess", ErrSyntax},
		{"Chess", ErrSyntax},
		{"classic,", ErrSyntax},
		{"classic,twosquares", ErrSyntax},
		{"classic,twosquares=9", ErrSyntax},
		{"classic,twosquares=03", ErrSyntax},
		{"classic,twosquares=3,twosquares=3", ErrSyntax},
		{"classic,colour=red", ErrSyntax},
		{"classic,lakes=c5+c5", ErrSyntax},
		{"classic,army=flag:1+spy:1", ErrSyntax},
		{"classic,army=spy:0+flag:1", ErrSyntax},
		{"classic,fill=yes", ErrSyntax},
		{"classic,army=spy:1+flag:1", ErrRules},
		{"classic,width=5", ErrRules},
		{"barrage,army=flag:2", ErrRules},
	} {
		t.Run(tc.text, func(t *testing.T) {
			_, err := ParseRules(tc.text)
			if !errors.Is(err, tc.want) {
				t.Errorf("ParseRules(%q): err %v, want %v", tc.text, err, tc.want)
			}
		})
	}
}

// TestParseRulesBlamesSpace: white space in a rules text is named as
// such, at its offset, rather than blamed on the key after it.
func TestParseRulesBlamesSpace(t *testing.T) {
	for text, pos := range map[string]int{"classic, twosquares=3": 8, "classic,twosquares =3": 18, " classic": 0, "classic\t": 7} {
		_, err := ParseRules(text)
		var pe *ParseError
		if !errors.As(err, &pe) || pe.Pos != pos || !strings.Contains(pe.Want, "no white space") {
			t.Errorf("ParseRules(%q): %v, want a ParseError at offset %d saying \"no white space\"", text, err, pos)
		}
	}
}

func TestRulesJSON(t *testing.T) {
	type config struct {
		Rules Rules
	}
	r := UltimateLightning()
	r.MaxPlies = 3000
	b, err := json.Marshal(config{r})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"Rules":"ultimate-lightning,maxplies=3000"}`; string(b) != want {
		t.Errorf("JSON %s, want %s", b, want)
	}
	var back config
	if err := json.Unmarshal(b, &back); err != nil || back.Rules != r {
		t.Errorf("JSON round trip: %v, %v", back.Rules, err)
	}
}

func FuzzParseRules(f *testing.F) {
	for _, p := range presets {
		f.Add(p.name)
	}
	f.Add("classic,width=4,height=4,lakes=-,zone=a1+b1+c1+d1,fill=false,army=spy:1+marshal:1+flag:1")
	f.Add("gravon,maxplies=2000,info=silent")
	f.Fuzz(func(t *testing.T, text string) {
		r, err := ParseRules(text)
		if err != nil {
			return
		}
		back, err := ParseRules(r.String())
		if err != nil || back != r {
			t.Fatalf("%q -> %q: %v", text, r.String(), err)
		}
	})
}

// TestRuleEnumStrings: each rule setting prints as its value in the rules
// text form, so that ParseRules reads "key=" + String() back.
func TestRuleEnumStrings(t *testing.T) {
	tests := []struct {
		key  string
		v    fmt.Stringer
		set  func(r *Rules)
		want string
	}{
		{"scouts", ScoutStrikeAdjacent, func(r *Rules) { r.Scouts = ScoutStrikeAdjacent }, "adjacent"},
		{"ties", TieAttackerWins, func(r *Rules) { r.Ties = TieAttackerWins }, "attacker"},
		{"bombs", BombOneTime, func(r *Rules) { r.Bombs = BombOneTime }, "onetime"},
		{"info", InfoSilentDefense, func(r *Rules) { r.Info = InfoSilentDefense }, "silent"},
		{"moresquares", MoreSquaresGame, func(r *Rules) { r.MoreSquares = MoreSquaresGame }, "game"},
		{"moresquares", MoreSquaresRule(7), nil, "moresquares(7)"},
	}
	for _, tc := range tests {
		t.Run(tc.want, func(t *testing.T) {
			if got := tc.v.String(); got != tc.want {
				t.Fatalf("String() = %q, want %q", got, tc.want)
			}
			if tc.set == nil {
				return
			}
			want := Classic()
			tc.set(&want)
			got, err := ParseRules("classic," + tc.key + "=" + tc.v.String())
			if err != nil || got != want {
				t.Errorf("ParseRules(classic,%s=%v) = %v, %v; want %v", tc.key, tc.v, got, err, want)
			}
		})
	}
}
