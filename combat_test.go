package stratego

import (
	"testing"

	"github.com/google/go-cmp/cmp"
)

// isfNumber is the ISF number of each movable rank from the table of
// RULES.md section 2, written out here so that the expected results below
// do not rely on the order of the Rank constants.
var isfNumber = map[Rank]int{
	Spy: 1, Scout: 2, Miner: 3, Sergeant: 4, Lieutenant: 5,
	Captain: 6, Major: 7, Colonel: 8, General: 9, Marshal: 10,
}

var testMovableRanks = []Rank{Spy, Scout, Miner, Sergeant, Lieutenant, Captain, Major, Colonel, General, Marshal}
var testAllRanks = append(append([]Rank{}, testMovableRanks...), Bomb, Flag)

// wantCombat is RULES.md section 5 read step by step, with the house-rule
// settings of section 7 (attacker wins ties, one-time bombs).
func wantCombat(att, def Rank, ties TieRule, bombs BombRule) Combat {
	if _, ok := isfNumber[att]; !ok {
		return NoCombat // bombs, flags and non-ranks never attack
	}
	switch def {
	case Flag: // 1. the flag is captured
		return AttackerWins
	case Bomb: // 2. a miner defuses a bomb; any other attacker is removed
		if att == Miner {
			return AttackerWins
		}
		if bombs == BombOneTime {
			return BothRemoved
		}
		return DefenderWins
	}
	d, ok := isfNumber[def]
	if !ok {
		return NoCombat
	}
	if att == Spy && def == Marshal { // 3. only when the spy attacks
		return AttackerWins
	}
	a := isfNumber[att]
	switch { // 4. the stronger piece wins; equal ranks remove both
	case a > d:
		return AttackerWins
	case a < d:
		return DefenderWins
	case ties == TieAttackerWins:
		return AttackerWins
	}
	return BothRemoved
}

// TestResolve_WorkedRows checks every worked row of RULES.md section 5.
func TestResolve_WorkedRows(t *testing.T) {
	tests := []struct {
		name     string
		att, def Rank
		want     Combat
	}{
		{"Colonel→Captain: Captain removed, Colonel moves in", Colonel, Captain, AttackerWins},
		{"Sergeant→Major: Sergeant removed", Sergeant, Major, DefenderWins},
		{"Lieutenant→Lieutenant: both removed", Lieutenant, Lieutenant, BothRemoved},
		{"Spy→Marshal: Marshal removed", Spy, Marshal, AttackerWins},
		{"Marshal→Spy: Spy removed", Marshal, Spy, AttackerWins},
		{"General→Bomb: General removed, Bomb stays", General, Bomb, DefenderWins},
		{"Miner→Bomb: Bomb removed", Miner, Bomb, AttackerWins},
		{"Spy→Spy: both removed", Spy, Spy, BothRemoved},
		{"Marshal→Marshal: both removed", Marshal, Marshal, BothRemoved},
	}
	for _, rk := range testMovableRanks {
		tests = append(tests, struct {
			name     string
			att, def Rank
			want     Combat
		}{"any movable→Flag: " + rk.String() + " wins the game", rk, Flag, AttackerWins})
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Resolve(Classic(), tt.att, tt.def); got != tt.want {
				t.Errorf("Resolve(Classic, %v, %v) = %v, want %v", tt.att, tt.def, got, tt.want)
			}
		})
	}
}

// TestResolve_Matrix checks every movable attacker against every defender
// under the four combinations of the tie and bomb settings, against the
// rule text (wantCombat).
func TestResolve_Matrix(t *testing.T) {
	for _, ties := range []TieRule{TieBothRemoved, TieAttackerWins} {
		for _, bombs := range []BombRule{BombPermanent, BombOneTime} {
			r := Classic()
			r.Ties, r.Bombs = ties, bombs
			for _, a := range testMovableRanks {
				for _, d := range testAllRanks {
					want := wantCombat(a, d, ties, bombs)
					if got := Resolve(r, a, d); got != want {
						t.Errorf("ties %d bombs %d: Resolve(%v, %v) = %v, want %v", ties, bombs, a, d, got, want)
					}
				}
			}
		}
	}
}

// TestResolve_Classic pins the Classic matrix as a table a reader can
// check by eye: row = attacker, column = defender (Spy … Marshal, Bomb,
// Flag); A attacker wins, D defender wins, = both removed.
func TestResolve_Classic(t *testing.T) {
	want := []string{
		//      S23456789XBF
		"spy:        =DDDDDDDDADA",
		"scout:      A=DDDDDDDDDA",
		"miner:      AA=DDDDDDDAA",
		"sergeant:   AAA=DDDDDDDA",
		"lieutenant: AAAA=DDDDDDA",
		"captain:    AAAAA=DDDDDA",
		"major:      AAAAAA=DDDDA",
		"colonel:    AAAAAAA=DDDA",
		"general:    AAAAAAAA=DDA",
		"marshal:    AAAAAAAAA=DA",
	}
	var got []string
	for _, a := range testMovableRanks {
		row := []byte(a.String() + ":")
		for len(row) < 12 {
			row = append(row, ' ')
		}
		for _, d := range testAllRanks {
			row = append(row, map[Combat]byte{AttackerWins: 'A', DefenderWins: 'D', BothRemoved: '=', NoCombat: '?'}[Resolve(Classic(), a, d)])
		}
		got = append(got, string(row))
	}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("Classic combat table (-want +got):\n%s", diff)
	}
}

