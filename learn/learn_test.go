package learn

import (
	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/gravon"
	"github.com/stratego-go/stratego/internal/gametest"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

func TestActionIndexTable(t *testing.T) {
	for _, tt := range []struct {
		move string
		want int // -1: not in the action space
	}{
		{"a1-a2", 0},               // up 1 from a1
		{"a4-a5", 30},              // up 1 from a4
		{"j10-j9", (2*9)*100 + 99}, // down 1 from j10
		{"a1-a10", 8 * 100},        // up 9
		{"a1-j1", (9+8)*100 + 0},   // right 9
		{"e5-c5", (27+1)*100 + 44},
		{"c3-c4-d4", (36+0)*100 + 22}, // up, then right (clockwise)
		{"c3-c4-b4", (36+1)*100 + 22}, // up, then left
		{"c3-b3-b2", (36+6+1)*100 + 22},
		{"+spy@a1", 44 * 100},
		{"+marshal@b1", 53*100 + 1},
		{"+bomb@j10", 54*100 + 99},
		{"a1-b2", -1},    // diagonal
		{"a1-c2", -1},    // knight-like
		{"c3-c5-d5", -1}, // via not adjacent
		{"c3-c4-c5", -1}, // no turn
		{"c3-d4-d5", -1}, // via diagonal
	} {
		t.Run(tt.move, func(t *testing.T) {
			m := stratego.MustParseMove(tt.move)
			got, ok := ActionIndex(m)
			if got != tt.want || ok != (tt.want >= 0) {
				t.Fatalf("ActionIndex(%v) = %d, %v; want %d, %v", m, got, ok, tt.want, tt.want >= 0)
			}
			if !ok {
				return
			}
			back, ok := ActionMove(got)
			if !ok || back != m {
				t.Fatalf("ActionMove(%d) = %v, %v; want %v, true", got, back, ok, m)
			}
		})
	}
	for _, m := range []stratego.Move{{}, {From: 1, To: 1}, {To: 5, Rescue: stratego.Flag}, {To: 5, Rescue: stratego.Unknown}, {From: 1, To: 2, Rescue: stratego.Spy}, {From: 1, To: 101}} {
		if i, ok := ActionIndex(m); ok || i != -1 {
			t.Errorf("ActionIndex(%#v) = %d, %v; want -1, false", m, i, ok)
		}
	}
}

// TestActionMoveAll checks every index: ActionMove of it is a valid move
// whose index it is, or false; and counts the indices that name a move.
func TestActionMoveAll(t *testing.T) {
	n := 0
	for i := range NumActions + 1 {
		m, ok := ActionMove(i)
		if !ok {
			if m != (stratego.Move{}) {
				t.Fatalf("ActionMove(%d) = %v, false; want the zero Move", i, m)
			}
			continue
		}
		n++
		if !m.IsValid() {
			t.Fatalf("ActionMove(%d) = %#v, not a valid move", i, m)
		}
		if j, ok := ActionIndex(m); !ok || j != i {
			t.Fatalf("ActionIndex(ActionMove(%d) = %v) = %d, %v", i, m, j, ok)
		}
	}
	// Straight moves: each of 4 directions has 10 lines of 10 squares,
	// with 45 (from, distance) pairs per line. Turns: each of 8 kinds
	// starts from the 9×9 squares... less those whose second step
	// leaves: 81 each. Rescues: 11 ranks × 100 squares.
	if want := 4*10*45 + 8*81 + 11*100; n != want {
		t.Errorf("%d indices name a move, want %d", n, want)
	}
	for _, i := range []int{-1, NumActions, math.MaxInt, math.MinInt} {
		if m, ok := ActionMove(i); ok {
			t.Errorf("ActionMove(%d) = %v, true; want false", i, m)
		}
	}
}

// genAnyMove draws a move of any field values, valid or not.
func genAnyMove(t *rapid.T) stratego.Move {
	return stratego.Move{
		From:   stratego.Square(rapid.IntRange(0, 102).Draw(t, "from")),
		To:     stratego.Square(rapid.IntRange(0, 102).Draw(t, "to")),
		Via:    rapid.SampledFrom([]stratego.Square{stratego.NoSquare, stratego.Square(rapid.IntRange(0, 102).Draw(t, "via"))}).Draw(t, "via or none"),
		Rescue: rapid.SampledFrom([]stratego.Rank{stratego.NoRank, stratego.Rank(rapid.IntRange(0, 15).Draw(t, "rank"))}).Draw(t, "rescue or none"),
	}
}

// genBoardRules draws rules with a board of any size 2–10 by 2–10 (only
// the size matters to the action space).
func genBoardRules(t *rapid.T) stratego.Rules {
	r := stratego.Classic()
	r.Width = rapid.IntRange(2, stratego.MaxSize).Draw(t, "width")
	r.Height = rapid.IntRange(2, stratego.MaxSize).Draw(t, "height")
	return r
}

// TestActionRoundTripAnyMove: any move with an index maps back from it
// (so distinct moves have distinct indices), in both perspectives.
func TestActionRoundTripAnyMove(t *testing.T) { rapid.Check(t, checkActionRoundTrip) }

// FuzzActionRoundTrip is TestActionRoundTripAnyMove as a fuzz target.
func FuzzActionRoundTrip(f *testing.F) { f.Fuzz(rapid.MakeFuzz(checkActionRoundTrip)) }

func checkActionRoundTrip(t *rapid.T) {
	m := genAnyMove(t)
	i, ok := ActionIndex(m)
	if !ok {
		if i != -1 {
			t.Fatalf("ActionIndex(%#v) = %d, false; want -1", m, i)
		}
		return
	}
	if !m.IsValid() || i < 0 || i >= NumActions {
		t.Fatalf("ActionIndex(%#v) = %d, true for an invalid move or out of range", m, i)
	}
	if back, ok := ActionMove(i); !ok || back != m {
		t.Fatalf("ActionMove(%d) = %#v, %v; want %#v", i, back, ok, m)
	}
	r := genBoardRules(t)
	c := rapid.SampledFrom([]stratego.Color{stratego.Red, stratego.Blue}).Draw(t, "color")
	j, ok := ActionIndexFor(r, c, m)
	if !ok {
		return
	}
	if back, ok := ActionMoveFor(r, c, j); !ok || back != m {
		t.Fatalf("ActionMoveFor(%v, %d) = %#v, %v; want %#v", c, j, back, ok, m)
	}
	if c == stratego.Red && j != i {
		t.Fatalf("ActionIndexFor(red, %v) = %d, want ActionIndex's %d", m, j, i)
	}
}

// TestTurnInvolution: turning a square or a move twice gives it back,
// turning keeps it on the board, and Red's turn is the identity.
func TestTurnInvolution(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genBoardRules(t)
		c := rapid.SampledFrom([]stratego.Color{stratego.Red, stratego.Blue}).Draw(t, "color")
		sq := stratego.Square(rapid.IntRange(0, stratego.MaxSquares+1).Draw(t, "square"))
		ts, ok := TurnSquare(r, c, sq)
		onBoard := sq.IsValid() && sq.File() < r.Width && sq.Row() < r.Height
		if ok != onBoard {
			t.Fatalf("TurnSquare(%v, %v) ok = %v, want %v", c, sq, ok, onBoard)
		}
		if ok {
			if back, ok := TurnSquare(r, c, ts); !ok || back != sq {
				t.Fatalf("TurnSquare twice of %v = %v, %v", sq, back, ok)
			}
			if c == stratego.Red && ts != sq {
				t.Fatalf("TurnSquare(red, %v) = %v", sq, ts)
			}
			if c == stratego.Blue && (ts.File() != r.Width-1-sq.File() || ts.Row() != r.Height-1-sq.Row()) {
				t.Fatalf("TurnSquare(blue, %v) = %v on a %d×%d board", sq, ts, r.Width, r.Height)
			}
		}
		m := genAnyMove(t)
		tm, ok := TurnMove(r, c, m)
		if !ok {
			return
		}
		if back, ok := TurnMove(r, c, tm); !ok || back != m {
			t.Fatalf("TurnMove twice of %v = %v, %v", m, back, ok)
		}
		_, ok1 := ActionIndex(m)
		_, ok2 := ActionIndex(tm)
		if ok1 != ok2 {
			t.Fatalf("ActionIndex accepts %v: %v, its turned %v: %v", m, ok1, tm, ok2)
		}
	})
	if _, ok := TurnSquare(stratego.Classic(), stratego.NoColor, stratego.MustParseSquare("a1")); ok {
		t.Errorf("TurnSquare(NoColor) ok, want false")
	}
}

