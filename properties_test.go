package stratego

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego/internal/datatest"
	"pgregory.net/rapid"
)

// Property-based tests of the core engine: the invariants every game
// must keep, whatever the rules and the moves. Games are drawn by construction: rules from a preset with
// drawn settings, a start from two random setups or a sparse free
// placement, then moves sampled from the legal ones with a bias towards
// shuttles and threats so that the repetition rules come into play.

// plies returns n, or a fifth of it with -short.
func plies(n int) int {
	if testing.Short() {
		return n / 5
	}
	return n
}

// moveSentinels are the sentinels a rejected move may wrap.
var moveSentinels = []error{ErrInvalid, ErrGameOver, ErrOffBoard, ErrNoPiece, ErrNotYourPiece,
	ErrImmovable, ErrBadDirection, ErrBlocked, ErrOwnPiece, ErrNoStrike, ErrTwoSquares,
	ErrMoreSquares, ErrRescue}

func isRepetition(err error) bool {
	return errors.Is(err, ErrTwoSquares) || errors.Is(err, ErrMoreSquares)
}

// genRules draws rules: a preset, then drawn repetition settings, combat
// house rules and caps. With refOnly, only rules the slow reference
// implements (no two-square Captains, no rescues).
func genRules(t *rapid.T, refOnly bool) Rules {
	r := genPreset(t)
	if rapid.IntRange(0, 2).Draw(t, "small board") == 0 {
		// A small board without lakes, where pieces meet and positions
		// recur often: the Duel army on 4-6 files and 7 rows.
		r = Duel()
		r.Width = rapid.IntRange(4, 6).Draw(t, "width")
		r.Height = 7
		r.Lakes = SquareSet{}
		r.Zone = Rect(0, 0, r.Width-1, 2)
		if rapid.Bool().Draw(t, "one lake") {
			r.Lakes = squares("c4")
		}
		if err := r.Validate(); err != nil {
			t.Fatalf("small board rules: %v", err)
		}
	}
	if rapid.Bool().Draw(t, "vary rules") {
		r.TwoSquares = rapid.IntRange(0, 5).Draw(t, "two-squares")
		r.MoreSquares = MoreSquaresRule(rapid.IntRange(0, 2).Draw(t, "more-squares"))
		r.Ties = TieRule(rapid.IntRange(0, 1).Draw(t, "ties"))
		r.Bombs = BombRule(rapid.IntRange(0, 1).Draw(t, "bombs"))
		r.Scouts = ScoutRule(rapid.IntRange(0, 1).Draw(t, "scouts"))
	}
	if rapid.Bool().Draw(t, "caps") {
		// SampledFrom, not IntRange, which favours small values.
		r.MaxPlies = rapid.SampledFrom([]int{0, 7, 30, 100, 300}).Draw(t, "max plies")
		r.MaxPliesWithoutAttack = rapid.SampledFrom([]int{0, 1, 3, 10, 25, 60}).Draw(t, "max plies without attack")
	}
	if refOnly {
		r.CaptainsMoveTwo = false
		r.Rescues = 0
		if !refSupports(r) {
			t.Fatalf("the reference does not implement %+v", r)
		}
	}
	return r
}

// genStart draws a starting state under r: two random setups, or a sparse
// free placement (each side's flag and a few pieces of its army anywhere
// on the board), with either side to move.
func genStart(t *rapid.T, r Rules) (State, Board, Color) {
	seed := rapid.Uint64().Draw(t, "start seed")
	if rapid.Bool().Draw(t, "free placement") {
		rng := rand.New(rand.NewPCG(seed, seed))
		var b Board
		sqs := slices.Collect(r.Squares().All())
		rng.Shuffle(len(sqs), func(i, j int) { sqs[i], sqs[j] = sqs[j], sqs[i] })
		next := 0
		for _, c := range []Color{Red, Blue} {
			var pool []Rank
			for rk := Spy; rk <= Bomb; rk++ {
				for range r.Army[rk] {
					pool = append(pool, rk)
				}
			}
			rng.Shuffle(len(pool), func(i, j int) { pool[i], pool[j] = pool[j], pool[i] })
			n := min(len(pool), rapid.SampledFrom([]int{0, 1, 2, 3, 5, 8, 12}).Draw(t, "pieces per side"))
			for _, rk := range append(pool[:n], Flag) {
				b.Put(sqs[next], NewPiece(c, rk))
				next++
			}
		}
		turn := rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "turn")
		s, err := FromBoard(r, b, turn)
		if err != nil {
			t.Fatalf("FromBoard: %v", err)
		}
		return s, b, turn
	}
	s := mustNew(t, r, seed)
	return s, s.Board(), Red
}

