package stratego

import (
	"errors"
	"math/rand/v2"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// Tests written in the review of the whole library: rules probed against
// the wording of RULES.md, and regressions for what the review fixed.

// Regression: the AppendText of a zero Position or Record failed with a
// *RulesError that did not wrap ErrInvalid, although ErrInvalid and
// Position.AppendText document that it does.
func TestAppendTextOfInvalidValuesWrapsErrInvalid(t *testing.T) {
	s := mustBoard(t, Classic(), Red, "a1:M", "j10:Y", "b1:D")
	badTurn := s.Position()
	badTurn.Turn = NoColor
	tests := []struct {
		name  string
		write func() error
		cause error
	}{
		{"zero position", func() error { _, err := Position{}.AppendText(nil); return err }, ErrRules},
		{"position without a turn", func() error { _, err := badTurn.AppendText(nil); return err }, ErrPosition},
		{"zero position as JSON", func() error { _, err := Position{}.MarshalText(); return err }, ErrRules},
		{"zero record", func() error { _, err := Record{}.AppendText(nil); return err }, ErrRules},
		{"record with a bad setup", func() error {
			_, err := Record{Rules: Classic(), RedSetup: NewSetup(Classic())}.AppendText(nil)
			return err
		}, ErrSetup},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.write()
			if !errors.Is(err, ErrInvalid) {
				t.Errorf("error = %v, want one wrapping ErrInvalid", err)
			}
			if !errors.Is(err, tt.cause) {
				t.Errorf("error = %v, want one wrapping the cause %v", err, tt.cause)
			}
		})
	}
}

// RULES.md 6.1: "a piece may not move more than N times in a row between
// the same two squares, whatever the opponent does": an enemy attack that
// the shuttling piece survives does not end its run.
func TestTwoSquares_LostAttackOnTheShuttlerKeepsItsRun(t *testing.T) {
	s := mustBoard(t, Classic(), Red, "a6:I", "b8:S", "j1:M", "j10:Y", "e10:R")
	s = play(t, s, "a6-b6", "b8-b7", "b6-a6", "e10-e9", "a6-b6", "b7xb6")
	if p, _ := s.At(MustParseSquare("b6")); p != NewPiece(Red, Major) {
		t.Fatalf("b6 holds %v, want the red major that won the defense", p)
	}
	wantIllegal(t, s, "b6-a6", ErrTwoSquares)
	wantLegal(t, s, "b6-b7")
}

// RULES.md 4 and 1: a scout slides over empty squares only, never over a
// lake, and strikes at the end of its slide only where the rules allow it.
func TestScoutStrikesUnderEachScoutRule(t *testing.T) {
	place := []string{"a1:D", "a5:P", "a6:Q", "j1:M", "j10:Y", "b5:D"}
	tests := []struct {
		rules Rules
		move  string
		want  error
	}{
		{Classic(), "a1xa5", nil},
		{Classic(), "a1-a6", ErrBlocked}, // beyond the first enemy piece
		{Classic(), "a1-a4", nil},
		{Classic(), "b5-e5", ErrBlocked}, // over the lake c5 d5
		{Classic(), "b5-c5", ErrOffBoard},
		{Vintage(), "a1xa5", ErrNoStrike},
		{Vintage(), "a1-a6", ErrBlocked},
		{Vintage(), "a1-a4", nil},
		{Vintage(), "b5xa5", nil}, // adjacent
	}
	for _, tt := range tests {
		t.Run(tt.rules.String()+"/"+tt.move, func(t *testing.T) {
			s := mustBoard(t, tt.rules, Red, place...)
			if tt.want == nil {
				wantLegal(t, s, tt.move)
			} else {
				wantIllegal(t, s, tt.move, tt.want)
			}
		})
	}
	// Under Vintage rules the scout that slid next to the enemy strikes it.
	s := play(t, mustBoard(t, Vintage(), Red, place...), "a1-a4", "a6-a7")
	wantLegal(t, s, "a4xa5")
}

// The caps count the plies of the whole game, so a game rebuilt from a
// position carries its counters on (RULES.md 6.3).
func TestCapsCountFromThePositionsCounters(t *testing.T) {
	tests := []struct {
		name        string
		set         func(*Rules)
		ply, quiet  int
		move        string
		wantOutcome Outcome
	}{
		{"ply cap", func(r *Rules) { r.MaxPlies = 10 }, 9, 0, "a1-a2", Outcome{Reason: PlyCap}},
		{"ply cap not yet", func(r *Rules) { r.MaxPlies = 10 }, 8, 0, "a1-a2", Outcome{}},
		{"quiet cap", func(r *Rules) { r.MaxPliesWithoutAttack = 10 }, 20, 9, "a1-a2", Outcome{Reason: NoAttackCap}},
		{"attack resets the quiet count", func(r *Rules) { r.MaxPliesWithoutAttack = 10 }, 20, 9, "b9xa9", Outcome{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Classic()
			tt.set(&r)
			pos := mustBoard(t, r, Red, "a1:F", "b9:I", "j10:Y", "j1:M", "a10:R", "a9:R").Position()
			pos.Ply, pos.PliesWithoutAttack = tt.ply, tt.quiet
			s, err := pos.State()
			if err != nil {
				t.Fatalf("Position.State: %v", err)
			}
			s = play(t, s, tt.move)
			if got := s.Outcome(); got != tt.wantOutcome {
				t.Errorf("outcome after %s = %v, want %v", tt.move, got, tt.wantOutcome)
			}
		})
	}
}

