package web

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/internal/pageinfo"
)

// sides are the two sides, in the order of play.
var sides = [2]stratego.Color{stratego.Red, stratego.Blue}

// sideInfo says who plays a side and whether its setup is in.
type sideInfo struct {
	Kind   string `json:"kind"` // "bot" or "person"
	Name   string `json:"name,omitempty"`
	Seated bool   `json:"seated"` // a bot, or a person who holds the seat
	Ready  bool   `json:"ready"`
}

// statePayload is the answer to a request for a game's state: everything
// its receiver may know, and nothing more. For a player the view is the
// player's stratego.View in its JSON form; for a spectator it has the
// same shape and holds what both players were shown.
type statePayload struct {
	Role     string                     `json:"role"`
	Phase    string                     `json:"phase"`
	Version  int                        `json:"version"`
	Rules    pageinfo.Rules             `json:"rules"`
	Red      sideInfo                   `json:"red"`
	Blue     sideInfo                   `json:"blue"`
	Setup    string                     `json:"setup,omitempty"` // the receiver's own setup, once given
	View     json.RawMessage            `json:"view,omitempty"`
	Moves    []string                   `json:"moves"`
	CanBe    map[string][]stratego.Rank `json:"canBe,omitempty"`
	Thinking bool                       `json:"thinking,omitempty"`
	Notice   string                     `json:"notice,omitempty"`
	Outcome  string                     `json:"outcome"`
	Reveal   []boardPiece               `json:"reveal,omitempty"` // every piece, once the game is over
}

// boardPiece is one piece on a square.
type boardPiece struct {
	Square stratego.Square `json:"square"`
	Piece  stratego.Piece  `json:"piece"`
}

// payload builds the state of g for the receiver ro. The caller holds
// g.mu.
func (g *game) payload(ro role) (statePayload, error) {
	p := statePayload{
		Role: ro.String(), Phase: g.phase.String(), Version: g.version,
		Rules: pageinfo.RulesOf(g.rules), Moves: []string{}, Thinking: g.thinking, Notice: g.notice,
		Outcome: "ongoing",
	}
	p.Red, p.Blue = g.side(stratego.Red), g.side(stratego.Blue)
	if c := ro.color(); c.IsValid() && g.setups[c] != nil {
		p.Setup = g.setups[c].String()
	}
	if g.abandoned.IsValid() {
		p.Outcome = stratego.Outcome{Winner: g.abandoned.Opponent(), Reason: stratego.Resignation}.String()
		p.Notice = g.abandoned.String() + " resigned during the setup"
		return p, nil
	}
	if g.phase == phaseSetup {
		return p, nil
	}
	st := g.play.State()
	p.Outcome = st.Outcome().String()
	for _, s := range g.seen {
		p.Moves = append(p.Moves, notation(s[ro.color()], g.rules.Numbering)) // NoColor: the spectator's
	}
	var err error
	if c := ro.color(); c.IsValid() {
		v := st.View(c)
		p.View, err = v.MarshalJSON()
		p.CanBe = canBe(v)
	} else {
		p.View, err = json.Marshal(spectatorView(st))
	}
	if err != nil {
		return p, err
	}
	if g.phase == phaseOver {
		b := st.Board()
		for sq := range g.rules.Squares().All() {
			if pc := b.At(sq); pc != 0 {
				p.Reveal = append(p.Reveal, boardPiece{sq, pc})
			}
		}
	}
	return p, nil
}

// side describes who plays c.
func (g *game) side(c stratego.Color) sideInfo {
	si := sideInfo{Kind: "person", Ready: g.setups[c] != nil, Seated: g.seats[c].hasSecret}
	if g.botNames[c] != "" {
		si.Kind, si.Name, si.Seated = "bot", g.botNames[c], true
	}
	return si
}

// canBe lists, for each hidden enemy piece of v, the ranks it may still
// have as far as v shows (stratego.View.Ranks).
func canBe(v stratego.View) map[string][]stratego.Rank {
	out := map[string][]stratego.Rank{}
	for sq := range v.Hidden().All() {
		var rs []stratego.Rank
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			if v.Ranks(sq).Has(rk) {
				rs = append(rs, rk)
			}
		}
		out[sq.String()] = rs
	}
	return out
}

// pieceJSON is a piece of a spectator's view, in the form of the pieces
// of stratego.View's JSON.
type pieceJSON struct {
	Square  *stratego.Square `json:"square,omitempty"`
	Piece   stratego.Piece   `json:"piece"`
	Known   []string         `json:"known,omitempty"`
	Rescuer bool             `json:"rescuer,omitempty"`
	Beat    []stratego.Rank  `json:"beat,omitempty"`
}

// specView is a spectator's view in the shape of stratego.View's JSON:
// the fields the pages read.
type specView struct {
	Turn      stratego.Color   `json:"turn"`
	RescueDue bool             `json:"rescueDue,omitempty"`
	Ply       int              `json:"ply"`
	Outcome   stratego.Outcome `json:"outcome"`
	Board     []pieceJSON      `json:"board"`
	Captured  []pieceJSON      `json:"captured,omitempty"`
	Last      string           `json:"last,omitempty"`
	Legal     []stratego.Move  `json:"legalMoves"`
}

// spectatorView builds what a spectator of s may see from the two
// players' views only: a red piece as Blue sees it, a blue piece as Red
// sees it, so a rank shows only when its opponent was shown it.
func spectatorView(s stratego.State) specView {
	red, blue := s.View(stratego.Red), s.View(stratego.Blue)
	sv := specView{
		Turn: red.Turn(), RescueDue: red.RescueDue(), Ply: red.Ply(), Outcome: red.Outcome(),
		Board: []pieceJSON{}, Legal: []stratego.Move{},
	}
	r := s.Rules()
	for sq := range r.Squares().All() {
		pc, ok := red.At(sq)
		if !ok {
			continue
		}
		if pc.Color() == stratego.Red {
			pc, _ = blue.At(sq)
		}
		sq := sq
		sv.Board = append(sv.Board, pieceJSON{
			Square: &sq, Piece: pc, Known: knownNames(red.Knowledge(sq)),
			Rescuer: red.MadeRescue(sq), Beat: slices.Collect(red.Beaten(sq).All()),
		})
	}
	for _, c := range sides {
		lost := red.Captured(c)
		for rk := stratego.Spy; rk <= stratego.Flag; rk++ {
			for range lost[rk] {
				sv.Captured = append(sv.Captured, pieceJSON{Piece: stratego.NewPiece(c, rk)})
			}
		}
	}
	if s.Ply() > 0 && red.LastEvent().Color.IsValid() {
		sv.Last = notation(seenOf(s)[stratego.NoColor], r.Numbering)
	}
	return sv
}

// knownNames returns the flags of k by the names of stratego.View's
// JSON: "rank", "moved", "far", "long", "turn".
func knownNames(k stratego.Knowledge) []string {
	if k == 0 {
		return nil
	}
	return strings.Split(k.String(), "|")
}
