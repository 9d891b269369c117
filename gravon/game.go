package gravon

import (
	"bufio"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/stratego-go/stratego"
)

// gravonTypes are the game types of the Gravon archive, as its XML files
// name them.
var gravonTypes = []string{"classic", "barrage", "classicfree", "ultimate lightning", "duell"}

// Rules returns the rules of a Gravon game type: "classic" and
// "classicfree" are [stratego.Gravon]; "barrage", "duell" and "ultimate
// lightning" are [stratego.Barrage], [stratego.Duel] and [stratego.UltimateLightning] with the
// server's repetition rules (Two-Squares limit 5, no More-Squares Rule).
// In "classicfree" games the pieces start anywhere (see
// [Game.Record]).
func Rules(typ string) (stratego.Rules, error) {
	var r stratego.Rules
	switch typ {
	case "classic", "classicfree":
		return stratego.Gravon(), nil
	case "barrage":
		r = stratego.Barrage()
	case "duell":
		r = stratego.Duel()
	case "ultimate lightning":
		r = stratego.UltimateLightning()
	default:
		return stratego.Rules{}, parseErr("gravon game type", typ, 0, `"classic", "barrage", "duell", "ultimate lightning" or "classicfree"`)
	}
	r.TwoSquares, r.MoreSquares = 5, stratego.MoreSquaresOff
	return r, nil
}

