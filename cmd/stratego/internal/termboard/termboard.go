// Package termboard draws Stratego boards for a terminal and puts games
// into words, for the play and watch subcommands of the stratego command.
//
// A board is drawn with a legend beside it: one cell of three characters
// a square, the files labelled above and below, the rows on the left, the
// side of the reader at the bottom. A piece shows its rank's label in the
// rules' numbering (stratego.Numbering.Char: "X" is the Marshal in ISF
// numbering). Pieces of the reader's enemy (of Blue, on a board seen by
// nobody in particular) are in brackets whose shape says what the reader
// knows about them: "[?]" never moved, "(?)" has moved (so it is no Bomb
// or Flag), "<?>" once moved more than one square (a Scout, or a Captain
// where Captains move two); "?" is a rank the reader has not seen. The
// reader's own pieces carry a mark for what the enemy knows of them: "'"
// seen moving, "\"" seen moving far, "!" rank seen. With colour on, the
// sides are also drawn in their colours and the squares of the last move
// are highlighted; without it the text is the same, so nothing depends on
// the colours.
//
// What a player's board shows comes from a stratego.View only (see
// Style.View), so it cannot show a rank the player may not know.
package termboard

import (
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/stratego-go/stratego"
)

// Style says how boards and messages are drawn.
type Style struct {
	// Color turns on ANSI colours.
	Color bool
}

// ColorModes are the values of a -color flag, for its help text.
const ColorModes = "auto, always or never"

// ColorFor decides colour for a -color flag value: "always", "never", or
// "auto" (colour when out is a terminal, the environment variable
// NO_COLOR is unset or empty, and TERM is not "dumb"; see no-color.org).
func ColorFor(mode string, out io.Writer) (bool, error) {
	switch mode {
	case "always":
		return true, nil
	case "never":
		return false, nil
	case "auto", "":
		if os.Getenv("NO_COLOR") != "" || os.Getenv("TERM") == "dumb" {
			return false, nil
		}
		return IsTerminal(out), nil
	}
	return false, fmt.Errorf("-color %q: want %s", mode, ColorModes)
}