// TestActionsCoverLegalMoves: every legal move of random games under
// every preset has an index, for both perspectives distinct moves have
// distinct indices, each maps back, and AppendLegalActions (of the
// state and of the mover's view) lists exactly those indices.
func TestActionsCoverLegalMoves(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := gametest.Preset(t)
		s := gametest.Game(t, r, 300)
		c := s.Turn()
		var want []int
		seen := map[int]stratego.Move{}
		for m := range s.LegalMoves() {
			i, ok := ActionIndex(m)
			if !ok {
				t.Fatalf("legal move %v has no index", m)
			}
			j, ok := ActionIndexFor(r, c, m)
			if !ok {
				t.Fatalf("legal move %v of %v has no index in its perspective", m, c)
			}
			if back, ok := ActionMoveFor(r, c, j); !ok || back != m {
				t.Fatalf("ActionMoveFor(%v, %d) = %v, %v; want %v", c, j, back, ok, m)
			}
			if prev, dup := seen[j]; dup {
				t.Fatalf("moves %v and %v share the index %d", prev, m, j)
			}
			seen[j] = m
			if c == stratego.Red && i != j {
				t.Fatalf("red's %v: ActionIndexFor %d, ActionIndex %d", m, j, i)
			}
			want = append(want, j)
		}
		if got := AppendLegalActions(nil, s); !slices.Equal(got, want) {
			t.Fatalf("AppendLegalActions (-want +got):\n%s", cmp.Diff(want, got))
		}
		v := s.View(c)
		got := AppendViewLegalActions([]int{-7}, v)
		slices.Sort(want)
		if got[0] != -7 || !slices.Equal(slices.Sorted(slices.Values(got[1:])), want) {
			t.Fatalf("View.AppendLegalActions (-want +got):\n%s", cmp.Diff(want, got[1:]))
		}
		if got := AppendViewLegalActions(nil, s.View(c.Opponent())); len(got) != 0 {
			t.Fatalf("the waiting side's view has legal actions %v", got)
		}
	})
}

