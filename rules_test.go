package stratego

import (
	"errors"
	"math"
	"math/rand/v2"
	"slices"
	"testing"

	"pgregory.net/rapid"
)

// Tests of Rules.Validate and of the engine under any valid Rules: a
// generator of valid rules built by construction, the core invariants
// for every generated ruleset, and the rejection of rulesets broken in
// one field.

func TestValidate(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(r *Rules)
		field  string // the RulesError field, "" for valid rules
	}{
		{"classic", func(r *Rules) {}, ""},
		{"zero", func(r *Rules) { *r = Rules{} }, "Width"},
		{"width 1", func(r *Rules) { r.Width = 1 }, "Width"},
		{"width 11", func(r *Rules) { r.Width = 11 }, "Width"},
		{"width negative", func(r *Rules) { r.Width = -10 }, "Width"},
		{"height 0", func(r *Rules) { r.Height = 0 }, "Height"},
		{"height huge", func(r *Rules) { r.Height = math.MaxInt }, "Height"},
		{"narrow board under the lakes", func(r *Rules) { r.Width = 7 }, "Lakes"},
		{"lake bit above j10", func(r *Rules) { r.Lakes[1] |= 1 << 40 }, "Lakes"},
		{"zone off a short board", func(r *Rules) { r.Height, r.Lakes = 7, SquareSet{} }, "Zone"},
		{"zone bit above j10", func(r *Rules) { r.Zone[1] |= 1 << 63 }, "Zone"},
		{"empty zone", func(r *Rules) { r.Zone = SquareSet{} }, "Zone"},
		{"lake in red's zone", func(r *Rules) { r.Lakes = r.Lakes.With(MustParseSquare("a1")) }, "Zone"},
		{"lake in blue's zone", func(r *Rules) { r.Lakes = r.Lakes.With(MustParseSquare("e9")) }, "Zone"},
		{"zone reaching a lake", func(r *Rules) { r.Zone = r.Zone.With(MustParseSquare("c5")) }, "Zone"},
		{"zones overlap", func(r *Rules) { r.Zone = r.Zone.With(MustParseSquare("a7")) }, "Zone"},
		{"zone into the middle", func(r *Rules) { r.Zone = r.Zone.With(MustParseSquare("a6")) }, "FillZone"},
		{"zones overlap on a 9-high board", func(r *Rules) {
			r.Height, r.Lakes, r.Zone, r.FillZone = 9, SquareSet{}, Rect(0, 0, 9, 4), false
		}, "Zone"},
		{"no flag", func(r *Rules) { r.Army[Flag] = 0; r.Army[Bomb]++ }, "Army"},
		{"two flags", func(r *Rules) { r.Army[Flag] = 2; r.Army[Bomb]-- }, "Army"},
		{"NoRank count", func(r *Rules) { r.Army[NoRank] = 1; r.Army[Bomb]-- }, "Army"},
		{"army too big", func(r *Rules) { r.Army[Scout]++ }, "Army"},
		{"army too big without FillZone", func(r *Rules) { r.Army[Scout]++; r.FillZone = false }, "Army"},
		{"army overflows the zone", func(r *Rules) { r.Army[Scout] = 255 }, "Army"},
		{"army too small to fill", func(r *Rules) { r.Army[Scout]-- }, "FillZone"},
		{"army too small, no FillZone", func(r *Rules) { r.Army[Scout]--; r.FillZone = false }, ""},
		{"flag alone", func(r *Rules) { r.Army = Army{Flag: 1}; r.FillZone = false }, ""},
		{"numbering", func(r *Rules) { r.Numbering = 2 }, "Numbering"},
		{"scouts", func(r *Rules) { r.Scouts = 2 }, "Scouts"},
		{"ties", func(r *Rules) { r.Ties = 2 }, "Ties"},
		{"bombs", func(r *Rules) { r.Bombs = 255 }, "Bombs"},
		{"info", func(r *Rules) { r.Info = 3 }, "Info"},
		{"more squares", func(r *Rules) { r.MoreSquares = 3 }, "MoreSquares"},
		{"rescues negative", func(r *Rules) { r.Rescues = -1 }, "Rescues"},
		{"rescues huge", func(r *Rules) { r.Rescues = MaxRescues + 1 }, "Rescues"},
		{"rescues max", func(r *Rules) { r.Rescues = MaxRescues }, ""},
		{"two squares negative", func(r *Rules) { r.TwoSquares = -1 }, "TwoSquares"},
		{"two squares too big", func(r *Rules) { r.TwoSquares = MaxTwoSquares + 1 }, "TwoSquares"},
		{"two squares max", func(r *Rules) { r.TwoSquares = MaxTwoSquares }, ""},
		{"two squares off", func(r *Rules) { r.TwoSquares = 0 }, ""},
		{"max plies negative", func(r *Rules) { r.MaxPlies = -1 }, "MaxPlies"},
		{"max plies huge", func(r *Rules) { r.MaxPlies = math.MaxInt }, "MaxPlies"},
		{"max plies max", func(r *Rules) { r.MaxPlies = MaxPlyCap }, ""},
		{"no-attack cap negative", func(r *Rules) { r.MaxPliesWithoutAttack = math.MinInt }, "MaxPliesWithoutAttack"},
		{"no-attack cap huge", func(r *Rules) { r.MaxPliesWithoutAttack = math.MaxInt }, "MaxPliesWithoutAttack"},
		{"2x2 board", func(r *Rules) {
			*r = Rules{Width: 2, Height: 2, Zone: SquaresOf(MustParseSquare("a1")), Army: Army{Flag: 1}}
		}, ""},
		{"custom lakes and zone", func(r *Rules) {
			r.Lakes = squaresIn(t, "e5 f5 e6 f6")
			r.Zone = Rect(0, 0, 9, 2).Union(SquaresOf(MustParseSquare("a4"), MustParseSquare("j4")))
			r.FillZone, r.Army = false, Barrage().Army
		}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := Classic()
			tc.change(&r)
			err := r.Validate()
			if tc.field == "" {
				if err != nil {
					t.Fatalf("Validate() = %v, want nil", err)
				}
				return
			}
			var re *RulesError
			if !errors.As(err, &re) || !errors.Is(err, ErrRules) {
				t.Fatalf("Validate() = %v, want a *RulesError wrapping ErrRules", err)
			}
			if re.Field != tc.field {
				t.Errorf("Validate() blames field %s (%v), want %s", re.Field, err, tc.field)
			}
			if re.Reason == "" {
				t.Error("RulesError without a reason")
			}
			checkRejected(t, r)
		})
	}
}