// Game is a game of the Gravon archive as its files hold it: the
// game type, the 100-letter start field, the moves (squares only), the
// players' names and the result code. [ReadXML] and
// [ReadGSN] read one, [Game.WriteXML] writes one, and
// [Game.Record] and [GameOf] convert to and from a [stratego.Record].
type Game struct {
	Type   string          // "classic", "barrage", "duell", "ultimate lightning", "classicfree"
	Field  string          // the start field, 100 letters, or "" when the game ended during setup
	Moves  []stratego.Move // From and To only
	Names  [3]string       // the players' names, indexed by Color: Names[stratego.Red] is Red's
	End    End             // the end code (EndFlag, …)
	Winner int             // 1 Red, 2 Blue, 3 draw
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
		Moves   []xmlMove `xml:"move"`
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

// xmlMove is a move element of a Gravon XML file and the line of the
// file where it ends, for the errors of ReadXML.
type xmlMove struct {
	ID     int    `xml:"id,attr"`
	Source string `xml:"source,attr"`
	Target string `xml:"target,attr"`
	line   int
}

// UnmarshalXML reads the move's attributes and notes its line.
func (m *xmlMove) UnmarshalXML(d *xml.Decoder, start xml.StartElement) error {
	m.line, _ = d.InputPos()
	var attrs struct {
		ID     int    `xml:"id,attr"`
		Source string `xml:"source,attr"`
		Target string `xml:"target,attr"`
	}
	if err := d.DecodeElement(&attrs, &start); err != nil {
		return err
	}
	m.ID, m.Source, m.Target = attrs.ID, attrs.Source, attrs.Target
	return nil
}

// ReadXML reads a Gravon XML game file. It checks the layout (the
// type, a 100-letter field if any, moves numbered 1, 2, … in Gravon
// squares, two players, a numeric result) but not the game itself; see
// [Game.Record]. Errors wrap ErrSyntax.
func ReadXML(r io.Reader) (Game, error) {
	var x gravonXML
	src := &readErrs{r: r}
	if err := xml.NewDecoder(src).Decode(&x); err != nil {
		switch {
		case src.err != nil && errors.Is(err, src.err):
			return Game{}, src.err // the reader's own error, as it is
		case errors.Is(err, io.EOF) && src.n == 0:
			return Game{}, fmt.Errorf("%w: gravon xml: empty file, want a <stratego> element", stratego.ErrSyntax)
		case errors.Is(err, io.EOF):
			return Game{}, fmt.Errorf("%w: gravon xml: no <stratego> element", stratego.ErrSyntax)
		}
		return Game{}, fmt.Errorf("%w: gravon xml: %w", stratego.ErrSyntax, err)
	}
	bad := func(format string, args ...any) error {
		return fmt.Errorf("%w: gravon xml: "+format, append([]any{stratego.ErrSyntax}, args...)...)
	}
	g := Game{Type: x.Game.Type}
	if _, err := Rules(g.Type); err != nil {
		return Game{}, bad("game type %s, want one of %s", quote(g.Type), strings.Join(gravonTypes, ", "))
	}
	if x.Game.Field != nil {
		g.Field = x.Game.Field.Content
		if len(g.Field) != stratego.MaxSquares {
			return Game{}, bad("field of %d letters, want 100", len(g.Field))
		}
	}
	for i, m := range x.Game.Moves {
		mv, err := ParseMove(m.Source + "-" + m.Target)
		if err != nil || m.ID != i+1 {
			return Game{}, bad("line %d: move %d (id %d): source %s, target %s", m.line, i+1, m.ID, quote(m.Source), quote(m.Target))
		}
		g.Moves = append(g.Moves, mv)
	}
	if len(x.Game.Players) != 2 || x.Game.Players[0].ID != 1 || x.Game.Players[1].ID != 2 {
		return Game{}, bad("want players 1 and 2")
	}
	g.Names[stratego.Red], g.Names[stratego.Blue] = strings.TrimSpace(x.Game.Players[0].Name), strings.TrimSpace(x.Game.Players[1].Name)
	code, err1 := strconv.Atoi(x.Game.Result.Type)
	win, err2 := strconv.Atoi(x.Game.Result.Winner)
	if err1 != nil || err2 != nil {
		return Game{}, bad("result type %s winner %s, want numbers", quote(x.Game.Result.Type), quote(x.Game.Result.Winner))
	}
	g.End, g.Winner = End(code), win
	return g, nil
}

// readErrs is a reader that remembers how much it read and its error,
// so that ReadXML tells the caller's I/O errors from bad XML.
type readErrs struct {
	r   io.Reader
	n   int
	err error
}

func (rd *readErrs) Read(p []byte) (int, error) {
	n, err := rd.r.Read(p)
	rd.n += n
	if err != nil && err != io.EOF {
		rd.err = err
	}
	return n, err
}

// quoteMax is the most of a value that an error message quotes.
const quoteMax = 40

// quote quotes s for an error message, cut after quoteMax bytes.
func quote(s string) string {
	if len(s) <= quoteMax {
		return strconv.Quote(s)
	}
	cut := quoteMax
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return strconv.Quote(s[:cut]) + fmt.Sprintf("… (%d bytes)", len(s))
}

// Read reads a Gravon game file in either of the archive's layouts,
// told apart by the content: XML ([ReadXML]) when its first character
// (after white space and a byte order mark) is "<", GSN ([ReadGSN])
// when it is "#". Any other content is an error wrapping ErrSyntax, and
// an error of r is returned as it is.
func Read(r io.Reader) (Game, error) {
	br := bufio.NewReader(r)
	for {
		c, _, err := br.ReadRune()
		switch {
		case err == io.EOF:
			return Game{}, fmt.Errorf("%w: gravon: empty file, want XML or GSN", stratego.ErrSyntax)
		case err != nil:
			return Game{}, err
		case c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\ufeff':
			continue
		}
		if err := br.UnreadRune(); err != nil {
			return Game{}, err
		}
		switch c {
		case '<':
			return ReadXML(br)
		case '#':
			return ReadGSN(br)
		}
		return Game{}, fmt.Errorf("%w: gravon: file starts with %s, want XML (\"<\") or GSN (\"#\")", stratego.ErrSyntax, quote(string(c)))
	}
}

// WriteXML writes g as a Gravon XML game file, in the layout that
// [ReadXML] reads.
func (g Game) WriteXML(w io.Writer) error {
	var x gravonXML
	x.Game.Type = g.Type
	if g.Field != "" {
		x.Game.Field = &struct {
			Content string `xml:"content,attr"`
		}{g.Field}
	}
	for i, m := range g.Moves {
		s := Move(m)
		if s == "" {
			return fmt.Errorf("%w: gravon xml: move %d %v", stratego.ErrInvalid, i+1, m)
		}
		x.Game.Moves = append(x.Game.Moves, xmlMove{ID: i + 1, Source: s[:2], Target: s[3:]})
	}
	for i, c := range []stratego.Color{stratego.Red, stratego.Blue} {
		x.Game.Players = append(x.Game.Players, struct {
			ID   int    `xml:"id,attr"`
			Name string `xml:",chardata"`
		}{i + 1, g.Names[c]})
	}
	x.Game.Result.Type = strconv.Itoa(int(g.End))
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

// ReadGSN reads an older Gravon GSN text file (the layout read by
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
func ReadGSN(r io.Reader) (Game, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return Game{}, err
	}
	text := strings.TrimPrefix(string(data), "\ufeff")
	lines := strings.Split(strings.ReplaceAll(text, "\r\n", "\n"), "\n")
	for len(lines) > 0 && strings.TrimSpace(lines[len(lines)-1]) == "" {
		lines = lines[:len(lines)-1]
	}
	bad := func(line int, format string, args ...any) error {
		return fmt.Errorf("%w: gravon gsn line %d: "+format, append([]any{stratego.ErrSyntax, line + 1}, args...)...)
	}
	if len(lines) < 4 {
		return Game{}, bad(len(lines), "want a header, a type, END and a result line")
	}
	for i := range lines {
		lines[i] = strings.TrimSpace(lines[i])
	}
	if h := lines[0]; h != "#X38FA11 Stratego-Notation v1" && h != "#X38FA11 Stratego-Notation v2" {
		return Game{}, bad(0, "header %s, want \"#X38FA11 Stratego-Notation v1\" (or v2)", quote(h))
	}
	t, ok := strings.CutPrefix(lines[1], "type ")
	n, okn := parseCount(t, len(gsnTypes)-1)
	if !ok || !okn {
		return Game{}, bad(1, "want \"type N\" with N 0-3")
	}
	g := Game{Type: gsnTypes[n]}
	i := 2
	if lines[i] != "END" {
		if len(lines[i]) != stratego.MaxSquares {
			return Game{}, bad(i, "field of %d letters, want 100", len(lines[i]))
		}
		g.Field = lines[i]
		i++
	}
	for ; i < len(lines) && lines[i] != "END"; i++ {
		if len(lines[i]) >= 3 && lines[i][2] == ':' {
			return Game{}, bad(i, "rescue line %s is not supported", quote(lines[i]))
		}
		m, err := ParseMove(lines[i])
		if err != nil {
			return Game{}, bad(i, "move %s, want a move such as \"A4-A5\" or END", quote(lines[i]))
		}
		g.Moves = append(g.Moves, m)
	}
	if i+2 != len(lines) {
		return Game{}, bad(i, "want END and then one result line")
	}
	players, result, ok1 := strings.Cut(lines[i+1], " result ")
	red, blue, ok2 := strings.Cut(players, " vs ")
	code, win, ok3 := strings.Cut(result, " winner ")
	c, err1 := strconv.Atoi(code)
	w, err2 := strconv.Atoi(win)
	if !ok1 || !ok2 || !ok3 || err1 != nil || err2 != nil {
		return Game{}, bad(i+1, "want \"<red> vs <blue> result <code> winner <w>\"")
	}
	if w < 0 || w > 2 {
		return Game{}, bad(i+1, "winner %d, want 0 (red), 1 (blue) or 2 (draw)", w)
	}
	g.Names[stratego.Red], g.Names[stratego.Blue] = red, blue
	g.End, g.Winner = End(c), w+1
	return g, nil
}

// Record converts g to a game record under [Rules] of its type,
// with tags Site "gravon.de", Red and Blue (the players), GravonType and
// GravonResult (the end code), and the result of [Outcome]. The
// start is the two setups read from the field when they fit the rules,
// and otherwise (always for "classicfree", where pieces start anywhere)
// a start position made with [stratego.FromBoard]. A turning Captain move, which
// Gravon writes by its end squares only, gets the Via of the first
// legal move between them; the moves are otherwise not checked here
// ([stratego.Record.Replay] does). The error wraps ErrSyntax for a bad field,
// ErrSetup for a placement FromBoard refuses, and ErrMismatch for a
// result that contradicts itself ([Game.Import] can take such a game).
func (g Game) Record() (stratego.Record, error) {
	rec, _, err := g.Import(ImportOptions{})
	return rec, err
}

// ImportOptions are the settings of [Game.Import]. The zero value
// refuses what [Game.Record] refuses.
type ImportOptions struct {
	// BadResults imports a game whose end code contradicts its winner
	// (three of the 3,906 games of the archive's position list are
	// "tie agreed" with a winner) instead of failing: its record's
	// result is "*" (unknown, so that the replay alone says how the game
	// ended), it has a GravonWinner tag beside GravonResult, and Import
	// returns the error [Outcome] gives as a warning.
	BadResults bool
}

// Import converts g to a game record as [Game.Record] does, under the
// settings opt, and returns with it the warnings: the problems opt let
// through, each an error that would have failed the import (wrapping
// [stratego.ErrMismatch] for a result). A program may print them, count
// them, or refuse the game after all.
func (g Game) Import(opt ImportOptions) (rec stratego.Record, warnings []error, err error) {
	r, err := Rules(g.Type)
	if err != nil {
		return stratego.Record{}, nil, err
	}
	rec = stratego.Record{Rules: r, Tags: []stratego.Tag{
		{Name: "Site", Value: "gravon.de"}, {Name: "Red", Value: g.Names[stratego.Red]}, {Name: "Blue", Value: g.Names[stratego.Blue]},
		{Name: "GravonType", Value: g.Type}, {Name: "GravonResult", Value: strconv.Itoa(int(g.End))},
	}}
	if rec.Result, err = Outcome(g.End, g.Winner); err != nil {
		if !opt.BadResults || !errors.Is(err, stratego.ErrMismatch) {
			return stratego.Record{}, nil, err
		}
		warnings = append(warnings, err)
		rec.Result = stratego.Outcome{}
		rec.Tags = append(rec.Tags, stratego.Tag{Name: "GravonWinner", Value: strconv.Itoa(g.Winner)})
	}
	if err := g.start(&rec); err != nil {
		return stratego.Record{}, nil, err
	}
	return rec, warnings, nil
}

// start sets the start and the moves of rec, whose rules are set, from
// g's field and moves.
func (g Game) start(rec *stratego.Record) error {
	r := rec.Rules
	if g.Field == "" {
		return fmt.Errorf("%w: gravon game without a field (ended during setup)", stratego.ErrSyntax)
	}
	b, err := ParseField(r, g.Field)
	if err != nil {
		return err
	}
	var s stratego.State
	red, blue, ok := setupsOf(r, &b)
	if g.Type != "classicfree" && ok {
		rec.RedSetup, rec.BlueSetup = red, blue
		s, err = stratego.New(r, red, blue)
	} else {
		s, err = stratego.FromBoard(r, b, stratego.Red)
		if err == nil {
			p := s.Position()
			rec.Start = &p
		}
	}
	if err != nil {
		return err
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
		rec.Moves = append(rec.Moves, stratego.RecordedMove{AnnotatedMove: stratego.AnnotatedMove{Move: m}})
	}
	return nil
}

// setupsOf splits a board into the two setups of r when every piece
// stands in its side's zone and each side has exactly r's army.
func setupsOf(r stratego.Rules, b *stratego.Board) (stratego.Setup, stratego.Setup, bool) {
	red, blue := stratego.NewSetup(r), stratego.NewSetup(r)
	for sq, p := range b.All() {
		switch {
		case p.Color() == stratego.Red && r.ZoneOf(stratego.Red).Has(sq):
			red.Put(sq, p.Rank())
		case p.Color() == stratego.Blue && r.ZoneOf(stratego.Blue).Has(sq):
			blue.Put(r.Rotate(sq), p.Rank())
		default:
			return red, blue, false
		}
	}
	return red, blue, r.CheckSetup(red) == nil && r.CheckSetup(blue) == nil
}

// GameOf converts a record to a Gravon game: the type from its
// GravonType tag or else from its rules (which must be those of a
// Gravon type), the field from its start, the moves, the players from
// its Red and Blue tags, and the end code from its GravonResult tag when
// that agrees with the result, and otherwise from the result: a
// resignation is a forfeit (3), a move cap is the game clock running out
// (12), and a game without a result is written as code 12 with winner
// 3. The error wraps [stratego.ErrMismatch] for rules of no Gravon type or a
// start that is not Red to move at ply 0, [stratego.ErrInvalid] for a rescue
// (which Gravon files cannot hold), and is the error of [stratego.New] for bad
// setups.
func GameOf(rec stratego.Record) (Game, error) {
	g := Game{}
	typ, ok := rec.Tag("GravonType")
	if !ok {
		for _, t := range gravonTypes {
			if r, _ := Rules(t); r == rec.Rules && t != "classicfree" {
				typ = t
				break
			}
		}
	}
	if r, err := Rules(typ); err != nil || r != rec.Rules {
		return Game{}, fmt.Errorf("%w: rules %v are no Gravon game type", stratego.ErrMismatch, rec.Rules)
	}
	g.Type = typ
	var b stratego.Board
	if rec.Start != nil {
		b = rec.Start.Board
		if rec.Start.Ply != 0 || rec.Start.Turn != stratego.Red || rec.Start.IsView() {
			return Game{}, fmt.Errorf("%w: a Gravon game starts with Red to move", stratego.ErrMismatch)
		}
	} else {
		s, err := stratego.New(rec.Rules, rec.RedSetup, rec.BlueSetup)
		if err != nil {
			return Game{}, err
		}
		b = s.Board()
	}
	g.Field = Field(rec.Rules, b)
	for i, m := range rec.Moves {
		if m.Move.IsRescue() {
			return Game{}, fmt.Errorf("%w: move %d is a rescue, which Gravon files cannot hold", stratego.ErrInvalid, i+1)
		}
		g.Moves = append(g.Moves, stratego.Move{From: m.Move.From, To: m.Move.To})
	}
	g.Names[stratego.Red], _ = rec.Tag("Red")
	g.Names[stratego.Blue], _ = rec.Tag("Blue")
	g.End, g.Winner = gravonCode(rec.Result)
	if c, ok := rec.Tag("GravonResult"); ok {
		if n, err := strconv.Atoi(c); err == nil {
			if o, err := Outcome(End(n), g.Winner); err == nil && o == rec.Result {
				g.End = End(n)
			}
		}
	}
	return g, nil
}
