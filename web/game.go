package web

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// phase is where a game stands.
type phase uint8

const (
	phaseSetup phase = iota // waiting for one or both setups
	phasePlay               // moves are played
	phaseOver               // the game has ended
)

func (p phase) String() string {
	switch p {
	case phaseSetup:
		return "setup"
	case phasePlay:
		return "play"
	}
	return "over"
}

// role is who sent a request: a player of one color or a spectator.
type role uint8

const (
	roleNone role = iota
	roleRed
	roleBlue
	roleSpectator
)

// color returns the side of a player role, NoColor for a spectator.
func (r role) color() stratego.Color {
	switch r {
	case roleRed:
		return stratego.Red
	case roleBlue:
		return stratego.Blue
	}
	return stratego.NoColor
}

func (r role) String() string {
	switch r {
	case roleRed, roleBlue:
		return r.color().String()
	case roleSpectator:
		return "spectator"
	}
	return "none"
}

// roleOf returns the player role of a side.
func roleOf(c stratego.Color) role {
	if c == stratego.Blue {
		return roleBlue
	}
	return roleRed
}

// seenMoves is one ply as each party saw it: the move annotated with
// what Red's view, Blue's view and a spectator learned of the combat
// (Unknown for a defender that stayed hidden).
type seenMoves [3]stratego.AnnotatedMove // indexed by Color, NoColor for the spectator

// seat is what the server keeps of one party's access to a game: the
// hash of its secret, and for a person invited to play the hash of the
// invitation until it is claimed. A bot's seat has no secret.
type seat struct {
	secret    secret
	hasSecret bool
	invite    secret
	hasInvite bool // a person's seat given by invitation
	claimed   bool // the invitation was used
}

// game is one game the server holds. Its fields are guarded by mu; the
// rules, the owner and the bots never change after the game is made.
type game struct {
	id      string
	rules   stratego.Rules
	created time.Time
	owner   string // the client that made it (clientOf)

	botNames  [3]string // indexed by Color; "" for a person
	botBudget bot.Budget

	// gone says the game expired: its file is removed and never
	// written again.
	gone atomic.Bool
	// saveMu lets one write of the game's file run at a time; it is
	// taken without mu, so that the game answers while its file is
	// written. written is the number of the snapshot last written.
	saveMu  sync.Mutex
	written uint64

	mu       sync.Mutex
	bots     [3]bot.Player // the built-in player of a side; dropped when the game is over
	snapshot uint64        // the number of the latest snapshot of the file
	seats    [3]seat       // the spectator's, Red's, Blue's (indexed by Color)
	touched  time.Time
	phase    phase
	setups   [3]*stratego.Setup // indexed by Color; nil until given
	play     stratego.Game      // the game, once both setups are in
	seen     []seenMoves
	version  int
	changed  chan struct{} // closed and replaced on every change
	thinking bool          // a bot is choosing a move
	notice   string        // a message for both players (a bot's failure)
	// abandoned is the side that resigned during the setup phase: the
	// game is over with no play.
	abandoned stratego.Color
}

// bump records a change: the version grows and waiting pollers wake.
// The caller holds g.mu.
func (g *game) bump(now time.Time) {
	g.version++
	g.touched = now
	close(g.changed)
	g.changed = make(chan struct{})
}

// errTurn, errPhase and errSetupGiven are the refusals that do not come from
// the engine.
var (
	errTurn       = errors.New("it is not your turn")
	errPhase      = errors.New("the game is not in that phase")
	errSetupGiven = errors.New("your setup is already given")
	errSpectator  = errors.New("a spectator cannot play")
)

// setSetup takes the setup of side c and starts the game when both are
// there. The caller holds g.mu.
func (g *game) setSetup(c stratego.Color, s stratego.Setup, now time.Time) error {
	if g.phase != phaseSetup {
		return errPhase
	}
	if g.setups[c] != nil {
		return errSetupGiven
	}
	if err := g.rules.CheckSetup(s); err != nil {
		return err
	}
	g.setups[c] = &s
	if g.setups[stratego.Red] != nil && g.setups[stratego.Blue] != nil {
		gm, err := stratego.NewGame(g.rules, *g.setups[stratego.Red], *g.setups[stratego.Blue])
		if err != nil {
			g.setups[c] = nil
			return err
		}
		g.play = gm
		g.phase = phasePlay
		if gm.State().Outcome().IsOver() {
			g.phase = phaseOver
		}
	}
	g.bump(now)
	return nil
}

