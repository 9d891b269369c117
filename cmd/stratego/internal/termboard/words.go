package termboard

import (
	"errors"
	"fmt"
	"strings"

	"github.com/stratego-go/stratego"
)

// Describe puts a move into words as viewer saw it: who moved which
// piece where, and for an attack the two pieces and who won. For a
// player, ev is the player's View.LastEvent (a hidden enemy piece is "a
// hidden piece"); NoColor is an onlooker who sees the full Event. The
// outcome follows when the move ended the game.
func (st Style) Describe(ev stratego.Event, viewer stratego.Color, n stratego.Numbering) string {
	if !ev.Move.IsValid() {
		return ""
	}
	var b strings.Builder
	w := words{st: st, viewer: viewer, n: n}
	switch {
	case ev.Move.IsRescue():
		fmt.Fprintf(&b, "%s rescued %s onto %v.", w.subject(ev.Color), w.moved(ev.Piece), ev.Move.To)
	case ev.IsAttack():
		fmt.Fprintf(&b, "%s %s attacks %s: %s.", w.Piece(ev.Piece), attackText(ev.Move), w.piece(ev.Defender), w.combat(ev))
	default:
		fmt.Fprintf(&b, "%s moved %s %v.", w.subject(ev.Color), w.moved(ev.Piece), ev.Move)
	}
	if ev.Outcome.IsOver() {
		fmt.Fprintf(&b, " Game over: %s.", st.Outcome(ev.Outcome, viewer))
	}
	return b.String()
}

// Outcome writes an outcome, for a player ("you win", "you lose") or an
// onlooker (NoColor).
func (st Style) Outcome(o stratego.Outcome, viewer stratego.Color) string {
	if !o.IsOver() || o.IsDraw() || viewer == stratego.NoColor {
		return o.String()
	}
	if o.Winner == viewer {
		return st.Bold("you win") + " (" + o.Reason.String() + ")"
	}
	return st.Bold("you lose") + " (" + o.Reason.String() + ")"
}

// attackText writes a move with "x" before its last square.
func attackText(m stratego.Move) string {
	s := m.String()
	if i := strings.LastIndexByte(s, '-'); i >= 0 {
		s = s[:i] + "x" + s[i+1:]
	}
	return s
}

// words writes pieces and sides for one reader.
type words struct {
	st     Style
	viewer stratego.Color
	n      stratego.Numbering
}

// subject names the side that moved: "You" or "Blue".
func (w words) subject(c stratego.Color) string {
	if c == w.viewer {
		return "You"
	}
	return w.st.paint(sideCode(c), capital(c.String()))
}

// owner writes whose a piece is: "your", "Blue's".
func (w words) owner(c stratego.Color) string {
	if c == w.viewer {
		return "your"
	}
	return w.st.paint(sideCode(c), capital(c.String())+"'s")
}

// piece writes a piece in the middle of a sentence: "your major (7)",
// "Blue's hidden piece".
func (w words) piece(p stratego.Piece) string {
	if p.Rank() == stratego.Unknown {
		return w.owner(p.Color()) + " hidden piece"
	}
	return w.owner(p.Color()) + " " + RankName(w.n, p.Rank())
}

// moved writes the piece a side moved, after the side's name: "your
// major (7)", "its scout (2)", "a hidden piece".
func (w words) moved(p stratego.Piece) string {
	switch {
	case p.Color() == w.viewer:
		return w.piece(p)
	case p.Rank() == stratego.Unknown:
		return "a hidden piece"
	}
	return "its " + RankName(w.n, p.Rank())
}

// Piece writes a piece at the start of a sentence.
func (w words) Piece(p stratego.Piece) string {
	s := w.piece(p)
	if strings.HasPrefix(s, "your") {
		return "Y" + s[1:]
	}
	return s
}

// short names a piece by owner and rank name without label.
func (w words) short(p stratego.Piece) string {
	if p.Rank() == stratego.Unknown {
		return w.owner(p.Color()) + " hidden piece"
	}
	return w.owner(p.Color()) + " " + p.Rank().String()
}

// combat says who won a fight.
func (w words) combat(ev stratego.Event) string {
	att, def := ev.Piece, ev.Defender
	switch ev.Combat {
	case stratego.AttackerWins:
		switch {
		case def.Rank() == stratego.Flag:
			return "the flag is captured"
		case def.Rank() == stratego.Bomb:
			return "the miner defuses the bomb"
		case att.Rank() == stratego.Spy && def.Rank() == stratego.Marshal:
			return "the spy takes the marshal"
		case att.Rank() == def.Rank():
			return "equal ranks, and the attacker wins ties: " + w.short(def) + " is removed"
		}
		return "the " + att.Rank().String() + " wins, " + w.short(def) + " is removed"
	case stratego.DefenderWins:
		switch def.Rank() {
		case stratego.Bomb:
			return "the bomb destroys " + w.short(att)
		case stratego.Unknown:
			return "the defender holds and stays hidden, " + w.short(att) + " is removed"
		}
		return "the " + def.Rank().String() + " wins, " + w.short(att) + " is removed"
	case stratego.BothRemoved:
		if def.Rank() == stratego.Bomb {
			return "the bomb goes off: both pieces are removed"
		}
		return "equal ranks: both pieces are removed"
	}
	return ev.Combat.String()
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// Refusal says in words why a move was refused, naming the rule: err is
// the error of stratego.State.Check or State.Apply (a
// *stratego.MoveError), r the rules of the game.
func Refusal(r stratego.Rules, err error) string {
	far := "only a scout moves further, along a straight line of empty squares"
	if r.CaptainsMoveTwo {
		far += ", and a captain two squares"
	}
	switch {
	case errors.Is(err, stratego.ErrTwoSquares):
		return fmt.Sprintf("the Two-Squares Rule: a piece may not move more than %d times in a row between the same two squares (for a scout: across the same square boundary), whatever the enemy does", r.TwoSquares)
	case errors.Is(err, stratego.ErrMoreSquares):
		return "the More-Squares Rule: while you chase an enemy piece, a threatening move may not bring back a position already reached in the chase (moving the chasing piece straight back to the square it just left is allowed)"
	case errors.Is(err, stratego.ErrGameOver):
		return "the game is over"
	case errors.Is(err, stratego.ErrRescue):
		return "a rescue is not possible here: when a rescue is due it is the only move (type \"moves\" for the squares and ranks), and otherwise there is none to make"
	case errors.Is(err, stratego.ErrOffBoard):
		return "that square is not on the board, or is a lake: no piece enters or crosses a lake"
	case errors.Is(err, stratego.ErrNoPiece):
		return "there is no piece on the square it starts from"
	case errors.Is(err, stratego.ErrNotYourPiece):
		return "that piece is the enemy's"
	case errors.Is(err, stratego.ErrImmovable):
		return "bombs and the flag never move"
	case errors.Is(err, stratego.ErrBadDirection):
		return "a piece moves one square forward, backward or sideways, never diagonally; " + far
	case errors.Is(err, stratego.ErrBlocked):
		return "the path is blocked: a moving piece cannot jump over pieces or lakes"
	case errors.Is(err, stratego.ErrOwnPiece):
		return "your own piece stands on that square"
	case errors.Is(err, stratego.ErrNoStrike):
		return "under these rules a scout may not move and strike in one move: it attacks only a piece next to it"
	case errors.Is(err, stratego.ErrInvalid):
		return "that is not a move"
	}
	return err.Error()
}
