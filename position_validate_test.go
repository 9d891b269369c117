package stratego

import (
	"errors"
	"reflect"
	"testing"

	"pgregory.net/rapid"
)

// literalOf returns a Position literal with the exported fields of p:
// what a program that builds positions by hand has.
func literalOf(p Position) Position {
	return Position{Rules: p.Rules, Viewer: p.Viewer, Board: p.Board, Known: p.Known, Rescuers: p.Rescuers,
		Captured: p.Captured, Turn: p.Turn, RescueDue: p.RescueDue, Ply: p.Ply,
		PliesWithoutAttack: p.PliesWithoutAttack, Outcome: p.Outcome}
}

// validOutcomes are the outcomes that are valid values.
var validOutcomes = []Outcome{{}, {Red, FlagCaptured}, {Blue, FlagCaptured}, {Red, NoLegalMove}, {Blue, NoLegalMove},
	{NoColor, NeitherCanMove}, {Red, Resignation}, {Blue, Resignation}, {NoColor, DrawAgreed}, {NoColor, PlyCap}, {NoColor, NoAttackCap}}

// TestProp_ValidateAgreesWithState: for a position taken from a game or
// a literal built from its exported fields, under every preset, each
// possibly changed by hand, Validate accepts it exactly when State makes
// a state of it, with the same error (a view makes none); a literal of a game's position
// that is ongoing makes a state.
func TestProp_ValidateAgreesWithState(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genPreset(t)
		if rapid.Bool().Draw(t, "game scope") {
			r.MoreSquares = MoreSquaresGame
		}
		s := genGame(t, r, plies(60))
		p := s.Position()
		if rapid.Bool().Draw(t, "literal") {
			p = literalOf(p)
			if _, err := p.State(); err != nil && !p.Outcome.IsOver() {
				t.Fatalf("literal of an ongoing game's position: %v\n%v", err, p)
			}
		}
		sq := func() Square { return Square(rapid.IntRange(0, MaxSquares+1).Draw(t, "square")) }
		move := func() Move { return Move{From: sq(), To: sq()} }
		switch rapid.IntRange(0, 13).Draw(t, "change") {
		case 0:
		case 1:
			p.Turn = Color(rapid.IntRange(0, 3).Draw(t, "turn"))
		case 2:
			p.Ply = rapid.IntRange(-1, 5).Draw(t, "ply")
		case 3:
			p.RescueDue = !p.RescueDue
		case 4:
			sq := Square(rapid.IntRange(1, MaxSquares).Draw(t, "square"))
			p.Board.pieces[sq.Index()] = Piece(rapid.IntRange(0, 40).Draw(t, "piece"))
		case 5:
			sq := Square(rapid.IntRange(1, MaxSquares).Draw(t, "square"))
			p.Known.known[sq.Index()] = Knowledge(rapid.IntRange(0, 31).Draw(t, "knowledge"))
		case 6:
			p.Outcome = rapid.SampledFrom(validOutcomes).Draw(t, "outcome")
		case 7:
			p.RedRun = append(p.RedRun, move())
		case 8:
			p.BlueRun = nil
		case 9:
			p.RedChase = Chase{Move: move(), Boards: rapid.IntRange(-1, 4).Draw(t, "boards")}
		case 10:
			p.SeenBoards = rapid.IntRange(-1, 4).Draw(t, "seen")
		case 11:
			if len(p.History) > 0 && rapid.Bool().Draw(t, "drop") {
				p.History = p.History[1:]
			} else {
				p.History = append(p.History, move())
			}
		case 12:
			p.Beats = append(p.Beats, Beat{Square: sq(), Attackers: RankSet(rapid.IntRange(0, 1<<12).Draw(t, "attackers"))})
		case 13:
			p.PliesWithoutAttack = rapid.IntRange(-1, p.Ply+1).Draw(t, "quiet")
		}
		_, serr := p.State()
		verr := p.Validate()
		if p.IsView() {
			// A view makes no State; Validate checks what it can.
			if serr == nil || !errors.Is(serr, ErrHidden) && verr == nil {
				t.Fatalf("State of a view: %v; Validate: %v", serr, verr)
			}
			return
		}
		if serr == nil && verr != nil || serr != nil && (verr == nil || verr.Error() != serr.Error()) {
			t.Fatalf("State: %v; Validate: %v", serr, verr)
		}
		if serr != nil && !errors.Is(serr, ErrPosition) && !errors.Is(serr, ErrRules) {
			t.Fatalf("State: %v, want ErrPosition or ErrRules", serr)
		}
		// A refused position names the field at fault.
		var pe *PositionError
		if errors.As(serr, &pe) {
			if _, ok := reflect.TypeFor[Position]().FieldByName(pe.Field); !ok {
				t.Fatalf("State: %v names no field of Position (Field %q)", serr, pe.Field)
			}
		}
	})
}
