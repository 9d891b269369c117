package stratego

import "testing"

// attritionBoard places pieces for the tests of Rules.Attrition.
func attritionBoard(t *testing.T, r Rules, pieces map[string]Piece) State {
	t.Helper()
	var b Board
	for sq, p := range pieces {
		b.Put(MustParseSquare(sq), p)
	}
	s, err := FromBoard(r, b, Red)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestAttritionRule pins Rules.Attrition, the UCC 2012 evaluator's end
// (docs/ucc2012.md section 6.4): a side that loses its last movable piece on its own
// move loses at once, not when it must move; walled-in pieces still count;
// neither side with a movable piece is a draw.
func TestAttritionRule(t *testing.T) {
	rp := func(rk Rank) Piece { return NewPiece(Red, rk) }
	bp := func(rk Rank) Piece { return NewPiece(Blue, rk) }
	attr := Classic()
	attr.Attrition = true
	suicide := map[string]Piece{"a1": rp(Flag), "a4": rp(Scout), "j10": bp(Flag), "a7": bp(Bomb), "j7": bp(Sergeant)}
	tests := []struct {
		name   string
		rules  Rules
		pieces map[string]Piece
		moves  []string
		want   Outcome
	}{
		{"attrition: the last movable piece dies on a bomb", attr, suicide, []string{"a4-a7"}, Outcome{Winner: Blue, Reason: NoMovablePiece}},
		{"classic: the loser must move first", Classic(), suicide, []string{"a4-a7"}, Outcome{}},
		{"classic: then it loses for want of a move", Classic(), suicide, []string{"a4-a7", "j7-j6"}, Outcome{Winner: Blue, Reason: NoLegalMove}},
		{"attrition: the last movable pieces trade", attr, map[string]Piece{"a1": rp(Flag), "a4": rp(Scout), "j10": bp(Flag), "a7": bp(Scout), "j9": bp(Bomb)}, []string{"a4-a7"}, Outcome{Reason: NeitherCanMove}},
		{"attrition: walled in is no attrition", attr, map[string]Piece{"a1": rp(Scout), "a2": rp(Bomb), "b1": rp(Bomb), "c1": rp(Flag), "j10": bp(Flag), "j7": bp(Sergeant)}, nil, Outcome{Winner: Blue, Reason: NoLegalMove}},
		{"attrition: checked at the start", attr, map[string]Piece{"a1": rp(Flag), "a4": rp(Scout), "j10": bp(Flag), "j9": bp(Bomb)}, nil, Outcome{Winner: Red, Reason: NoMovablePiece}},
		{"attrition: a captured flag comes first", attr, map[string]Piece{"a1": rp(Flag), "a4": rp(Scout), "a7": bp(Flag), "j9": bp(Bomb), "j7": bp(Scout)}, []string{"a4-a7"}, Outcome{Winner: Red, Reason: FlagCaptured}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			s := attritionBoard(t, tt.rules, tt.pieces)
			for _, m := range tt.moves {
				next, _, err := s.Apply(MustParseMove(m))
				if err != nil {
					t.Fatalf("%s: %v", m, err)
				}
				s = next
			}
			if got := s.Outcome(); got != tt.want {
				t.Fatalf("outcome %v, want %v", got, tt.want)
			}
			// The position keeps the outcome, and the state rebuilt from it
			// agrees.
			p := s.Position()
			again, err := ParsePosition(p.String())
			if err != nil {
				t.Fatalf("position %q: %v", p.String(), err)
			}
			back, err := again.State()
			if err != nil {
				t.Fatalf("position %q: %v", p.String(), err)
			}
			if back.Outcome() != tt.want {
				t.Errorf("rebuilt outcome %v, want %v", back.Outcome(), tt.want)
			}
		})
	}
}

func TestAttritionText(t *testing.T) {
	r, err := ParseRules("classic,twosquares=0,moresquares=off,maxplies=9998,attrition=true")
	if err != nil {
		t.Fatal(err)
	}
	if !r.Attrition || r.MaxPlies != 9998 {
		t.Fatalf("parsed %+v", r)
	}
	if again, err := ParseRules(r.String()); err != nil || again != r {
		t.Errorf("%q reads back as %+v, %v", r.String(), again, err)
	}
	o := Outcome{Winner: Blue, Reason: NoMovablePiece}
	if got, want := o.String(), "blue wins (no movable piece)"; got != want {
		t.Errorf("%v: String %q, want %q", o, got, want)
	}
	if back, err := ParseOutcome(o.String()); err != nil || back != o {
		t.Errorf("ParseOutcome(%q) = %v, %v", o.String(), back, err)
	}
}
