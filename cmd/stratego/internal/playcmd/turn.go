package playcmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/cmd/stratego/internal/termboard"
	"github.com/stratego-go/stratego/internal/words"
)

// gameHelp lists the commands of the game.
const gameHelp = `Commands:
  e4-e5         move (e4xe5 for an attack is fine too; a scout slides
                as far as it may: b2-b7; a rescue: +general@d2)
  moves         list your legal moves; "moves e4" those of one piece
  info e7       what is known about the piece on e7
  board         draw the board again; "legend" explains it
  resign        give up the game (asks first; "resign yes" does not)
  quit          stop the game unfinished (the end of input does too)`

// humanTurn shows the person's view and reads commands until one is a
// legal move or a resignation. It sees the game only through the view,
// except for asking the state to check and play the move.
func (g *game) humanTurn() error {
	me := g.cfg.human
	v := g.s.View(me)
	g.showView(v)
	for {
		line, err := g.readLine(fmt.Sprintf("%s, move %d> ", me, g.s.Ply()/2+1))
		if err != nil {
			return err
		}
		f := strings.Fields(strings.ToLower(line))
		if len(f) == 0 {
			continue
		}
		switch f[0] {
		case "help", "?":
			fmt.Fprintln(g.out, gameHelp)
		case "board", "b":
			g.showView(v)
		case "legend":
			fmt.Fprintln(g.out, termboard.Legend)
		case "moves":
			g.listMoves(v, f[1:])
		case "info":
			g.info(v, f[1:])
		case "resign":
			if ok, err := g.confirmResign(f[1:]); err != nil || !ok {
				if err != nil {
					return err
				}
				fmt.Fprintln(g.out, "You play on.")
				continue
			}
			next, err := g.gm.Resign(me)
			if err != nil {
				return err
			}
			fmt.Fprintln(g.out, "You resign.")
			return g.set(next)
		case "quit", "exit":
			return stopError{"quit"}
		default:
			if done, err := g.tryMove(v, line); done || err != nil {
				return err
			}
		}
	}
}

// confirmResign asks whether the person means to resign, unless the
// command said so ("resign yes"); only "yes" or "y" resigns.
func (g *game) confirmResign(args []string) (bool, error) {
	answer := strings.Join(args, " ")
	if answer == "" {
		line, err := g.readLine("Resign and lose the game? (yes/no) ")
		if err != nil {
			return false, err
		}
		answer = strings.ToLower(strings.TrimSpace(line))
	}
	return answer == "yes" || answer == "y", nil
}

// tryMove plays a typed move, or says why it is refused; done reports
// whether it was played.
func (g *game) tryMove(v stratego.View, line string) (done bool, err error) {
	m, err := v.ParseMove(line)
	if errors.Is(err, stratego.ErrNoAttack) {
		fmt.Fprintf(g.out, "refused, %s: written as an attack (\"x\"), but no enemy piece stands there\n", line)
		return false, nil
	}
	if err != nil {
		if move, ok := words.Move(line); ok {
			fmt.Fprintf(g.out, "not a move: %q; did you mean %s?\n", strings.TrimSpace(line), move)
			return false, nil
		}
		fmt.Fprintf(g.out, "not a move or a command: %q; type \"help\" for the commands\n", strings.TrimSpace(line))
		return false, nil
	}
	next, _, err := g.gm.Apply(m)
	if err != nil {
		fmt.Fprintf(g.out, "refused, %v: %s\n", m, termboard.Refusal(g.cfg.rules, err))
		return false, nil
	}
	if err := g.set(next); err != nil {
		return true, err
	}
	me := g.cfg.human
	if ev := g.s.View(me).LastEvent(); ev.IsAttack() || ev.Outcome.IsOver() {
		fmt.Fprintf(g.out, "%s\n", g.st.Describe(ev, me, g.cfg.rules.Numbering))
	}
	return true, nil
}

// showView draws the person's board, the enemy's last move in words, the
// captured pieces and a due rescue.
func (g *game) showView(v stratego.View) {
	me := v.Player()
	n := v.Rules().Numbering
	fmt.Fprintf(g.out, "\nply %d, %s to move\n%s", v.Ply(), v.Turn(), g.st.View(v))
	fmt.Fprintf(g.out, "lost: you %s; %s %s\n", armyText(n, v.Captured(me)), v.Player().Opponent(), armyText(n, v.Captured(me.Opponent())))
	for _, ev := range g.news() {
		fmt.Fprintf(g.out, "last move: %s\n", g.st.Describe(ev, me, n))
	}
	if v.RescueDue() {
		fmt.Fprintln(g.out, "A rescue is due: put a captured piece back (\"moves\" lists them).")
	}
}

// news returns the enemy's moves since the person's last move, as the
// person saw them: one move, or two when the enemy made a rescue.
func (g *game) news() []stratego.Event {
	me := g.cfg.human
	var evs []stratego.Event
	for n := g.gm.Len(); n > 0; n-- {
		at, _ := g.gm.At(n)
		ev := at.State().View(me).LastEvent()
		if ev.Color == me {
			break
		}
		evs = append([]stratego.Event{ev}, evs...)
	}
	return evs
}

// armyText lists the ranks of an army with counts, strongest first:
// "2 scouts, 1 major"; "nothing" when it is empty.
func armyText(n stratego.Numbering, a stratego.Army) string {
	var parts []string
	for rk := stratego.Flag; rk > stratego.NoRank; rk-- {
		if a[rk] > 0 {
			parts = append(parts, fmt.Sprintf("%d %s", a[rk], rk))
		}
	}
	if len(parts) == 0 {
		return "nothing"
	}
	return strings.Join(parts, ", ")
}

// listMoves lists the legal moves, or those from one square.
func (g *game) listMoves(v stratego.View, args []string) {
	var from stratego.Square
	if len(args) > 0 {
		sq, err := stratego.ParseSquare(args[0])
		if err != nil {
			fmt.Fprintf(g.out, "not a square: %q\n", args[0])
			return
		}
		from = sq
	}
	var list []string
	for m := range v.LegalMoves() {
		if from == stratego.NoSquare || m.From == from {
			list = append(list, string(v.AppendMove(nil, m)))
		}
	}
	if len(list) == 0 {
		fmt.Fprintln(g.out, "no legal moves there")
		return
	}
	fmt.Fprintf(g.out, "legal moves: %s\n", strings.Join(list, " "))
}

// info says what is known about the piece on a square: for an enemy
// piece what the person knows and what it can be, for the person's own
// what the enemy knows.
func (g *game) info(v stratego.View, args []string) {
	if len(args) != 1 {
		fmt.Fprintln(g.out, "info takes a square: info e7")
		return
	}
	sq, err := stratego.ParseSquare(args[0])
	if err != nil {
		fmt.Fprintf(g.out, "not a square: %q\n", args[0])
		return
	}
	fmt.Fprintf(g.out, "%v: %s\n", sq, termboard.Knows(v, sq))
}
