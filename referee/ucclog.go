package referee

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"time"

	"github.com/stratego-go/stratego"
)

// WriteUCCLog writes a game in the UCC 2012 manager's -o log format
// (PROTOCOLS.md 1.10; Game::Setup, Game::Play, Game::PrintEndMessage):
// each side's name and setup rows, a line "TURN RED: MOVE OUTCOME" or
// "TURN BLU: …" per move (the game-ending one with VICTORY_FLAG, a
// rejected one with ILLEGAL), the end line "Game ends on RED's turn -
// REASON: …" and the result line (UCCResultLine). moveTime is the time
// limit the timeout message names. Games the UCC wire cannot carry
// (CheckUCCRules) are written all the same, with "?" for ranks it has no
// token for.
func WriteUCCLog(w io.Writer, r Result, moveTime time.Duration) error {
	bw := bufio.NewWriter(w)
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		fmt.Fprintf(bw, "%s %s SETUP\n", uccName(r.Names[c]), strings.ToUpper(c.String()))
		if r.State.Rules().Width == 0 && (r.Side == c || r.Side == stratego.NoColor) {
			bw.WriteString("INVALID!\n")
			continue
		}
		for _, row := range uccSetupRows(r.Setups[c], c) {
			bw.WriteString(row + "\n")
		}
	}
	for i, p := range r.Log {
		text := p.Text
		if text == "" {
			text = formatUCCMove(p.Event.Move)
		}
		outcome := uccOutcome(p.Event)
		if p.Event.Outcome.Reason == stratego.FlagCaptured {
			outcome = "VICTORY_FLAG"
		}
		fmt.Fprintf(bw, "%d %s: %s %s\n", i/2+1, uccColour(p.Event.Color), text, outcome)
	}
	if line, ok := uccFaultLine(r); ok {
		fmt.Fprintf(bw, "%d %s: %s\n", len(r.Log)/2+1, uccColour(r.Side), line)
	}
	if r.State.Rules().Width == 0 {
		bw.WriteString("Game ends in the SETUP phase - REASON: ")
	} else {
		fmt.Fprintf(bw, "Game ends on %s's turn - REASON: ", uccTurnName(r.Turn))
	}
	bw.WriteString(uccEndReason(r, moveTime) + "\n")
	bw.WriteString(UCCResultLine(r) + "\n")
	return bw.Flush()
}

// uccColour is the colour of a log line: RED or BLU.
func uccColour(c stratego.Color) string {
	if c == stratego.Blue {
		return "BLU"
	}
	return "RED"
}

// uccTurnName is the colour of the end line.
func uccTurnName(c stratego.Color) string {
	switch c {
	case stratego.Red:
		return "RED"
	case stratego.Blue:
		return "BLUE"
	}
	return "ERROR"
}

// uccFaultLine is the log line of a reply that ended the game without a
// move: the reply (with ILLEGAL when it parsed as a move), or
// "SURRENDER OK".
func uccFaultLine(r Result) (string, bool) {
	switch r.Reason {
	case Resign:
		return "SURRENDER OK", true
	case Illegal:
		text := r.Text
		if text == "" {
			text = formatUCCMove(r.IllegalMove)
		}
		return text + " ILLEGAL", true
	case Garbage, Timeout, Crash, Flood:
		return r.Text, true
	}
	return "", false
}

// uccEndReason is the manager's REASON text of an end.
func uccEndReason(r Result, moveTime time.Duration) string {
	switch r.Reason {
	case Flag:
		return "Captured the flag"
	case NoMovable, WalledIn:
		return "Destroyed all mobile enemy pieces"
	case Neither:
		return "Game declared a draw because neither player has mobile pieces"
	case PlyCap, QuietCap, TurnCap:
		return fmt.Sprintf("Game declared a draw after %d turns", (r.Plies)/2+1)
	case Resign:
		return "This player has surrendered!"
	case Garbage, Flood:
		return "Unintelligable response"
	case Timeout, Crash:
		return fmt.Sprintf("Response timeout after %f seconds.", moveTime.Seconds())
	case BadSetup, Rejected:
		switch r.Side {
		case stratego.Red:
			return "An illegal setup was made by RED"
		case stratego.Blue:
			return "An illegal setup was made by BLUE"
		}
		return "An illegal setup was made by BOTH players"
	case Illegal:
		return uccIllegalReason(r.Err)
	case Agreed:
		return "The players agreed to a draw"
	}
	return "Internal controller error - Unspecified ERROR"
}