// pickMove draws one of the legal moves of s, often a quiet one that
// recreates a board of the game, evades from next to where the opponent's
// last move ended, ends next to an enemy piece, or goes back over the
// mover's previous move: the shuttles and chases the repetition rules are
// about.
func pickMove(t *rapid.T, s State, legal []Move, last [3]Move, seen map[Board]bool) Move {
	c := s.Turn()
	var recur, evasionsBack, evasions, threats, backs []Move
	for _, m := range legal {
		if p, ok := s.At(m.To); ok && p.Color() != c {
			continue // attacks end chases
		}
		again := false
		if next, _, err := s.Apply(m); err == nil && seen[next.Board()] {
			again = true
			recur = append(recur, m)
		}
		back := m.From == last[c].To && m.To == last[c].From
		evade := last[c.Opponent()].To != NoSquare && refAdjacent(m.From, last[c.Opponent()].To)
		threat := false
		for _, n := range refNeighbours(m.To) {
			if p, ok := s.At(n); ok && p.Color() != c {
				threat = true
			}
		}
		switch {
		case evade && again:
			evasionsBack = append(evasionsBack, m)
		case evade:
			evasions = append(evasions, m)
		case threat && !back: // a chase over three squares or more
			threats = append(threats, m)
		case back:
			backs = append(backs, m)
		}
	}
	if rapid.IntRange(0, 4).Draw(t, "prefer chases and shuttles") > 0 {
		for _, pref := range [][]Move{evasionsBack, evasions, threats, recur, backs} {
			if len(pref) > 0 {
				return rapid.SampledFrom(pref).Draw(t, "move")
			}
		}
	}
	return rapid.SampledFrom(legal).Draw(t, "move")
}

// playGame draws a game of up to maxPlies plies under r and calls check
// before each ply with the state, the reference game so far and the move
// about to be played (the zero Move after the last ply).
func playGame(t *rapid.T, r Rules, maxPlies int, check func(s State, g *refGame, next Move)) State {
	s, b, turn := genStart(t, r)
	n := maxPlies // until the game ends, mostly
	if rapid.IntRange(0, 3).Draw(t, "shorter game") == 0 {
		n = rapid.IntRange(0, maxPlies).Draw(t, "plies")
	}
	return playFrom(t, s, &refGame{rules: r, start: b, turn: turn}, n, check)
}

// playFrom plays up to n plies from s, the start of the reference game g,
// with moves drawn by pickMove, records them in g, and calls check as
// playGame does.
func playFrom(t *rapid.T, s State, g *refGame, n int, check func(s State, g *refGame, next Move)) State {
	var last [3]Move
	seen := map[Board]bool{g.start: true}
	for range n {
		if s.Outcome().IsOver() {
			break
		}
		legal := s.AppendLegalMoves(nil)
		if len(legal) == 0 {
			t.Fatalf("game not over (%v) but no legal move", s.Outcome())
		}
		m := pickMove(t, s, legal, last, seen)
		check(s, g, m)
		before := stateContent(s)
		next, _, err := s.Apply(m)
		if err != nil {
			t.Fatalf("legal move %v rejected: %v", m, err)
		}
		if stateContent(s) != before {
			t.Fatalf("Apply(%v) changed what its receiver holds", m)
		}
		checkApplied(t, s, next, m)
		if !next.RescueDue() {
			last[s.Turn()] = m
		}
		s = next
		seen[s.Board()] = true
		g.moves = append(g.moves, m)
	}
	check(s, g, Move{})
	return s
}

// TestProp_ApplyNeverChangesItsReceiver: Apply of legal and illegal moves
// leaves the state as it was, and so do Resign and AgreeDraw — what it
// holds, followed through its pointers (stateContent; == on a State
// compares the pointers only), and the invariants hold for every state
// made.
func TestProp_ApplyNeverChangesItsReceiver(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		s := genGame(t, r, 200)
		before, content := s, stateContent(s)
		board := s.Board()
		for _, m := range s.AppendLegalMoves(nil) {
			next, _, _ := s.Apply(m)
			checkApplied(t, s, next, m)
			// Moves from the new state write only to what the new state
			// owns, too.
			for _, m2 := range next.AppendLegalMoves(nil) {
				_, _, _ = next.Apply(m2)
			}
		}
		for range 20 {
			m := Move{From: SquareFromIndex(rapid.IntRange(0, 99).Draw(t, "from")),
				To: SquareFromIndex(rapid.IntRange(0, 99).Draw(t, "to"))}
			_, _, _ = s.Apply(m)
		}
		_, _ = s.Resign(Red)
		_, _ = s.AgreeDraw()
		if !identical(s, before) || s.Board() != board {
			t.Fatalf("Apply changed its receiver")
		}
		if got := stateContent(s); got != content {
			t.Fatalf("Apply changed what its receiver holds:\nbefore %s\nafter  %s", content, got)
		}
		checkInvariants(t, s, "the state after all the moves were applied")
	})
}

// mutations returns moves near m that are usually not legal.
func mutations(m Move) []Move {
	out := []Move{
		{From: m.To, To: m.From},
		{From: m.From, To: m.To, Via: m.From},
		{From: m.From, To: m.To, Rescue: Spy},
		{To: m.To, Rescue: Marshal},
		{To: m.To, Rescue: Flag},
		{From: m.From},
		{To: m.To},
	}
	for _, d := range []int{-11, -10, -9, -1, 1, 9, 10, 11, 20, -20} {
		if q := SquareFromIndex(m.To.Index() + d); q != NoSquare {
			out = append(out, Move{From: m.From, To: q})
		}
		if q := SquareFromIndex(m.From.Index() + d); q != NoSquare {
			out = append(out, Move{From: q, To: m.To})
		}
	}
	return out
}

