package referee

import (
	"context"
	"testing"

	"github.com/stratego-go/stratego"
)

// observer is a scripted seat that records the plies it is told of.
type observer struct {
	scriptSeat
	final []bool
}

func (o *observer) Observe(_ context.Context, p Ply) error {
	o.final = append(o.final, p.Final)
	return nil
}

// smallArmy is the UCC 2012 rules with a small army on any home squares.
func smallArmy(army map[stratego.Rank]uint8) stratego.Rules {
	r := UCC2012Rules()
	r.Army = stratego.Army{}
	for rk, n := range army {
		r.Army[rk] = n
	}
	r.FillZone = false
	return r
}

// TestUCC2012EndTiming pins the manager's end of game (docs/ucc2012.md
// section 6) against the library's: attrition one ply early, the draw when
// both lose their last movable pieces, the walled-in side still asked to
// move, and which plies the manager sends.
func TestUCC2012EndTiming(t *testing.T) {
	three := smallArmy(map[stratego.Rank]uint8{stratego.Flag: 1, stratego.Bomb: 2, stratego.Scout: 1})
	classicEnd := three
	classicEnd.Attrition = false
	mv := stratego.MustParseMove
	tests := []struct {
		name       string
		rules      stratego.Rules
		profile    Profile
		red, blue  string // setups
		moves      []stratego.Move
		want       Reason
		winner     stratego.Color
		plies      int
		line       string // the UCC result line
		redFinal   []bool // the Final flags Red was told
		walledTurn bool
	}{
		{
			name: "attrition: red loses its last movable piece on a bomb", rules: three, profile: ProfileUCC2012,
			red: "FBB......./........../........../2.........", blue: "FB......../........../........../2........B",
			moves: []stratego.Move{mv("a4-a7")}, want: NoMovable, winner: stratego.Blue, plies: 1,
			line: "blue BLUE VICTORY 1 0 2", redFinal: []bool{false},
		},
		{
			name: "library: red loses when it must move", rules: classicEnd, profile: ProfileLibrary,
			red: "FBB......./........../........../2.........", blue: "FB......../........../........../2........B",
			moves: []stratego.Move{mv("a4-a7"), mv("j7-j6")}, want: NoMovable, winner: stratego.Blue, plies: 2,
			line: "blue BLUE VICTORY 1 0 2", redFinal: []bool{false, true},
		},
		{
			name: "attrition: both lose their last movable pieces", rules: three, profile: ProfileUCC2012,
			red: "FBB......./........../........../2.........", blue: "FBB......./........../........../.........2",
			moves: []stratego.Move{mv("a4-a7")}, want: Neither, plies: 1,
			line: "red RED DRAW 1 0 0", redFinal: []bool{true},
		},
		{
			name: "ucc2012: a walled-in side is asked to move", rules: three, profile: ProfileUCC2012,
			red: "2BF......./B........./........../..........", blue: "FBB......./........../........../.........2",
			want: Resign, winner: stratego.Blue, plies: 0,
			line: "red RED SURRENDER 1 2 2",
		},
		{
			name: "library: a walled-in side loses at once", rules: classicEnd, profile: ProfileLibrary,
			red: "2BF......./B........./........../..........", blue: "FBB......./........../........../.........2",
			want: WalledIn, winner: stratego.Blue, plies: 0,
			line: "blue BLUE VICTORY 1 2 2",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var redMoves, blueMoves []stratego.Move
			for i, m := range tt.moves {
				if i%2 == 0 {
					redMoves = append(redMoves, m)
				} else {
					blueMoves = append(blueMoves, m)
				}
			}
			red := &observer{scriptSeat: scriptSeat{setup: stratego.MustParseSetup(tt.rules, tt.red), moves: redMoves}}
			blue := &observer{scriptSeat: scriptSeat{setup: stratego.MustParseSetup(tt.rules, tt.blue), moves: blueMoves}}
			g := Game{Rules: tt.rules, Profile: tt.profile, Red: red, Blue: blue}
			res, err := g.Play(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			res.Names = [3]string{"", "red", "blue"}
			if res.Reason != tt.want || res.Winner != tt.winner || res.Plies != tt.plies {
				t.Fatalf("got %v after %d plies, want %v for %v after %d", res, res.Plies, tt.want, tt.winner, tt.plies)
			}
			if got := UCCResultLine(res); got != tt.line {
				t.Errorf("result line %q, want %q", got, tt.line)
			}
			if len(red.final) != len(tt.redFinal) {
				t.Fatalf("red was told of %d plies (%v), want %d", len(red.final), red.final, len(tt.redFinal))
			}
			for i := range red.final {
				if red.final[i] != tt.redFinal[i] {
					t.Errorf("ply %d: Final %v, want %v", i+1, red.final[i], tt.redFinal[i])
				}
			}
			if _, err := res.Record.Replay(); err != nil {
				t.Errorf("record: %v", err)
			}
		})
	}
}