// checkRejected checks that every entry point that takes Rules refuses
// the invalid r with an error wrapping ErrRules, and that RandomSetup
// returns the empty setup of NewSetup.
func checkRejected(t interface {
	Helper()
	Errorf(format string, args ...any)
}, r Rules) {
	t.Helper()
	rng := rand.New(rand.NewPCG(1, 2))
	rs := RandomSetup(r, rng)
	if rs != NewSetup(r) {
		t.Errorf("RandomSetup on invalid rules = %q, want the empty setup", rs.String())
	}
	if _, err := New(r, rs, rs); !errors.Is(err, ErrRules) {
		t.Errorf("New = %v, want ErrRules", err)
	}
	var b Board
	b.Put(MustParseSquare("a1"), NewPiece(Red, Flag))
	b.Put(MustParseSquare("b2"), NewPiece(Blue, Flag))
	if _, err := FromBoard(r, b, Red); !errors.Is(err, ErrRules) {
		t.Errorf("FromBoard = %v, want ErrRules", err)
	}
	if _, err := ParseSetup(r, "F."); !errors.Is(err, ErrRules) {
		t.Errorf("ParseSetup = %v, want ErrRules", err)
	}
	if err := r.CheckSetup(rs); !errors.Is(err, ErrRules) {
		t.Errorf("CheckSetup = %v, want ErrRules", err)
	}
}

// Generators.

