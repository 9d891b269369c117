package web

import (
	"encoding/json"

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
// player's stratego.View in its JSON form; for a spectator, the JSON
// form of stratego.State.SpectatorView (what both players were shown).
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
		p.View, err = st.SpectatorView().MarshalJSON()
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