// TestActionsCoverGames plays random games to their end under every
// preset and checks at every ply that each legal move has an index in
// the mover's perspective that maps back to it, distinct from the
// others', and that the games met Scouts' slides, Captains' turns and
// rescues. Every fifth ply it checks both players' observations.
func TestActionsCoverGames(t *testing.T) {
	games := 12
	if testing.Short() {
		games = 3
	}
	var slides, turns, rescues int
	type named struct {
		name  string
		rules stratego.Rules
	}
	var rules []named
	for _, name := range []string{"classic", "gravon", "barrage", "duel", "duel-hasbro", "ultimate-lightning", "quick-battle", "vintage"} {
		r, _ := stratego.Preset(name)
		rules = append(rules, named{name, r})
	}
	silent := stratego.UltimateLightning()
	silent.Info = stratego.InfoSilentDefense
	rules = append(rules, named{"ultimate-lightning-silent", silent})
	for k, p := range rules {
		r := p.rules
		r.MaxPlies = 2000
		t.Run(p.name, func(t *testing.T) {
			rng := rand.New(rand.NewPCG(uint64(k), 7))
			var ms []stratego.Move
			var seen [NumActions]int
			for g := range games {
				s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
				if err != nil {
					t.Fatalf("New: %v", err)
				}
				for ply := 1; !s.Outcome().IsOver(); ply++ {
					if ply%5 == 0 {
						checkObservation(t, s.View(stratego.Red))
						checkObservation(t, s.View(stratego.Blue))
					}
					ms = s.AppendLegalMoves(ms[:0])
					for _, m := range ms {
						i, ok := ActionIndexFor(r, s.Turn(), m)
						if !ok {
							t.Fatalf("game %d ply %d: legal move %v of %v has no index", g, ply, m, s.Turn())
						}
						if back, ok := ActionMoveFor(r, s.Turn(), i); !ok || back != m {
							t.Fatalf("game %d ply %d: ActionMoveFor(%d) = %v, %v; want %v", g, ply, i, back, ok, m)
						}
						if seen[i] == ply {
							t.Fatalf("game %d ply %d: two legal moves have the index %d", g, ply, i)
						}
						seen[i] = ply
						switch {
						case m.IsRescue():
							rescues++
						case m.Via != stratego.NoSquare:
							turns++
						case i/stratego.MaxSquares%maxDistance > 0 && s.Board().At(m.From).Rank() == stratego.Scout:
							slides++
						}
					}
					s, _, err = s.Apply(ms[rng.IntN(len(ms))])
					if err != nil {
						t.Fatalf("game %d ply %d: %v", g, ply, err)
					}
				}
				clear(seen[:]) // the plies of the next game count from 1 again
			}
		})
	}
	if slides == 0 || turns == 0 || rescues == 0 {
		t.Errorf("the games met %d slides, %d turns and %d rescues; want some of each", slides, turns, rescues)
	}
}

