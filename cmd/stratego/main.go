// Command stratego plays a full game of Stratego between two built-in
// players from random setups and prints the board at the start and at the
// end, the number of plies and the result.
//
// Usage:
//
//	stratego [-seed N] [-rules classic] [-max-plies N] [-moves]
//
// With no flags it plays Classic from a seed taken from the clock and
// prints that seed, so any game can be replayed with -seed.
package main

import (
	"flag"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/stratego-go/stratego"
)

var presets = map[string]func() stratego.Rules{
	"classic":            stratego.Classic,
	"gravon":             stratego.Gravon,
	"barrage":            stratego.Barrage,
	"duel":               stratego.Duel,
	"duel-hasbro":        stratego.DuelHasbro,
	"ultimate-lightning": stratego.UltimateLightning,
	"quick-battle":       stratego.QuickBattle,
	"vintage":            stratego.Vintage,
}

func main() {
	if err := run(os.Args[1:], os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "stratego:", err)
		os.Exit(2)
	}
}

func run(args []string, out io.Writer) error {
	fs := flag.NewFlagSet("stratego", flag.ContinueOnError)
	seed := fs.Uint64("seed", 0, "random seed for setups and moves (0: from the clock)")
	preset := fs.String("rules", "classic", "rules preset: "+presetNames())
	maxPlies := fs.Int("max-plies", 0, "draw after this many plies (0: the preset's cap, none for the presets)")
	showMoves := fs.Bool("moves", false, "print every move")
	if err := fs.Parse(args); err != nil {
		return err
	}
	mk, ok := presets[*preset]
	if !ok {
		return fmt.Errorf("unknown rules %q (want one of %s)", *preset, presetNames())
	}
	if *seed == 0 {
		*seed = uint64(time.Now().UnixNano())
	}
	r := mk()
	if *maxPlies > 0 {
		r.MaxPlies = *maxPlies
	}
	rng := rand.New(rand.NewPCG(*seed, 0))
	s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "rules %s, seed %d\n\n%s\n", *preset, *seed, s.Picture())
	var moves []stratego.Move
	for !s.Outcome().Over() {
		moves = s.AppendLegalMoves(moves[:0])
		m := moves[rng.IntN(len(moves))]
		next, ev, err := s.Apply(m)
		if err != nil {
			return fmt.Errorf("ply %d: %w", s.Ply()+1, err)
		}
		if *showMoves {
			fmt.Fprintf(out, "%4d %-5s %-14v", s.Ply()+1, ev.Color, m)
			if ev.IsAttack() {
				fmt.Fprintf(out, " %v x %v: %v", ev.Piece.Rank(), ev.Defender.Rank(), ev.Combat)
			}
			fmt.Fprintln(out)
		}
		s = next
	}
	fmt.Fprintf(out, "\n%s\nplies %d\nresult %v\n", s.Picture(), s.Ply(), s.Outcome())
	return nil
}

func presetNames() string {
	var names []string
	for n := range presets {
		names = append(names, n)
	}
	sort.Strings(names)
	return strings.Join(names, ", ")
}
