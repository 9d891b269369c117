package stratego

import (
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
)

// Gravon StraDoS2 letters (RULES.md section 9): A empty, _ lake, Red B..M
// and Blue N..Y for Bomb, Spy, Scout, Miner, Sergeant, Lieutenant,
// Captain, Major, Colonel, General, Marshal, Flag.
var gravonOrder = [12]Rank{Bomb, Spy, Scout, Miner, Sergeant, Lieutenant, Captain, Major, Colonel, General, Marshal, Flag}

// GravonLetter returns the Gravon StraDoS2 letter of p ('A' for no piece).
func GravonLetter(p Piece) byte {
	for i, rk := range gravonOrder {
		if rk == p.Rank() {
			switch p.Color() {
			case Red:
				return byte('B' + i)
			case Blue:
				return byte('N' + i)
			}
		}
	}
	return 'A'
}

// GravonPiece returns the piece of a Gravon StraDoS2 letter B–Y, and false
// for any other byte (including 'A' and '_').
func GravonPiece(ch byte) (Piece, bool) {
	switch {
	case ch >= 'B' && ch <= 'M':
		return NewPiece(Red, gravonOrder[ch-'B']), true
	case ch >= 'N' && ch <= 'Y':
		return NewPiece(Blue, gravonOrder[ch-'N']), true
	}
	return 0, false
}

// ParseGravonField parses a 100-character Gravon StraDoS2 field (index =
// row×10 + file, 0 = a1): 'A' empty, '_' lake, 'B'–'Y' pieces. Lake
// letters must stand exactly on r's lakes, and pieces only on r's board.
func ParseGravonField(r Rules, field string) (Board, error) {
	var b Board
	if len(field) != MaxSquares {
		return b, parseErr("gravon field", field, min(len(field), MaxSquares), "exactly 100 letters")
	}
	for i := 0; i < MaxSquares; i++ {
		ch := field[i]
		sq := Square(i + 1)
		switch {
		case ch == '_':
			if !r.Lakes.Has(sq) {
				return b, parseErr("gravon field", field, i, "no lake on "+sq.String())
			}
		case ch == 'A':
			if r.Lakes.Has(sq) {
				return b, parseErr("gravon field", field, i, "the lake '_' on "+sq.String())
			}
		default:
			p, ok := GravonPiece(ch)
			if !ok {
				return b, parseErr("gravon field", field, i, "a letter A-Y or '_'")
			}
			if !r.OnBoard(sq) {
				return b, parseErr("gravon field", field, i, "no piece on "+sq.String())
			}
			b[i] = p
		}
	}
	return b, nil
}

// GravonField returns the 100-character Gravon StraDoS2 field of a board
// under r ('_' on r's lakes).
func GravonField(r Rules, b Board) string {
	out := make([]byte, MaxSquares)
	for i, p := range b {
		switch {
		case r.Lakes.Has(Square(i + 1)):
			out[i] = '_'
		default:
			out[i] = GravonLetter(p)
		}
	}
	return string(out)
}

// ParseGravonSetup parses a Gravon setup of one letter per square of the
// owner's first rows, a1 first (40 letters for the classic zone): 'A'
// empty, and either color's piece letters, and checks it with
// [Rules.CheckSetup]. The error is a *[ParseError] for bad text, or the
// error of [Rules.CheckSetup].
func ParseGravonSetup(r Rules, text string) (Setup, error) {
	if err := r.Validate(); err != nil {
		return Setup{}, err
	}
	s := NewSetup(r)
	if len(text) == 0 || len(text)%r.Width != 0 || len(text) > r.Width*r.Height {
		return Setup{}, parseErr("gravon setup", text, 0, "whole rows of letters")
	}
	for i := 0; i < len(text); i++ {
		if text[i] == 'A' {
			continue
		}
		p, ok := GravonPiece(text[i])
		if !ok {
			return Setup{}, parseErr("gravon setup", text, i, "a letter A-Y")
		}
		s.Put(SquareAt(i%r.Width, i/r.Width), p.Rank())
	}
	if err := r.checkSetup(NoColor, s); err != nil {
		return Setup{}, err
	}
	return s, nil
}

// Gravon squares and moves. The Gravon archive names the files A B C D E
// F G H I K (no J) and the rows 1–9 and ":" for 10, so every square is
// two characters: "A1", "K:" (j10).
const gravonFiles = "ABCDEFGHIK"