var (
	allNumberings  = []Numbering{NumberingISF, NumberingVintage}
	allScoutRules  = []ScoutRule{ScoutMoveAndStrike, ScoutStrikeAdjacent}
	allTieRules    = []TieRule{TieBothRemoved, TieAttackerWins}
	allBombRules   = []BombRule{BombPermanent, BombOneTime}
	allInfoRules   = []InfoRule{InfoStandard, InfoSilentDefense, InfoOpenFaced}
	allMoreSquares = []MoreSquaresRule{MoreSquaresOff, MoreSquaresChase, MoreSquaresGame}
	armyRanks      = []Rank{Spy, Scout, Miner, Sergeant, Lieutenant, Captain, Major, Colonel, General, Marshal, Bomb}
)

// genValidRules draws a valid Rules value by construction: a board of
// 2–10 by 2–10, a zone of whole rows or of any squares of Red's half
// (so it never meets Blue's turned copy), lakes among the squares
// outside both zones, an army with one flag that fits the zone (filling
// it when FillZone is drawn), every switch, and a ply cap of 1–400 so
// that every game ends.
func genValidRules() *rapid.Generator[Rules] {
	return rapid.Custom(func(t *rapid.T) Rules {
		r := Rules{
			Width:  MaxSize - rapid.IntRange(0, MaxSize-2).Draw(t, "width below 10"),
			Height: MaxSize - rapid.IntRange(0, MaxSize-2).Draw(t, "height below 10"),
		}
		half := r.Height / 2
		if rapid.Bool().Draw(t, "zone of whole rows") {
			r.Zone = Rect(0, 0, r.Width-1, rapid.IntRange(1, half).Draw(t, "zone rows")-1)
		} else {
			sqs := slices.Collect(Rect(0, 0, r.Width-1, half-1).All())
			sqs = rapid.Permutation(sqs).Draw(t, "zone order")
			r.Zone = SquaresOf(sqs[:rapid.IntRange(1, len(sqs)).Draw(t, "zone size")]...)
		}
		free := Rect(0, 0, r.Width-1, r.Height-1)
		for _, c := range []Color{Red, Blue} {
			z := r.ZoneOf(c)
			free = free.Intersect(SquareSet{^z[0], ^z[1]})
		}
		if sqs := slices.Collect(free.All()); len(sqs) > 0 {
			sqs = rapid.Permutation(sqs).Draw(t, "lake order")
			r.Lakes = SquaresOf(sqs[:rapid.IntRange(0, min(len(sqs), 16)).Draw(t, "lakes")]...)
		}
		r.FillZone = rapid.Bool().Draw(t, "fill zone")
		n := r.Zone.Len()
		if !r.FillZone {
			n -= rapid.IntRange(0, n-1).Draw(t, "army size below the zone's")
		}
		r.Army[Flag] = 1
		for _, rk := range rapid.SliceOfN(rapid.SampledFrom(armyRanks), n-1, n-1).Draw(t, "army") {
			r.Army[rk]++
		}
		r.Numbering = rapid.SampledFrom(allNumberings).Draw(t, "numbering")
		r.Scouts = rapid.SampledFrom(allScoutRules).Draw(t, "scouts")
		r.Ties = rapid.SampledFrom(allTieRules).Draw(t, "ties")
		r.Bombs = rapid.SampledFrom(allBombRules).Draw(t, "bombs")
		r.Info = rapid.SampledFrom(allInfoRules).Draw(t, "info")
		r.CaptainsMoveTwo = rapid.Bool().Draw(t, "captains move two")
		r.Rescues = rapid.IntRange(0, 3).Draw(t, "rescues")
		r.TwoSquares = rapid.IntRange(0, MaxTwoSquares).Draw(t, "two squares")
		r.MoreSquares = rapid.SampledFrom(allMoreSquares).Draw(t, "more squares")
		// Counted down from the largest, as rapid favours small draws and
		// a game needs plies to reach rescues and repetitions.
		r.MaxPlies = 400 - rapid.IntRange(0, 399).Draw(t, "max plies below 400")
		r.MaxPliesWithoutAttack = rapid.IntRange(0, 100).Draw(t, "max plies without attack")
		return r
	})
}