// IsTerminal reports whether w is a character device such as a terminal
// (not a file, a pipe or a buffer).
func IsTerminal(w any) bool {
	f, ok := w.(*os.File)
	if !ok || f == nil {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// ANSI attributes.
const (
	ansiRed   = "1;91"
	ansiBlue  = "1;94"
	ansiLake  = "36"
	ansiEmpty = "90"
	ansiLast  = "7"
	ansiBold  = "1"
)

// paint wraps s in the ANSI attribute code when colour is on.
func (st Style) paint(code, s string) string {
	if !st.Color || code == "" {
		return s
	}
	return "\x1b[" + code + "m" + s + "\x1b[0m"
}

// Side writes a side's name in its colour.
func (st Style) Side(c stratego.Color) string {
	return st.paint(sideCode(c), c.String())
}

// Bold writes s in bold when colour is on.
func (st Style) Bold(s string) string { return st.paint(ansiBold, s) }

func sideCode(c stratego.Color) string {
	switch c {
	case stratego.Red:
		return ansiRed
	case stratego.Blue:
		return ansiBlue
	}
	return ""
}

// StripANSI removes the ANSI colour sequences that Style writes.
func StripANSI(s string) string {
	var b strings.Builder
	for {
		i := strings.Index(s, "\x1b[")
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		b.WriteString(s[:i])
		s = s[i+2:]
		j := strings.IndexByte(s, 'm')
		if j < 0 {
			return b.String()
		}
		s = s[j+1:]
	}
}

// cell is one square as drawn: three characters and their colour.
type cell struct {
	text string
	code string
}

// board is a drawing to be laid out.
type board struct {
	rules  stratego.Rules
	bottom stratego.Color // the side at the bottom of the drawing
	rows   []int          // the rows to draw, counted from 0 (all when nil)
	cell   func(stratego.Square) cell
	last   stratego.Move // squares to highlight
	legend []string
}

// order returns the rows to draw from top to bottom and the files from
// left to right.
func (b board) order() (rows, files []int) {
	h, w := b.rules.Height, b.rules.Width
	all := b.rows
	if all == nil {
		for i := range h {
			all = append(all, i)
		}
	}
	for i := range all {
		if b.bottom == stratego.Blue {
			rows = append(rows, all[i])
		} else {
			rows = append(rows, all[len(all)-1-i])
		}
	}
	for j := range w {
		if b.bottom == stratego.Blue {
			files = append(files, w-1-j)
		} else {
			files = append(files, j)
		}
	}
	return rows, files
}

// draw lays out the board with its legend on the right.
func (st Style) draw(b board) string {
	rows, files := b.order()
	var lines []string
	header := "    "
	for _, f := range files {
		header += "  " + string(rune('a'+f)) + " "
	}
	lines = append(lines, header)
	for _, row := range rows {
		line := fmt.Sprintf("%3d ", row+1)
		for _, f := range files {
			sq := stratego.SquareAt(f, row)
			c := cell{" ~ ", ansiLake}
			if !b.rules.Lakes.Has(sq) {
				c = b.cell(sq)
			}
			code := c.code
			if b.last.IsValid() && (sq == b.last.From || sq == b.last.To) && st.Color {
				code = joinCodes(code, ansiLast)
			}
			line += " " + st.paint(code, c.text)
		}
		lines = append(lines, line)
	}
	lines = append(lines, header)
	width := len(header)
	var out strings.Builder
	for i := 0; i < len(lines) || i < len(b.legend); i++ {
		line := strings.Repeat(" ", width)
		if i < len(lines) {
			line = lines[i]
		}
		if i < len(b.legend) {
			line += "   " + b.legend[i]
		}
		out.WriteString(line)
		out.WriteByte('\n')
	}
	return out.String()
}

func joinCodes(a, b string) string {
	if a == "" {
		return b
	}
	return a + ";" + b
}

// ownText writes a piece of the reader's side: its label and the mark
// of what the enemy knows.
func ownText(n stratego.Numbering, p stratego.Piece, k stratego.Knowledge) string {
	mark := " "
	switch {
	case k&stratego.KnownRank != 0:
		mark = "!"
	case k&stratego.KnownFar != 0:
		mark = `"`
	case k&stratego.KnownMoved != 0:
		mark = "'"
	}
	return " " + string(n.Char(p.Rank())) + mark
}

// enemyText writes a piece of the reader's enemy: its label, "?" when the
// rank is hidden, in brackets that say how it has moved.
func enemyText(n stratego.Numbering, p stratego.Piece, k stratego.Knowledge) string {
	open, closing := "[", "]"
	switch {
	case k&stratego.KnownFar != 0:
		open, closing = "<", ">"
	case k&stratego.KnownMoved != 0:
		open, closing = "(", ")"
	}
	return open + string(n.Char(p.Rank())) + closing
}

// View draws the board as v's player sees it, that player at the bottom,
// with the legend, what is known about every piece, and the last move
// highlighted. It reads v only.
func (st Style) View(v stratego.View) string {
	r := v.Rules()
	me := v.Player()
	n := r.Numbering
	return st.draw(board{
		rules:  r,
		bottom: me,
		cell: func(sq stratego.Square) cell {
			p, ok := v.At(sq)
			return pieceCell(n, p, ok, v.Knowledge(sq), me)
		},
		last:   v.LastEvent().Move,
		legend: st.viewLegend(r, me),
	})
}

// State draws the whole board of s with every rank shown, side bottom
// at the bottom and the other side's pieces in brackets; the marks and
// brackets say what each side knows of the other's pieces. It is the
// referee's board, for a watched game or the end of a played one.
func (st Style) State(s stratego.State, bottom stratego.Color) string {
	r := s.Rules()
	n := r.Numbering
	return st.draw(board{
		rules:  r,
		bottom: bottom,
		cell: func(sq stratego.Square) cell {
			p, ok := s.At(sq)
			return pieceCell(n, p, ok, s.Knowledge(sq), bottom)
		},
		last:   s.LastEvent().Move,
		legend: st.stateLegend(r, bottom),
	})
}

// pieceCell is the cell of a square holding p (none when !ok) with
// knowledge k, drawn for side own: its own pieces with what the enemy
// knows of them, the other side's with what own knows.
func pieceCell(n stratego.Numbering, p stratego.Piece, ok bool, k stratego.Knowledge, own stratego.Color) cell {
	switch {
	case !ok:
		return cell{" . ", ansiEmpty}
	case p.Color() == own:
		return cell{ownText(n, p, k), sideCode(p.Color())}
	}
	return cell{enemyText(n, p, k), sideCode(p.Color())}
}

// Setup draws the setup su of side c on its home rows as c will see them
// in the game (c at the bottom, the squares named as on the board), with
// the rank legend.
func (st Style) Setup(r stratego.Rules, c stratego.Color, su stratego.Setup) string {
	zone := r.ZoneOf(c)
	var rows []int
	for row := range r.Height {
		for f := range r.Width {
			if zone.Has(stratego.SquareAt(f, row)) {
				rows = append(rows, row)
				break
			}
		}
	}
	n := r.Numbering
	return st.draw(board{
		rules:  r,
		bottom: c,
		rows:   rows,
		cell: func(sq stratego.Square) cell {
			if !zone.Has(sq) {
				return cell{"   ", ""}
			}
			rk := su.At(SetupSquare(r, c, sq))
			if rk == stratego.NoRank {
				return cell{" . ", ansiEmpty}
			}
			return cell{ownText(n, stratego.NewPiece(c, rk), 0), sideCode(c)}
		},
		legend: st.rankLegend(r),
	})
}

// SetupSquare converts between a square of the board and the square of
// side c's setup that lands on it (a setup is written from its owner's
// chair, so Blue's is turned): the conversion is its own inverse.
func SetupSquare(r stratego.Rules, c stratego.Color, sq stratego.Square) stratego.Square {
	if c != stratego.Blue {
		return sq
	}
	return r.Rotate(sq)
}

// rankOrder lists the ranks strongest first, as the legend names them.
var rankOrder = []stratego.Rank{
	stratego.Marshal, stratego.General, stratego.Colonel, stratego.Major,
	stratego.Captain, stratego.Lieutenant, stratego.Sergeant, stratego.Miner,
	stratego.Scout, stratego.Spy, stratego.Bomb, stratego.Flag,
}

// RankName writes a rank as "major (7)": its name and its printed label
// in the numbering, or the bare name for the Bomb and the Flag.
func RankName(n stratego.Numbering, rk stratego.Rank) string {
	switch rk {
	case stratego.Bomb, stratego.Flag, stratego.Unknown, stratego.NoRank:
		return rk.String()
	}
	return rk.String() + " (" + n.Label(rk) + ")"
}

// rankLegend lists the labels of the ranks in r's army with their
// counts, two a line.
func (st Style) rankLegend(r stratego.Rules) []string {
	n := r.Numbering
	var entries []string
	for _, rk := range rankOrder {
		if r.Army[rk] == 0 {
			continue
		}
		e := string(n.Char(rk)) + " " + rk.String()
		if l := n.Label(rk); l != string(n.Char(rk)) {
			e += "=" + l
		}
		entries = append(entries, fmt.Sprintf("%s (%d)", e, r.Army[rk]))
	}
	var lines []string
	for i := 0; i < len(entries); i += 2 {
		line := fmt.Sprintf("%-18s", entries[i])
		if i+1 < len(entries) {
			line += entries[i+1]
		}
		lines = append(lines, strings.TrimRight(line, " "))
	}
	return lines
}

// viewLegend explains a player's board.
func (st Style) viewLegend(r stratego.Rules, me stratego.Color) []string {
	far := "a scout"
	if r.CaptainsMoveTwo {
		far = "scout or captain"
	}
	lines := []string{"you: " + st.Side(me) + " (bottom); enemy: " + st.Side(me.Opponent())}
	lines = append(lines, st.rankLegend(r)...)
	return append(lines,
		"[?] enemy, never moved; [7] rank seen",
		"(?) enemy, has moved: no bomb/flag",
		"<?> enemy, moved far: "+far,
		` 7' 7! yours: the enemy saw it move,`,
		`       its rank ("legend" for more)`,
	)
}

// stateLegend explains the full board.
func (st Style) stateLegend(r stratego.Rules, bottom stratego.Color) []string {
	top := bottom.Opponent()
	lines := []string{st.Side(bottom) + " at the bottom, " + st.Side(top) + " in brackets"}
	lines = append(lines, st.rankLegend(r)...)
	return append(lines,
		"[7] "+top.String()+", never moved; (7) moved;",
		"<7> "+top.String()+", moved more than a square",
		` 7' `+bottom.String()+`, moved; 7" far; 7! rank seen`,
	)
}

// Legend explains the marks of a player's board at length.
const Legend = `The board, your side at the bottom:
  " 7 "  your piece, rank 7: the enemy knows nothing about it
  " 7'"  yours, and the enemy has seen it move (so it is no bomb or flag)
  " 7""  yours, and the enemy has seen it move more than one square
  " 7!"  yours, and the enemy has seen its rank in a fight
  "[?]"  an enemy piece that has never moved: any rank, bombs and flag too
  "(?)"  an enemy piece that has moved: no bomb or flag
  "<?>"  an enemy piece that moved more than one square: a scout (or,
         where captains move two squares, a scout or a captain)
  "[7]"  an enemy piece whose rank you have seen (the brackets as above)
  " . "  an empty square; " ~ " a lake
Labels are the ranks in the rules' numbering: in ISF numbering 1 is the
spy, 2 the scout ... 9 the general, and X the marshal (10); B is a bomb,
F the flag. With colours on, the last move's squares are highlighted.
"info SQUARE" tells what is known about one piece and what it can be.`

// Knows says what is known about the piece on sq in v: for the player's
// own piece what the enemy knows of it, for an enemy piece what the
// player knows and which ranks it can still be (stratego.View.Ranks).
func Knows(v stratego.View, sq stratego.Square) string {
	r := v.Rules()
	if r.Lakes.Has(sq) {
		return "a lake"
	}
	p, ok := v.At(sq)
	if !ok {
		return "empty"
	}
	k := v.Knowledge(sq)
	n := r.Numbering
	if p.Color() == v.Player() {
		s := "your " + RankName(n, p.Rank()) + "; the enemy "
		switch {
		case k&stratego.KnownRank != 0:
			return s + "has seen its rank"
		case k&stratego.KnownFar != 0:
			return s + "has seen it move more than one square"
		case k&stratego.KnownMoved != 0:
			return s + "has seen it move, so knows it is no bomb or flag"
		}
		return s + "knows nothing about it"
	}
	s := capital(p.Color().String()) + "'s "
	if p.Rank() != stratego.Unknown {
		return s + RankName(n, p.Rank()) + ", seen in a fight"
	}
	s += "hidden piece"
	switch {
	case k&stratego.KnownTurn != 0:
		s += " that made a turning move"
	case k&stratego.KnownLong != 0:
		s += " that moved three or more squares in a line"
	case k&stratego.KnownFar != 0:
		s += " that moved more than one square"
	case k&stratego.KnownMoved != 0:
		s += " that has moved"
	default:
		s += " that has never moved"
	}
	var can []string
	for _, rk := range rankOrder {
		if v.Ranks(sq).Has(rk) {
			can = append(can, rk.String())
		}
	}
	for rk := range v.Beaten(sq).All() {
		s += "; it beat a " + rk.String()
	}
	return s + "; it can be: " + strings.Join(can, ", ")
}