// RULES.md 7 (silent defense): the attacker does not see the rank of a
// defender that wins, but every sample of its view gives that defender a
// rank that beats the attacker.
func TestSilentDefenseSamplesBeatTheAttacker(t *testing.T) {
	r := Classic()
	r.Info = InfoSilentDefense
	s := play(t, mustBoard(t, r, Red, "a4:F", "a5:U", "a1:M", "j10:Y", "j1:E", "b6:Q"), "a4xa5")
	v := s.View(Red)
	a5 := MustParseSquare("a5")
	if p, _ := v.At(a5); p != NewPiece(Blue, Unknown) {
		t.Fatalf("red sees %v on a5, want a hidden blue piece", p)
	}
	if ev := v.LastEvent(); ev.Defender != NewPiece(Blue, Unknown) || ev.Combat != DefenderWins {
		t.Fatalf("red's last event = %+v, want a hidden defender that won", ev)
	}
	var can []Rank
	for rk := Spy; rk <= Flag; rk++ {
		if v.Ranks(a5).Has(rk) {
			can = append(can, rk)
		}
	}
	want := []Rank{Lieutenant, Captain, Major, Colonel, General, Marshal, Bomb}
	if d := cmp.Diff(want, can); d != "" {
		t.Errorf("Ranks(a5) (-want +got):\n%s", d)
	}
	rng := rand.New(rand.NewPCG(1, 1))
	for range 100 {
		st, err := v.Sample(rng)
		if err != nil {
			t.Fatalf("Sample: %v", err)
		}
		if p, _ := st.At(a5); Resolve(r, Sergeant, p.Rank()) != DefenderWins {
			t.Fatalf("sampled %v on a5, which does not beat a sergeant", p)
		}
		if !st.View(Red).Equal(v) {
			t.Fatalf("the sample's view differs from the view")
		}
	}
}

// A bot's self-play loop under many rule sets: every sample of a view
// has that view, the sample's legal moves are the view's, and the view's
// text reads back equal.
func TestSelfPlaySampledViewsAgree(t *testing.T) {
	for _, text := range []string{
		"classic", "barrage", "ultimate-lightning", "quick-battle", "vintage", "duel-hasbro",
		"classic,info=silent", "ultimate-lightning,info=silent,moresquares=game",
		"duel,twosquares=1,moresquares=game", "barrage,info=open",
	} {
		t.Run(text, func(t *testing.T) {
			r, err := ParseRules(text)
			if err != nil {
				t.Fatalf("ParseRules: %v", err)
			}
			rng := rand.New(rand.NewPCG(7, 7))
			s, err := New(r, RandomSetup(r, rng), RandomSetup(r, rng))
			if err != nil {
				t.Fatalf("New: %v", err)
			}
			var v View
			var moves []Move
			for ply := 0; ply < 150 && !s.Outcome().IsOver(); ply++ {
				c := s.Turn()
				s.ViewInto(&v, c)
				guess, err := v.Sample(rng)
				if err != nil {
					t.Fatalf("ply %d: Sample: %v\n%v", ply, err, v)
				}
				if !guess.View(c).Equal(v) {
					t.Fatalf("ply %d: the sample's view differs:\n%v\n%v", ply, v, guess.View(c))
				}
				moves = guess.AppendLegalMoves(moves[:0])
				for _, m := range moves {
					if !v.IsLegal(m) {
						t.Fatalf("ply %d: sample's move %v is not legal in the view", ply, m)
					}
				}
				if back, err := ParseView(v.String()); err != nil || !back.Equal(v) {
					t.Fatalf("ply %d: view text round trip: %v", ply, err)
				}
				var best Move
				bestScore := -1
				for _, m := range moves {
					_, ev, err := guess.Apply(m)
					if err != nil {
						t.Fatalf("ply %d: %v", ply, err)
					}
					score := rng.IntN(10)
					if ev.IsAttack() && ev.Combat == AttackerWins {
						score += 10
					}
					if score > bestScore {
						best, bestScore = m, score
					}
				}
				if s, _, err = s.Apply(best); err != nil {
					t.Fatalf("ply %d: Apply(%v): %v", ply, best, err)
				}
			}
		})
	}
}