// GravonSquare returns the Gravon name of sq ("A1" … "K:"), or "" for an
// invalid square.
func GravonSquare(sq Square) string {
	if !sq.IsValid() {
		return ""
	}
	return string([]byte{gravonFiles[sq.File()], byte('1' + sq.Row())})
}

// ParseGravonSquare parses a Gravon square name: a file letter A–K
// without J (lower case accepted) and a row character 1–9 or ":" (10).
func ParseGravonSquare(s string) (Square, error) {
	if len(s) != 2 {
		return NoSquare, parseErr("gravon square", s, 0, "a file A-K (no J) and a row 1-9 or ':'")
	}
	f := strings.IndexByte(gravonFiles, upper(s[0]))
	if f < 0 {
		return NoSquare, parseErr("gravon square", s, 0, "a file A-K (no J)")
	}
	if s[1] < '1' || s[1] > ':' {
		return NoSquare, parseErr("gravon square", s, 1, "a row 1-9 or ':'")
	}
	return SquareAt(f, int(s[1]-'1')), nil
}

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// GravonMove returns the GSN form of a piece move, "XY-ZW" in Gravon
// squares; a turning Captain's Via is not written (Gravon does not).
// It returns "" for a rescue or an invalid move.
func GravonMove(m Move) string {
	if !m.IsValid() || m.IsRescue() {
		return ""
	}
	return GravonSquare(m.From) + "-" + GravonSquare(m.To)
}

// ParseGravonMove parses the GSN move form "XY-ZW".
func ParseGravonMove(s string) (Move, error) {
	if len(s) != 5 || s[2] != '-' {
		return Move{}, parseErr("gravon move", s, 0, `"XY-ZW" in Gravon squares`)
	}
	from, err1 := ParseGravonSquare(s[:2])
	to, err2 := ParseGravonSquare(s[3:])
	if err1 != nil || err2 != nil || from == to {
		return Move{}, parseErr("gravon move", s, 0, "two different Gravon squares")
	}
	return Move{From: from, To: to}, nil
}

// GravonSetup returns the Gravon form of a setup: one letter per square
// of the owner's zone rows, a1 first ("A" for an empty square), in the
// letters of color c (Red B–M, Blue N–Y).
func GravonSetup(r Rules, s Setup, c Color) string {
	rows := 1
	for q := range r.Zone.All() {
		rows = max(rows, q.Row()+1)
	}
	b := make([]byte, 0, rows*r.Width)
	for row := 0; row < rows; row++ {
		for f := 0; f < r.Width; f++ {
			rk := s.At(SquareAt(f, row))
			if rk.IsValid() {
				b = append(b, GravonLetter(NewPiece(c, rk)))
			} else {
				b = append(b, 'A')
			}
		}
	}
	return string(b)
}

// gravonTypes are the game types of the Gravon archive, as its XML files
// name them.
var gravonTypes = []string{"classic", "barrage", "classicfree", "ultimate lightning", "duell"}

// GravonRules returns the rules of a Gravon game type: "classic" and
// "classicfree" are [Gravon]; "barrage", "duell" and "ultimate
// lightning" are [Barrage], [Duel] and [UltimateLightning] with the
// server's repetition rules (Two-Squares limit 5, no More-Squares Rule).
// In "classicfree" games the pieces start anywhere (see
// [GravonGame.Record]).
func GravonRules(typ string) (Rules, error) {
	var r Rules
	switch typ {
	case "classic", "classicfree":
		return Gravon(), nil
	case "barrage":
		r = Barrage()
	case "duell":
		r = Duel()
	case "ultimate lightning":
		r = UltimateLightning()
	default:
		return Rules{}, parseErr("gravon game type", typ, 0, `"classic", "barrage", "duell", "ultimate lightning" or "classicfree"`)
	}
	r.TwoSquares, r.MoreSquares = 5, MoreSquaresOff
	return r, nil
}

// Gravon end codes (the "type" of a Gravon result).
const (
	GravonNoMove          = 0  // the loser was unable to move
	GravonFlag            = 1  // flag captured
	GravonBothStuck       = 2  // both unable to move: a draw
	GravonForfeit         = 3  // the loser forfeited (resigned)
	GravonTieAgreed       = 4  // a draw agreed
	GravonBothMissing     = 10 // both players left
	GravonPlayerClock     = 11 // the loser's clock ran out
	GravonGameClock       = 12 // the game clock ran out
	GravonClockAndMissing = 13 // the loser's clock ran out and the loser left
	GravonOpponentMissing = 14 // the loser left
)

