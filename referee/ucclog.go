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
// (docs/ucc2012.md section 8.2; Game::Setup, Game::Play, Game::PrintEndMessage):
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
	if line, ok := uccFaultLine(r); ok && r.State.Rules().Width > 0 {
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

// uccEndReason is the REASON text of an end: the manager's where it
// has one, and a text of its own for each Reason it does not tell apart
// (a flood from garbage, a crash from a timeout, the caps), so that the
// log names the end the record names (uccReasonOf reads it back).
func uccEndReason(r Result, moveTime time.Duration) string {
	side := "BOTH players"
	if r.Side.IsValid() {
		side = strings.ToUpper(r.Side.String())
	}
	switch r.Reason {
	case Flag:
		return "Captured the flag"
	case NoMovable:
		return "Destroyed all mobile enemy pieces"
	case WalledIn:
		return "All mobile enemy pieces are walled in"
	case Neither:
		return "Game declared a draw because neither player has mobile pieces"
	case TurnCap:
		return fmt.Sprintf("Game declared a draw after %d turns", (r.Plies)/2+1)
	case PlyCap:
		return fmt.Sprintf("Game declared a draw after %d turns (ply cap)", (r.Plies)/2+1)
	case QuietCap:
		return fmt.Sprintf("Game declared a draw after %d turns (no-attack cap)", (r.Plies)/2+1)
	case Resign:
		return "This player has surrendered!"
	case Garbage:
		return "Unintelligable response"
	case Flood:
		return "Flooded its output"
	case Timeout:
		return fmt.Sprintf("Response timeout after %f seconds.", moveTime.Seconds())
	case Crash:
		return "The program exited or closed its output"
	case BadSetup:
		return "An illegal setup was made by " + side
	case Rejected:
		return "The rules were rejected by " + side
	case Illegal:
		return uccIllegalReason(r.Err)
	case Agreed:
		return "The players agreed to a draw"
	case Aborted:
		return "The game was interrupted"
	}
	return uccInternal
}

// uccInternal is the manager's REASON of an end it cannot name.
const uccInternal = "Internal controller error - Unspecified ERROR"

// uccReasonOf reads a REASON text of uccEndReason (or of the manager)
// back: the Reason, None for the manager's internal error or a text it
// does not know.
func uccReasonOf(text string) Reason {
	exact := map[string]Reason{
		"Captured the flag": Flag, "Destroyed all mobile enemy pieces": NoMovable,
		"All mobile enemy pieces are walled in":                         WalledIn,
		"Game declared a draw because neither player has mobile pieces": Neither,
		"This player has surrendered!":                                  Resign,
		"Unintelligable response":                                       Garbage, "Flooded its output": Flood,
		"The program exited or closed its output": Crash, "The players agreed to a draw": Agreed,
		"The game was interrupted": Aborted,
	}
	if r, ok := exact[text]; ok {
		return r
	}
	for _, t := range uccIllegalTexts {
		if text == t {
			return Illegal
		}
	}
	switch {
	case strings.HasPrefix(text, "Response timeout after "):
		return Timeout
	case strings.HasPrefix(text, "An illegal setup was made by "):
		return BadSetup
	case strings.HasPrefix(text, "The rules were rejected by "):
		return Rejected
	case strings.HasPrefix(text, "Game declared a draw after ") && strings.HasSuffix(text, " (ply cap)"):
		return PlyCap
	case strings.HasPrefix(text, "Game declared a draw after ") && strings.HasSuffix(text, " (no-attack cap)"):
		return QuietCap
	case strings.HasPrefix(text, "Game declared a draw after "):
		return TurnCap
	}
	return None
}

// uccLogReason returns the Reason of a log's end line, None when it has
// none.
func uccLogReason(log string) Reason {
	for line := range strings.Lines(log) {
		if strings.HasPrefix(line, "Game ends ") {
			_, text, _ := strings.Cut(strings.TrimRight(line, "\r\n"), " - REASON: ")
			return uccReasonOf(text)
		}
	}
	return None
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
	return uccIllegalTexts[len(uccIllegalTexts)-1]
}

// uccIllegalTexts are the texts of uccIllegalReason, the default last.
var uccIllegalTexts = [...]string{"Coords outside board", "Move does not select a piece",
	"Selected piece belongs to other player", "Selected piece is not mobile (FLAG or BOMB)",
	"Attempted move into square occupied by neutral or allied piece",
	"Move breaks the Two-Squares rule", "Move breaks the More-Squares rule",
	"Selected unit cannot move that way"}

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
	// Reason is the end the End line names (WriteUCCLog writes a text of
	// its own for each Reason), None for a text it does not know.
	Reason Reason
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
// when a bot has already exited, docs/ucc2012.md section 8.2). The error wraps
// ErrLog and names the line.
func ReadUCCLog(rd io.Reader, r stratego.Rules) (UCCLog, error) {
	if err := CheckUCCRules(r); err != nil {
		return UCCLog{}, err
	}
	lr := &uccLogReader{sc: bufio.NewScanner(rd), r: r}
	lr.sc.Buffer(make([]byte, 0, 4096), MaxLine)
	g, invalid, err := lr.setups()
	if err != nil {
		return UCCLog{}, err
	}
	if g, err = lr.moves(g, invalid); err != nil {
		return UCCLog{}, err
	}
	if err := lr.result(g, invalid); err != nil {
		return UCCLog{}, err
	}
	lr.lg.Reason = uccLogReason(lr.lg.End)
	return lr.lg, nil
}

// uccLogReader reads a UCC log in three parts: the setups, the moves up
// to the end line, and the result line.
type uccLogReader struct {
	sc *bufio.Scanner
	r  stratego.Rules
	n  int // the line number reached
	lg UCCLog
}

// next returns the next line, without a CR.
func (lr *uccLogReader) next() (string, bool) {
	if !lr.sc.Scan() {
		return "", false
	}
	lr.n++
	return strings.TrimRight(lr.sc.Text(), "\r"), true
}

// bad returns the error of the line reached.
func (lr *uccLogReader) bad(format string, args ...any) error {
	return fmt.Errorf("%w: line %d: %s", ErrLog, lr.n, fmt.Sprintf(format, args...))
}

// setups reads the two names and setups and starts the game; invalid
// says a setup was INVALID! (there is then no game).
func (lr *uccLogReader) setups() (g stratego.Game, invalid bool, err error) {
	var board stratego.Board
	for _, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		s, ok, err := lr.setup(c)
		if err != nil {
			return g, false, err
		}
		if !ok {
			invalid = true
			continue
		}
		for q := range lr.r.ZoneOf(c).All() {
			own := q
			if c == stratego.Blue {
				own = lr.r.Rotate(q)
			}
			if rk := s.At(own); rk != stratego.NoRank {
				board.Put(q, stratego.NewPiece(c, rk))
			}
		}
	}
	if invalid {
		return g, true, nil
	}
	red, blue, err := board.Setups(lr.r)
	if err != nil {
		return g, false, lr.bad("%v", err)
	}
	if g, err = stratego.NewGame(lr.r, red, blue); err != nil {
		return g, false, lr.bad("%v", err)
	}
	return g, false, nil
}

