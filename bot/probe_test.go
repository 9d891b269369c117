package bot

import (
	"context"
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stratego-go/stratego"
	"pgregory.net/rapid"
)

// probeView is Red's view of a Classic position: a Red Marshal on e4 next
// to a hidden, unmoved Blue Bomb on e5 and to a Blue Sergeant that has just
// stepped f5-f4 (moved, so no Bomb), and a Red Scout on a1 when scout.
func probeView(t *testing.T, scout bool) stratego.View {
	t.Helper()
	return probeViewWith(t, stratego.Marshal, scout)
}

// probeViewWith is probeView with a Red piece of rank rk on e4.
func probeViewWith(t *testing.T, rk stratego.Rank, scout bool) stratego.View {
	t.Helper()
	return probeViewPlus(t, rk, scout, nil)
}

// probeViewPlus is probeViewWith with the pieces that more puts on the
// board too (none when nil).
func probeViewPlus(t *testing.T, rk stratego.Rank, scout bool, more func(put func(string, stratego.Color, stratego.Rank))) stratego.View {
	t.Helper()
	var b stratego.Board
	put := placer(&b)
	put("j1", stratego.Red, stratego.Flag)
	put("e4", stratego.Red, rk)
	if scout {
		put("a1", stratego.Red, stratego.Scout)
	}
	put("e5", stratego.Blue, stratego.Bomb)
	put("j10", stratego.Blue, stratego.Flag)
	put("f5", stratego.Blue, stratego.Sergeant)
	if more != nil {
		more(put)
	}
	s, err := stratego.FromBoard(stratego.Classic(), b, stratego.Blue)
	if err != nil {
		t.Fatal(err)
	}
	if s, _, err = s.Apply(stratego.MustParseMove("f5-f4")); err != nil {
		t.Fatal(err)
	}
	return s.View(stratego.Red)
}

// TestWithoutRecklessProbes: the Marshal does not attack the unmoved hidden piece on e5, which may be
// a Bomb, while the Scout could probe; it may attack f4, which has moved;
// with no lesser piece left it may attack e5 too.
func TestWithoutRecklessProbes(t *testing.T) {
	e4e5, e4f4 := stratego.MustParseMove("e4-e5"), stratego.MustParseMove("e4-f4")
	v := probeView(t, true)
	if !v.Ranks(stratego.MustParseSquare("e5")).Has(stratego.Bomb) {
		t.Fatalf("e5 cannot be a Bomb in the view:\n%v", v)
	}
	all := v.AppendLegalMoves(nil)
	if !slices.Contains(all, e4e5) || !slices.Contains(all, e4f4) {
		t.Fatalf("legal moves %v lack e4-e5 or e4-f4", all)
	}
	kept := withoutRecklessProbes(v, slices.Clone(all))
	if slices.Contains(kept, e4e5) {
		t.Errorf("kept the probe e4-e5 (Marshal into a possible Bomb): %v", kept)
	}
	if !slices.Contains(kept, e4f4) || len(kept) != len(all)-1 {
		t.Errorf("kept %v of %v: want all but e4-e5", kept, all)
	}
	// The search keeps a reckless probe on a piece that at least
	// probeFlagShare of its determinizations make the Flag (see
	// recklessProbes) and never plays one it bars. With Blue's unmoved
	// pieces on e5, a10 and j10, e5 is the Flag in about a third of
	// them; the search without the bar probes e5 with some seeds.
	crowded := probeViewCrowded(t)
	barredOnce := false
	for seed := range uint64(8) {
		p := NewSearch(Options{Seed: seed})
		m, err := p.Move(context.Background(), crowded, Budget{Iterations: 2000})
		if err != nil {
			t.Fatal(err)
		}
		i := slices.Index(p.moves, e4e5)
		if i < 0 || p.w == nil || p.w.barred == nil {
			t.Fatalf("seed %d: the search's moves %v hold no barred e4-e5", seed, p.moves)
		}
		barred := p.w.barred[i]
		barredOnce = barredOnce || barred
		if barred && m == e4e5 {
			t.Errorf("seed %d: search played e4-e5, a reckless probe it barred", seed)
		}
	}
	if !barredOnce {
		t.Error("no seed barred e4-e5: the position tests nothing")
	}

	lone := probeView(t, false)
	all = lone.AppendLegalMoves(nil)
	if kept := withoutRecklessProbes(lone, slices.Clone(all)); !slices.Equal(kept, all) {
		t.Errorf("with the Marshal alone, kept %v of %v: want all", kept, all)
	}
}