// checkMoveVerdicts checks that m is yielded iff Check accepts it, and
// that a rejection is a *MoveError for m wrapping a named sentinel, the
// same error Apply returns.
func checkMoveVerdicts(t *rapid.T, s State, yielded map[Move]bool, m Move) {
	err := s.Check(m)
	if (err == nil) != yielded[m] {
		t.Fatalf("move %v (%#v): Check = %v, yielded by LegalMoves = %v", m, m, err, yielded[m])
	}
	_, _, aerr := s.Apply(m)
	if (aerr == nil) != (err == nil) || (err != nil && aerr.Error() != err.Error()) {
		t.Fatalf("move %v: Check = %v but Apply = %v", m, err, aerr)
	}
	if err == nil {
		return
	}
	var me *MoveError
	if !errors.As(err, &me) || me.Move != m {
		t.Fatalf("move %v: error %#v is not a *MoveError for the move", m, err)
	}
	n := 0
	for _, sen := range moveSentinels {
		if errors.Is(err, sen) {
			n++
		}
	}
	if n != 1 {
		t.Fatalf("move %v: error %v wraps %d of the named sentinels, want exactly 1", m, err, n)
	}
	if s.Outcome().IsOver() && !errors.Is(err, ErrGameOver) {
		t.Fatalf("move %v after the end: %v, want ErrGameOver", m, err)
	}
}

// TestProp_LegalMovesAreExactlyTheAcceptedMoves: every yielded move is
// accepted (once), and every other move — every from-to pair of the 100
// squares, and mutations of the legal moves — is rejected with an error
// that wraps a named sentinel.
func TestProp_LegalMovesAreExactlyTheAcceptedMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		playGame(t, r, plies(80), func(s State, _ *refGame, next Move) {
			yielded := map[Move]bool{}
			for m := range s.LegalMoves() {
				if yielded[m] {
					t.Fatalf("LegalMoves yields %v twice", m)
				}
				yielded[m] = true
				if _, _, err := s.Apply(m); err != nil {
					t.Fatalf("yielded move %v rejected: %v", m, err)
				}
			}
			if got := len(s.AppendLegalMoves(nil)); got != len(yielded) {
				t.Fatalf("AppendLegalMoves gives %d moves, LegalMoves %d", got, len(yielded))
			}
			if s.hasMove() != (len(yielded) > 0) {
				t.Fatalf("hasMove() = %v with %d legal moves", s.hasMove(), len(yielded))
			}
			if s.Outcome().IsOver() != (len(yielded) == 0) {
				t.Fatalf("outcome %v with %d legal moves", s.Outcome(), len(yielded))
			}
			if next == (Move{}) || rapid.IntRange(0, 9).Draw(t, "all pairs") == 0 {
				for i := range MaxSquares {
					for j := range MaxSquares {
						checkMoveVerdicts(t, s, yielded, Move{From: SquareFromIndex(i), To: SquareFromIndex(j)})
					}
				}
			}
			for m := range yielded {
				for _, mm := range mutations(m) {
					checkMoveVerdicts(t, s, yielded, mm)
				}
			}
		})
	})
}

// refSet returns the reference's legal moves and outcome, failing the
// test on a history the reference cannot replay.
func refSet(t *rapid.T, g *refGame) ([]Move, Outcome) {
	ms, o, err := g.legal()
	if err != nil {
		t.Fatalf("reference: %v", err)
	}
	return ms, o
}

// TestProp_MatchesTheReference: at every ply of drawn games, the engine's
// board, legal moves, outcome and reasons for rejecting movable moves
// agree with the slow reference (reference_test.go), which recomputes
// the repetition rules from the full history.
func TestProp_MatchesTheReference(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, true)
		playGame(t, r, 120, func(s State, g *refGame, _ Move) { compareWithReference(t, s, g) })
	})
}