// GravonOutcome maps a Gravon result (end code and winner: 1 Red, 2 Blue,
// 3 draw) to an outcome. Codes 0, 1 and 2 are the rules' own ends
// (NoLegalMove, FlagCaptured, NeitherCanMove) and 4 is DrawAgreed. The
// ends the rules do not know (3 forfeit, 10 both missing, 11 clock, 12
// game clock, 13 clock and missing, 14 opponent missing) count as the
// loser's Resignation when there is a winner, and as DrawAgreed when the
// winner is 3. A code that contradicts the winner (a win by code 2 or 4,
// a draw by code 0 or 1) or an unknown code or winner is an error
// wrapping ErrMismatch.
func GravonOutcome(code, winner int) (Outcome, error) {
	var w Color
	switch winner {
	case 1:
		w = Red
	case 2:
		w = Blue
	case 3:
	default:
		return Outcome{}, fmt.Errorf("%w: gravon winner %d, want 1, 2 or 3", ErrMismatch, winner)
	}
	var o Outcome
	switch code {
	case GravonNoMove:
		o = Outcome{Winner: w, Reason: NoLegalMove}
	case GravonFlag:
		o = Outcome{Winner: w, Reason: FlagCaptured}
	case GravonBothStuck:
		o = Outcome{Winner: w, Reason: NeitherCanMove}
	case GravonTieAgreed:
		o = Outcome{Winner: w, Reason: DrawAgreed}
	case GravonForfeit, GravonBothMissing, GravonPlayerClock, GravonGameClock, GravonClockAndMissing, GravonOpponentMissing:
		o = Outcome{Winner: w, Reason: Resignation}
		if w == NoColor {
			o.Reason = DrawAgreed
		}
	default:
		return Outcome{}, fmt.Errorf("%w: unknown gravon end code %d", ErrMismatch, code)
	}
	if !o.valid() {
		return Outcome{}, fmt.Errorf("%w: gravon end code %d with winner %d", ErrMismatch, code, winner)
	}
	return o, nil
}

// gravonCode is the inverse of GravonOutcome for the library's outcomes:
// a resignation is a forfeit (3); the move caps, which Gravon does not
// have, are the game clock running out (12).
func gravonCode(o Outcome) (code, winner int) {
	winner = 3
	switch o.Winner {
	case Red:
		winner = 1
	case Blue:
		winner = 2
	}
	switch o.Reason {
	case NoLegalMove:
		return GravonNoMove, winner
	case FlagCaptured:
		return GravonFlag, winner
	case NeitherCanMove:
		return GravonBothStuck, winner
	case Resignation:
		return GravonForfeit, winner
	case DrawAgreed:
		return GravonTieAgreed, winner
	}
	return GravonGameClock, winner
}

// GravonGame is a game of the Gravon archive as its files hold it: the
// game type, the 100-letter start field, the moves (squares only), the
// players' names and the result code. [ReadGravonXML] and
// [ReadGravonGSN] read one, [GravonGame.WriteXML] writes one, and
// [GravonGame.Record] and [GravonGameOf] convert to and from a [Record].
type GravonGame struct {
	Type    string    // "classic", "barrage", "duell", "ultimate lightning", "classicfree"
	Field   string    // the start field, 100 letters, or "" when the game ended during setup
	Moves   []Move    // From and To only
	Players [2]string // Red's and Blue's names
	End     int       // the end code (GravonFlag, …)
	Winner  int       // 1 Red, 2 Blue, 3 draw
}

