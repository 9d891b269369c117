package stratego

import (
	"encoding/json"
	"errors"
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

func TestAnnotatedMove(t *testing.T) {
	for _, tc := range []struct {
		n    Numbering
		text string
		want AnnotatedMove
	}{
		{NumberingISF, "a4-a5", AnnotatedMove{Move: MustParseMove("a4-a5")}},
		{NumberingISF, "b4xb5(6>3)", AnnotatedMove{MustParseMove("b4-b5"), Captain, Miner, AttackerWins}},
		{NumberingISF, "b4xb5(3<6)", AnnotatedMove{MustParseMove("b4-b5"), Miner, Captain, DefenderWins}},
		{NumberingISF, "e5xe6(5=5)", AnnotatedMove{MustParseMove("e5-e6"), Lieutenant, Lieutenant, BothRemoved}},
		{NumberingISF, "c3xc4(1>X)", AnnotatedMove{MustParseMove("c3-c4"), Spy, Marshal, AttackerWins}},
		{NumberingVintage, "c3xc4(S>1)", AnnotatedMove{MustParseMove("c3-c4"), Spy, Marshal, AttackerWins}},
		{NumberingISF, "c3-c4-d4(6<B)", AnnotatedMove{Move{From: MustParseSquare("c3"), Via: MustParseSquare("c4"), To: MustParseSquare("d4")}, Captain, Bomb, DefenderWins}},
		{NumberingISF, "+general@d2", AnnotatedMove{Move: MustParseMove("+general@d2")}},
	} {
		t.Run(tc.text, func(t *testing.T) {
			got, err := ParseAnnotatedMove(tc.n, tc.text)
			if err != nil || got != tc.want {
				t.Fatalf("ParseAnnotatedMove(%q) = %+v, %v; want %+v", tc.text, got, err, tc.want)
			}
			b, err := got.AppendNotation(nil, tc.n)
			if err != nil || string(b) != tc.text {
				t.Errorf("AppendNotation = %q, %v; want %q", b, err, tc.text)
			}
		})
	}
	for _, bad := range []string{"b4xb5(", "b4xb5(6>3", "b4xb5(B>3)", "b4xb5(6?3)", "b4xb5(6>3))", "b4xb5(x>3)", "+general@d2(6>3)", "b4xb5(6>?)"} {
		if _, err := ParseAnnotatedMove(NumberingISF, bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseAnnotatedMove(%q): err %v, want ErrSyntax", bad, err)
		}
	}
}

// TestAnnotatedMoveMarshalTen checks that an ISF annotation accepts the
// Marshal's printed label "10" as well as "X", and writes "X".
func TestAnnotatedMoveMarshalTen(t *testing.T) {
	c3c4 := MustParseMove("c3-c4")
	for _, tc := range []struct {
		n         Numbering
		text      string
		want      AnnotatedMove
		canonical string
	}{
		{NumberingISF, "c3xc4(1>10)", AnnotatedMove{c3c4, Spy, Marshal, AttackerWins}, "c3xc4(1>X)"},
		{NumberingISF, "c3xc4(10>9)", AnnotatedMove{c3c4, Marshal, General, AttackerWins}, "c3xc4(X>9)"},
		{NumberingISF, "c3xc4(10=10)", AnnotatedMove{c3c4, Marshal, Marshal, BothRemoved}, "c3xc4(X=X)"},
		{NumberingISF, "c3xc4(10<B)", AnnotatedMove{c3c4, Marshal, Bomb, DefenderWins}, "c3xc4(X<B)"},
	} {
		t.Run(tc.text, func(t *testing.T) {
			got, err := ParseAnnotatedMove(tc.n, tc.text)
			if err != nil || got != tc.want {
				t.Fatalf("ParseAnnotatedMove(%q) = %+v, %v; want %+v", tc.text, got, err, tc.want)
			}
			if b, err := got.AppendNotation(nil, tc.n); err != nil || string(b) != tc.canonical {
				t.Errorf("AppendNotation = %q, %v; want %q", b, err, tc.canonical)
			}
		})
	}
	// "10" is no Vintage label, and a label is not cut short or run on.
	for _, bad := range []string{"c3xc4(10>9)", "c3xc4(1>100)", "c3xc4(1>1)0"} {
		if _, err := ParseAnnotatedMove(NumberingVintage, bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseAnnotatedMove(vintage, %q): err %v, want ErrSyntax", bad, err)
		}
	}
	for _, bad := range []string{"c3xc4(1>100)", "c3xc4(100>1)", "c3xc4(1>0)"} {
		if _, err := ParseAnnotatedMove(NumberingISF, bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseAnnotatedMove(isf, %q): err %v, want ErrSyntax", bad, err)
		}
	}
	// In a record too.
	rec, err := ParseRecord("[Rules \"barrage\"]\n[RedSetup \"FB12239X../........../........../..........\"]\n[BlueSetup \"FB12239X../........../........../..........\"]\n1. h1-h2 h10-h9 2. h2xh3(10>3) *")
	if err != nil {
		t.Fatal(err)
	}
	if got := rec.Moves[2].AnnotatedMove; got.Attacker != Marshal {
		t.Errorf("record move 2. = %v, want the Marshal attacking", got)
	}
}

// TestAnnotatedMoveRoundTrip checks the annotation of every event of
// random games in both numberings.
func TestAnnotatedMoveRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawGame(t, 100)
		if s.LastEvent().Move == (Move{}) {
			return
		}
		a := Annotate(s.LastEvent())
		for _, n := range []Numbering{NumberingISF, NumberingVintage} {
			b, err := a.AppendNotation(nil, n)
			if err != nil {
				t.Fatalf("%+v: %v", a, err)
			}
			got, err := ParseAnnotatedMove(n, string(b))
			if err != nil || got != a {
				t.Fatalf("ParseAnnotatedMove(%q) = %+v, %v; want %+v", b, got, err, a)
			}
		}
	})
}

