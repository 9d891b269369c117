package stratego

import (
	"errors"
	"testing"

	"pgregory.net/rapid"
)

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
		// A rank hidden from a view's player is Unknown, written "?".
		{NumberingISF, "b4xb5(6<?)", AnnotatedMove{MustParseMove("b4-b5"), Captain, Unknown, DefenderWins}},
		{NumberingVintage, "b4xb5(?>8)", AnnotatedMove{MustParseMove("b4-b5"), Unknown, Miner, AttackerWins}},
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
	for _, bad := range []string{"b4xb5(", "b4xb5(6>3", "b4xb5(B>3)", "b4xb5(6?3)", "b4xb5(6>3))", "+general@d2(6>3)", "b4xb5(6>!)"} {
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

// TestAnnotatedMoveZeroText: the zero AnnotatedMove encodes as "" like
// the zero Move, but a record cannot hold it.
func TestAnnotatedMoveZeroText(t *testing.T) {
	var a AnnotatedMove
	if b, err := a.MarshalText(); err != nil || len(b) != 0 {
		t.Errorf("MarshalText of the zero AnnotatedMove = %q, %v; want \"\", nil", b, err)
	}
	if got := a.String(); got != "-" {
		t.Errorf("String() = %q, want \"-\"", got)
	}
	back := AnnotatedMove{Move: MustParseMove("a1-a2")}
	if err := back.UnmarshalText(nil); err != nil || back != a {
		t.Errorf("UnmarshalText(\"\") = %v, %v; want the zero AnnotatedMove", back, err)
	}
	rec, err := NewRecord(Barrage(), MustParseSetup(Barrage(), "FB12239X../........../........../.........."),
		MustParseSetup(Barrage(), "FB12239X../........../........../.........."))
	if err != nil {
		t.Fatal(err)
	}
	rec.Moves = append(rec.Moves, RecordedMove{})
	if _, err := rec.AppendText(nil); !errors.Is(err, ErrInvalid) {
		t.Errorf("AppendText of a record with a zero move: %v, want ErrInvalid", err)
	}
}

func FuzzParseMove(f *testing.F) {
	for _, s := range []string{"a4-a5", "b4xb5", "c3-c4-d4", "+general@d2", "a1-a1", "+flag@a1", "a4-", "x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			return
		}
		if !m.IsValid() {
			t.Fatalf("%q parsed to invalid move %+v", s, m)
		}
		if back, err := ParseMove(m.String()); err != nil || back != m {
			t.Fatalf("%q: %v round trips to %v, %v", s, m, back, err)
		}
	})
}
