package referee

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/stratego-go/stratego"
)

// The UCC 2012 frame (docs/ucc2012.md section 3): x runs 0–9 left to
// right and y 0–9 top to bottom with Red on top, the same for both
// colours. Evaluator (x, y) is the library's square of file index 9 − x
// and row index y (a 180° turn of the printed board), so that Red's back
// row y = 0 is row 1 and each side keeps its left and right.

// uccSquare returns the library square of evaluator (x, y), NoSquare off
// the 10×10 grid.
func uccSquare(x, y int) stratego.Square {
	if x < 0 || x > 9 || y < 0 || y > 9 {
		return stratego.NoSquare
	}
	return stratego.SquareAt(9-x, y)
}

// uccXY returns the evaluator coordinates of a library square.
func uccXY(sq stratego.Square) (x, y int) { return 9 - sq.File(), sq.Row() }

// uccDirs are the evaluator's directions with the library direction of
// each: UP is y − 1, toward row 1.
var uccDirs = [...]struct {
	name string
	d    stratego.Direction
}{{"UP", stratego.Down}, {"DOWN", stratego.Up}, {"LEFT", stratego.Right}, {"RIGHT", stratego.Left}}

// uccTokens are the piece tokens in the old numbering, indexed by Rank.
var uccTokens = [stratego.NumRanks]byte{
	stratego.Spy: 's', stratego.Scout: '9', stratego.Miner: '8', stratego.Sergeant: '7',
	stratego.Lieutenant: '6', stratego.Captain: '5', stratego.Major: '4', stratego.Colonel: '3',
	stratego.General: '2', stratego.Marshal: '1', stratego.Bomb: 'B', stratego.Flag: 'F',
}

// uccToken returns the token of a rank ('?' for none).
func uccToken(rk stratego.Rank) byte {
	if int(rk) < len(uccTokens) && uccTokens[rk] != 0 {
		return uccTokens[rk]
	}
	return '?'
}

// uccRank returns the rank of a token.
func uccRank(ch byte) (stratego.Rank, bool) {
	for rk, t := range uccTokens {
		if t == ch && t != 0 {
			return stratego.Rank(rk), true
		}
	}
	return stratego.NoRank, false
}

// uccValue is a side's piece value in the result line: the ISF number
// of each movable piece (Spy 1 … Marshal 10), 0 for bombs and the flag.
func uccValue(a stratego.Army) int {
	v := 0
	for rk, n := range a {
		if stratego.Rank(rk).Movable() {
			v += rk * int(n)
		}
	}
	return v
}

// CheckUCCRules reports whether the UCC wire can carry a game under r:
// the 10×10 board with the classic lakes and setup rows, battles that
// show both ranks and leave a bomb standing, and no Captain moves or
// rescues. The army may differ from the classic one (our engines and
// referee accept "." for an empty square of a setup row), though the
// 2012 bots place exactly the classic army. The error wraps ErrRejected.
func CheckUCCRules(r stratego.Rules) error {
	c := stratego.Classic()
	switch {
	case r.Width != 10 || r.Height != 10:
		return fmt.Errorf("%w: the UCC wire has a 10×10 board", ErrRejected)
	case r.Lakes != c.Lakes:
		return fmt.Errorf("%w: the UCC wire has the classic lakes", ErrRejected)
	case r.Zone != c.Zone:
		return fmt.Errorf("%w: the UCC wire sets up on four rows", ErrRejected)
	case r.Info != stratego.InfoStandard:
		return fmt.Errorf("%w: the UCC wire shows both ranks of a battle", ErrRejected)
	case r.Bombs != stratego.BombPermanent:
		return fmt.Errorf("%w: the UCC wire has bombs that stay", ErrRejected)
	case r.CaptainsMoveTwo || r.Rescues > 0:
		return fmt.Errorf("%w: the UCC wire has no Captain moves or rescues", ErrRejected)
	}
	return nil
}

// formatUCCMove writes a move in the evaluator's syntax, "X Y DIR" or
// "X Y DIR N" for a slide of N > 1 squares.
func formatUCCMove(m stratego.Move) string {
	x, y := uccXY(m.From)
	d, n := m.From.Line(m.To)
	name := "?"
	for _, u := range uccDirs {
		if u.d == d {
			name = u.name
		}
	}
	s := strconv.Itoa(x) + " " + strconv.Itoa(y) + " " + name
	if n > 1 {
		s += " " + strconv.Itoa(n)
	}
	return s
}

// parseUCCMove reads a bot's reply: "X Y DIR [N]" (DIR upper case, N a
// positive multiplier) or exactly "SURRENDER", the manager's grammar
// (Controller::MakeMove); whitespace between and after the tokens is
// allowed. Coordinates off the board give a move whose squares are
// NoSquare, which the rules reject (the manager's "Coords outside
// board"); anything else that does not parse wraps ErrGarbage.
func parseUCCMove(line string) (m stratego.Move, surrender bool, err error) {
	if line == "SURRENDER" {
		return stratego.Move{}, true, nil
	}
	f := strings.Fields(line)
	if len(f) < 3 || len(f) > 4 {
		return stratego.Move{}, false, fmt.Errorf("%w: %q", ErrGarbage, clip(line))
	}
	x, errx := strconv.Atoi(f[0])
	y, erry := strconv.Atoi(f[1])
	n := 1
	var errn error
	if len(f) == 4 {
		n, errn = strconv.Atoi(f[3])
		if errn == nil && n <= 0 {
			errn = strconv.ErrRange
		}
	}
	d := stratego.NoDirection
	for _, u := range uccDirs {
		if f[2] == u.name {
			d = u.d
		}
	}
	if errx != nil || erry != nil || errn != nil || d == stratego.NoDirection {
		return stratego.Move{}, false, fmt.Errorf("%w: %q", ErrGarbage, clip(line))
	}
	from := uccSquare(x, y)
	return stratego.Move{From: from, To: from.Step(d, n)}, false, nil
}