// compareWithReference checks the engine's board, legal moves, outcome and
// reasons for rejecting the moves the pieces could make against the
// reference, which replays g from its start.
func compareWithReference(t *rapid.T, s State, g *refGame) {
	r := g.rules
	p, err := g.position()
	if err != nil {
		t.Fatalf("reference: %v", err)
	}
	if got := s.Board(); got != p.board {
		t.Fatalf("board after %v differs from the reference's replay", g.moves)
	}
	for i := range MaxSquares {
		pc, ok := s.At(SquareFromIndex(i))
		if pc != p.board.pieces[i] || ok != (p.board.pieces[i] != 0) {
			t.Fatalf("At(%v) = %v, %v; reference %v", SquareFromIndex(i), pc, ok, p.board.pieces[i])
		}
	}
	want, wantOutcome := refSet(t, g)
	if got := s.Outcome(); got != wantOutcome {
		t.Fatalf("after %v: outcome %v, reference %v", g.moves, got, wantOutcome)
	}
	got := s.AppendLegalMoves(nil)
	sortMoves(got)
	if diff := cmp.Diff(want, got); diff != "" {
		t.Fatalf("rules %+v\nafter %v\n%s\nlegal moves (-reference +engine):\n%s", r, g.moves, s.Picture(), diff)
	}
	if wantOutcome.IsOver() {
		return
	}
	// Moves the pieces could make but the repetition rules forbid:
	// the same verdict, and the same rule.
	ch, since := p.chases()
	for _, m := range p.pseudoMoves() {
		wantErr := p.forbidden(m, &ch, since)
		err := s.Check(m)
		if (err == nil) != (wantErr == nil) || (wantErr != nil && !errors.Is(err, wantErr)) {
			t.Fatalf("after %v: Check(%v) = %v, reference %v", g.moves, m, err, wantErr)
		}
		// The rules never forbid a move of a piece that has not moved
		// before.
		if wantErr != nil {
			id := p.ids[m.From.Index()]
			if !slices.ContainsFunc(p.plies, func(h refPly) bool { return h.id == id }) {
				t.Fatalf("after %v: %v forbidden (%v) for a piece that never moved", g.moves, m, err)
			}
		}
	}
}

// TestProp_RepetitionRejectionsAreNeverYielded: a move that Check rejects
// by a repetition rule is a move the pieces could make (so the rule is
// the only reason) and is never yielded.
func TestProp_RepetitionRejectionsAreNeverYielded(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		r.TwoSquares = rapid.IntRange(1, 3).Draw(t, "two-squares limit")
		r.MoreSquares = MoreSquaresRule(rapid.IntRange(1, 2).Draw(t, "more-squares scope"))
		playGame(t, r, plies(120), func(s State, _ *refGame, _ Move) {
			yielded := map[Move]bool{}
			for m := range s.LegalMoves() {
				yielded[m] = true
			}
			// Only a move along a line by a piece of the side to move can
			// reach the repetition rules.
			for i := range MaxSquares {
				from := SquareFromIndex(i)
				if p, ok := s.At(from); !ok || p.Color() != s.Turn() {
					continue
				}
				for j := range MaxSquares {
					to := SquareFromIndex(j)
					if to.File() != from.File() && to.Row() != from.Row() {
						continue
					}
					m := Move{From: from, To: to}
					err := s.Check(m)
					if !isRepetition(err) {
						continue
					}
					if yielded[m] {
						t.Fatalf("%v is yielded but Check says %v", m, err)
					}
					// Only a piece that has moved before can be stopped by
					// the repetition rules.
					if s.Knowledge(from)&KnownMoved == 0 {
						t.Fatalf("%v: %v for a piece that never moved", m, err)
					}
				}
			}
		})
	})
}

// armyOf counts c's pieces on a board.
func armyOf(b Board, c Color) Army {
	var a Army
	for _, p := range b.pieces {
		if p != 0 && p.Color() == c {
			a[p.Rank()]++
		}
	}
	return a
}

// TestProp_PiecesAreConserved: on the board plus captured is the army a
// side started with, at every ply.
func TestProp_PiecesAreConserved(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		var start [3]Army
		first := true
		playGame(t, r, 150, func(s State, g *refGame, _ Move) {
			if first {
				start[Red], start[Blue] = armyOf(g.start, Red), armyOf(g.start, Blue)
				first = false
			}
			for _, c := range []Color{Red, Blue} {
				on, off := s.Remaining(c), s.Captured(c)
				var sum Army
				for i := range sum {
					sum[i] = on[i] + off[i]
				}
				if sum != start[c] {
					t.Fatalf("%v: on board %v + captured %v != starting army %v", c, on, off, start[c])
				}
				if on != armyOf(s.Board(), c) {
					t.Fatalf("%v: Remaining %v disagrees with Board()", c, on)
				}
			}
		})
	})
}

