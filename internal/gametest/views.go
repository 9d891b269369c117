package gametest

import (
	"maps"
	"slices"
	"testing"

	"github.com/stratego-go/stratego"
	"pgregory.net/rapid"
)

// viewPresets are the rules the view properties run under; each is
// combined with every information setting.
var viewPresets = map[string]func() stratego.Rules{
	"classic":            stratego.Classic,
	"gravon":             stratego.Gravon,
	"barrage":            stratego.Barrage,
	"duel":               stratego.Duel,
	"ultimate-lightning": stratego.UltimateLightning,
	"quick-battle":       stratego.QuickBattle,
	"vintage":            stratego.Vintage,
	"classic-game-scope": func() stratego.Rules {
		r := stratego.Classic()
		r.MoreSquares = stratego.MoreSquaresGame
		return r
	},
}

var infoSettings = []struct {
	name string
	info stratego.InfoRule
}{{"standard", stratego.InfoStandard}, {"silent-defense", stratego.InfoSilentDefense}, {"open-faced", stratego.InfoOpenFaced}}

// EachInfo runs the property check under each information setting, as a
// subtest, with rules drawn from the presets.
func EachInfo(t *testing.T, check func(t *rapid.T, r stratego.Rules)) {
	names := slices.Sorted(maps.Keys(viewPresets))
	for _, is := range infoSettings {
		t.Run(is.name, func(t *testing.T) {
			rapid.Check(t, func(t *rapid.T) {
				r := viewPresets[rapid.SampledFrom(names).Draw(t, "preset")]()
				r.Info = is.info
				check(t, r)
			})
		})
	}
}

// Recorded is a random game with its start, moves and combat results.
type Recorded struct {
	Start, End stratego.State
	Moves      []stratego.Move
	Combats    []stratego.Combat
}

// RecordedGame draws a game under r of up to maxPlies random legal moves
// from random setups, and records it.
func RecordedGame(t *rapid.T, r stratego.Rules, maxPlies int) Recorded {
	seed := rapid.Uint64().Draw(t, "setup seed")
	g := Recorded{Start: MustNew(t, r, seed)}
	g.End = g.Start
	n := rapid.IntRange(0, maxPlies).Draw(t, "plies")
	var buf []stratego.Move
	for i := 0; i < n && !g.End.Outcome().IsOver(); i++ {
		buf = g.End.AppendLegalMoves(buf[:0])
		m := rapid.SampledFrom(buf).Draw(t, "move")
		next, ev, err := g.End.Apply(m)
		if err != nil {
			t.Fatalf("legal move %v rejected: %v", m, err)
		}
		g.End = next
		g.Moves = append(g.Moves, m)
		g.Combats = append(g.Combats, ev.Combat)
	}
	return g
}

// origins returns, for each square occupied at the end of g, the square
// its piece started on, or NoSquare for a rescued piece.
func origins(g Recorded) map[stratego.Square]stratego.Square {
	origin := map[stratego.Square]stratego.Square{}
	for sq := range g.Start.Rules().Squares().All() {
		if _, ok := g.Start.At(sq); ok {
			origin[sq] = sq
		}
	}
	for i, m := range g.Moves {
		if m.IsRescue() {
			origin[m.To] = stratego.NoSquare
			continue
		}
		from := origin[m.From]
		delete(origin, m.From)
		switch g.Combats[i] {
		case stratego.NoCombat, stratego.AttackerWins:
			origin[m.To] = from
		case stratego.BothRemoved:
			delete(origin, m.To)
		}
	}
	return origin
}

// HiddenTwin returns a game that differs from g only in the ranks of
// pieces of c's opponent that c has not seen: it permutes those ranks
// among pieces with the same Knowledge at the end (so moved pieces stay
// movable and far-moved ones scouts), sets the permuted ranks up from the
// start and replays g's moves. It reports false when the replay does not
// go the same way (a move became illegal or a fight ended otherwise),
// which can happen when a hidden piece won a fight under silent defense
// or when the More-Squares Rule judged a board differently, when the
// game ended otherwise (a side left without a legal move), or when a
// hidden piece was rescued (its start is not known).
func HiddenTwin(t *rapid.T, g Recorded, c stratego.Color) (stratego.State, bool) {
	o := c.Opponent()
	origin := origins(g)
	// The pieces hidden from c by the state's own record (not by c's
	// view, so that a view that leaks a rank cannot hide the leak).
	classes := map[stratego.Knowledge][]stratego.Square{}
	for sq := range g.End.Rules().Squares().All() {
		p, ok := g.End.At(sq)
		k := g.End.Knowledge(sq)
		if !ok || p.Color() != o || k&stratego.KnownRank != 0 {
			continue
		}
		if origin[sq] == stratego.NoSquare {
			return stratego.State{}, false
		}
		classes[k] = append(classes[k], sq)
	}
	b := g.Start.Board()
	for _, k := range slices.Sorted(maps.Keys(classes)) {
		sqs := classes[k]
		ranks := make([]stratego.Rank, len(sqs))
		for i, sq := range sqs {
			p, _ := g.End.At(sq)
			ranks[i] = p.Rank()
		}
		perm := rapid.Permutation(ranks).Draw(t, "hidden ranks")
		for i, sq := range sqs {
			b.Put(origin[sq], stratego.NewPiece(o, perm[i]))
		}
	}
	twin, err := stratego.FromBoard(g.End.Rules(), b, stratego.Red)
	if err != nil {
		t.Fatalf("FromBoard of the permuted start: %v", err)
	}
	for i, m := range g.Moves {
		next, ev, err := twin.Apply(m)
		if err != nil || ev.Combat != g.Combats[i] {
			return stratego.State{}, false
		}
		twin = next
	}
	// The outcome is public and may depend on hidden ranks: whether the
	// side to move has a legal move.
	return twin, twin.Outcome() == g.End.Outcome()
}

// Plies returns n, or a fifth of it with -short.
func Plies(n int) int {
	if testing.Short() {
		return n / 5
	}
	return n
}

// WantLegal fails the test unless m (in text form) is accepted by Check
// and yielded by LegalMoves.
func WantLegal(tb TB, s stratego.State, move string) {
	tb.Helper()
	m := stratego.MustParseMove(move)
	if err := s.Check(m); err != nil {
		tb.Fatalf("Check(%v) = %v, want nil", m, err)
	}
	for l := range s.LegalMoves() {
		if l == m {
			return
		}
	}
	tb.Fatalf("LegalMoves does not yield %v, want it to", m)
}
