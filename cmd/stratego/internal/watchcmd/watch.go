// Package watchcmd is the watch subcommand of the stratego command. It plays a full game of Stratego between two built-in
// players from random setups and prints the board at the start and at the
// end, the number of plies and the result. A person may take one side and
// play against the built-in player in the terminal.
//
// Usage:
//
//	stratego watch [-seed N] [-rules classic] [-max-plies N] [-moves]
//	         [-record FILE] [-view red|blue] [-human red|blue]
//
// With no flags it plays Classic from a seed taken from the clock and
// prints that seed, so any game can be replayed with -seed. The built-in
// player picks a legal move uniformly at random.
//
// -rules takes a preset name or any rules text of stratego.ParseRules,
// such as "classic,twosquares=5". -moves prints every move with both
// pieces of each combat. -record FILE writes the game as a game record
// (the package's PGN-like text, stratego.Record), which
// stratego.ParseRecord reads back and stratego.Record.Replay replays.
// -view prints the final board as one player sees it, hidden enemy ranks
// shown as "?", instead of the full board.
//
// -human red|blue lets a person play that side. Before each of that
// side's moves the command prints the board as that player sees it and
// the opponent's last move as the player saw it, then reads a line from
// standard input: a move in the package's move syntax ("a4-a5"; "a4xa5"
// is accepted too), "moves" for the list of legal moves, "board" to
// show the board again, "resign", or "help". An illegal move is reported with the reason and the player is
// asked again; the end of the input resigns. The full board, and the
// seed, which would give the enemy setup away, are printed only when the
// game is over (-view shows the final board as one side saw it instead).
//
// The exit status is 2 for bad flags.
package watchcmd

import (
	"bufio"
	"errors"
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strings"
	"time"

	"github.com/stratego-go/stratego"
)

// presetNames lists the rules presets for the help text.
const presetNames = "classic, gravon, barrage, duel, duel-hasbro, ultimate-lightning, quick-battle, vintage"

// stderr receives the usage text of -h and of bad flags.
var stderr io.Writer = os.Stderr

// colorFlag parses an optional side: "" for none.
func colorFlag(name, text string) (stratego.Color, error) {
	if text == "" {
		return stratego.NoColor, nil
	}
	c, err := stratego.ParseColor(text)
	if err != nil {
		return stratego.NoColor, fmt.Errorf("-%s %q: want red or blue", name, text)
	}
	return c, nil
}

