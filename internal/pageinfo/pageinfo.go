// Package pageinfo holds what the web game's pages are told of rules and
// of a game to replay, for the two places that answer them: the server
// (package web) and the engine in the page (the WebAssembly build), so
// that both answer alike. It uses only the library's exported API.
package pageinfo

import (
	"errors"
	"slices"
	"strings"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/gravon"
)

// Rank describes one rank for the pages: its labels and how many
// pieces of it an army has.
type Rank struct {
	Rank    stratego.Rank `json:"rank"`
	Char    string        `json:"char"`  // the one-character label of the text forms
	Label   string        `json:"label"` // the label printed on the piece
	Count   int           `json:"count"` // pieces of the rank in an army
	Movable bool          `json:"movable"`
}

// Rules is what the pages need to know of the rules: the board's
// geometry, the army and the rule settings worth showing.
type Rules struct {
	Text            string            `json:"text"`
	Width           int               `json:"width"`
	Height          int               `json:"height"`
	Lakes           []stratego.Square `json:"lakes"`
	Zone            []stratego.Square `json:"zone"` // as its owner sees the board
	FillZone        bool              `json:"fillZone"`
	Numbering       string            `json:"numbering"`
	Ranks           []Rank            `json:"ranks"`
	Info            string            `json:"info"`
	TwoSquares      int               `json:"twoSquares"`
	MoreSquares     string            `json:"moreSquares"`
	CaptainsMoveTwo bool              `json:"captainsMoveTwo"`
	Rescues         int               `json:"rescues"`
	MaxPlies        int               `json:"maxPlies"`
}

// RulesOf describes r.
func RulesOf(r stratego.Rules) Rules {
	ri := Rules{
		Text: r.String(), Width: r.Width, Height: r.Height,
		Lakes: slices.Collect(r.Lakes.All()), Zone: slices.Collect(r.Zone.All()),
		FillZone: r.FillZone, Numbering: r.Numbering.String(), Info: r.Info.String(),
		TwoSquares: r.TwoSquares, MoreSquares: r.MoreSquares.String(),
		CaptainsMoveTwo: r.CaptainsMoveTwo, Rescues: r.Rescues, MaxPlies: r.MaxPlies,
	}
	for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
		ri.Ranks = append(ri.Ranks, Rank{
			Rank: rk, Char: string(r.Numbering.Char(rk)), Label: r.Numbering.Label(rk),
			Count: int(r.Army[rk]), Movable: rk.Movable(),
		})
	}
	return ri
}

// MaxReplayPlies bounds the frames of one replay.
const MaxReplayPlies = 20000

// Replay is a game to step through: one board per position (the
// 100-letter Gravon field of gravon.Field, every rank shown), the moves
// in record notation, and the outcome. When the record stops at an
// illegal move, Error says why and the frames end there.
type Replay struct {
	Format  string      `json:"format"` // "record", "gravon-xml" or "gravon-gsn"
	Rules   Rules       `json:"rules"`
	Tags    [][2]string `json:"tags"`
	Frames  []string    `json:"frames"`
	Moves   []string    `json:"moves"`
	Outcome string      `json:"outcome"`
	Error   string      `json:"error,omitempty"`
}

// ReadGame reads a record or a Gravon game file; it says which it was
// ("record", "gravon-xml" or "gravon-gsn"). gravon.Read checks a Gravon
// file (its layout, a byte order mark); the first character past white
// space and a byte order mark only chooses between the two readers and
// names the format.
func ReadGame(text string) (stratego.Record, string, error) {
	head := strings.TrimLeft(text, " \t\r\n"+byteOrderMark)
	if !strings.HasPrefix(head, "<") && !strings.HasPrefix(head, "#") {
		rec, err := stratego.ParseRecord(text)
		return rec, "record", err
	}
	format := "gravon-xml"
	if head[0] == '#' {
		format = "gravon-gsn"
	}
	g, err := gravon.Read(strings.NewReader(text))
	if err != nil {
		return stratego.Record{}, format, err
	}
	rec, err := g.Record()
	return rec, format, err
}

// byteOrderMark is the UTF-8 byte order mark some editors write at the
// start of a file.
const byteOrderMark = "\ufeff"

// ReplayOf plays rec and describes every position; say puts the error
// of an illegal move into words for Replay.Error. Format is left for
// the caller. The error is that of a record with no start position.
func ReplayOf(rec stratego.Record, say func(error, stratego.Rules) string) (Replay, error) {
	states, err := rec.Replay()
	if len(states) == 0 {
		if err == nil {
			err = errors.New("no start position")
		}
		return Replay{}, err
	}
	r := states[0].Rules()
	out := Replay{Rules: RulesOf(r), Frames: []string{}, Moves: []string{}, Tags: [][2]string{}}
	for _, t := range rec.Tags {
		out.Tags = append(out.Tags, [2]string{t.Name, t.Value})
	}
	for i, st := range states {
		out.Frames = append(out.Frames, gravon.Field(r, st.Board()))
		if i > 0 {
			a := stratego.Annotate(st.LastEvent())
			b, e := a.AppendNotation(nil, r.Numbering)
			if e != nil {
				b = []byte(a.Move.String())
			}
			out.Moves = append(out.Moves, string(b))
		}
	}
	out.Outcome = states[len(states)-1].Outcome().String()
	if err != nil {
		out.Error = say(err, r)
	}
	return out, nil
}