// The XML layout of a Gravon game file (as read by R. Halbersma's gravon
// project, rhalbersma/gravon scripts/gsn2xml.py and
// src/scripts/transform/parse.py):
//
//	<stratego><game type="classic"><field content="…"/>
//	<move id="1" source="A4" target="A5"/>…
//	<player id="1">…</player><player id="2">…</player>
//	<result type="1" winner="1"/></game></stratego>
type gravonXML struct {
	XMLName xml.Name `xml:"stratego"`
	Game    struct {
		Type  string `xml:"type,attr"`
		Field *struct {
			Content string `xml:"content,attr"`
		} `xml:"field"`
		Moves []struct {
			ID     int    `xml:"id,attr"`
			Source string `xml:"source,attr"`
			Target string `xml:"target,attr"`
		} `xml:"move"`
		Players []struct {
			ID   int    `xml:"id,attr"`
			Name string `xml:",chardata"`
		} `xml:"player"`
		Result struct {
			Type   string `xml:"type,attr"`
			Winner string `xml:"winner,attr"`
		} `xml:"result"`
	} `xml:"game"`
}

// ReadGravonXML reads a Gravon XML game file. It checks the layout (the
// type, a 100-letter field if any, moves numbered 1, 2, … in Gravon
// squares, two players, a numeric result) but not the game itself; see
// [GravonGame.Record]. Errors wrap ErrSyntax.
func ReadGravonXML(r io.Reader) (GravonGame, error) {
	var x gravonXML
	if err := xml.NewDecoder(r).Decode(&x); err != nil {
		return GravonGame{}, fmt.Errorf("%w: gravon xml: %v", ErrSyntax, err)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: gravon xml: "+format, append([]any{ErrSyntax}, args...)...)
	}
	g := GravonGame{Type: x.Game.Type}
	if _, err := GravonRules(g.Type); err != nil {
		return GravonGame{}, bad("game type %q", g.Type)
	}
	if x.Game.Field != nil {
		g.Field = x.Game.Field.Content
		if len(g.Field) != MaxSquares {
			return GravonGame{}, bad("field of %d letters, want 100", len(g.Field))
		}
	}
	for i, m := range x.Game.Moves {
		mv, err := ParseGravonMove(m.Source + "-" + m.Target)
		if err != nil || m.ID != i+1 {
			return GravonGame{}, bad("move %d (id %d): %q-%q", i+1, m.ID, m.Source, m.Target)
		}
		g.Moves = append(g.Moves, mv)
	}
	if len(x.Game.Players) != 2 || x.Game.Players[0].ID != 1 || x.Game.Players[1].ID != 2 {
		return GravonGame{}, bad("want players 1 and 2")
	}
	g.Players = [2]string{strings.TrimSpace(x.Game.Players[0].Name), strings.TrimSpace(x.Game.Players[1].Name)}
	code, err1 := strconv.Atoi(x.Game.Result.Type)
	win, err2 := strconv.Atoi(x.Game.Result.Winner)
	if err1 != nil || err2 != nil {
		return GravonGame{}, bad("result type %q winner %q, want numbers", x.Game.Result.Type, x.Game.Result.Winner)
	}
	g.End, g.Winner = code, win
	return g, nil
}

// WriteXML writes g as a Gravon XML game file, in the layout that
// [ReadGravonXML] reads.
func (g GravonGame) WriteXML(w io.Writer) error {
	var x gravonXML
	x.Game.Type = g.Type
	if g.Field != "" {
		x.Game.Field = &struct {
			Content string `xml:"content,attr"`
		}{g.Field}
	}
	for i, m := range g.Moves {
		s := GravonMove(m)
		if s == "" {
			return fmt.Errorf("%w: gravon xml: move %d %v", ErrInvalid, i+1, m)
		}
		x.Game.Moves = append(x.Game.Moves, struct {
			ID     int    `xml:"id,attr"`
			Source string `xml:"source,attr"`
			Target string `xml:"target,attr"`
		}{i + 1, s[:2], s[3:]})
	}
	for i, p := range g.Players {
		x.Game.Players = append(x.Game.Players, struct {
			ID   int    `xml:"id,attr"`
			Name string `xml:",chardata"`
		}{i + 1, p})
	}
	x.Game.Result.Type = strconv.Itoa(g.End)
	x.Game.Result.Winner = strconv.Itoa(g.Winner)
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return err
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", " ")
	if err := enc.Encode(x); err != nil {
		return err
	}
	_, err := io.WriteString(w, "\n")
	return err
}

// gsnTypes are the game types of the GSN "type N" line.
var gsnTypes = []string{"classic", "barrage", "classicfree", "ultimate lightning"}