// setup reads side c's name line and setup rows; ok is false for an
// INVALID! setup.
func (lr *uccLogReader) setup(c stratego.Color) (s stratego.Setup, ok bool, err error) {
	head, ok := lr.next()
	suffix := " " + strings.ToUpper(c.String()) + " SETUP"
	if !ok || !strings.HasSuffix(head, suffix) {
		return s, false, lr.bad("want \"NAME%s\"", suffix)
	}
	lr.lg.Names[c] = strings.TrimSuffix(head, suffix)
	var rows [4]string
	for i := range rows {
		row, ok := lr.next()
		if !ok {
			return s, false, lr.bad("want a setup row")
		}
		if i == 0 && row == "INVALID!" {
			return s, false, nil
		}
		rows[i] = row
	}
	if s, err = parseUCCSetup(lr.r, c, rows); err != nil {
		return s, false, lr.bad("%v", err)
	}
	return s, true, nil
}

// moves replays the move lines up to the end line: each legal, with the
// outcome the library gives it, and nothing after the reply that lost
// the game.
func (lr *uccLogReader) moves(g stratego.Game, invalid bool) (stratego.Game, error) {
	faulted := false
	for {
		line, ok := lr.next()
		if !ok {
			return g, lr.bad("no end line")
		}
		if strings.HasPrefix(line, "Game ends ") {
			lr.lg.End = line
			return g, nil
		}
		if invalid || faulted {
			return g, lr.bad("a move after the end of the game: %q", clip(line))
		}
		ply := g.Len()
		want := fmt.Sprintf("%d %s: ", ply/2+1, uccColour(g.State().Turn()))
		if !strings.HasPrefix(line+" ", want) {
			return g, lr.bad("want a line starting %q, got %q", want, clip(line))
		}
		o, err := parseUCCMoveLine(strings.TrimPrefix(line+" ", want))
		if err != nil || o.result == "ILLEGAL" {
			faulted = true // the reply that lost the game: garbage, a timeout, a surrender, an illegal move
			continue
		}
		after, ev, err := g.Apply(o.m)
		if err != nil {
			return g, lr.bad("%s: %v", formatUCCMove(o.m), err)
		}
		if o.result == "VICTORY_FLAG" {
			if ev.Outcome.Reason != stratego.FlagCaptured {
				return g, lr.bad("VICTORY_FLAG, the library gives %v", ev.Outcome)
			}
		} else if !matches(ev, o) {
			return g, lr.bad("the log says %s, the library %s", o.result, uccOutcome(ev))
		}
		g = after
	}
}