// apply plays m for side c. The caller holds g.mu.
func (g *game) apply(c stratego.Color, m stratego.Move, now time.Time) error {
	if g.phase != phasePlay {
		return errPhase
	}
	if g.play.State().Turn() != c {
		return errTurn
	}
	next, _, err := g.play.Apply(m)
	if err != nil {
		return err
	}
	g.play = next
	g.seen = append(g.seen, seenOf(next.State()))
	if next.State().Outcome().IsOver() {
		g.phase = phaseOver
	}
	g.bump(now)
	return nil
}

// resign ends the game with side c resigning, in the setup phase too
// (the game is abandoned: over with no play). The caller holds g.mu.
func (g *game) resign(c stratego.Color, now time.Time) error {
	if g.phase == phaseSetup {
		g.phase, g.abandoned = phaseOver, c
		g.bump(now)
		return nil
	}
	if g.phase != phasePlay {
		return errPhase
	}
	next, err := g.play.Resign(c)
	if err != nil {
		return err
	}
	g.play = next
	g.phase = phaseOver
	g.bump(now)
	return nil
}

// seenOf returns the last move of s as Red, Blue and a spectator saw it
// (the last event of the players' views and of the spectator's,
// stratego.State.SpectatorView).
func seenOf(s stratego.State) seenMoves {
	var out seenMoves
	out[stratego.Red] = stratego.Annotate(s.View(stratego.Red).LastEvent())
	out[stratego.Blue] = stratego.Annotate(s.View(stratego.Blue).LastEvent())
	out[stratego.NoColor] = stratego.Annotate(s.SpectatorView().LastEvent())
	return out
}

// notation writes a seen move in the numbering n, "?" for a hidden rank.
func notation(a stratego.AnnotatedMove, n stratego.Numbering) string {
	b, err := a.AppendNotation(nil, n)
	if err != nil {
		return a.Move.String()
	}
	return string(b)
}

// botTurn reports the bot to move and its view, or nil when it is no
// bot's turn. The caller holds g.mu.
func (g *game) botTurn() (bot.Player, stratego.View) {
	if g.phase != phasePlay || g.thinking {
		return nil, stratego.View{}
	}
	c := g.play.State().Turn()
	p := g.bots[c]
	if p == nil {
		return nil, stratego.View{}
	}
	return p, g.play.State().View(c)
}

// runBots lets built-in players move while it is their turn; it returns
// when a person is to move, the game is over or ctx ends. A bot that
// fails resigns, and the notice says why.
func (s *Server) runBots(ctx context.Context, g *game) {
	for {
		g.mu.Lock()
		p, v := g.botTurn()
		if p == nil {
			g.mu.Unlock()
			return
		}
		g.thinking = true
		ply := g.play.Len()
		g.mu.Unlock()

		mctx, cancel := context.WithTimeout(ctx, g.botBudget.Time+s.cfg.BotGrace)
		m, err := p.Move(mctx, v, g.botBudget)
		cancel()

		g.mu.Lock()
		g.thinking = false
		c := v.Player()
		switch {
		case ctx.Err() != nil:
			// The server stops: the bot moves again when it restarts.
			g.mu.Unlock()
			return
		case g.phase != phasePlay || g.play.Len() != ply:
			// The game moved on (a resignation): drop the move.
		case err == nil:
			err = g.apply(c, m, s.now())
		}
		if err != nil && g.phase == phasePlay && g.play.Len() == ply {
			g.notice = fmt.Sprintf("the %s bot failed (%v) and resigns", c, err)
			_ = g.resign(c, s.now())
		}
		if g.play.Len() != ply || g.phase != phasePlay {
			s.save(g)
		}
		g.mu.Unlock()
		if ctx.Err() != nil {
			return
		}
	}
}