// ReadGravonGSN reads an older Gravon GSN text file (the layout read by
// rhalbersma/gravon scripts/gsn2xml.py):
//
//	#X38FA11 Stratego-Notation v1          (or v2)
//	type 0                                  0 classic, 1 barrage, 2 classicfree, 3 ultimate lightning
//	<100-letter field>                      absent when the game ended during setup
//	A4-A5                                   one move per line
//	…
//	END
//	<red> vs <blue> result <code> winner <w>    w: 0 Red, 1 Blue, 2 draw
//
// The winner is stored as in XML files (1 Red, 2 Blue, 3 draw). Rescue
// lines of Ultimate Lightning games (a ":" in the third column) have no
// documented form and are an error. Errors wrap ErrSyntax.
func ReadGravonGSN(r io.Reader) (GravonGame, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return GravonGame{}, err
	}
	text := strings.TrimPrefix(string(data), "\ufeff")
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	bad := func(line int, format string, args ...any) error {
		return fmt.Errorf("%w: gravon gsn line %d: "+format, append([]any{ErrSyntax, line + 1}, args...)...)
	}
	if len(lines) < 4 {
		return GravonGame{}, bad(len(lines), "want a header, a type, END and a result line")
	}
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	if h := lines[0]; h != "#X38FA11 Stratego-Notation v1" && h != "#X38FA11 Stratego-Notation v2" {
		return GravonGame{}, bad(0, "header %q", h)
	}
	t, ok := strings.CutPrefix(lines[1], "type ")
	n, okn := parseCount(t, len(gsnTypes)-1)
	if !ok || !okn {
		return GravonGame{}, bad(1, "want \"type N\" with N 0-3")
	}
	g := GravonGame{Type: gsnTypes[n]}
	i := 2
	if lines[i] != "END" {
		if len(lines[i]) != MaxSquares {
			return GravonGame{}, bad(i, "field of %d letters, want 100", len(lines[i]))
		}
		g.Field = lines[i]
		i++
	}
	for ; i < len(lines) && lines[i] != "END"; i++ {
		if len(lines[i]) >= 3 && lines[i][2] == ':' {
			return GravonGame{}, bad(i, "rescue line %q is not supported", lines[i])
		}
		m, err := ParseGravonMove(lines[i])
		if err != nil {
			return GravonGame{}, bad(i, "move %q", lines[i])
		}
		g.Moves = append(g.Moves, m)
	}
	if i+2 != len(lines) {
		return GravonGame{}, bad(i, "want END and then one result line")
	}
	players, result, ok1 := strings.Cut(lines[i+1], " result ")
	red, blue, ok2 := strings.Cut(players, " vs ")
	code, win, ok3 := strings.Cut(result, " winner ")
	c, err1 := strconv.Atoi(code)
	w, err2 := strconv.Atoi(win)
	if !ok1 || !ok2 || !ok3 || err1 != nil || err2 != nil {
		return GravonGame{}, bad(i+1, "want \"<red> vs <blue> result <code> winner <w>\"")
	}
	g.Players = [2]string{red, blue}
	g.End, g.Winner = c, w+1
	return g, nil
}

// Record converts g to a game record under [GravonRules] of its type,
// with tags Site "gravon.de", Red and Blue (the players), GravonType and
// GravonResult (the end code), and the result of [GravonOutcome]. The
// start is the two setups read from the field when they fit the rules,
// and otherwise (always for "classicfree", where pieces start anywhere)
// a start position made with [FromBoard]. A turning Captain move, which
// Gravon writes by its end squares only, gets the Via of the first
// legal move between them; the moves are otherwise not checked here
// ([Record.Replay] does). The error wraps ErrSyntax for a bad field,
// ErrSetup for a placement FromBoard refuses, and ErrMismatch for a
// result that contradicts itself.
func (g GravonGame) Record() (Record, error) {
	r, err := GravonRules(g.Type)
	if err != nil {
		return Record{}, err
	}
	rec := Record{Rules: r, Tags: []Tag{
		{"Site", "gravon.de"}, {"Red", g.Players[0]}, {"Blue", g.Players[1]},
		{"GravonType", g.Type}, {"GravonResult", strconv.Itoa(g.End)},
	}}
	if rec.Result, err = GravonOutcome(g.End, g.Winner); err != nil {
		return Record{}, err
	}
	if g.Field == "" {
		return Record{}, fmt.Errorf("%w: gravon game without a field (ended during setup)", ErrSyntax)
	}
	b, err := ParseGravonField(r, g.Field)
	if err != nil {
		return Record{}, err
	}
	var s State
	red, blue, ok := setupsOf(r, &b)
	if g.Type != "classicfree" && ok {
		rec.RedSetup, rec.BlueSetup = red, blue
		s, err = New(r, red, blue)
	} else {
		s, err = FromBoard(r, b, Red)
		if err == nil {
			p := s.Position()
			rec.Start = &p
		}
	}
	if err != nil {
		return Record{}, err
	}
	live := true
	for _, m := range g.Moves {
		if live && m.From.File() != m.To.File() && m.From.Row() != m.To.Row() {
			for lm := range s.LegalMoves() {
				if lm.From == m.From && lm.To == m.To {
					m = lm
					break
				}
			}
		}
		if live {
			if s, _, err = s.Apply(m); err != nil {
				live = false
			}
		}
		rec.Moves = append(rec.Moves, RecordedMove{AnnotatedMove: AnnotatedMove{Move: m}})
	}
	return rec, nil
}