// genAnyRules draws Rules with every field arbitrary: mostly invalid.
func genAnyRules() *rapid.Generator[Rules] {
	return rapid.Custom(func(t *rapid.T) Rules {
		var r Rules
		r.Width = rapid.OneOf(rapid.IntRange(-2, 12), rapid.Int()).Draw(t, "width")
		r.Height = rapid.OneOf(rapid.IntRange(-2, 12), rapid.Int()).Draw(t, "height")
		r.Lakes = SquareSet{rapid.Uint64().Draw(t, "lakes low"), rapid.Uint64().Draw(t, "lakes high")}
		r.Zone = SquareSet{rapid.Uint64().Draw(t, "zone low"), rapid.Uint64().Draw(t, "zone high")}
		r.FillZone = rapid.Bool().Draw(t, "fill zone")
		for i := range r.Army {
			r.Army[i] = rapid.Uint8().Draw(t, "army count")
		}
		r.Numbering = Numbering(rapid.Uint8().Draw(t, "numbering"))
		r.Scouts = ScoutRule(rapid.Uint8().Draw(t, "scouts"))
		r.Ties = TieRule(rapid.Uint8().Draw(t, "ties"))
		r.Bombs = BombRule(rapid.Uint8().Draw(t, "bombs"))
		r.Info = InfoRule(rapid.Uint8().Draw(t, "info"))
		r.CaptainsMoveTwo = rapid.Bool().Draw(t, "captains")
		r.Rescues = rapid.Int().Draw(t, "rescues")
		r.TwoSquares = rapid.Int().Draw(t, "two squares")
		r.MoreSquares = MoreSquaresRule(rapid.Uint8().Draw(t, "more squares"))
		r.MaxPlies = rapid.Int().Draw(t, "max plies")
		r.MaxPliesWithoutAttack = rapid.Int().Draw(t, "max plies without attack")
		return r
	})
}

// TestGeneratedRulesValid: the generator makes only valid rules, and for
// each New starts a game from random setups.
func TestGeneratedRulesValid(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genValidRules().Draw(t, "rules")
		if err := r.Validate(); err != nil {
			t.Fatalf("generated rules invalid: %v", err)
		}
		s := mustNew(t, r, rapid.Uint64().Draw(t, "seed"))
		for _, c := range []Color{Red, Blue} {
			if got := s.Remaining(c); got != r.Army {
				t.Fatalf("%v starts with %v, want the army %v", c, got, r.Army)
			}
		}
	})
}

// TestRulesInvariants plays random games under random valid rules and
// checks the core invariants at every ply: every legal move is accepted
// by Check and Apply, Apply leaves its receiver unchanged, the pieces on
// the board and the captured ones add up to the army, a game stops at
// its ply cap; and at every fourth ply (one drawn ply with -short) and
// at every due rescue, that the legal moves are exactly the candidate
// moves Check accepts.
func TestRulesInvariants(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genValidRules().Draw(t, "rules")
		s := mustNew(t, r, rapid.Uint64().Draw(t, "seed"))
		audit := rapid.IntRange(0, r.MaxPlies).Draw(t, "audited ply")
		every := 4 // audit every fourth ply, only the drawn one with -short
		if testing.Short() {
			every = math.MaxInt
		}
		var buf []Move
		for !s.Outcome().IsOver() {
			if s.Ply() > r.MaxPlies {
				t.Fatalf("ply %d: the game goes on past its cap of %d", s.Ply(), r.MaxPlies)
			}
			buf = s.AppendLegalMoves(buf[:0])
			if len(buf) == 0 {
				t.Fatalf("ply %d: no legal move in a game that is not over", s.Ply())
			}
			if s.Ply() == audit || (s.Ply()-audit)%every == 0 || s.RescueDue() {
				auditMoves(t, s, buf)
			}
			m := rapid.SampledFrom(buf).Draw(t, "move")
			before := s
			next, ev, err := s.Apply(m)
			if err != nil {
				t.Fatalf("ply %d: legal move %v rejected: %v", s.Ply(), m, err)
			}
			if !identical(s, before) {
				t.Fatalf("ply %d: Apply(%v) changed its receiver", s.Ply(), m)
			}
			if ev.Move != m || ev.Color != s.Turn() || ev.Outcome != next.Outcome() {
				t.Fatalf("ply %d: event %+v for %v by %v, outcome %v", s.Ply(), ev, m, s.Turn(), next.Outcome())
			}
			if next.Ply() != s.Ply()+1 {
				t.Fatalf("ply %d: Ply after a move = %d", s.Ply(), next.Ply())
			}
			checkConserved(t, r, next)
			s = next
		}
		if s.hasMove() || s.AppendLegalMoves(nil) != nil {
			t.Fatal("a finished game has legal moves")
		}
		if err := s.Check(Move{From: MustParseSquare("a1"), To: MustParseSquare("a2")}); !errors.Is(err, ErrGameOver) {
			t.Fatalf("Check after the end = %v, want ErrGameOver", err)
		}
	})
}