// TestProp_EventMatchesTheBoards: the Event of Apply says what the boards
// before and after show: the mover, an attack exactly when the
// destination held an enemy piece, the combat Resolve decides, who stands
// where afterwards, and the outcome of the new state.
func TestProp_EventMatchesTheBoards(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		playGame(t, r, 150, func(s State, _ *refGame, m Move) {
			if m == (Move{}) {
				return
			}
			orig := s
			next, ev, err := s.Apply(m)
			if err != nil {
				t.Fatalf("Apply(%v): %v", m, err)
			}
			if !identical(s, orig) {
				t.Fatalf("Apply(%v) changed its receiver", m)
			}
			before, after := s.Board(), next.Board()
			if ev.Move != m || ev.Color != s.Turn() {
				t.Fatalf("event %+v for %v by %v", ev, m, s.Turn())
			}
			if ev.Outcome != next.Outcome() || next.LastEvent() != ev || next.Ply() != s.Ply()+1 {
				t.Fatalf("event %+v, next outcome %v, last event %+v, ply %d -> %d",
					ev, next.Outcome(), next.LastEvent(), s.Ply(), next.Ply())
			}
			if wantTurn := s.Turn().Opponent(); !next.RescueDue() && next.Turn() != wantTurn {
				t.Fatalf("turn after %v: %v, want %v", m, next.Turn(), wantTurn)
			}
			changed := map[Square]bool{m.To: true}
			if m.IsRescue() {
				if ev.Piece != NewPiece(s.Turn(), m.Rescue) || after.At(m.To) != ev.Piece || ev.IsAttack() {
					t.Fatalf("rescue %v: event %+v, %v now holds %v", m, ev, m.To, after.At(m.To))
				}
			} else {
				changed[m.From] = true
				mover := before.At(m.From)
				def := before.At(m.To)
				attack := def != 0 && def.Color() != mover.Color()
				if ev.Piece != mover || ev.IsAttack() != attack || ev.Defender != def {
					t.Fatalf("%v: event %+v, mover %v, destination %v", m, ev, mover, def)
				}
				wantTo := mover
				if attack {
					if want := Resolve(r, mover.Rank(), def.Rank()); ev.Combat != want {
						t.Fatalf("%v: combat %v, Resolve says %v", m, ev.Combat, want)
					}
					switch ev.Combat {
					case DefenderWins:
						wantTo = def
					case BothRemoved:
						wantTo = 0
					}
				}
				if after.At(m.From) != 0 || after.At(m.To) != wantTo {
					t.Fatalf("%v (%v): from holds %v, to holds %v; want empty and %v",
						m, ev.Combat, after.At(m.From), after.At(m.To), wantTo)
				}
				if attack != (next.PliesWithoutAttack() == 0) {
					t.Fatalf("%v: attack %v, PliesWithoutAttack %d", m, attack, next.PliesWithoutAttack())
				}
				if ev.Combat == AttackerWins && def.Rank() == Flag {
					if want := (Outcome{Winner: s.Turn(), Reason: FlagCaptured}); ev.Outcome != want {
						t.Fatalf("flag taken: outcome %v, want %v", ev.Outcome, want)
					}
				}
			}
			for i := range MaxSquares {
				if sq := SquareFromIndex(i); !changed[sq] && before.pieces[i] != after.pieces[i] {
					t.Fatalf("%v changed %v from %v to %v", m, sq, before.pieces[i], after.pieces[i])
				}
			}
		})
	})
}

// TestProp_GamesWithCapsEnd: under any preset with caps, a game of random
// legal moves ends, by the time the ply cap says at the latest.
func TestProp_GamesWithCapsEnd(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		r.MaxPlies = rapid.SampledFrom([]int{1, 2, 10, 50, 200, 400}).Draw(t, "ply cap")
		r.MaxPliesWithoutAttack = rapid.SampledFrom([]int{0, 1, 5, 20, 100}).Draw(t, "no-attack cap")
		s, _, _ := genStart(t, r)
		seed := rapid.Uint64().Draw(t, "play seed")
		rng := rand.New(rand.NewPCG(seed, seed))
		var buf []Move
		rescued := false // the last ply was a rescue placement
		for !s.Outcome().IsOver() {
			// A move that earns a rescue is capped after the rescue
			// (Rules.MaxPlies), so a due rescue may take the game one
			// ply past the cap.
			if s.Ply() >= r.MaxPlies && !s.RescueDue() {
				t.Fatalf("ply %d reached, cap %d, game not over", s.Ply(), r.MaxPlies)
			}
			rescued = s.RescueDue()
			buf = s.AppendLegalMoves(buf[:0])
			var err error
			if s, _, err = s.Apply(buf[rng.IntN(len(buf))]); err != nil {
				t.Fatal(err)
			}
		}
		want := r.MaxPlies
		if rescued && s.Ply() == r.MaxPlies+1 {
			want++
		}
		if o := s.Outcome(); o.Reason == PlyCap && s.Ply() != want {
			t.Fatalf("ply cap at ply %d, cap %d", s.Ply(), r.MaxPlies)
		}
		wantQuiet := r.MaxPliesWithoutAttack
		if rescued && s.PliesWithoutAttack() == wantQuiet+1 {
			wantQuiet++ // the cap was reached by the move that earned the rescue
		}
		if o := s.Outcome(); o.Reason == NoAttackCap && s.PliesWithoutAttack() != wantQuiet {
			t.Fatalf("no-attack cap after %d quiet plies, cap %d", s.PliesWithoutAttack(), r.MaxPliesWithoutAttack)
		}
	})
}