// TestActionsRescueAndTurn pins the indices of rescues and of Captains'
// turning moves in Ultimate Lightning, from both chairs.
func TestActionsRescueAndTurn(t *testing.T) {
	r := stratego.UltimateLightning()
	s := gametest.Board(t, r, stratego.Red, gravon.PieceOf, "a1:M", "b4:F", "e9:G", "j10:Y", "b5:U", "h8:P")
	s = gametest.Play(t, s, "b4-b5", "h8-h7", "e9-e10")
	if !s.RescueDue() {
		t.Fatalf("want a rescue due")
	}
	acts := AppendLegalActions(nil, s)
	if len(acts) == 0 {
		t.Fatalf("no legal actions")
	}
	for _, a := range acts {
		m, ok := ActionMoveFor(r, stratego.Red, a)
		if !ok || !m.IsRescue() || m.Rescue != stratego.Sergeant || a/stratego.MaxSquares != 43+int(stratego.Sergeant) {
			t.Fatalf("action %d: move %v, %v; want a Sergeant's rescue on plane %d", a, m, ok, 43+int(stratego.Sergeant))
		}
	}
	// A Captain turns: the same move from Blue's chair after turning.
	s = gametest.Board(t, r, stratego.Red, gravon.PieceOf, "a1:M", "j1:L", "c3:H", "h8:T", "j10:Y", "a10:X")
	for _, tt := range []struct {
		c    stratego.Color
		move string
	}{{stratego.Red, "c3-c4-d4"}, {stratego.Blue, "h8-h7-g7"}} {
		if tt.c == stratego.Blue {
			s = gametest.Play(t, s, "j1-j2")
		}
		m := stratego.MustParseMove(tt.move)
		gametest.WantLegal(t, s, tt.move)
		got, ok := ActionIndexFor(r, tt.c, m)
		if want := 36*100 + 22; !ok || got != want {
			t.Errorf("ActionIndexFor(%v, %v) = %d, %v; want %d", tt.c, m, got, ok, want)
		}
	}
}

// obsAt returns the value of plane p at sq as player c sees it.
func obsAt(obs []float32, r stratego.Rules, c stratego.Color, p int, sq stratego.Square) float32 {
	ts, _ := TurnSquare(r, c, sq)
	return obs[(p*r.Height+ts.Row())*r.Width+ts.File()]
}

// TestObservationNoLeak: two states that differ only in ranks hidden
// from c give equal observations for c.
func TestObservationNoLeak(t *testing.T) {
	gametest.EachInfo(t, func(t *rapid.T, r stratego.Rules) {
		g := gametest.RecordedGame(t, r, 250)
		c := rapid.SampledFrom([]stratego.Color{stratego.Red, stratego.Blue}).Draw(t, "player")
		twin, ok := gametest.HiddenTwin(t, g, c)
		if !ok {
			t.Skip("the permuted game went another way")
		}
		got, want := AppendObservation(nil, twin.View(c)), AppendObservation(nil, g.End.View(c))
		if !slices.Equal(got, want) {
			t.Fatalf("observations differ for %v (-want +got):\n%s\nstate:\n%s\ntwin:\n%s", c, cmp.Diff(want, got), g.End.Picture(), twin.Picture())
		}
	})
}

