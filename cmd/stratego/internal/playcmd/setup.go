package playcmd

import (
	"errors"
	"fmt"
	"strings"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/cmd/stratego/internal/termboard"
	"github.com/stratego-go/stratego/internal/words"
)

// setupHelp lists the commands of the setup step.
const setupHelp = `Set up your pieces:
  swap a1 b2    swap the pieces on two squares (either may be empty)
  suggest       a new setup from the bot's setup chooser (flag guarded,
                bombs placed as strong players place them)
  random        a new setup with every piece on a random square
  TEXT          a setup in the library's text form, rows from your back
                row forward joined by "/", one label a square, "." empty
  show          show the setup again
  ok            start the game with this setup`

// chooseSetup returns the person's setup: the -setup flag's, or the one
// the person settles on in the setup step.
func (g *game) chooseSetup() (stratego.Setup, error) {
	r := g.cfg.rules
	switch g.cfg.setup {
	case "":
	case "random":
		return stratego.RandomSetup(r, g.rng), nil
	case "suggest":
		return g.suggest()
	default:
		su, err := stratego.ParseSetup(r, g.cfg.setup)
		if err != nil {
			return su, fmt.Errorf("-setup: %w", err)
		}
		return su, nil
	}
	su, err := g.suggest()
	if err != nil {
		return su, err
	}
	fmt.Fprintf(g.out, "\n%s\n", setupHelp)
	g.showSetup(su)
	for {
		line, err := g.readLine("setup> ")
		if err != nil {
			return su, err
		}
		f := strings.Fields(strings.ToLower(line))
		switch {
		case len(f) == 0:
		case f[0] == "ok" || f[0] == "start":
			return su, nil
		case f[0] == "help" || f[0] == "?":
			fmt.Fprintln(g.out, setupHelp)
		case f[0] == "show" || f[0] == "board":
			g.showSetup(su)
		case f[0] == "random":
			su = stratego.RandomSetup(r, g.rng)
			g.showSetup(su)
		case f[0] == "suggest":
			if su, err = g.suggest(); err != nil {
				return su, err
			}
			g.showSetup(su)
		case f[0] == "swap":
			next, err := swap(r, g.cfg.human, su, f[1:])
			if err != nil {
				fmt.Fprintf(g.out, "cannot swap: %s\n", words.Error(err))
				continue
			}
			su = next
			g.showSetup(su)
		default:
			next, err := stratego.ParseSetup(r, line)
			if err != nil && !strings.Contains(line, "/") {
				fmt.Fprintf(g.out, "not a command: %q; type \"help\" for the commands\n", strings.TrimSpace(line))
				continue
			}
			if err != nil {
				fmt.Fprintf(g.out, "%s\ntype \"help\" for the commands\n", words.Error(err))
				continue
			}
			su = next
			g.showSetup(su)
		}
	}
}

// suggest returns a setup from the setup chooser of package bot.
func (g *game) suggest() (stratego.Setup, error) {
	su, err := bot.ChooseSetup(g.cfg.rules, g.rng)
	if err != nil {
		return su, fmt.Errorf("choosing a setup: %w", err)
	}
	return su, nil
}

// showSetup draws the setup and its text form.
func (g *game) showSetup(su stratego.Setup) {
	fmt.Fprintf(g.out, "\nYour setup:\n%sas text: %s\n", g.st.Setup(g.cfg.rules, g.cfg.human, su), su)
}

// swap swaps the pieces on two squares of the board (named as the side
// sees them in the game) of side c's setup.
func swap(r stratego.Rules, c stratego.Color, su stratego.Setup, args []string) (stratego.Setup, error) {
	if len(args) != 2 {
		return su, fmt.Errorf("want two squares, such as \"swap a1 b2\"")
	}
	zone := r.ZoneOf(c)
	var sq [2]stratego.Square
	for i, a := range args {
		s, err := stratego.ParseSquare(a)
		var pe *stratego.ParseError
		if errors.As(err, &pe) {
			return su, fmt.Errorf("%q is not a square: want %s", a, pe.Want)
		}
		if err != nil {
			return su, err
		}
		if !zone.Has(s) {
			return su, fmt.Errorf("%v is not one of your setup squares", s)
		}
		sq[i] = termboard.SetupSquare(r, c, s)
	}
	a, b := su.At(sq[0]), su.At(sq[1])
	su.Put(sq[0], b)
	su.Put(sq[1], a)
	return su, nil
}