func TestOutcomeText(t *testing.T) {
	for _, o := range []Outcome{{}, {Red, FlagCaptured}, {Blue, NoLegalMove}, {NoColor, NeitherCanMove},
		{Red, Resignation}, {NoColor, DrawAgreed}, {NoColor, PlyCap}, {NoColor, NoAttackCap}} {
		b, err := o.MarshalText()
		if err != nil {
			t.Fatalf("%v: %v", o, err)
		}
		var got Outcome
		if err := got.UnmarshalText(b); err != nil || got != o {
			t.Errorf("UnmarshalText(%q) = %v, %v; want %v", b, got, err, o)
		}
	}
	for _, bad := range []string{"", "red wins", "draw (flag captured)", "red wins (ply cap)", "green wins (flag captured)", "draw (not over)"} {
		if _, err := ParseOutcome(bad); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseOutcome(%q): err %v, want ErrSyntax", bad, err)
		}
	}
	if _, err := (Outcome{Winner: Red, Reason: DrawAgreed}).MarshalText(); !errors.Is(err, ErrInvalid) {
		t.Errorf("marshal of a drawn outcome with a winner: err %v, want ErrInvalid", err)
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

func FuzzParseAnnotatedMove(f *testing.F) {
	for _, s := range []string{"a4-a5", "b4xb5(6>3)", "c3-c4-d4(6<B)", "+general@d2", "j9xj10(2>F)", "a10-a9"} {
		f.Add(uint8(0), s)
	}
	f.Add(uint8(1), "c3xc4(S>1)")
	f.Fuzz(func(t *testing.T, num uint8, s string) {
		n := Numbering(num % 2)
		a, err := ParseAnnotatedMove(n, s)
		if err != nil {
			return
		}
		b, err := a.AppendNotation(nil, n)
		if err != nil {
			t.Fatalf("%q parsed to %+v, which does not write: %v", s, a, err)
		}
		back, err := ParseAnnotatedMove(n, string(b))
		if err != nil || back != a {
			t.Fatalf("%q -> %q -> %+v, %v", s, b, back, err)
		}
	})
}

func FuzzParseOutcome(f *testing.F) {
	for _, s := range []string{"ongoing", "red wins (flag captured)", "draw (ply cap)", "blue wins (resignation)"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		o, err := ParseOutcome(s)
		if err != nil {
			return
		}
		if o.String() != s {
			t.Fatalf("%q parsed to %v, which prints %q", s, o, o.String())
		}
	})
}