// TestObservationShowsView checks an observation square by square against
// its view.
func TestObservationShowsView(t *testing.T) {
	gametest.EachInfo(t, func(t *rapid.T, r stratego.Rules) {
		s := gametest.Game(t, r, 250)
		c := rapid.SampledFrom([]stratego.Color{stratego.Red, stratego.Blue}).Draw(t, "player")
		checkObservation(t, s.View(c))
	})
}

func checkObservation(t gametest.TB, v stratego.View) {
	t.Helper()
	r, c := v.Rules(), v.Player()
	planes, h, w := ObservationShape(r)
	obs := AppendObservation([]float32{42}, v)
	if len(obs) != 1+planes*h*w || obs[0] != 42 {
		t.Fatalf("observation of length %d, want 1+%d×%d×%d after the kept prefix", len(obs), planes, h, w)
	}
	obs = obs[1:]
	for i, x := range obs {
		if !(x >= 0 && x <= 1) {
			t.Fatalf("value %v at %d, want one in [0, 1]", x, i)
		}
	}
	at := func(p int, sq stratego.Square) float32 { return obsAt(obs, r, c, p, sq) }
	hidden := v.HiddenArmy()
	var f rankFilter
	var col [stratego.NumRanks]float64
	consistent := true
	for sq := range r.Squares().All() {
		p, ok := v.At(sq)
		if got := at(obsEmpty, sq); got != b2f(!ok) {
			t.Fatalf("empty plane at %v = %v, piece %v", sq, got, p)
		}
		if !ok {
			continue
		}
		k := v.Knowledge(sq)
		own, enemy := 0, obsEnemy
		if p.Color() != c {
			own, enemy = obsEnemy, 0
		}
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			if got := at(enemy+int(rk-stratego.Spy), sq); got != 0 {
				t.Fatalf("plane %d at %v = %v for a piece of the other side", enemy+int(rk-stratego.Spy), sq, got)
			}
		}
		if p.Color() == c {
			for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
				if got := at(own+int(rk-stratego.Spy), sq); got != b2f(rk == p.Rank()) {
					t.Fatalf("own %v at %v: plane %v = %v", p, sq, rk, got)
				}
			}
			if at(obsOwnKnown, sq) != b2f(k&stratego.KnownRank != 0) || at(obsOwnMoved, sq) != b2f(k&stratego.KnownMoved != 0) || at(obsOwnFar, sq) != b2f(k&stratego.KnownFar != 0) {
				t.Fatalf("own knowledge planes at %v disagree with %v", sq, k)
			}
			continue
		}
		if at(obsEnemyHidden, sq) != b2f(p.Rank() == stratego.Unknown) || at(obsEnemyMoved, sq) != b2f(k&stratego.KnownMoved != 0) || at(obsEnemyFar, sq) != b2f(k&stratego.KnownFar != 0) {
			t.Fatalf("enemy planes at %v disagree with %v, %v", sq, p, k)
		}
		sum := 0.0
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			x := at(obsEnemy+int(rk-stratego.Spy), sq)
			sum += float64(x)
			col[rk] += float64(x)
			if p.Rank() == stratego.Unknown {
				if x > 0 && !v.Ranks(sq).Has(rk) {
					t.Fatalf("hidden piece at %v (%v): estimate %v for %v, which Ranks rules out", sq, k, x, rk)
				}
				if got := f.maskOf(v, sq)&(1<<rk) != 0; got != v.Ranks(sq).Has(rk) {
					t.Fatalf("hidden piece at %v (%v): mask says %v for %v, Ranks %v", sq, k, got, rk, !got)
				}
			} else {
				col[rk] -= float64(x) // shown ranks are not in HiddenArmy
				if x != b2f(rk == p.Rank()) {
					t.Fatalf("shown %v at %v: plane %v = %v", p, sq, rk, x)
				}
			}
		}
		if sum == 0 {
			consistent = false
		} else if math.Abs(sum-1) > 1e-4 {
			t.Fatalf("estimate at %v sums to %v, want 1", sq, sum)
		}
	}
	// In a game from New the estimate spreads exactly the hidden army.
	if consistent {
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			if math.Abs(col[rk]-float64(hidden[rk])) > 0.01 {
				t.Fatalf("estimate of %v sums to %v over the hidden pieces, want %d", rk, col[rk], hidden[rk])
			}
		}
	}
	for sq := range r.Lakes.All() {
		if at(obsLake, sq) != 1 {
			t.Fatalf("lake %v not marked", sq)
		}
	}
	for _, tt := range []struct {
		p    int
		want float32
	}{
		{obsToMove, b2f(v.Turn() == c)},
		{obsRescueDue, b2f(v.RescueDue())},
		{obsQuiet, ratio(v.PliesWithoutAttack(), r.MaxPliesWithoutAttack)},
		{obsPly, ratio(v.Ply(), r.MaxPlies)},
	} {
		for i := range h * w {
			if got := obs[tt.p*h*w+i]; got != tt.want {
				t.Fatalf("constant plane %d = %v at %d, want %v", tt.p, got, i, tt.want)
			}
		}
	}
}