// Vintage labels in annotations: the Spy is S and the Marshal 1.
func TestVintageAnnotations(t *testing.T) {
	tests := []struct {
		text string
		want AnnotatedMove
	}{
		{"a4xa5(S>1)", AnnotatedMove{Move: MustParseMove("a4-a5"), Attacker: Spy, Defender: Marshal, Combat: AttackerWins}},
		{"a4xa5(1>S)", AnnotatedMove{Move: MustParseMove("a4-a5"), Attacker: Marshal, Defender: Spy, Combat: AttackerWins}},
		{"a4xa5(9<8)", AnnotatedMove{Move: MustParseMove("a4-a5"), Attacker: Scout, Defender: Miner, Combat: DefenderWins}},
	}
	for _, tt := range tests {
		t.Run(tt.text, func(t *testing.T) {
			got, err := ParseAnnotatedMove(NumberingVintage, tt.text)
			if err != nil {
				t.Fatalf("ParseAnnotatedMove: %v", err)
			}
			if got != tt.want {
				t.Errorf("got %+v, want %+v", got, tt.want)
			}
			b, err := got.AppendNotation(nil, NumberingVintage)
			if err != nil || string(b) != tt.text {
				t.Errorf("AppendNotation = %q, %v, want %q", b, err, tt.text)
			}
		})
	}
	if _, err := ParseAnnotatedMove(NumberingVintage, "a4xa5(X>1)"); !errors.Is(err, ErrSyntax) {
		t.Errorf("ISF label X under Vintage: %v, want ErrSyntax", err)
	}
}

// RULES.md 6.1: a scout's strike at distance crosses every boundary on
// its path, and an attack counts like a move: after a3-a6, a6-a4, a4-a6
// the scout may not strike back down the file, however far.
func TestTwoSquares_ScoutStrikeAtDistanceIsForbidden(t *testing.T) {
	s := mustBoard(t, Classic(), Red, "a3:D", "b1:R", "j1:M", "j10:Y", "e10:R")
	s = play(t, s, "a3-a6", "e10-e9", "a6-a4", "e9-e10", "a4-a6", "b1-a1")
	wantIllegal(t, s, "a6xa1", ErrTwoSquares)
	wantLegal(t, s, "a6-a7")
	// Another piece's move restarts the run: the strike is legal then.
	s = mustBoard(t, Classic(), Red, "a3:D", "b1:R", "j1:M", "j10:Y", "e10:R", "e1:F")
	s = play(t, s, "a3-a6", "e10-e9", "a6-a4", "e9-e10", "a4-a6", "b1-a1", "e1-e2", "e10-e9")
	wantLegal(t, s, "a6xa1")
}

// RULES.md 6.3, the order of the end checks, in the corner cases where
// two of them apply at once.
func TestEndChecksWhereTwoApply(t *testing.T) {
	capped := func(plies, quiet int) Rules {
		r := Classic()
		r.MaxPlies, r.MaxPliesWithoutAttack = plies, quiet
		return r
	}
	tests := []struct {
		name   string
		rules  Rules
		pieces []string
		moves  []string
		want   Outcome
	}{
		{"flag taken by the last mover of a side left without movers",
			Classic(), []string{"a1:D", "a9:Y", "j1:M", "j10:N"}, []string{"a1xa9"}, Outcome{Red, FlagCaptured}},
		{"flag taken on the ply of the ply cap",
			capped(1, 0), []string{"a1:F", "a2:Y", "j1:M", "a10:R"}, []string{"a1xa2"}, Outcome{Red, FlagCaptured}},
		{"the last movers trade: neither side can move",
			Classic(), []string{"a1:D", "a9:P", "j1:M", "j10:Y"}, []string{"a1xa9"}, Outcome{NoColor, NeitherCanMove}},
		{"a walled-in mover still counts as movable",
			Classic(), []string{"a1:D", "a9:P", "j1:F", "j2:B", "i1:B", "h1:M", "j10:Y"}, []string{"a1xa9"}, Outcome{Red, NoLegalMove}},
		{"quiet cap before no legal move",
			capped(0, 1), []string{"a1:F", "j10:Y", "j1:M", "a10:R", "a9:N", "b10:N"}, []string{"a1-a2"}, Outcome{NoColor, NoAttackCap}},
		{"a start where the side to move is stuck is over at once",
			Classic(), []string{"a1:B", "a2:M", "j10:Y", "j9:R"}, nil, Outcome{Blue, NoLegalMove}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := play(t, mustBoard(t, tt.rules, Red, tt.pieces...), tt.moves...)
			if got := s.Outcome(); got != tt.want {
				t.Fatalf("outcome = %v, want %v", got, tt.want)
			}
			if _, err := s.Resign(s.Turn()); !errors.Is(err, ErrGameOver) {
				t.Errorf("Resign after the end: %v, want ErrGameOver", err)
			}
			if _, err := s.AgreeDraw(); !errors.Is(err, ErrGameOver) {
				t.Errorf("AgreeDraw after the end: %v, want ErrGameOver", err)
			}
			wantIllegal(t, s, "j10-j9", ErrGameOver)
		})
	}
}