// probeViewCrowded is probeView with a Scout and a Blue Bomb on a10.
func probeViewCrowded(t *testing.T) stratego.View {
	t.Helper()
	return probeViewPlus(t, stratego.Marshal, true, func(put func(string, stratego.Color, stratego.Rank)) {
		put("a10", stratego.Blue, stratego.Bomb)
	})
}

// withArmy returns r with the army a, set up anywhere (for positions
// built on a board, whose armies are those of the rules).
func withArmy(r stratego.Rules, a stratego.Army) stratego.Rules {
	r.Army, r.FillZone = a, false
	return r
}

// flagView is Red's view of a position from a lost game against DOI
// (docs/strength.md, "How the games against DOI with the flat reward
// were lost, and a probe when the Flag is in reach"), each side
// with a Flag, a Bomb, a Miner, a Sergeant and a General: Red's General
// on e4 stands next to Blue's unmoved hidden e5, which may be a Bomb or
// the Flag (it is the Flag); Red's Sergeant on j4 could probe instead,
// but Blue's Miner has just stepped from from to to, and from a2 it
// takes Red's Flag on a1 next move.
func flagView(t *testing.T, from, to string) stratego.View {
	t.Helper()
	var b stratego.Board
	put := placer(&b)
	put("a1", stratego.Red, stratego.Flag)
	put("b1", stratego.Red, stratego.Bomb)
	put("i1", stratego.Red, stratego.Miner)
	put("e4", stratego.Red, stratego.General)
	put("j4", stratego.Red, stratego.Sergeant)
	put("e5", stratego.Blue, stratego.Flag)
	put("j10", stratego.Blue, stratego.Bomb)
	put("g10", stratego.Blue, stratego.General)
	put("h10", stratego.Blue, stratego.Sergeant)
	put(from, stratego.Blue, stratego.Miner)
	r := withArmy(stratego.Classic(), stratego.Army{stratego.Flag: 1, stratego.Bomb: 1, stratego.Miner: 1, stratego.Sergeant: 1, stratego.General: 1})
	s := mustFromBoard(t, r, b, stratego.Blue)
	s, _, err := s.Apply(stratego.MustParseMove(from + "-" + to))
	if err != nil {
		t.Fatal(err)
	}
	return s.View(stratego.Red)
}

// TestProbeWhenFlagInReach: while an enemy piece can take the player's
// Flag next move, the filter keeps the probes, and the search plays the
// probe that may take the enemy's Flag (every other move loses at once);
// a move earlier, with the Miner a square further, it removes the probe.
func TestProbeWhenFlagInReach(t *testing.T) {
	e4e5 := stratego.MustParseMove("e4-e5")
	v := flagView(t, "a3", "a2")
	if !v.Ranks(stratego.MustParseSquare("e5")).Has(stratego.Bomb) {
		t.Fatalf("e5 cannot be a Bomb in the view:\n%v", v)
	}
	b := v.Board()
	if !flagInReach(v, &b, stratego.Red) {
		t.Fatalf("the Miner on a2 next to a1 is not in reach:\n%v", v)
	}
	if kept := withoutRecklessProbes(v, v.AppendLegalMoves(nil)); !slices.Contains(kept, e4e5) {
		t.Errorf("removed e4-e5 with the Flag in reach: kept %v", kept)
	}
	for _, budget := range []int{2000, 20000} {
		m, err := NewSearch(Options{Seed: 5}).Move(context.Background(), v, Budget{Iterations: budget})
		if err != nil || m != e4e5 {
			t.Errorf("%d nodes: search played %v (%v), want e4-e5", budget, m, err)
		}
	}

	far := flagView(t, "a4", "a3")
	b = far.Board()
	if flagInReach(far, &b, stratego.Red) {
		t.Errorf("the Miner on a3 (no Scout) is in reach of a1:\n%v", far)
	}
	if kept := withoutRecklessProbes(far, far.AppendLegalMoves(nil)); slices.Contains(kept, e4e5) {
		t.Errorf("kept e4-e5 with the Flag out of reach: %v", kept)
	}
}