// TestProp_StateMachine drives the engine and the naive reference side by
// side with rapid's state-machine style: each step plays a legal move,
// tries a random move, or tries a move the reference forbids by a
// repetition rule, and the two must agree on every verdict and on the
// board and outcome afterwards.
func TestProp_StateMachine(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, true)
		s, b, turn := genStart(t, r)
		g := &refGame{rules: r, start: b, turn: turn}
		agree := func(t *rapid.T) {
			want, wo := refSet(t, g)
			if s.Outcome() != wo {
				t.Fatalf("after %v: outcome %v, reference %v", g.moves, s.Outcome(), wo)
			}
			got := s.AppendLegalMoves(nil)
			sortMoves(got)
			if diff := cmp.Diff(want, got); diff != "" {
				t.Fatalf("after %v: legal moves (-reference +engine):\n%s", g.moves, diff)
			}
		}
		apply := func(t *rapid.T, m Move) {
			before := stateContent(s)
			next, _, err := s.Apply(m)
			if stateContent(s) != before {
				t.Fatalf("after %v: Apply(%v) changed what its receiver holds", g.moves, m)
			}
			checkApplied(t, s, next, m)
			werr := g.why(m)
			if (err == nil) != (werr == nil) {
				t.Fatalf("after %v: Apply(%v) = %v, reference %v", g.moves, m, err, werr)
			}
			if isRepetition(werr) && !errors.Is(err, werr) {
				t.Fatalf("after %v: Apply(%v) = %v, reference %v", g.moves, m, err, werr)
			}
			if err == nil {
				s = next
				g.moves = append(g.moves, m)
			}
		}
		t.Repeat(map[string]func(*rapid.T){
			"legal move": func(t *rapid.T) {
				legal := s.AppendLegalMoves(nil)
				if len(legal) == 0 {
					t.Skip("no legal move")
				}
				apply(t, rapid.SampledFrom(legal).Draw(t, "legal move"))
			},
			"shuttle": func(t *rapid.T) {
				// Go back over the side's last move: the typical repetition.
				if len(g.moves) < 2 {
					t.Skip("no earlier move")
				}
				m := g.moves[len(g.moves)-2]
				apply(t, Move{From: m.To, To: m.From})
			},
			"random move": func(t *rapid.T) {
				apply(t, Move{From: SquareFromIndex(rapid.IntRange(0, 99).Draw(t, "from")),
					To: SquareFromIndex(rapid.IntRange(0, 99).Draw(t, "to"))})
			},
			"": agree,
		})
	})
}

// TestConcurrentReads reads one State from many goroutines at once — its
// legal moves, Apply of each and of each reply, the pieces and what is
// known of them — and compares with the answers read before (run with
// -race). The states are in a running chase, under both More-Squares
// scopes, so every Apply pushes onto history lists the goroutines share,
// and a midgame; afterwards the state holds what it held before and
// keeps its invariants.
func TestConcurrentReads(t *testing.T) {
	chaseState := func(scope MoreSquaresRule) State {
		r := Classic()
		r.MoreSquares = scope
		// RULES.md 6.2's worked example up to 4. ... c4-b4: Red's chase
		// runs, and 5. c3-b3 is forbidden by it.
		s := play(t, stradev(t, r), "b2-b3", "b4-c4", "b3-c3", "c4-d4", "c3-d3", "d4-c4", "d3-c3", "c4-b4")
		wantIllegal(t, s, "c3-b3", ErrMoreSquares)
		return s
	}
	midgame := func() State {
		s := mustNew(t, Classic(), 42)
		rng := rand.New(rand.NewPCG(42, 42))
		for range 60 { // a midgame with some history (chases, runs)
			ms := s.AppendLegalMoves(nil)
			if len(ms) == 0 {
				break
			}
			s, _, _ = s.Apply(ms[rng.IntN(len(ms))])
		}
		return s
	}
	for _, tc := range []struct {
		name    string
		s       State
		replies bool // read the replies to every move too (small positions)
	}{
		{"chase scope, running chase", chaseState(MoreSquaresChase), true},
		{"game scope, running chase", chaseState(MoreSquaresGame), true},
		{"midgame", midgame(), false},
	} {
		t.Run(tc.name, func(t *testing.T) { testConcurrentReads(t, tc.s, tc.replies) })
	}
}

func testConcurrentReads(t *testing.T, s State, replies bool) {
	type reading struct {
		moves    []Move
		boards   []Board
		outcomes []Outcome
		replies  [][]Board
		board    Board
		know     [MaxSquares]Knowledge
		picture  string
	}
	read := func() reading {
		var rd reading
		rd.moves = s.AppendLegalMoves(nil)
		for m := range s.LegalMoves() {
			next, _, err := s.Apply(m)
			if err != nil {
				panic(err)
			}
			rd.boards = append(rd.boards, next.Board())
			rd.outcomes = append(rd.outcomes, next.Outcome())
			// Reading further from the new state shares history with s.
			if !replies {
				_ = next.AppendLegalMoves(nil)
				continue
			}
			var after1 []Board
			for r := range next.LegalMoves() {
				after, _, err := next.Apply(r)
				if err != nil {
					panic(err)
				}
				after1 = append(after1, after.Board())
			}
			rd.replies = append(rd.replies, after1)
		}
		for i := range MaxSquares {
			sq := SquareFromIndex(i)
			p, _ := s.At(sq)
			rd.board.pieces[i] = p
			rd.know[i] = s.Knowledge(sq)
		}
		rd.picture = s.Picture()
		return rd
	}
	content := stateContent(s)
	want := read()
	var wg sync.WaitGroup
	errs := make(chan string, 16)
	for range 8 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			got := read()
			if diff := cmp.Diff(want, got, cmp.AllowUnexported(reading{}, Board{}, KnowledgeBoard{})); diff != "" {
				errs <- fmt.Sprintf("concurrent reading differs (-want +got):\n%s", diff)
			}
		}()
	}
	wg.Wait()
	close(errs)
	for e := range errs {
		t.Error(e)
	}
	if stateContent(s) != content {
		t.Error("the state read from many goroutines changed what it holds")
	}
	checkInvariants(t, s, "the state read from many goroutines")
}

