// Package gametest holds the test helpers that the module's packages
// other than the root share (the root's own tests cannot import a
// package that imports the root): games from seeded random setups and
// rapid generators of played games. It uses only the root's exported
// API.
package gametest

import (
	"math/rand/v2"

	"github.com/stratego-go/stratego"
	"pgregory.net/rapid"
)

// TB is what both *testing.T and *rapid.T offer.
type TB interface {
	Helper()
	Fatalf(format string, args ...any)
}

// MustNew starts a game under r from random setups drawn from seed.
func MustNew(tb TB, r stratego.Rules, seed uint64) stratego.State {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, seed^0x9e3779b97f4a7c15))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		tb.Fatalf("New: %v", err)
	}
	return s
}

// Play applies moves given in text form and fails the test on the first
// illegal one.
func Play(tb TB, s stratego.State, moves ...string) stratego.State {
	tb.Helper()
	for i, ms := range moves {
		var err error
		if s, _, err = s.Apply(stratego.MustParseMove(ms)); err != nil {
			tb.Fatalf("move %d %s: %v", i+1, ms, err)
		}
	}
	return s
}

// Game draws a state by playing random legal moves from random setups
// under r, up to maxPlies plies (fewer if the game ends).
func Game(t *rapid.T, r stratego.Rules, maxPlies int) stratego.State {
	seed := rapid.Uint64().Draw(t, "setup seed")
	s := MustNew(t, r, seed)
	n := rapid.IntRange(0, maxPlies).Draw(t, "plies")
	var buf []stratego.Move
	for i := 0; i < n && !s.Outcome().IsOver(); i++ {
		buf = s.AppendLegalMoves(buf[:0])
		m := rapid.SampledFrom(buf).Draw(t, "move")
		var err error
		if s, _, err = s.Apply(m); err != nil {
			t.Fatalf("legal move %v rejected: %v", m, err)
		}
	}
	return s
}

// Rules returns rules that together reach every feature of a position:
// Classic, Gravon, Classic under the More-Squares "game" scope, Barrage
// with move caps, Ultimate Lightning (rescues), Quick Battle, Duel
// open-faced, and Vintage under silent defense.
func Rules() []stratego.Rules {
	game := stratego.Classic()
	game.MoreSquares = stratego.MoreSquaresGame
	capped := stratego.Barrage()
	capped.MaxPlies, capped.MaxPliesWithoutAttack = 300, 40
	open := stratego.Duel()
	open.Info = stratego.InfoOpenFaced
	silent := stratego.Vintage()
	silent.Info = stratego.InfoSilentDefense
	return []stratego.Rules{stratego.Classic(), stratego.Gravon(), game, capped, stratego.UltimateLightning(), stratego.QuickBattle(), open, silent}
}

// AnyGame draws rules from [Rules] and a game under them of up to
// maxPlies plies.
func AnyGame(t *rapid.T, maxPlies int) stratego.State {
	rs := Rules()
	i := rapid.IntRange(0, len(rs)-1).Draw(t, "rules")
	return Game(t, rs[i], maxPlies)
}

// presets are the root's rule presets.
var presets = []func() stratego.Rules{
	stratego.Classic, stratego.Gravon, stratego.Barrage, stratego.Duel, stratego.DuelHasbro,
	stratego.UltimateLightning, stratego.QuickBattle, stratego.Vintage,
}

// Preset draws one of the root's rule presets.
func Preset(t *rapid.T) stratego.Rules {
	return presets[rapid.IntRange(0, len(presets)-1).Draw(t, "preset")]()
}

// Board builds a free placement ([stratego.FromBoard]) from
// "square:letter" pairs, with pieceOf reading the letter (the tests use
// Gravon letters, gravon.PieceOf), e.g. Board(t, r, Red, gravon.PieceOf,
// "b2:J", "b4:U").
func Board(tb TB, r stratego.Rules, turn stratego.Color, pieceOf func(byte) (stratego.Piece, bool), placements ...string) stratego.State {
	tb.Helper()
	var b stratego.Board
	for _, p := range placements {
		sq := stratego.MustParseSquare(p[:len(p)-2])
		pc, ok := pieceOf(p[len(p)-1])
		if !ok || p[len(p)-2] != ':' {
			tb.Fatalf("bad placement %q", p)
		}
		b.Put(sq, pc)
	}
	s, err := stratego.FromBoard(r, b, turn)
	if err != nil {
		tb.Fatalf("FromBoard: %v", err)
	}
	return s
}

// Midgame returns a Classic game 80 random plies in (from the first
// seed whose game is still going then), the same on every call.
func Midgame(tb TB) stratego.State {
	tb.Helper()
	for seed := uint64(1); ; seed++ {
		s := MustNew(tb, stratego.Classic(), seed)
		rng := rand.New(rand.NewPCG(seed, 1))
		var ms []stratego.Move
		for range 80 {
			if s.Outcome().IsOver() {
				break
			}
			ms = s.AppendLegalMoves(ms[:0])
			s = Play(tb, s, ms[rng.IntN(len(ms))].String())
		}
		if !s.Outcome().IsOver() {
			return s
		}
	}
}