// TestObservationPerspective: a game and its mirror (board turned 180°,
// colors swapped, Blue moving first, every move turned) give each player
// the observation that the other player's counterpart gets, and the
// same legal actions.
func TestObservationPerspective(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := gametest.Preset(t)
		start := gametest.MustNew(t, r, rapid.Uint64().Draw(t, "setup seed"))
		var mb stratego.Board
		b := start.Board()
		for sq := range r.Squares().All() {
			if p := b.At(sq); p != 0 {
				ts, _ := TurnSquare(r, stratego.Blue, sq)
				mb.Put(ts, stratego.NewPiece(p.Color().Opponent(), p.Rank()))
			}
		}
		s, err := stratego.FromBoard(r, b, stratego.Red)
		if err != nil {
			t.Fatalf("FromBoard: %v", err)
		}
		mirror, err := stratego.FromBoard(r, mb, stratego.Blue)
		if err != nil {
			t.Fatalf("FromBoard of the mirror: %v", err)
		}
		n := rapid.IntRange(0, gametest.Plies(150)).Draw(t, "plies")
		var buf []stratego.Move
		for i := 0; ; i++ {
			for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
				got := AppendObservation(nil, mirror.View(c.Opponent()))
				want := AppendObservation(nil, s.View(c))
				if !slices.Equal(got, want) {
					t.Fatalf("ply %d: %v's observation and its mirror's differ (-want +got):\n%s", i, c, cmp.Diff(want, got))
				}
			}
			want := slices.Sorted(slices.Values(AppendLegalActions(nil, s)))
			got := slices.Sorted(slices.Values(AppendLegalActions(nil, mirror)))
			if !slices.Equal(want, got) {
				t.Fatalf("ply %d: legal actions differ in the mirror (-want +got):\n%s", i, cmp.Diff(want, got))
			}
			if i == n || s.Outcome().IsOver() {
				return
			}
			buf = s.AppendLegalMoves(buf[:0])
			m := rapid.SampledFrom(buf).Draw(t, "move")
			tm, _ := TurnMove(r, stratego.Blue, m)
			if s, _, err = s.Apply(m); err != nil {
				t.Fatalf("Apply(%v): %v", m, err)
			}
			if mirror, _, err = mirror.Apply(tm); err != nil {
				t.Fatalf("mirror: Apply(%v): %v", tm, err)
			}
		}
	})
}

func TestObservationShape(t *testing.T) {
	for _, tt := range []struct {
		name               string
		r                  stratego.Rules
		planes, rows, cols int
	}{
		{"classic", stratego.Classic(), NumObservationPlanes, 10, 10},
		{"quick-battle", stratego.QuickBattle(), NumObservationPlanes, 8, 8},
		{"zero", stratego.Rules{}, 0, 0, 0},
		{"too wide", stratego.Rules{Width: 11, Height: 4}, 0, 0, 0},
	} {
		t.Run(tt.name, func(t *testing.T) {
			p, h, w := ObservationShape(tt.r)
			if p != tt.planes || h != tt.rows || w != tt.cols {
				t.Errorf("ObservationShape = %d, %d, %d; want %d, %d, %d", p, h, w, tt.planes, tt.rows, tt.cols)
			}
		})
	}
	if got := AppendObservation([]float32{1}, stratego.View{}); len(got) != 1 {
		t.Errorf("AppendObservation of the zero View appended %d values, want none", len(got)-1)
	}
}