// uccOutcome is the outcome the manager appends to a move: OK, or
// KILLS/DIES/BOTHDIE with the attacker's and the defender's tokens.
func uccOutcome(ev stratego.Event) string {
	a, d := string(uccToken(ev.Piece.Rank())), string(uccToken(ev.Defender.Rank()))
	switch ev.Combat {
	case stratego.AttackerWins:
		return "KILLS " + a + " " + d
	case stratego.DefenderWins:
		return "DIES " + a + " " + d
	case stratego.BothRemoved:
		return "BOTHDIE " + a + " " + d
	}
	return "OK"
}

// uccBoard returns the ten board lines of a view (Board::Print): the
// viewer's pieces as tokens, every enemy piece "#" (revealed or not),
// lakes "+", empty squares ".".
func uccBoard(v stratego.View) [10]string {
	var lines [10]string
	lakes := v.Rules().Lakes
	for y := range 10 {
		b := make([]byte, 10)
		for x := range 10 {
			sq := uccSquare(x, y)
			p, ok := v.At(sq)
			switch {
			case lakes.Has(sq):
				b[x] = '+'
			case !ok || !p.IsValid():
				b[x] = '.'
			case p.Color() == v.Player():
				b[x] = uccToken(p.Rank())
			default:
				b[x] = '#'
			}
		}
		lines[y] = string(b)
	}
	return lines
}

// uccSetupSquare is the square, in the owner's chair of a Setup, of
// column x of setup row i (0–3 in the order the rows are sent): Red's
// rows are y = 0–3 (its back row first), Blue's y = 6–9 (its front row
// first).
func uccSetupSquare(c stratego.Color, i, x int) stratego.Square {
	if c == stratego.Red {
		return stratego.SquareAt(9-x, i)
	}
	return stratego.SquareAt(x, 3-i)
}

// uccSetupRows writes a setup as the four rows side c sends.
func uccSetupRows(s stratego.Setup, c stratego.Color) [4]string {
	var rows [4]string
	for i := range 4 {
		b := make([]byte, 10)
		for x := range 10 {
			b[x] = '.'
			if rk := s.At(uccSetupSquare(c, i, x)); rk != stratego.NoRank {
				b[x] = uccToken(rk)
			}
		}
		rows[i] = string(b)
	}
	return rows
}

// parseUCCSetup reads the four setup rows of side c (Controller::Setup):
// each exactly ten tokens, "." for an empty square. Whether the army is
// right is for the rules to say (Rules.CheckSetup).
func parseUCCSetup(r stratego.Rules, c stratego.Color, rows [4]string) (stratego.Setup, error) {
	s := stratego.NewSetup(r)
	for i, row := range rows {
		if len(row) != 10 {
			return stratego.Setup{}, fmt.Errorf("%w: setup row %d %q is not 10 tokens", ErrBadSetup, i+1, clip(row))
		}
		for x := range 10 {
			if row[x] == '.' {
				continue
			}
			rk, ok := uccRank(row[x])
			if !ok {
				return stratego.Setup{}, fmt.Errorf("%w: setup row %d: unknown token %q", ErrBadSetup, i+1, row[x])
			}
			s.Put(uccSetupSquare(c, i, x), rk)
		}
	}
	return s, nil
}

// uccName is a name as the manager reports it: cut at the first
// whitespace (Controller::FixName).
func uccName(s string) string {
	if i := strings.IndexAny(s, " \t\r\n"); i >= 0 {
		s = s[:i]
	}
	if s == "" {
		return "anonymous"
	}
	return s
}

// UCCResultLine returns the manager's result line of a game,
// "NAME COLOUR OUTCOME TURN RED_VALUE BLUE_VALUE" (Game::PrintResults):
// NAME and COLOUR are those of the side on whose turn the game ended,
// OUTCOME one of VICTORY, SURRENDER, ILLEGAL, DRAW, DRAW_DEFAULT,
// BAD_SETUP and INTERNAL_ERROR, TURN the manager's turn number, and the
// values the pieces each side has left (docs/ucc2012.md section 6.1).
func UCCResultLine(r Result) string {
	side := r.Turn
	name, colour := "neither", "BOTH"
	if side.IsValid() {
		name, colour = uccName(r.Names[side]), strings.ToUpper(side.String())
	}
	word := "INTERNAL_ERROR"
	switch r.Reason {
	case Flag, NoMovable, WalledIn:
		word = "VICTORY"
	case Neither, Agreed:
		word = "DRAW"
	case PlyCap, QuietCap, TurnCap:
		word = "DRAW_DEFAULT"
	case Resign:
		word = "SURRENDER"
	case Illegal, Timeout, Crash, Garbage, Flood:
		word = "ILLEGAL"
	case BadSetup, Rejected:
		word = "BAD_SETUP"
	}
	turn, rv, bv := 0, 0, 0
	if r.State.Rules().Width > 0 {
		p := r.Plies
		if r.ByMove {
			p--
		}
		turn = p/2 + 1
		rv, bv = uccValue(r.State.Remaining(stratego.Red)), uccValue(r.State.Remaining(stratego.Blue))
	}
	return fmt.Sprintf("%s %s %s %d %d %d", name, colour, word, turn, rv, bv)
}