// doomedView is Red's view of a position from a lost game against Peter
// Lewis's bot (docs/strength.md, "A piece taken next move probes"): Red's
// General on e7 is walled in by Blue's unmoved hidden d7 and e8 and by
// Red's Spy on e6, and Blue's Marshal, shown when it took Red's Scout
// from marshalFrom, stands next to it on f7 (or, when marshalFrom is
// empty, a hidden Blue piece has stepped g7-f7 instead). Red's Sergeant
// on a1 could probe in the General's stead.
func doomedView(t *testing.T, marshalFrom string) stratego.View {
	t.Helper()
	var b stratego.Board
	put := placer(&b)
	put("j1", stratego.Red, stratego.Flag)
	put("i1", stratego.Red, stratego.Bomb)
	put("a1", stratego.Red, stratego.Sergeant)
	put("b1", stratego.Red, stratego.Marshal)
	put("e7", stratego.Red, stratego.General)
	put("e6", stratego.Red, stratego.Spy)
	put("j10", stratego.Blue, stratego.Flag)
	put("e8", stratego.Blue, stratego.Bomb)
	put("d7", stratego.Blue, stratego.Sergeant)
	put("a10", stratego.Blue, stratego.General)
	put("b10", stratego.Blue, stratego.Spy)
	put("c10", stratego.Blue, stratego.Scout)
	move := "g7-f7"
	if marshalFrom != "" {
		put("f7", stratego.Red, stratego.Scout)
		put(marshalFrom, stratego.Blue, stratego.Marshal)
		move = marshalFrom + "-f7"
	} else {
		put("g7", stratego.Blue, stratego.Marshal)
		put("c1", stratego.Red, stratego.Scout)
	}
	r := withArmy(stratego.Classic(), stratego.Army{stratego.Flag: 1, stratego.Bomb: 1, stratego.Spy: 1, stratego.Scout: 1,
		stratego.Sergeant: 1, stratego.General: 1, stratego.Marshal: 1})
	s := mustFromBoard(t, r, b, stratego.Blue)
	s, _, err := s.Apply(stratego.MustParseMove(move))
	if err != nil {
		t.Fatal(err)
	}
	return s.View(stratego.Red)
}

// TestProbeWhenDoomed: the General, walled in next to the shown Marshal,
// may probe the hidden pieces beside it, and the search plays one of
// those probes (any other move loses it); next to a hidden piece that has
// moved, which may be anything, the probes stay filtered.
func TestProbeWhenDoomed(t *testing.T) {
	e7d7, e7e8 := stratego.MustParseMove("e7-d7"), stratego.MustParseMove("e7-e8")
	v := doomedView(t, "f8")
	if got := v.Ranks(stratego.MustParseSquare("f7")); got != stratego.RankSet(0).With(stratego.Marshal) {
		t.Fatalf("f7 can be %v in the view, want the Marshal alone:\n%v", got, v)
	}
	for _, sq := range []string{"d7", "e8"} {
		if !v.Ranks(stratego.MustParseSquare(sq)).Has(stratego.Bomb) {
			t.Fatalf("%s cannot be a Bomb in the view:\n%v", sq, v)
		}
	}
	b := v.Board()
	if !doomed(v, &b, stratego.MustParseSquare("e7")) {
		t.Errorf("the General on e7 next to the shown Marshal is not doomed:\n%v", v)
	}
	if kept := withoutRecklessProbes(v, v.AppendLegalMoves(nil)); !slices.Contains(kept, e7d7) || !slices.Contains(kept, e7e8) {
		t.Errorf("removed a probe of the doomed General: kept %v", kept)
	}
	for _, budget := range []int{2000, 20000} {
		m, err := NewSearch(Options{Seed: 5}).Move(context.Background(), v, Budget{Iterations: budget})
		if err != nil || m != e7d7 && m != e7e8 {
			t.Errorf("%d nodes: search played %v (%v), want e7-d7 or e7-e8", budget, m, err)
		}
	}

	hidden := doomedView(t, "")
	b = hidden.Board()
	if doomed(hidden, &b, stratego.MustParseSquare("e7")) {
		t.Errorf("the General next to a hidden moved piece is doomed:\n%v", hidden)
	}
	if kept := withoutRecklessProbes(hidden, hidden.AppendLegalMoves(nil)); slices.Contains(kept, e7d7) || slices.Contains(kept, e7e8) {
		t.Errorf("kept a probe of the General next to a hidden piece: %v", kept)
	}
}