// Run runs the subcommand with its arguments, reading a human player's
// moves from in and writing to out.
func Run(args []string, in io.Reader, out io.Writer) error {
	fs := flag.NewFlagSet("watch", flag.ContinueOnError)
	fs.SetOutput(stderr)
	seed := fs.Uint64("seed", 0, "random seed for setups and moves (0: from the clock)")
	preset := fs.String("rules", "classic", "rules: a preset ("+presetNames+") or rules text such as classic,twosquares=5")
	maxPlies := fs.Int("max-plies", 0, "draw after this many plies (0: the preset's cap, none for the presets)")
	showMoves := fs.Bool("moves", false, "print every move")
	recordFile := fs.String("record", "", "write the game as a game record to this `file`")
	viewFlag := fs.String("view", "", "print the final board as this side (red or blue) sees it")
	humanFlag := fs.String("human", "", "let a person play this side (red or blue) from standard input")
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() > 0 {
		return fmt.Errorf("unexpected argument %q", fs.Arg(0))
	}
	r, err := rulesOf(*preset)
	if err != nil {
		return err
	}
	if *maxPlies < 0 {
		return fmt.Errorf("-max-plies %d: want 0 or more", *maxPlies)
	}
	viewer, err := colorFlag("view", *viewFlag)
	if err != nil {
		return err
	}
	human, err := colorFlag("human", *humanFlag)
	if err != nil {
		return err
	}
	if human != stratego.NoColor && *showMoves {
		return errors.New("-moves shows every rank, so it does not combine with -human")
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	if *maxPlies > 0 {
		r.MaxPlies = *maxPlies
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	red, blue := stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng)
	s, err := stratego.New(r, red, blue)
	if err != nil {
		return err
	}
	if human == stratego.NoColor {
		fmt.Fprintf(out, "rules %s, seed %d\n\n%s\n", *preset, *seed, s.Picture())
	} else {
		// The seed would give the enemy setup away: it is printed at the end.
		fmt.Fprintf(out, "rules %s\nyou play %v; type a move such as a4-a5, \"moves\", \"resign\" or \"help\"\n", *preset, human)
	}
	var (
		h      = humanPlayer{color: human, in: bufio.NewScanner(in), out: out}
		moves  []stratego.Move
		played []stratego.Move
	)
	for !s.Outcome().Over() {
		if s.Turn() == human {
			next, m, err := h.play(s)
			if err != nil {
				return err
			}
			if m.IsValid() {
				played = append(played, m)
			}
			s = next
			continue
		}
		moves = s.AppendLegalMoves(moves[:0])
		m := moves[rng.IntN(len(moves))]
		next, ev, err := s.Apply(m)
		if err != nil {
			return fmt.Errorf("ply %d: %w", s.Ply()+1, err)
		}
		played = append(played, m)
		if *showMoves {
			fmt.Fprintf(out, "%4d %-5s %-14v", s.Ply()+1, ev.Color, m)
			if ev.IsAttack() {
				fmt.Fprintf(out, " %v x %v: %v", ev.Piece.Rank(), ev.Defender.Rank(), ev.Combat)
			}
			fmt.Fprintln(out)
		}
		s = next
	}
	if human != stratego.NoColor {
		// The opponent's move that ended the game, which the human has
		// not seen yet.
		if ev := s.View(human).LastEvent(); ev.Color != human && ev.Outcome.Over() {
			fmt.Fprintf(out, "\n%s\n", describe(ev, r.Numbering))
		}
	}
	final := s.Picture()
	if viewer != stratego.NoColor {
		final = s.View(viewer).Picture()
	}
	fmt.Fprintf(out, "\n%s\nplies %d\nresult %v\n", final, s.Ply(), s.Outcome())
	if human != stratego.NoColor {
		fmt.Fprintf(out, "seed %d\n", *seed)
	}
	if *recordFile != "" {
		if err := writeRecord(*recordFile, r, red, blue, played, s.Outcome(), *seed, human); err != nil {
			return err
		}
		fmt.Fprintf(out, "record written to %s\n", *recordFile)
	}
	return nil
}

// rulesOf parses -rules: a preset name or rules text.
func rulesOf(text string) (stratego.Rules, error) {
	r, err := stratego.ParseRules(text)
	if err != nil {
		return r, fmt.Errorf("unknown rules %q (want one of %s, or rules text): %w", text, presetNames, err)
	}
	return r, nil
}

// writeRecord writes the played game as a game record.
func writeRecord(path string, r stratego.Rules, red, blue stratego.Setup, moves []stratego.Move, result stratego.Outcome, seed uint64, human stratego.Color) error {
	rec, err := stratego.NewRecord(r, red, blue, moves...)
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	names := [3]string{stratego.Red: "random", stratego.Blue: "random"}
	if human != stratego.NoColor {
		names[human] = "human"
	}
	rec.Tags = append([]stratego.Tag{
		{Name: "Event", Value: "cmd/stratego"},
		{Name: "Date", Value: time.Now().UTC().Format("2006.01.02")},
		{Name: "Red", Value: names[stratego.Red]},
		{Name: "Blue", Value: names[stratego.Blue]},
		{Name: "Seed", Value: fmt.Sprint(seed)},
	}, rec.Tags...)
	rec.Result = result
	text, err := rec.AppendText(nil)
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	return os.WriteFile(path, append(text, '\n'), 0o644)
}

// humanPlayer reads one side's moves from a terminal.
type humanPlayer struct {
	color stratego.Color
	in    *bufio.Scanner
	out   io.Writer
}

// play shows the player's view, reads commands until one is a legal move
// or a resignation, and returns the new state and the move played (the
// zero Move for a resignation).
func (h humanPlayer) play(s stratego.State) (stratego.State, stratego.Move, error) {
	v := s.View(h.color)
	n := s.Rules().Numbering
	fmt.Fprintf(h.out, "\n%s\n", v.Picture())
	if ev := v.LastEvent(); ev.Move.IsValid() {
		fmt.Fprintf(h.out, "last move: %s\n", describe(ev, n))
	}
	if v.RescueDue() {
		fmt.Fprintln(h.out, "a rescue is due: place a captured piece (\"moves\" lists them)")
	}
	for {
		fmt.Fprintf(h.out, "%v, ply %d> ", h.color, s.Ply()+1)
		if !h.in.Scan() {
			if err := h.in.Err(); err != nil {
				return s, stratego.Move{}, fmt.Errorf("reading moves: %w", err)
			}
			fmt.Fprintf(h.out, "\nend of input: %v resigns\n", h.color)
			next, err := s.Resign(h.color)
			return next, stratego.Move{}, err
		}
		line := strings.TrimSpace(h.in.Text())
		switch strings.ToLower(line) {
		case "":
			continue
		case "resign", "quit":
			next, err := s.Resign(h.color)
			return next, stratego.Move{}, err
		case "moves":
			var list []string
			for m := range v.LegalMoves() {
				list = append(list, m.String())
			}
			fmt.Fprintf(h.out, "legal moves: %s\n", strings.Join(list, " "))
			continue
		case "board":
			fmt.Fprintf(h.out, "%s\n", v.Picture())
			continue
		case "help", "?":
			fmt.Fprintln(h.out, "type a move such as a4-a5 (a4xa5 for an attack is fine too), \"moves\" for the legal moves, \"board\", or \"resign\"")
			continue
		}
		m, err := stratego.ParseMove(line)
		if err != nil {
			fmt.Fprintf(h.out, "not a move: %v (type \"help\" for help)\n", err)
			continue
		}
		next, _, err := s.Apply(m)
		if err != nil {
			fmt.Fprintf(h.out, "illegal move: %v\n", err)
			continue
		}
		if ev := next.View(h.color).LastEvent(); ev.IsAttack() {
			fmt.Fprintf(h.out, "%s\n", describe(ev, n))
		}
		return next, m, nil
	}
}

// describe writes a move as a player saw it: the side, the piece as far
// as the player knows it, the squares, and for an attack the defender and
// the result.
func describe(ev stratego.Event, n stratego.Numbering) string {
	var b strings.Builder
	if ev.Move.IsRescue() {
		fmt.Fprintf(&b, "%v rescued a %v on %v", ev.Color, ev.Piece.Rank(), ev.Move.To)
	} else {
		fmt.Fprintf(&b, "%v %s %v", ev.Color, label(ev.Piece, n), ev.Move)
		if ev.IsAttack() {
			fmt.Fprintf(&b, " attacks %s: %v", label(ev.Defender, n), ev.Combat)
		}
	}
	if ev.Outcome.Over() {
		fmt.Fprintf(&b, "; %v", ev.Outcome)
	}
	return b.String()
}

// label writes a piece as the pictures do: "r7", "b?".
func label(p stratego.Piece, n stratego.Numbering) string {
	c := "r"
	if p.Color() == stratego.Blue {
		c = "b"
	}
	return c + string(n.Char(p.Rank()))
}