// chaseFields are Gravon fields built for the More-Squares Rule: RULES.md
// 6.2's worked example and the same chase started by an attack, each
// also turned 180° with the colors swapped, so that Blue chases. Random
// games rarely make a chase over three squares or more; from these they
// often do.
var chaseFields = []string{
	"AAAAAAAAAMAJAAAAAAAAAAAAAAAAAANUAANAAAAAAN__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAY",
	"DAAAMAAAAAAAAAAAAAKAAAAAAAAAPAAAAAANAAVNAA__AA__NAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAANAAAAAAAANY",
}

// turnBoard turns a classic board 180° and swaps the colors.
func turnBoard(b Board) Board {
	var t Board
	for i, p := range b.pieces {
		if p != 0 {
			t.pieces[MaxSquares-1-i] = NewPiece(p.Color().Opponent(), p.Rank())
		}
	}
	return t
}

// TestProp_MatchesTheReferenceInChases is TestProp_MatchesTheReference
// from the chase fields, with a few extra pieces dropped on empty squares
// and drawn repetition settings.
func TestProp_MatchesTheReferenceInChases(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		field := rapid.SampledFrom(chaseFields).Draw(t, "field")
		r := Classic()
		r.TwoSquares = rapid.IntRange(0, 4).Draw(t, "two-squares")
		r.MoreSquares = MoreSquaresRule(rapid.IntRange(1, 2).Draw(t, "more-squares"))
		b, err := letterField(r, field)
		if err != nil {
			t.Fatalf("field: %v", err)
		}
		turn := Red
		if rapid.Bool().Draw(t, "blue chases") {
			b, turn = turnBoard(b), Blue
		}
		for range rapid.IntRange(0, 3).Draw(t, "extra pieces") {
			sq := SquareFromIndex(rapid.IntRange(0, 99).Draw(t, "extra square"))
			pc := NewPiece(rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "extra color"),
				rapid.SampledFrom([]Rank{Scout, Miner, Captain, Bomb}).Draw(t, "extra rank"))
			if r.OnBoard(sq) && b.At(sq) == 0 && armyOf(b, pc.Color())[pc.Rank()] < r.Army[pc.Rank()] {
				b.Put(sq, pc)
			}
		}
		s, err := FromBoard(r, b, turn)
		if err != nil {
			t.Fatalf("FromBoard: %v", err)
		}
		playFrom(t, s, &refGame{rules: r, start: b, turn: turn}, 40, func(s State, g *refGame, _ Move) {
			compareWithReference(t, s, g)
		})
	})
}

// TestProp_FromBoardTakesAnyBoard: FromBoard never panics; it accepts a
// board or says why not with an error wrapping ErrSetup, and an accepted
// board is the state's board.
func TestProp_FromBoardTakesAnyBoard(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		var b Board
		anyByte := rapid.Custom(func(t *rapid.T) Piece { return Piece(rapid.Uint8().Draw(t, "byte")) })
		realPiece := rapid.Custom(func(t *rapid.T) Piece {
			return NewPiece(rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "color"),
				rapid.SampledFrom(testAllRanks[:len(testAllRanks)-1]).Draw(t, "rank"))
		})
		pieceGen := rapid.OneOf(anyByte, realPiece, realPiece, realPiece)
		for range rapid.IntRange(0, 30).Draw(t, "pieces") {
			i := rapid.IntRange(0, 99).Draw(t, "square")
			b.pieces[i] = pieceGen.Draw(t, "piece")
		}
		if rapid.Bool().Draw(t, "add flags") {
			b.pieces[0], b.pieces[99] = NewPiece(Red, Flag), NewPiece(Blue, Flag)
		}
		turn := Color(rapid.IntRange(0, 3).Draw(t, "turn"))
		s, err := FromBoard(r, b, turn)
		if err != nil {
			var se *SetupError
			if !errors.Is(err, ErrSetup) || !errors.As(err, &se) {
				t.Fatalf("FromBoard: %v, want an error wrapping ErrSetup", err)
			}
			return
		}
		if s.Board() != b || s.Turn() != turn {
			t.Fatalf("FromBoard accepted a board but holds another one, or turn %v for %v", s.Turn(), turn)
		}
		_ = s.AppendLegalMoves(nil)
	})
}

