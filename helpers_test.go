package stratego

import (
	"errors"
	"math/rand/v2"
	"reflect"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// Shared test helpers and rapid generators.

// tHelper is what both *testing.T and *rapid.T offer.
type tHelper interface {
	Helper()
	Fatalf(format string, args ...any)
}

// mustNew starts a game from random setups drawn from a seed.
func mustNew(tb tHelper, r Rules, seed uint64) State {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	s, err := New(r, RandomSetup(r, rng), RandomSetup(r, rng))
	if err != nil {
		tb.Fatalf("New: %v", err)
	}
	return s
}

// mustBoard builds a free placement from "square:piece-letter" pairs in
// Gravon letters, e.g. mustBoard(t, r, Red, "b2:J", "b4:U").
func mustBoard(tb tHelper, r Rules, turn Color, placements ...string) State {
	tb.Helper()
	var b Board
	for _, p := range placements {
		sq := MustParseSquare(p[:len(p)-2])
		pc, ok := letterPiece(p[len(p)-1])
		if !ok || p[len(p)-2] != ':' {
			tb.Fatalf("bad placement %q", p)
		}
		b.Put(sq, pc)
	}
	s, err := FromBoard(r, b, turn)
	if err != nil {
		tb.Fatalf("FromBoard: %v", err)
	}
	return s
}

// play applies moves given in text form and fails the test on the first
// illegal one.
func play(tb tHelper, s State, moves ...string) State {
	tb.Helper()
	for i, ms := range moves {
		var err error
		if s, _, err = s.Apply(MustParseMove(ms)); err != nil {
			tb.Fatalf("move %d %s: %v", i+1, ms, err)
		}
	}
	return s
}

// genPreset draws one of the presets.
func genPreset(t *rapid.T) Rules {
	return presets[rapid.IntRange(0, len(presets)-1).Draw(t, "preset")].rules()
}

// genGame draws a state by playing random legal moves from random setups
// under r, up to maxPlies plies (fewer if the game ends).
func genGame(t *rapid.T, r Rules, maxPlies int) State {
	seed := rapid.Uint64().Draw(t, "setup seed")
	s := mustNew(t, r, seed)
	n := rapid.IntRange(0, maxPlies).Draw(t, "plies")
	var buf []Move
	for i := 0; i < n && !s.Outcome().IsOver(); i++ {
		buf = s.AppendLegalMoves(buf[:0])
		m := rapid.SampledFrom(buf).Draw(t, "move")
		next, _, err := s.Apply(m)
		if err != nil {
			t.Fatalf("legal move %v rejected: %v", m, err)
		}
		checkApplied(t, s, next, m)
		s = next
	}
	return s
}

// legalStrings returns the legal moves of s in text form, sorted.
func legalStrings(s State) []string {
	var out []string
	for m := range s.LegalMoves() {
		out = append(out, m.String())
	}
	slices.Sort(out)
	return out
}

// movesFrom returns the legal moves of s from the square named from, in
// text form, sorted.
func movesFrom(s State, from string) []string {
	var out []string
	sq := MustParseSquare(from)
	for m := range s.LegalMoves() {
		if m.From == sq {
			out = append(out, m.String())
		}
	}
	slices.Sort(out)
	return out
}

// isYielded reports whether LegalMoves yields m.
func isYielded(s State, m Move) bool {
	for l := range s.LegalMoves() {
		if l == m {
			return true
		}
	}
	return false
}

// wantLegal fails the test unless m (in text form) is accepted by Check
// and yielded by LegalMoves.
func wantLegal(tb tHelper, s State, move string) {
	tb.Helper()
	m := MustParseMove(move)
	if err := s.Check(m); err != nil {
		tb.Fatalf("Check(%v) = %v, want nil", m, err)
	}
	if !isYielded(s, m) {
		tb.Fatalf("LegalMoves does not yield %v, want it to", m)
	}
}

// wantIllegal fails the test unless m (in text form) is rejected by Check
// and Apply with a *MoveError for m that wraps sentinel, Apply returns
// its receiver, and LegalMoves does not yield m.
func wantIllegal(tb tHelper, s State, move string, sentinel error) {
	tb.Helper()
	m := MustParseMove(move)
	err := s.Check(m)
	if !errors.Is(err, sentinel) {
		tb.Fatalf("Check(%v) = %v, want an error wrapping %v", m, err, sentinel)
	}
	var me *MoveError
	if !errors.As(err, &me) || me.Move != m {
		tb.Fatalf("Check(%v) = %#v, want a *MoveError for %v", m, err, m)
	}
	got, ev, err := s.Apply(m)
	if !errors.Is(err, sentinel) {
		tb.Fatalf("Apply(%v) error = %v, want one wrapping %v", m, err, sentinel)
	}
	if !identical(got, s) || ev != (Event{}) {
		tb.Fatalf("Apply(%v) rejected the move but returned a different state or a non-zero event %+v", m, ev)
	}
	if isYielded(s, m) {
		tb.Fatalf("LegalMoves yields %v, which Check rejects with %v", m, sentinel)
	}
}

// ongoingMidgame returns an ongoing Classic game after 80 plies of random
// moves from random setups (the first seed whose game is still going),
// for benchmarks and tests that need a middlegame.
func ongoingMidgame(tb testing.TB) State {
	tb.Helper()
	for seed := uint64(1); ; seed++ {
		s := mustNew(tb, Classic(), seed)
		rng := rand.New(rand.NewPCG(seed, 1))
		var ms []Move
		for range 80 {
			if s.Outcome().IsOver() {
				break
			}
			ms = s.AppendLegalMoves(ms[:0])
			s = play(tb, s, ms[rng.IntN(len(ms))].String())
		}
		if !s.Outcome().IsOver() {
			return s
		}
	}
}

// The tests write boards and setups in Gravon letters (RULES.md 9: B–M
// Red and N–Y Blue for Bomb, Spy, Scout, … Marshal, Flag; A empty, _
// lake), as the shared data does. The gravon package reads them for
// programs; the root's own tests cannot import it (it imports the root),
// so these helpers decode the letters for the tests alone.

// letterRanks are the ranks of the letters B…M (and N…Y).
var letterRanks = [12]Rank{Bomb, Spy, Scout, Miner, Sergeant, Lieutenant, Captain, Major, Colonel, General, Marshal, Flag}

// letterPiece returns the piece of a Gravon letter B–Y.
func letterPiece(ch byte) (Piece, bool) {
	switch {
	case ch >= 'B' && ch <= 'M':
		return NewPiece(Red, letterRanks[ch-'B']), true
	case ch >= 'N' && ch <= 'Y':
		return NewPiece(Blue, letterRanks[ch-'N']), true
	}
	return 0, false
}

// letterOf returns the Gravon letter of p ('A' for no piece).
func letterOf(p Piece) byte {
	for i, rk := range letterRanks {
		if p != 0 && rk == p.Rank() {
			return "BN"[p.Color()-Red] + byte(i)
		}
	}
	return 'A'
}

// letterField returns the board of a 100-letter Gravon field under r
// (a1 first; 'A' empty, '_' on r's lakes), or an error for a field that
// does not fit.
func letterField(r Rules, field string) (Board, error) {
	var b Board
	if len(field) != MaxSquares {
		return b, errors.New("want 100 letters")
	}
	for i := range MaxSquares {
		sq := Square(i + 1)
		switch ch := field[i]; {
		case ch == '_' || ch == 'A':
			if (ch == '_') != r.Lakes.Has(sq) {
				return b, errors.New("lake letter off a lake or a lake without one at " + sq.String())
			}
		default:
			p, ok := letterPiece(ch)
			if !ok || !r.OnBoard(sq) {
				return b, errors.New("bad letter at " + sq.String())
			}
			b.pieces[i] = p
		}
	}
	return b, nil
}

// letterSetup returns the setup of one Gravon letter per square of the
// owner's zone rows, a1 first ('A' empty), checked by r.
func letterSetup(r Rules, text string) (Setup, error) {
	s := NewSetup(r)
	if r.Width <= 0 || len(text)%r.Width != 0 {
		return Setup{}, errors.New("want whole rows of letters")
	}
	for i := 0; i < len(text); i++ {
		if text[i] == 'A' {
			continue
		}
		p, ok := letterPiece(text[i])
		if !ok {
			return Setup{}, errors.New("bad letter")
		}
		s.Put(SquareAt(i%r.Width, i/r.Width), p.Rank())
	}
	return s, r.CheckSetup(s)
}

// identical reports whether a and b hold the same field values, pointers
// compared by identity, as == would if State were comparable (it is not:
// see the blank field of State). The tests of immutability use it: a
// method that must not change a state leaves it identical.
func identical[T any](a, b T) bool {
	return shallowEqual(reflect.ValueOf(a), reflect.ValueOf(b))
}

func shallowEqual(a, b reflect.Value) bool {
	t := a.Type()
	switch {
	case t.Comparable():
		return a.Equal(b)
	case t.Kind() == reflect.Struct:
		for i := range t.NumField() {
			if t.Field(i).Name != "_" && !shallowEqual(a.Field(i), b.Field(i)) {
				return false
			}
		}
		return true
	case t.Kind() == reflect.Array:
		for i := range a.Len() {
			if !shallowEqual(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	}
	panic("identical: a field of type " + t.String())
}

// viewPosition returns the position as c sees it, as the views hold it.
func viewPosition(s State, c Color) Position {
	var p Position
	s.viewPositionInto(&p, c)
	return p.nilEmpty()
}