// setupsOf splits a board into the two setups of r when every piece
// stands in its side's zone and each side has exactly r's army.
func setupsOf(r Rules, b *Board) (Setup, Setup, bool) {
	red, blue := NewSetup(r), NewSetup(r)
	for i, p := range b {
		if p == 0 {
			continue
		}
		sq := Square(i + 1)
		switch {
		case p.Color() == Red && r.ZoneOf(Red).Has(sq):
			red.Put(sq, p.Rank())
		case p.Color() == Blue && r.ZoneOf(Blue).Has(sq):
			blue.Put(r.turn(sq), p.Rank())
		default:
			return red, blue, false
		}
	}
	return red, blue, r.checkSetup(Red, red) == nil && r.checkSetup(Blue, blue) == nil
}

// GravonGameOf converts a record to a Gravon game: the type from its
// GravonType tag or else from its rules (which must be those of a
// Gravon type), the field from its start, the moves, the players from
// its Red and Blue tags, and the end code from its GravonResult tag when
// that agrees with the result, and otherwise from the result: a
// resignation is a forfeit (3), a move cap is the game clock running out
// (12), and a game without a result is written as code 12 with winner
// 3. The error wraps [ErrMismatch] for rules of no Gravon type or a
// start that is not Red to move at ply 0, [ErrInvalid] for a rescue
// (which Gravon files cannot hold), and is the error of [New] for bad
// setups.
func GravonGameOf(rec Record) (GravonGame, error) {
	g := GravonGame{}
	typ, ok := rec.Tag("GravonType")
	if !ok {
		for _, t := range gravonTypes {
			if r, _ := GravonRules(t); r == rec.Rules && t != "classicfree" {
				typ = t
				break
			}
		}
	}
	if r, err := GravonRules(typ); err != nil || r != rec.Rules {
		return GravonGame{}, fmt.Errorf("%w: rules %v are no Gravon game type", ErrMismatch, rec.Rules)
	}
	g.Type = typ
	var b Board
	if rec.Start != nil {
		b = rec.Start.Board
		if rec.Start.Ply != 0 || rec.Start.Turn != Red || rec.Start.IsView() {
			return GravonGame{}, fmt.Errorf("%w: a Gravon game starts with Red to move", ErrMismatch)
		}
	} else {
		s, err := New(rec.Rules, rec.RedSetup, rec.BlueSetup)
		if err != nil {
			return GravonGame{}, err
		}
		b = s.Board()
	}
	g.Field = GravonField(rec.Rules, b)
	for i, m := range rec.Moves {
		if m.Move.IsRescue() {
			return GravonGame{}, fmt.Errorf("%w: move %d is a rescue, which Gravon files cannot hold", ErrInvalid, i+1)
		}
		g.Moves = append(g.Moves, Move{From: m.Move.From, To: m.Move.To})
	}
	g.Players[0], _ = rec.Tag("Red")
	g.Players[1], _ = rec.Tag("Blue")
	g.End, g.Winner = gravonCode(rec.Result)
	if c, ok := rec.Tag("GravonResult"); ok {
		if n, err := strconv.Atoi(c); err == nil {
			if o, err := GravonOutcome(n, g.Winner); err == nil && o == rec.Result {
				g.End = n
			}
		}
	}
	return g, nil
}