// TestEncodeNoAllocs pins the allocation-free paths.
func TestEncodeNoAllocs(t *testing.T) {
	s := gametest.Midgame(t)
	v := s.View(s.Turn())
	obs := make([]float32, 0, NumObservationPlanes*stratego.MaxSquares)
	acts := make([]int, 0, 256)
	rescue := gametest.Board(t, stratego.UltimateLightning(), stratego.Red, gravon.PieceOf, "a1:M", "b4:F", "e9:G", "j10:Y", "b5:U", "h8:P")
	rescue = gametest.Play(t, rescue, "b4-b5", "h8-h7", "e9-e10")
	rv := rescue.View(stratego.Red)
	if n := len(AppendLegalActions(nil, rescue)); n < 40 || !rescue.RescueDue() {
		t.Fatalf("want a due rescue with many places, got %d actions", n)
	}
	for _, tt := range []struct {
		name string
		f    func()
	}{
		{"AppendObservation", func() { obs = AppendObservation(obs[:0], v) }},
		{"AppendLegalActions", func() { acts = AppendLegalActions(acts[:0], s) }},
		{"View.AppendLegalActions", func() { acts = AppendViewLegalActions(acts[:0], v) }},
		{"AppendLegalActions of rescues", func() { acts = AppendLegalActions(acts[:0], rescue) }},
		{"AppendObservation of rescues", func() { obs = AppendObservation(obs[:0], rv) }},
		{"ActionIndexFor", func() { _, _ = ActionIndexFor(s.Rules(), stratego.Blue, stratego.MustParseMove("c3-c4-d4")) }},
	} {
		if n := testing.AllocsPerRun(100, tt.f); n != 0 {
			t.Errorf("%s: %v allocations, want 0", tt.name, n)
		}
	}
}

func BenchmarkAppendObservation(b *testing.B) {
	s := gametest.Midgame(b)
	v := s.View(s.Turn())
	var obs []float32
	b.ReportAllocs()
	for b.Loop() {
		obs = AppendObservation(obs[:0], v)
	}
}

func BenchmarkAppendLegalActions(b *testing.B) {
	s := gametest.Midgame(b)
	var acts []int
	b.ReportAllocs()
	for b.Loop() {
		acts = AppendLegalActions(acts[:0], s)
	}
}

func BenchmarkActionRoundTrip(b *testing.B) {
	s := gametest.Midgame(b)
	r, c := s.Rules(), s.Turn()
	ms := s.AppendLegalMoves(nil)
	b.ReportAllocs()
	for b.Loop() {
		for _, m := range ms {
			i, _ := ActionIndexFor(r, c, m)
			_, _ = ActionMoveFor(r, c, i)
		}
	}
}

// BenchmarkPolicyStep is one step of a self-play loop: the mover's view,
// its observation and legal actions, and the chosen move applied.
func BenchmarkPolicyStep(b *testing.B) {
	start := gametest.Midgame(b)
	s := start
	var v stratego.View
	var obs []float32
	var acts []int
	b.ReportAllocs()
	for b.Loop() {
		if s.Outcome().IsOver() {
			s = start
		}
		s.ViewInto(&v, s.Turn())
		obs = AppendObservation(obs[:0], v)
		acts = AppendViewLegalActions(acts[:0], v)
		m, _ := ActionMoveFor(v.Rules(), v.Player(), acts[len(acts)/2])
		s, _, _ = s.Apply(m)
	}
}