// uccIllegalReason is the manager's reason for an illegal move
// (MovementResult); the repetition rules, which the manager does not
// have, get texts of their own.
func uccIllegalReason(err error) string {
	switch {
	case errors.Is(err, stratego.ErrOffBoard):
		return "Coords outside board"
	case errors.Is(err, stratego.ErrNoPiece):
		return "Move does not select a piece"
	case errors.Is(err, stratego.ErrNotYourPiece):
		return "Selected piece belongs to other player"
	case errors.Is(err, stratego.ErrImmovable):
		return "Selected piece is not mobile (FLAG or BOMB)"
	case errors.Is(err, stratego.ErrOwnPiece):
		return "Attempted move into square occupied by neutral or allied piece"
	case errors.Is(err, stratego.ErrTwoSquares):
		return "Move breaks the Two-Squares rule"
	case errors.Is(err, stratego.ErrMoreSquares):
		return "Move breaks the More-Squares rule"
	}
	return "Selected unit cannot move that way"
}

// ErrLog reports a UCC manager log that does not read, or that the
// library's rules contradict.
var ErrLog = errors.New("referee: bad UCC log")

// UCCLog is a game read from a UCC 2012 manager's -o log (ReadUCCLog).
type UCCLog struct {
	// Names are the two programs' names, by Color.
	Names [3]string
	// Record is the game: the setups, the moves with their combats, and
	// the result (the rules' outcome, or the resignation of a side the
	// result line says lost by ILLEGAL or SURRENDER). It has no moves and
	// the zero Rules when a setup was invalid.
	Record stratego.Record
	// End is the "Game ends on …" line and Result the result line.
	End, Result string
}