// result reads the result line and checks it against the final
// position: the piece values and the outcome; a loss by ILLEGAL or
// SURRENDER of a game the rules did not end is the loser's resignation.
func (lr *uccLogReader) result(g stratego.Game, invalid bool) error {
	res, ok := lr.next()
	if !ok {
		return lr.bad("no result line")
	}
	lr.lg.Result = res
	f := strings.Fields(res)
	if len(f) != 6 {
		return lr.bad("result line %q: want NAME COLOUR OUTCOME TURN RED_VALUE BLUE_VALUE", clip(res))
	}
	if invalid {
		return nil
	}
	s := g.State()
	if rv, bv := uccValue(s.Remaining(stratego.Red)), uccValue(s.Remaining(stratego.Blue)); f[4] != strconv.Itoa(rv) || f[5] != strconv.Itoa(bv) {
		return lr.bad("piece values %s %s, the library's %d %d", f[4], f[5], rv, bv)
	}
	side := stratego.Red
	if f[1] == "BLUE" {
		side = stratego.Blue
	}
	o := s.Outcome()
	switch word := f[2]; {
	case o.IsOver() && word == "VICTORY" && o.Winner == side:
	case o.IsOver() && (word == "DRAW" || word == "DRAW_DEFAULT") && o.Winner == stratego.NoColor:
	case o.IsOver() && o.Reason == stratego.NoLegalMove && (word == "ILLEGAL" || word == "SURRENDER") && o.Winner == side.Opponent():
		// A walled-in side, asked all the same.
	case !o.IsOver() && (word == "ILLEGAL" || word == "SURRENDER"):
		g, _ = g.Resign(side)
	default:
		return lr.bad("result %s %s, the library gives %v", f[1], word, o)
	}
	lr.lg.Record = g.Record()
	lr.lg.Record.Tags = []stratego.Tag{{Name: "Red", Value: lr.lg.Names[stratego.Red]}, {Name: "Blue", Value: lr.lg.Names[stratego.Blue]}}
	return nil
}