// TestObservationRankEstimate pins the estimate of hidden ranks: at the
// start each hidden piece gets the army's shares; when what is known
// forces the ranks, the estimate is certain.
func TestObservationRankEstimate(t *testing.T) {
	enemyRanks := func(obs []float32, r stratego.Rules, c stratego.Color, sq stratego.Square) []float32 {
		var p []float32
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			p = append(p, obsAt(obs, r, c, obsEnemy+int(rk-stratego.Spy), sq))
		}
		return p
	}
	share := func(a stratego.Army) []float32 {
		var p []float32
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			p = append(p, float32(a[rk])/float32(a.Total()))
		}
		return p
	}
	approx := cmp.Comparer(func(a, b float32) bool { return math.Abs(float64(a-b)) < 1e-5 })

	// The start of a Barrage game: every hidden piece is any of the 8.
	r := stratego.Barrage()
	s := gametest.MustNew(t, r, 3)
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		obs := AppendObservation(nil, s.View(c))
		for sq := range s.View(c).Hidden().All() {
			if diff := cmp.Diff(share(r.Army), enemyRanks(obs, r, c, sq), approx); diff != "" {
				t.Errorf("%v's estimate at %v (-want +got):\n%s", c, sq, diff)
			}
		}
	}

	// An army of a Flag and a Scout: once the Scout has moved, both are
	// known by elimination, and the observation says so.
	r = stratego.Classic()
	r.Army = stratego.Army{stratego.Scout: 1, stratego.Flag: 1}
	r.FillZone = false
	s = gametest.Board(t, r, stratego.Blue, gravon.PieceOf, "a1:M", "b1:D", "a10:Y", "c10:P")
	s = gametest.Play(t, s, "c10-c9")
	obs := AppendObservation(nil, s.View(stratego.Red))
	want := map[string][]float32{
		"c9":  {0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0},
		"a10": {0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1},
	}
	for name, w := range want {
		if diff := cmp.Diff(w, enemyRanks(obs, r, stratego.Red, stratego.MustParseSquare(name)), approx); diff != "" {
			t.Errorf("red's estimate at %s (-want +got):\n%s", name, diff)
		}
	}
}

// TestObservationEstimateAgreesWithSampling compares the rank estimate
// with the frequencies of the ranks over many draws of View.Sample,
// which is uniform over the assignments of hidden ranks that agree with
// the view: the estimate is close to the exact probabilities.
func TestObservationEstimateAgreesWithSampling(t *testing.T) {
	n, tolerance := 20000, 0.03
	if testing.Short() {
		n, tolerance = 4000, 0.05
	}
	for _, r := range []stratego.Rules{stratego.Classic(), stratego.Barrage(), stratego.UltimateLightning()} {
		for seed := uint64(1); seed <= 3; seed++ {
			s := gametest.MustNew(t, r, seed)
			rng := rand.New(rand.NewPCG(seed, 1))
			var ms []stratego.Move
			for range 150 {
				if s.Outcome().IsOver() {
					break
				}
				ms = s.AppendLegalMoves(ms[:0])
				s = gametest.Play(t, s, ms[rng.IntN(len(ms))].String())
			}
			c := []stratego.Color{stratego.Red, stratego.Blue}[seed%2]
			v := s.View(c)
			obs := AppendObservation(nil, v)
			sm, err := v.Sampler()
			if err != nil {
				t.Fatalf("Sampler: %v", err)
			}
			hidden := slices.Collect(v.Hidden().All())
			freq := make([][stratego.NumRanks]float64, len(hidden))
			for range n {
				st, err := sm.Sample(rng)
				if err != nil {
					t.Fatalf("Sample: %v", err)
				}
				for i, sq := range hidden {
					p, _ := st.At(sq)
					freq[i][p.Rank()] += 1 / float64(n)
				}
			}
			for i, sq := range hidden {
				for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
					got := float64(obsAt(obs, r, c, obsEnemy+int(rk-stratego.Spy), sq))
					if want := freq[i][rk]; math.Abs(got-want) > tolerance {
						t.Errorf("%v seed %d, %v's view, %v: estimate of %v is %.3f, sampled %.3f", r, seed, c, sq, rk, got, want)
					}
				}
			}
		}
	}
}

// TestActionSpaceSize: the sizes the godoc shows as numbers are the
// planes the index uses.
func TestActionSpaceSize(t *testing.T) {
	if got := straightPlanes + turnPlanes + rescuePlanes; NumActionPlanes != got {
		t.Errorf("NumActionPlanes = %d, the planes add up to %d", NumActionPlanes, got)
	}
	if got := NumActionPlanes * stratego.MaxSquares; NumActions != got {
		t.Errorf("NumActions = %d, want %d", NumActions, got)
	}
}