// ReadUCCLog reads a log in the UCC 2012 manager's -o format (as
// WriteUCCLog writes it and the original manager does) and replays it
// under r, which is UCC2012Rules for the manager's games (with the
// manager's -m N, set r.MaxPlies to 2(N−1)). Every line is checked
// against the library: each move must be legal and have the outcome the
// library gives it (OK; KILLS, DIES or BOTHDIE with the two ranks;
// VICTORY_FLAG), the move numbers must count turns, and the result line
// must name the outcome and the piece values of the final position. Lines
// after the result line are ignored (the manager can write a second end
// when a bot has already exited, PROTOCOLS.md 1.12). The error wraps
// ErrLog and names the line.
func ReadUCCLog(rd io.Reader, r stratego.Rules) (UCCLog, error) {
	var lg UCCLog
	sc := bufio.NewScanner(rd)
	sc.Buffer(make([]byte, 0, 4096), MaxLine)
	n := 0
	next := func() (string, bool) {
		if !sc.Scan() {
			return "", false
		}
		n++
		return strings.TrimRight(sc.Text(), "\r"), true
	}
	bad := func(format string, args ...any) (UCCLog, error) {
		return UCCLog{}, fmt.Errorf("%w: line %d: %s", ErrLog, n, fmt.Sprintf(format, args...))
	}
	if err := CheckUCCRules(r); err != nil {
		return UCCLog{}, err
	}
	var board stratego.Board
	invalid := false
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		head, ok := next()
		suffix := " " + strings.ToUpper(c.String()) + " SETUP"
		if !ok || !strings.HasSuffix(head, suffix) {
			return bad("want \"NAME%s\"", suffix)
		}
		lg.Names[c] = strings.TrimSuffix(head, suffix)
		var rows [4]string
		for i := range rows {
			row, ok := next()
			if !ok {
				return bad("want a setup row")
			}
			if i == 0 && row == "INVALID!" {
				invalid = true
				break
			}
			rows[i] = row
		}
		if invalid {
			continue
		}
		s, err := parseUCCSetup(r, c, rows)
		if err != nil {
			return bad("%v", err)
		}
		for q := range r.ZoneOf(c).All() {
			own := q
			if c == stratego.Blue {
				own = r.Rotate(q)
			}
			if rk := s.At(own); rk != stratego.NoRank {
				board.Put(q, stratego.NewPiece(c, rk))
			}
		}
	}
	var g stratego.Game
	if !invalid {
		red, blue, err := board.Setups(r)
		if err != nil {
			return bad("%v", err)
		}
		if g, err = stratego.NewGame(r, red, blue); err != nil {
			return bad("%v", err)
		}
	}
	faulted := false
	for {
		line, ok := next()
		if !ok {
			return bad("no end line")
		}
		if strings.HasPrefix(line, "Game ends ") {
			lg.End = line
			break
		}
		if invalid || faulted {
			return bad("a move after the end of the game: %q", clip(line))
		}
		ply := g.Len()
		want := fmt.Sprintf("%d %s: ", ply/2+1, uccColour(g.State().Turn()))
		if !strings.HasPrefix(line+" ", want) {
			return bad("want a line starting %q, got %q", want, clip(line))
		}
		rest := strings.TrimPrefix(line+" ", want)
		o, err := parseUCCMoveLine(rest)
		if err != nil || o.result == "ILLEGAL" {
			faulted = true // the reply that lost the game: garbage, a timeout, a surrender, an illegal move
			continue
		}
		after, ev, err := g.Apply(o.m)
		if err != nil {
			return bad("%s: %v", formatUCCMove(o.m), err)
		}
		if o.result == "VICTORY_FLAG" {
			if ev.Outcome.Reason != stratego.FlagCaptured {
				return bad("VICTORY_FLAG, the library gives %v", ev.Outcome)
			}
		} else if !matches(ev, o) {
			return bad("the log says %s, the library %s", o.result, uccOutcome(ev))
		}
		g = after
	}
	res, ok := next()
	if !ok {
		return bad("no result line")
	}
	lg.Result = res
	f := strings.Fields(res)
	if len(f) != 6 {
		return bad("result line %q: want NAME COLOUR OUTCOME TURN RED_VALUE BLUE_VALUE", clip(res))
	}
	if invalid {
		return lg, nil
	}
	s := g.State()
	if rv, bv := uccValue(s.Remaining(stratego.Red)), uccValue(s.Remaining(stratego.Blue)); f[4] != strconv.Itoa(rv) || f[5] != strconv.Itoa(bv) {
		return bad("piece values %s %s, the library's %d %d", f[4], f[5], rv, bv)
	}
	side := stratego.Red
	if f[1] == "BLUE" {
		side = stratego.Blue
	}
	o := s.Outcome()
	switch word := f[2]; {
	case o.Over() && word == "VICTORY" && o.Winner == side:
	case o.Over() && (word == "DRAW" || word == "DRAW_DEFAULT") && o.Winner == stratego.NoColor:
	case o.Over() && o.Reason == stratego.NoLegalMove && (word == "ILLEGAL" || word == "SURRENDER") && o.Winner == side.Opponent():
		// A walled-in side, asked all the same.
	case !o.Over() && (word == "ILLEGAL" || word == "SURRENDER"):
		g, _ = g.Resign(side)
	default:
		return bad("result %s %s, the library gives %v", f[1], word, o)
	}
	lg.Record = g.Record()
	lg.Record.Tags = []stratego.Tag{{Name: "Red", Value: lg.Names[stratego.Red]}, {Name: "Blue", Value: lg.Names[stratego.Blue]}}
	return lg, nil
}