// TestResolve_NotAFight: bombs, flags and non-ranks never attack, and
// NoRank or Unknown is no defender.
func TestResolve_NotAFight(t *testing.T) {
	for _, a := range []Rank{NoRank, Bomb, Flag, Unknown, Rank(200)} {
		for _, d := range append(testAllRanks, NoRank, Unknown) {
			if got := Resolve(Classic(), a, d); got != NoCombat {
				t.Errorf("Resolve(%v, %v) = %v, want none", a, d, got)
			}
		}
	}
	for _, a := range testMovableRanks {
		for _, d := range []Rank{NoRank, Unknown, Rank(200)} {
			if got := Resolve(Classic(), a, d); got != NoCombat {
				t.Errorf("Resolve(%v, %v) = %v, want none", a, d, got)
			}
		}
	}
}

// TestResolve_NumberingIsOnlyALabel: RULES.md 2, the Vintage numbering
// changes labels, not combat.
func TestResolve_NumberingIsOnlyALabel(t *testing.T) {
	v := Classic()
	v.Numbering = NumberingVintage
	for _, a := range testMovableRanks {
		for _, d := range testAllRanks {
			if got, want := Resolve(v, a, d), Resolve(Classic(), a, d); got != want {
				t.Errorf("Vintage numbering: Resolve(%v, %v) = %v, want %v as in ISF", a, d, got, want)
			}
		}
	}
}

func TestCombat_String(t *testing.T) {
	for c, want := range map[Combat]string{NoCombat: "none", AttackerWins: "attacker wins", DefenderWins: "defender wins", BothRemoved: "both removed"} {
		if got := c.String(); got != want {
			t.Errorf("Combat(%d).String() = %q, want %q", c, got, want)
		}
	}
}

// TestRule5_WorkedRowsOnTheBoard plays each worked row of RULES.md 5 as
// a move on a board: Red's attacker on e4 attacks Blue's defender on e5.
// It checks the event, what stands on both squares afterwards, the
// captured pieces, and that both ranks are revealed.
func TestRule5_WorkedRowsOnTheBoard(t *testing.T) {
	tests := []struct {
		name     string
		att, def byte // Gravon letters, Red attacker and Blue defender
		combat   Combat
		e4, e5   byte // what stands there afterwards, 'A' for nothing
		outcome  Outcome
	}{
		{"Colonel→Captain", 'J', 'T', AttackerWins, 'A', 'J', Outcome{}},
		{"Sergeant→Major", 'F', 'U', DefenderWins, 'A', 'U', Outcome{}},
		{"Lieutenant→Lieutenant", 'G', 'S', BothRemoved, 'A', 'A', Outcome{}},
		{"Spy→Marshal", 'C', 'X', AttackerWins, 'A', 'C', Outcome{}},
		{"Marshal→Spy", 'L', 'O', AttackerWins, 'A', 'L', Outcome{}},
		{"General→Bomb", 'K', 'N', DefenderWins, 'A', 'N', Outcome{}},
		{"Miner→Bomb", 'E', 'N', AttackerWins, 'A', 'E', Outcome{}},
		{"Scout→Flag", 'D', 'Y', AttackerWins, 'A', 'D', Outcome{Winner: Red, Reason: FlagCaptured}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			// Each side keeps a second movable piece, so no game ends for
			// want of moves.
			pl := []string{"a1:M", "j1:F", "e4:" + string(tt.att), "e5:" + string(tt.def), "j9:R"}
			if tt.def != 'Y' {
				pl = append(pl, "a10:Y")
			}
			s := mustBoard(t, Classic(), Red, pl...)
			a, _ := letterPiece(tt.att)
			d, _ := letterPiece(tt.def)
			next, ev, err := s.Apply(MustParseMove("e4-e5"))
			if err != nil {
				t.Fatalf("Apply(e4-e5): %v", err)
			}
			want := Event{Move: MustParseMove("e4-e5"), Color: Red, Piece: a, Defender: d, Combat: tt.combat, Outcome: tt.outcome}
			if ev != want {
				t.Errorf("event = %+v, want %+v", ev, want)
			}
			for _, sq := range []struct {
				name string
				want byte
			}{{"e4", tt.e4}, {"e5", tt.e5}} {
				p, _ := next.At(MustParseSquare(sq.name))
				if got := letterOf(p); got != sq.want {
					t.Errorf("%s holds %c, want %c", sq.name, got, sq.want)
				}
			}
			var lostRed, lostBlue Army
			switch tt.combat {
			case AttackerWins:
				lostBlue[d.Rank()]++
			case DefenderWins:
				lostRed[a.Rank()]++
			case BothRemoved:
				lostRed[a.Rank()]++
				lostBlue[d.Rank()]++
			}
			if got := next.Captured(Red); got != lostRed {
				t.Errorf("Captured(Red) = %v, want %v", got, lostRed)
			}
			if got := next.Captured(Blue); got != lostBlue {
				t.Errorf("Captured(Blue) = %v, want %v", got, lostBlue)
			}
			if got := next.Outcome(); got != tt.outcome {
				t.Errorf("Outcome() = %v, want %v", got, tt.outcome)
			}
			// Both ranks are revealed; the survivor stays known.
			if tt.e5 != 'A' {
				if k := next.Knowledge(MustParseSquare("e5")); k&KnownRank == 0 {
					t.Errorf("survivor on e5: knowledge %b, want KnownRank", k)
				}
			}
		})
	}
}