func checkConserved(t tHelper, r Rules, s State) {
	for _, c := range []Color{Red, Blue} {
		on, off := s.Remaining(c), s.Captured(c)
		for rk := range on {
			if on[rk]+off[rk] != r.Army[rk] {
				t.Fatalf("ply %d: %v %v: %d on the board + %d captured, want %d",
					s.Ply(), c, Rank(rk), on[rk], off[rk], r.Army[rk])
			}
		}
	}
}

// auditMoves checks that legal are the legal moves of s without repeats,
// and that among all candidate moves (from each own piece to each square,
// turning Captain moves, rescues of every rank to every square) Check
// accepts exactly these; a rejected one leaves Apply's receiver and
// result unchanged.
func auditMoves(t tHelper, s State, legal []Move) {
	set := make(map[Move]bool, len(legal))
	for _, m := range legal {
		if set[m] {
			t.Fatalf("ply %d: %v generated twice", s.Ply(), m)
		}
		set[m] = true
	}
	n := 0
	try := func(m Move) {
		err := s.Check(m)
		if (err == nil) != set[m] {
			t.Fatalf("ply %d: Check(%v) = %v, but generated = %v\n%s", s.Ply(), m, err, set[m], s.Picture())
		}
		if err == nil {
			n++
			return
		}
		var me *MoveError
		if !errors.As(err, &me) || me.Move != m {
			t.Fatalf("ply %d: Check(%v) = %v, want a *MoveError naming the move", s.Ply(), m, err)
		}
		if next, ev, err2 := s.Apply(m); err2 == nil || !identical(next, s) || ev != (Event{}) {
			t.Fatalf("ply %d: Apply of the illegal %v = %v, changed state or event", s.Ply(), m, err2)
		}
	}
	for i := range MaxSquares {
		to := SquareFromIndex(i)
		for rk := Spy; rk < Flag; rk++ {
			try(Move{To: to, Rescue: rk})
		}
	}
	if !s.RescueDue() {
		for from := range s.Rules().Squares().All() {
			p, ok := s.At(from)
			if !ok || p.Color() != s.Turn() {
				continue
			}
			for i := range MaxSquares {
				to := SquareFromIndex(i)
				if to == from {
					continue
				}
				try(Move{From: from, To: to})
				if p.Rank() != Captain {
					continue
				}
				df, dr := to.File()-from.File(), to.Row()-from.Row()
				if abs(df) == 1 && abs(dr) == 1 {
					try(Move{From: from, To: to, Via: SquareAt(to.File(), from.Row())})
					try(Move{From: from, To: to, Via: SquareAt(from.File(), to.Row())})
				}
			}
		}
	}
	if n != len(legal) {
		t.Fatalf("ply %d: %d candidate moves accepted, %d generated", s.Ply(), n, len(legal))
	}
}