// TestFlagInReach: a piece next to the Flag that may move, or one that
// has moved in line over empty squares and may be a Scout (not where
// Scouts strike only next to them); not an unmoved piece in line, nor
// one behind another piece.
func TestFlagInReach(t *testing.T) {
	scouts := stratego.Army{stratego.Flag: 1, stratego.Bomb: 2, stratego.Sergeant: 1, stratego.Scout: 2}
	none := stratego.Army{stratego.Flag: 1, stratego.Bomb: 2, stratego.Sergeant: 2}
	for _, tc := range []struct {
		name  string
		rules stratego.Rules
		blue  map[string]stratego.Rank
		moved string // a Blue move played before Red's view
		want  bool
	}{
		{"unmoved hidden next to it", withArmy(stratego.Classic(), none), map[string]stratego.Rank{"a2": stratego.Sergeant}, "", true},
		{"a moved Scout down the file", withArmy(stratego.Classic(), scouts), map[string]stratego.Rank{"a7": stratego.Scout, "j10": stratego.Scout}, "a7-a6", true},
		{"an unmoved piece down the file", withArmy(stratego.Classic(), scouts), map[string]stratego.Rank{"a6": stratego.Scout, "j10": stratego.Scout}, "j10-j9", false},
		{"a moved Scout down the file, Vintage", withArmy(stratego.Vintage(), scouts), map[string]stratego.Rank{"a7": stratego.Scout, "j10": stratego.Scout}, "a7-a6", false},
		{"no Scout in the army", withArmy(stratego.Classic(), none), map[string]stratego.Rank{"a7": stratego.Sergeant, "j10": stratego.Sergeant}, "a7-a6", false},
		{"behind a piece", withArmy(stratego.Classic(), scouts), map[string]stratego.Rank{"a7": stratego.Scout, "a3": stratego.Bomb, "j10": stratego.Scout}, "a7-a6", false},
	} {
		var b stratego.Board
		put := placer(&b)
		put("a1", stratego.Red, stratego.Flag)
		put("b1", stratego.Red, stratego.Bomb)
		put("j1", stratego.Red, stratego.Sergeant)
		put("e10", stratego.Blue, stratego.Flag)
		for sq, rk := range tc.blue {
			put(sq, stratego.Blue, rk)
		}
		turn := stratego.Red
		if tc.moved != "" {
			turn = stratego.Blue
		}
		s := mustFromBoard(t, tc.rules, b, turn)
		if tc.moved != "" {
			var err error
			if s, _, err = s.Apply(stratego.MustParseMove(tc.moved)); err != nil {
				t.Fatal(err)
			}
		}
		v := s.View(stratego.Red)
		vb := v.Board()
		if got := flagInReach(v, &vb, stratego.Red); got != tc.want {
			t.Errorf("%s: in reach %v, want %v\n%v", tc.name, got, tc.want, v)
		}
	}
}

// TestProbeFloor: the filter starts at the Major (probeFloor), whose
// losses to Bombs the records against DOI showed; a Captain may probe.
func TestProbeFloor(t *testing.T) {
	e4e5 := stratego.MustParseMove("e4-e5")
	for _, c := range []struct {
		rk   stratego.Rank
		kept bool
	}{{stratego.Captain, true}, {stratego.Major, false}, {stratego.Colonel, false}, {stratego.General, false}} {
		v := probeViewWith(t, c.rk, true)
		kept := withoutRecklessProbes(v, v.AppendLegalMoves(nil))
		if slices.Contains(kept, e4e5) != c.kept {
			t.Errorf("%v on e4: kept e4-e5 %v, want %v", c.rk, !c.kept, c.kept)
		}
	}
}

// TestProp_NoRecklessProbe: at the first position of a random game in
// which the filter removes a move (a reckless probe that the player need
// not make), the filter kept a move, removed only probes, and the
// search's move is none that it barred (it keeps a probe of a piece that
// at least probeFlagShare of its determinizations make the enemy's
// Flag, see recklessProbes).
func TestProp_NoRecklessProbe(t *testing.T) {
	searched := 0
	defer func() {
		t.Logf("%d positions with a probe to remove", searched)
		if searched == 0 {
			t.Errorf("no position with a reckless probe was drawn")
		}
	}()
	rapid.Check(t, func(t *rapid.T) {
		r := stratego.Duel()
		if rapid.Bool().Draw(t, "classic") {
			r = stratego.Classic()
		}
		seed := rapid.Uint64().Draw(t, "seed")
		rng := rand.New(rand.NewPCG(seed, 7))
		s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
		if err != nil {
			t.Fatal(err)
		}
		for range 1000 {
			v := s.View(s.Turn())
			all := v.AppendLegalMoves(nil)
			if len(all) == 0 {
				return
			}
			kept := withoutRecklessProbes(v, slices.Clone(all))
			if len(kept) == 0 {
				t.Fatalf("no move kept of %v", all)
			}
			b := v.Board()
			for _, m := range all {
				if !slices.Contains(kept, m) && !reckless(v, &b, v.Player(), m) {
					t.Fatalf("removed %v, not a probe", m)
				}
			}
			if len(kept) < len(all) {
				searched++
				p := NewSearch(Options{Seed: seed})
				m, err := p.Move(context.Background(), v, Budget{Iterations: 300})
				if err != nil {
					t.Fatal(err)
				}
				if reckless(v, &b, v.Player(), m) {
					i := slices.Index(p.moves, m)
					if p.w == nil || p.w.barred == nil || i < 0 || p.w.barred[i] {
						t.Fatalf("search played the reckless probe %v, which it barred, in\n%v", m, v)
					}
				}
				return
			}
			if _, _, ok := s.PlayRandom(rng); !ok {
				return
			}
		}
	})
}
