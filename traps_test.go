package stratego_test

import (
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/gravon"
	"github.com/stratego-go/stratego/internal/gametest"
)

// The traps of the old API, each pinned here or, where the old code no
// longer compiles, by internal/apitest/apilist's TestTrapsDoNotCompile.

// TestTrapBoardBySquare: a Board is read and written by Square, so the
// piece put on a square is the one found there and FromBoard names the
// square it was put on (the old array, indexed by Square.Index, put a1's
// piece on b1 when indexed by the Square and blamed d5 for a piece put in
// the lake at c5).
func TestTrapBoardBySquare(t *testing.T) {
	r := stratego.Classic()
	var b stratego.Board
	for _, name := range []string{"a1", "j10", "b1"} {
		sq := stratego.MustParseSquare(name)
		b.Put(sq, stratego.NewPiece(stratego.Red, stratego.Scout))
		if got := b.At(sq); got != stratego.NewPiece(stratego.Red, stratego.Scout) {
			t.Errorf("At(%v) = %v after Put", sq, got)
		}
	}
	var got []string
	for sq := range b.All() {
		got = append(got, sq.String())
	}
	if strings.Join(got, " ") != "a1 b1 j10" {
		t.Errorf("All yields %v, want a1 b1 j10", got)
	}
	b = stratego.Board{}
	b.Put(stratego.MustParseSquare("a1"), stratego.NewPiece(stratego.Red, stratego.Flag))
	b.Put(stratego.MustParseSquare("j10"), stratego.NewPiece(stratego.Blue, stratego.Flag))
	b.Put(stratego.MustParseSquare("c5"), stratego.NewPiece(stratego.Red, stratego.Marshal))
	_, err := stratego.FromBoard(r, b, stratego.Red)
	var se *stratego.SetupError
	if !errors.As(err, &se) || se.Square != stratego.MustParseSquare("c5") {
		t.Errorf("FromBoard with a piece in the lake at c5: %v, want a SetupError naming c5", err)
	}
	// Put and At ignore NoSquare and squares off the grid.
	b.Put(stratego.NoSquare, stratego.NewPiece(stratego.Red, stratego.Spy))
	b.Put(200, stratego.NewPiece(stratego.Red, stratego.Spy))
	if b.At(stratego.NoSquare) != 0 || b.At(200) != 0 {
		t.Error("a piece put on an invalid square is found there")
	}
}

// TestTrapNilRandomSource: every function and method that takes a
// random source draws from the global one when it is nil.
func TestTrapNilRandomSource(t *testing.T) {
	r := stratego.Classic()
	s := gametest.MustNew(t, r, 3)
	v := s.View(stratego.Red)
	if _, err := v.Sample(nil); err != nil {
		t.Errorf("View.Sample(nil): %v", err)
	}
	sm, err := v.Sampler()
	if err != nil {
		t.Fatal(err)
	}
	if _, err := sm.Sample(nil); err != nil {
		t.Errorf("Sampler.Sample(nil): %v", err)
	}
	if _, ok := s.RandomMove(nil); !ok {
		t.Error("RandomMove(nil) found no move")
	}
	if _, _, ok := s.PlayRandom(nil); !ok {
		t.Error("PlayRandom(nil) found no move")
	}
	if err := r.CheckSetup(stratego.RandomSetup(r, nil)); err != nil {
		t.Errorf("RandomSetup(nil): %v", err)
	}
}

// attackState is a small position where Red's Scout on b2 can attack
// the Blue Sergeant on b5 and move to the empty b3.
func attackState(t *testing.T) stratego.State {
	return gametest.Board(t, stratego.Classic(), stratego.Red, gravon.PieceOf, "a1:M", "b2:D", "b5:P", "j10:Y", "h8:F")
}

// TestTrapAttackNotation: a view writes its attacks with "x" (text and
// JSON), and a reader that knows the position refuses "x" onto a square
// without an enemy piece, while "-" onto one is still read.
func TestTrapAttackNotation(t *testing.T) {
	v := attackState(t).View(stratego.Red)
	text := v.String()
	legal := text[strings.LastIndexByte(text, ' ')+1:]
	if !strings.Contains(legal, "b2xb5") || strings.Contains(legal, "b2-b5") || !strings.Contains(legal, "b2-b3") {
		t.Errorf("legal moves %q: want the attack as b2xb5 and the quiet move as b2-b3", legal)
	}
	if w, err := stratego.ParseView(text); err != nil || !w.Equal(v) {
		t.Errorf("ParseView of its own text: %v", err)
	}
	bad := strings.Replace(text, "b2-b3", "b2xb3", 1)
	if _, err := stratego.ParseView(bad); !errors.Is(err, stratego.ErrNoAttack) {
		t.Errorf("ParseView with b2xb3 onto an empty square: %v, want ErrNoAttack", err)
	}
	js, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(js), `"b2xb5"`) || !strings.Contains(string(js), `"b2-b3"`) {
		t.Errorf("JSON legal moves: %s", js)
	}
	var w stratego.View
	if err := json.Unmarshal(js, &w); err != nil || !w.Equal(v) {
		t.Errorf("JSON round trip: %v", err)
	}
	badJS := strings.Replace(string(js), `"b2-b3"`, `"b2xb3"`, 1)
	if err := json.Unmarshal([]byte(badJS), &w); !errors.Is(err, stratego.ErrNoAttack) {
		t.Errorf("UnmarshalJSON with b2xb3 onto an empty square: %v, want ErrNoAttack", err)
	}
	for _, tc := range []struct {
		text string
		want error
	}{
		{"b2xb5", nil}, {"b2-b5", nil}, {"b2-b3", nil}, {"b2xb3", stratego.ErrNoAttack},
		{"B2XB3", stratego.ErrNoAttack}, {"a1xb1", stratego.ErrNoAttack}, {"b2?b3", stratego.ErrSyntax},
	} {
		m, err := v.ParseMove(tc.text)
		if !errors.Is(err, tc.want) || (err == nil) != (tc.want == nil) {
			t.Errorf("View.ParseMove(%q) = %v, %v; want error %v", tc.text, m, err, tc.want)
		}
		if err == nil && string(v.AppendMove(nil, m)) != strings.Replace(tc.text, "-b5", "xb5", 1) {
			t.Errorf("AppendMove(%v) = %q", m, v.AppendMove(nil, m))
		}
	}
	// The check stands in Blue's view too, where Red's pieces are hidden.
	b := attackState(t).View(stratego.Blue)
	if _, err := b.ParseMove("b5xb2"); err != nil {
		t.Errorf("Blue's view, b5xb2 onto a hidden enemy piece: %v", err)
	}
	if _, err := b.ParseMove("b5xb4"); !errors.Is(err, stratego.ErrNoAttack) {
		t.Errorf("Blue's view, b5xb4 onto an empty square: %v, want ErrNoAttack", err)
	}
}