// TestInvalidRulesRejected breaks one field of a valid ruleset and checks
// that Validate blames that field and every entry point refuses the rules.
func TestInvalidRulesRejected(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genValidRules().Draw(t, "rules")
		type breaker struct {
			field string
			apply func(*Rules)
		}
		bad := func(vals ...int) *rapid.Generator[int] { return rapid.SampledFrom(vals) }
		breakers := []breaker{
			{"Width", func(r *Rules) { r.Width = bad(math.MinInt, -1, 0, 1, 11, math.MaxInt).Draw(t, "width") }},
			{"Height", func(r *Rules) { r.Height = bad(math.MinInt, -1, 0, 1, 11, math.MaxInt).Draw(t, "height") }},
			{"Lakes", func(r *Rules) { r.Lakes = r.Lakes.Union(offBoard(t, *r)) }},
			{"Zone", func(r *Rules) { r.Zone = r.Zone.Union(offBoard(t, *r)) }},
			{"Zone", func(r *Rules) { r.Zone = SquareSet{} }},
			{"Zone", func(r *Rules) {
				zone := slices.Collect(r.ZoneOf(rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "side")).All())
				r.Lakes = r.Lakes.With(rapid.SampledFrom(zone).Draw(t, "lake in zone"))
			}},
			{"Zone", func(r *Rules) {
				r.Zone = r.Zone.With(rapid.SampledFrom(slices.Collect(r.ZoneOf(Blue).All())).Draw(t, "overlap"))
			}},
			{"Army", func(r *Rules) { r.Army[Flag] = uint8(bad(0, 2, 255).Draw(t, "flags")) }},
			{"Army", func(r *Rules) { r.Army[NoRank] = rapid.Uint8Min(1).Draw(t, "norank") }},
			{"Army", func(r *Rules) {
				rk := rapid.SampledFrom(armyRanks).Draw(t, "extra rank")
				r.Army[rk] += uint8(r.Zone.Len() - r.Army.Total() + rapid.IntRange(1, 3).Draw(t, "extra"))
			}},
			{"Numbering", func(r *Rules) { r.Numbering = Numbering(rapid.Uint8Min(2).Draw(t, "numbering")) }},
			{"Scouts", func(r *Rules) { r.Scouts = ScoutRule(rapid.Uint8Min(2).Draw(t, "scouts")) }},
			{"Ties", func(r *Rules) { r.Ties = TieRule(rapid.Uint8Min(2).Draw(t, "ties")) }},
			{"Bombs", func(r *Rules) { r.Bombs = BombRule(rapid.Uint8Min(2).Draw(t, "bombs")) }},
			{"Info", func(r *Rules) { r.Info = InfoRule(rapid.Uint8Min(3).Draw(t, "info")) }},
			{"MoreSquares", func(r *Rules) { r.MoreSquares = MoreSquaresRule(rapid.Uint8Min(3).Draw(t, "more squares")) }},
			{"Rescues", func(r *Rules) { r.Rescues = bad(math.MinInt, -1, MaxRescues+1, math.MaxInt).Draw(t, "rescues") }},
			{"TwoSquares", func(r *Rules) {
				r.TwoSquares = bad(math.MinInt, -1, MaxTwoSquares+1, math.MaxInt).Draw(t, "two squares")
			}},
			{"MaxPlies", func(r *Rules) { r.MaxPlies = bad(math.MinInt, -1, math.MaxInt).Draw(t, "max plies") }},
			{"MaxPliesWithoutAttack", func(r *Rules) {
				r.MaxPliesWithoutAttack = bad(math.MinInt, -1, math.MaxInt).Draw(t, "no-attack cap")
			}},
		}
		if r.Zone.Len() > r.Army.Total() {
			breakers = append(breakers, breaker{"FillZone", func(r *Rules) { r.FillZone = true }})
		}
		if r.FillZone && r.Army.Total() > 1 {
			breakers = append(breakers, breaker{"FillZone", func(r *Rules) {
				for _, rk := range armyRanks {
					if r.Army[rk] > 0 {
						r.Army[rk]--
						return
					}
				}
			}})
		}
		b := rapid.SampledFrom(breakers).Draw(t, "broken field")
		b.apply(&r)
		err := r.Validate()
		var re *RulesError
		if !errors.As(err, &re) || !errors.Is(err, ErrRules) {
			t.Fatalf("Validate() = %v after breaking %s, want a *RulesError wrapping ErrRules", err, b.field)
		}
		if re.Field != b.field {
			t.Fatalf("Validate() blames %s (%v), want %s", re.Field, err, b.field)
		}
		checkRejected(t, r)
	})
}