// TestProp_MatchesTheReferenceFromRealSetups plays games from real Gravon
// classic setups (../shared/data) and compares every ply with the
// reference.
func TestProp_MatchesTheReferenceFromRealSetups(t *testing.T) {
	data := datatest.ReadFile(t, "../shared/data/classic_setups.txt")
	lines := strings.Fields(string(data))
	rapid.Check(t, func(t *rapid.T) {
		r := Classic()
		var setups [2]Setup
		for i := range setups {
			line := rapid.SampledFrom(lines).Draw(t, "gravon setup")
			st, err := letterSetup(r, line)
			if err != nil {
				t.Fatalf("setup %q: %v", line, err)
			}
			setups[i] = st
		}
		s, err := New(r, setups[0], setups[1])
		if err != nil {
			t.Fatalf("New: %v", err)
		}
		playFrom(t, s, &refGame{rules: r, start: s.Board(), turn: Red}, plies(60), func(s State, g *refGame, _ Move) {
			compareWithReference(t, s, g)
		})
	})
}

// TestProp_ReplayGivesTheSameState: replaying a game's moves from its
// start gives the same position, history-dependent legal moves and
// outcome.
func TestProp_ReplayGivesTheSameState(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		var g0 *refGame
		s := playGame(t, r, 150, func(_ State, g *refGame, _ Move) { g0 = g })
		re, err := FromBoard(r, g0.start, g0.turn)
		if err != nil {
			t.Fatalf("FromBoard: %v", err)
		}
		for i, m := range g0.moves {
			if re, _, err = re.Apply(m); err != nil {
				t.Fatalf("replay ply %d %v: %v", i+1, m, err)
			}
		}
		if re.Board() != s.Board() || re.Outcome() != s.Outcome() || re.Turn() != s.Turn() ||
			re.Ply() != s.Ply() || re.PliesWithoutAttack() != s.PliesWithoutAttack() || re.LastEvent() != s.LastEvent() {
			t.Fatalf("replay differs: outcome %v/%v, turn %v/%v, ply %d/%d", re.Outcome(), s.Outcome(), re.Turn(), s.Turn(), re.Ply(), s.Ply())
		}
		if diff := cmp.Diff(s.AppendLegalMoves(nil), re.AppendLegalMoves(nil)); diff != "" {
			t.Fatalf("legal moves after the replay (-played +replayed):\n%s", diff)
		}
	})
}

// TestPlyCapAfterRescue: the ply cap of a move that earns a rescue is
// checked after the rescue (Rules.MaxPlies; RULES.md 6.3 and section 7,
// Ultimate Lightning). A regression found by TestProp_GamesWithCapsEnd,
// whose check read the cap as ending the game at the move itself.
func TestPlyCapAfterRescue(t *testing.T) {
	r := UltimateLightning()
	r.MaxPlies = 2
	var b Board
	b.Put(MustParseSquare("d9"), NewPiece(Red, Major))
	b.Put(MustParseSquare("g9"), NewPiece(Red, Flag))
	b.Put(MustParseSquare("g3"), NewPiece(Red, Captain))
	b.Put(MustParseSquare("e5"), NewPiece(Blue, Flag))
	b.Put(MustParseSquare("g4"), NewPiece(Blue, Colonel))
	s, err := FromBoard(r, b, Blue)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range []string{"g4-g3", "d9-d10"} {
		if s, _, err = s.Apply(MustParseMove(m)); err != nil {
			t.Fatalf("%s: %v", m, err)
		}
	}
	if !s.RescueDue() || s.Outcome().IsOver() {
		t.Fatalf("after the move that earns a rescue at the cap: rescue due %v, outcome %v; want a due rescue, game on", s.RescueDue(), s.Outcome())
	}
	var moves []Move
	moves = s.AppendLegalMoves(moves)
	if len(moves) == 0 {
		t.Fatal("no rescue placement listed")
	}
	if s, _, err = s.Apply(moves[0]); err != nil {
		t.Fatal(err)
	}
	if o := s.Outcome(); o.Reason != PlyCap || s.Ply() != 3 {
		t.Errorf("after the rescue: %v at ply %d, want a draw by the ply cap at ply 3", o, s.Ply())
	}
}

// TestProp_SquaresIsAtAndKnowledge: State.Squares gives on every square
// what State.At and State.Knowledge give there, in games of any rules
// (silent defense, rescues and open faces included).
func TestProp_SquaresIsAtAndKnowledge(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genRules(t, false)
		playGame(t, r, 150, func(s State, _ *refGame, _ Move) {
			b, k := s.Squares()
			for i := range MaxSquares {
				sq := SquareFromIndex(i)
				p, ok := s.At(sq)
				if b.At(sq) != p || (b.At(sq) != 0) != ok {
					t.Fatalf("%v: Squares has %v, At %v %v", sq, b.At(sq), p, ok)
				}
				if k.At(sq) != s.Knowledge(sq) {
					t.Fatalf("%v: Squares knows %v, Knowledge %v", sq, k.At(sq), s.Knowledge(sq))
				}
			}
		})
	})
	var zero State
	if b, k := zero.Squares(); b != (Board{}) || k != (KnowledgeBoard{}) {
		t.Errorf("the zero State's Squares: %v %v", b, k)
	}
}