// StraDos3 returns the StraDos3 line of a position (the form of
// OpenSpiel's Stratego port): the 100-letter Gravon field, a space, "r"
// or "b" for the side to move, a space and the ply. Pieces whose rank
// the opponent knows are written in lower case; in a player's view
// ([State.ViewPosition]) a hidden piece is "?". The line keeps only
// this much of the position.
func StraDos3(p Position) string {
	b := make([]byte, 0, MaxSquares+12)
	for i, pc := range p.Board {
		sq := Square(i + 1)
		switch {
		case p.Rules.Lakes.Has(sq):
			b = append(b, '_')
		case pc == 0:
			b = append(b, 'A')
		case pc.Rank() == Unknown:
			b = append(b, '?')
		default:
			ch := GravonLetter(pc)
			if p.Known[i]&KnownRank != 0 {
				ch += 'a' - 'A'
			}
			b = append(b, ch)
		}
	}
	b = append(b, ' ', "rb"[max(p.Turn, Red)-Red], ' ')
	b = strconv.AppendInt(b, int64(p.Ply), 10)
	return string(b)
}

// ParseStraDos3 parses a StraDos3 line under r into a position: lower
// case letters are pieces whose rank is known to the opponent, and "?"
// a hidden piece of viewer's opponent (viewer is NoColor for a line with
// every rank). With a viewer, the position is that player's view
// ([Position.Viewer]). The position has no history and no count of plies
// without an attack; its outcome is the one the rules give, or a
// captured flag when a side has none.
func ParseStraDos3(r Rules, viewer Color, line string) (Position, error) {
	field, rest, ok1 := strings.Cut(line, " ")
	turn, ply, ok2 := strings.Cut(rest, " ")
	n, okn := parseCount(ply, 1<<30)
	if !ok1 || !ok2 || !okn || (turn != "r" && turn != "b") || len(field) != MaxSquares {
		return Position{}, parseErr("strados3", line, 0, `"<100-letter field> <r|b> <ply>"`)
	}
	if err := r.Validate(); err != nil {
		return Position{}, err
	}
	p := Position{Rules: r, Turn: Red, Ply: n}
	if viewer.IsValid() {
		p.Viewer = viewer
	}
	if r.MoreSquares == MoreSquaresGame {
		p.seen = 1 // the current board, as for a new game
	}
	if turn == "b" {
		p.Turn = Blue
	}
	up := []byte(field)
	for i, ch := range up {
		switch {
		case ch == '?':
			if !viewer.IsValid() {
				return Position{}, parseErr("strados3", line, i, "a piece letter (a line without a viewer hides nothing)")
			}
			if !r.OnBoard(Square(i + 1)) {
				return Position{}, parseErr("strados3", line, i, "no piece on "+Square(i+1).String())
			}
			p.Board[i] = NewPiece(viewer.Opponent(), Unknown)
			up[i] = 'A'
		case ch >= 'b' && ch <= 'y':
			p.Known[i] = KnownRank
			up[i] = ch - 'a' + 'A'
		}
	}
	b, err := ParseGravonField(r, string(up))
	if pe := (*ParseError)(nil); errors.As(err, &pe) {
		return Position{}, parseErr("strados3", line, pe.Pos, pe.Want)
	} else if err != nil {
		return Position{}, err
	}
	for i, pc := range b {
		if pc != 0 {
			p.Board[i] = pc
		}
	}
	var flags [3]bool // a hidden piece may be the flag
	for _, pc := range p.Board {
		if pc.Rank() == Flag || pc.Rank() == Unknown {
			flags[pc.Color()] = true
		}
	}
	switch {
	case flags[Red] && !flags[Blue]:
		p.Outcome = Outcome{Winner: Red, Reason: FlagCaptured}
	case flags[Blue] && !flags[Red]:
		p.Outcome = Outcome{Winner: Blue, Reason: FlagCaptured}
	}
	if p.IsView() {
		if _, err := p.build(false, false); err != nil {
			return Position{}, err
		}
		return p, nil
	}
	if p.Outcome.Over() {
		if _, err := p.State(); err != nil {
			return Position{}, err
		}
		return p, nil
	}
	s, err := p.stateWithRulesOutcome()
	if err != nil {
		return Position{}, err
	}
	p.Outcome = s.Outcome()
	return p, nil
}