// offBoard draws squares off r's board: a grid square beyond its width
// or height, or a bit of a SquareSet that names no square.
func offBoard(t *rapid.T, r Rules) SquareSet {
	var outside []Square
	for i := range MaxSquares {
		if q := SquareFromIndex(i); q.File() >= r.Width || q.Row() >= r.Height {
			outside = append(outside, q)
		}
	}
	if len(outside) > 0 && rapid.Bool().Draw(t, "off-board square") {
		return SquaresOf(rapid.SampledFrom(outside).Draw(t, "square"))
	}
	return SquareSet{0, 1 << rapid.IntRange(MaxSquares-64, 63).Draw(t, "bit")}
}

// TestAnyRulesNoPanic calls everything that takes Rules with arbitrary
// values: nothing panics, invalid rules are refused with ErrRules, and
// valid ones always give a game.
func TestAnyRulesNoPanic(t *testing.T) {
	rapid.Check(t, anyRulesProp)
}

// FuzzAnyRules is TestAnyRulesNoPanic as a fuzz target.
func FuzzAnyRules(f *testing.F) {
	f.Add([]byte{})
	f.Add([]byte{1, 2, 3, 4, 5, 6, 7, 8})
	f.Fuzz(rapid.MakeFuzz(anyRulesProp))
}

func anyRulesProp(t *rapid.T) {
	r := rapid.OneOf(genAnyRules(), genValidRules()).Draw(t, "rules")
	valid := r.Validate() == nil
	_ = r.Squares()
	_ = r.ZoneOf(Red)
	_ = r.ZoneOf(Blue)
	_ = r.OnBoard(SquareFromIndex(rapid.IntRange(-1, 100).Draw(t, "square")))
	_ = NewSetup(r).String()
	red := RandomSetup(r, nil)
	blue := RandomSetup(r, rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 0)))
	_ = red.String()
	s, err := New(r, red, blue)
	if valid != (err == nil) {
		t.Fatalf("New = %v with Validate = %v", err, r.Validate())
	}
	if !valid && !errors.Is(err, ErrRules) {
		t.Fatalf("New = %v, want ErrRules", err)
	}
	if valid {
		if _, err := ParseSetup(r, red.String()); err != nil {
			t.Fatalf("ParseSetup(String()) of a random setup: %v", err)
		}
		var me *MoveError
		if _, _, err := s.Apply(rapid.SampledFrom(append(s.AppendLegalMoves(nil), Move{})).Draw(t, "move")); err != nil &&
			!errors.As(err, &me) {
			t.Fatalf("Apply = %v, want nil or a *MoveError", err)
		}
	}
	var b Board
	for i := range b.pieces {
		if rapid.IntRange(0, 9).Draw(t, "occupied") == 0 {
			b.pieces[i] = Piece(rapid.Uint8().Draw(t, "piece"))
		}
	}
	if _, err := FromBoard(r, b, Color(rapid.Uint8Max(3).Draw(t, "turn"))); err != nil &&
		!errors.Is(err, ErrRules) && !errors.Is(err, ErrSetup) {
		t.Fatalf("FromBoard = %v, want nil, ErrRules or ErrSetup", err)
	}
	text := rapid.StringMatching(`[FB0-9XSs./?A-Z]{0,50}`).Draw(t, "setup text")
	if _, err := ParseSetup(r, text); err != nil && !errors.Is(err, ErrRules) && !errors.Is(err, ErrSyntax) &&
		!errors.Is(err, ErrSetup) {
		t.Fatalf("ParseSetup = %v", err)
	}
	_ = r.CheckSetup(red)
}

// TestRescuesInRandomGames plays many random games of a small Ultimate
// Lightning-like variant (6×6, two home rows, Captains, three rescues)
// where rescues are frequent, auditing the legal moves at every due
// rescue and every tenth ply.
func TestRescuesInRandomGames(t *testing.T) {
	r := Rules{
		Width: 6, Height: 6,
		Lakes:     SquaresOf(MustParseSquare("b3"), MustParseSquare("e4")),
		Zone:      Rect(0, 0, 5, 1),
		Army:      Army{Flag: 1, Bomb: 1, Spy: 1, Scout: 1, Miner: 1, Captain: 2, Major: 1, Marshal: 1},
		Ties:      TieAttackerWins,
		Bombs:     BombOneTime,
		Rescues:   3,
		MaxPlies:  300,
		Numbering: NumberingVintage,
	}
	r.CaptainsMoveTwo = true
	r.TwoSquares = 3
	r.MoreSquares = MoreSquaresChase
	games := 300
	if testing.Short() {
		games = 30
	}
	rescues, vias := 0, 0
	for seed := range uint64(games) {
		s := mustNew(t, r, seed)
		rng := rand.New(rand.NewPCG(seed, 7))
		var buf []Move
		made := [3]int{}
		for !s.Outcome().IsOver() {
			buf = s.AppendLegalMoves(buf[:0])
			if s.RescueDue() || s.Ply()%10 == 0 {
				auditMoves(t, s, buf)
			}
			m := buf[rng.IntN(len(buf))]
			if m.IsRescue() {
				rescues++
				made[s.Turn()]++
			}
			if m.Via != NoSquare {
				vias++
			}
			next, _, err := s.Apply(m)
			if err != nil {
				t.Fatalf("seed %d ply %d: %v: %v", seed, s.Ply(), m, err)
			}
			checkConserved(t, r, next)
			s = next
		}
		if made[Red] > r.Rescues || made[Blue] > r.Rescues {
			t.Fatalf("seed %d: %d and %d rescues, at most %d each", seed, made[Red], made[Blue], r.Rescues)
		}
	}
	if rescues == 0 || vias == 0 {
		t.Errorf("%d rescues and %d turning Captain moves in %d games; the test exercises nothing", rescues, vias, games)
	}
	t.Logf("%d games: %d rescues, %d turning Captain moves", games, rescues, vias)
}

// TestRectHugeBounds is the regression test of a hang: Rect looped over
// its whole range before clipping, so Rules.Squares of a Width of
// math.MaxInt never returned.
func TestRectHugeBounds(t *testing.T) {
	if got, want := Rect(math.MinInt, math.MinInt, math.MaxInt, math.MaxInt).Len(), MaxSquares; got != want {
		t.Errorf("Rect over everything has %d squares, want %d", got, want)
	}
	if got := (Rules{Width: math.MaxInt, Height: math.MaxInt}).Squares().Len(); got != MaxSquares {
		t.Errorf("Board of a huge Rules has %d squares, want %d", got, MaxSquares)
	}
}

// TestNeighbors: under any rules, valid or not, Rules.Neighbors of any
// value of Square (invalid ones too) yields exactly the playable squares
// one orthogonal step away, Up, Right, Down, Left in that order, each
// once; and q is a neighbour of p exactly when p is one of q.
func TestNeighbors(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := rapid.OneOf(genAnyRules(), genValidRules()).Draw(t, "rules")
		sq := Square(rapid.Uint8().Draw(t, "square"))
		var got []Square
		for q := range r.Neighbors(sq) {
			got = append(got, q)
		}
		var want []Square
		if sq.IsValid() {
			f, w := sq.File(), sq.Row()
			for _, d := range [][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
				if q := SquareAt(f+d[0], w+d[1]); r.OnBoard(q) {
					want = append(want, q)
				}
			}
		}
		if !slices.Equal(got, want) {
			t.Fatalf("Neighbors(%v) = %v, want %v", sq, got, want)
		}
		for _, q := range got {
			if !slices.Contains(slices.Collect(r.Neighbors(q)), sq) && r.OnBoard(sq) {
				t.Fatalf("%v is next to %v, not the other way round", q, sq)
			}
		}
		// A loop that stops early stops the iterator.
		n := 0
		for range r.Neighbors(sq) {
			n++
			break
		}
		if n > 1 {
			t.Fatal("Neighbors went on after its loop broke off")
		}
	})
}
