// Package tunecmd is the tune subcommand of the stratego command: it
// tunes the search player's settings (bot.SearchParams) by self-play
// with SPSA (simultaneous perturbation stochastic approximation,
// Spall 1998), at a fixed node budget a move, so that its result depends
// only on its flags and seed, not on the machine.
//
// Usage:
//
//	stratego tune [flags]
//
// Each step perturbs every tuned setting at once, up or down by c_k of
// its range (the signs drawn from the seed), plays -games games between
// the player with the settings raised and the one with them lowered
// (colours alternating, each game from its own seed), and moves the
// settings by a_k·(score₊ − score₋)/(2c_k) along the signs, within their
// ranges; a_k = a/(k+1+A)^0.602 and c_k = c/(k+1)^0.101 (Spall's
// exponents). It prints each step and, at the end, the settings as
// name=value pairs, the form -start reads.
//
// The flags:
//
//	-rules TEXT   a preset or rules text (default classic)
//	-params LIST  the settings to tune, comma-separated (default all)
//	-start LIST   the starting values, name=value comma-separated
//	              (default the player's defaults)
//	-steps N      SPSA steps (default 20)
//	-games N      games a step (even; default 8)
//	-nodes N      nodes a move of each player (default 2000)
//	-maxplies N   ply cap of a game, a draw (default 1000)
//	-a, -c, -A    the gain constants (defaults 0.1, 0.1, 2), in units of
//	              a setting's range
//	-seed N       the seed (default 1)
//	-j N          games in parallel (default 1; the result is the same)
package tunecmd

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"sort"
	"strconv"
	"strings"
	"sync"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
)

// config is a tuning run.
type config struct {
	rules        stratego.Rules
	params       []bot.SearchParam
	start        map[string]float64
	steps, games int
	nodes        int
	maxPlies     int
	a, c, bigA   float64
	seed         uint64
	jobs         int
	out          io.Writer
}

// stderr receives the usage text of -h and of bad flags.
var stderr io.Writer = os.Stderr

// Run runs the subcommand.
func Run(args []string, _ io.Reader, out io.Writer) error {
	c, err := parse(args, out)
	if err != nil {
		return err
	}
	ctx, stop := cli.Interruptible()
	defer stop()
	_, err = c.run(ctx)
	return err
}

// parse reads the flags.
func parse(args []string, out io.Writer) (*config, error) {
	fs := flag.NewFlagSet("tune", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: stratego tune [flags]\n\nTune the search player's settings by self-play (SPSA) at a fixed node budget.\n\nFlags:")
		fs.PrintDefaults()
	}
	rules := fs.String("rules", "classic", "rules: a preset or rules text")
	params := fs.String("params", "", "the settings to tune, comma-separated (default all: "+strings.Join(cli.ParamNames(bot.SearchParams()), ",")+")")
	start := fs.String("start", "", "starting values, name=value comma-separated (default the player's defaults)")
	c := &config{out: out}
	fs.IntVar(&c.steps, "steps", 20, "SPSA steps")
	fs.IntVar(&c.games, "games", 8, "games a step (even)")
	fs.IntVar(&c.nodes, "nodes", 2000, "nodes a move of each player")
	fs.IntVar(&c.maxPlies, "maxplies", 1000, "ply cap of a game (a draw)")
	fs.Float64Var(&c.a, "a", 0.1, "SPSA step gain a, in units of a setting's range")
	fs.Float64Var(&c.c, "c", 0.1, "SPSA perturbation c, in units of a setting's range")
	fs.Float64Var(&c.bigA, "A", 2, "SPSA stability constant A")
	fs.Uint64Var(&c.seed, "seed", 1, "seed")
	fs.IntVar(&c.jobs, "j", 1, "games in parallel (the result is the same)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() > 0 {
		return nil, fmt.Errorf("unexpected arguments %q", fs.Args())
	}
	r, err := stratego.ParseRules(*rules)
	if err != nil {
		return nil, err
	}
	if c.maxPlies > 0 && (r.MaxPlies == 0 || r.MaxPlies > c.maxPlies) {
		r.MaxPlies = c.maxPlies
	}
	c.rules = r
	all := bot.SearchParams()
	if *params == "" {
		c.params = all
	} else {
		for _, n := range strings.Split(*params, ",") {
			i := sort.Search(len(all), func(i int) bool { return all[i].Name >= n })
			if i == len(all) || all[i].Name != n {
				return nil, fmt.Errorf("no search setting %q (known: %s)", n, strings.Join(cli.ParamNames(all), ","))
			}
			c.params = append(c.params, all[i])
		}
	}
	c.start = map[string]float64{}
	if *start != "" {
		for _, kv := range strings.Split(*start, ",") {
			k, v, ok := strings.Cut(kv, "=")
			x, err := strconv.ParseFloat(v, 64)
			if !ok || err != nil {
				return nil, fmt.Errorf("start value %q: want name=number", kv)
			}
			c.start[k] = x
		}
		if err := bot.CheckParams(c.start); err != nil {
			return nil, err
		}
	}
	switch {
	case c.steps < 0:
		return nil, errors.New("-steps must not be negative")
	case c.games < 2 || c.games%2 != 0:
		return nil, errors.New("-games must be even and at least 2")
	case c.nodes < 1:
		return nil, errors.New("-nodes must be positive")
	case c.a <= 0 || c.c <= 0 || c.c > 0.5 || c.bigA < 0:
		return nil, errors.New("want -a > 0, 0 < -c <= 0.5 and -A >= 0")
	case c.jobs < 1:
		return nil, errors.New("-j must be positive")
	}
	return c, nil
}

// run tunes and returns the final settings.
func (c *config) run(ctx context.Context) (map[string]float64, error) {
	// theta holds each setting as a part of its range, 0 to 1.
	theta := make([]float64, len(c.params))
	for i, p := range c.params {
		x := p.Default
		if v, ok := c.start[p.Name]; ok {
			x = v
		}
		theta[i] = (x - p.Min) / (p.Max - p.Min)
	}
	rng := rand.New(rand.NewPCG(c.seed, 0x7e4e))
	fmt.Fprintf(c.out, "tune %s: %d steps of %d games, %d nodes a move, seed %d\n", c.rules, c.steps, c.games, c.nodes, c.seed)
	fmt.Fprintf(c.out, "start %s\n", format(c.settings(theta)))
	for k := range c.steps {
		ak := c.a / math.Pow(float64(k+1)+c.bigA, 0.602)
		ck := c.c / math.Pow(float64(k+1), 0.101)
		delta := make([]float64, len(theta))
		plus, minus := make([]float64, len(theta)), make([]float64, len(theta))
		for i := range theta {
			delta[i] = 1
			if rng.IntN(2) == 0 {
				delta[i] = -1
			}
			plus[i] = clamp(theta[i] + ck*delta[i])
			minus[i] = clamp(theta[i] - ck*delta[i])
		}
		score, err := c.match(ctx, c.settings(plus), c.settings(minus), rng.Uint64())
		if err != nil {
			return nil, err
		}
		// score is the plus side's share, 0 to 1; the difference of the
		// two sides' scores is 2·score − 1.
		diff := 2*score - 1
		for i := range theta {
			theta[i] = clamp(theta[i] + ak*diff/(2*ck)*delta[i])
		}
		fmt.Fprintf(c.out, "step %d: plus scored %.3f; %s\n", k+1, score, format(c.settings(theta)))
	}
	final := c.settings(theta)
	fmt.Fprintf(c.out, "result %s\n", format(final))
	return final, nil
}

// settings turns the parts of the ranges into the settings' values
// (whole numbers where a setting takes them).
func (c *config) settings(theta []float64) map[string]float64 {
	m := map[string]float64{}
	for i, p := range c.params {
		x := p.Min + theta[i]*(p.Max-p.Min)
		if p.Integer {
			x = math.Round(x)
		}
		m[p.Name] = x
	}
	return m
}

// format writes settings as name=value pairs, sorted by name.
func format(m map[string]float64) string {
	var keys []string
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	for i, k := range keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(k + "=" + strconv.FormatFloat(m[k], 'g', 4, 64))
	}
	return b.String()
}

// clamp bounds x to [0, 1].
func clamp(x float64) float64 { return min(max(x, 0), 1) }

// match plays c.games games between the settings plus and minus,
// colours alternating, and returns plus's share of the points (a draw is
// half a point).
func (c *config) match(ctx context.Context, plus, minus map[string]float64, seed uint64) (float64, error) {
	points := make([]float64, c.games)
	errs := make([]error, c.games)
	next := make(chan int)
	var wg sync.WaitGroup
	for range c.jobs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for g := range next {
				points[g], errs[g] = c.game(ctx, plus, minus, g%2 == 1, seed+uint64(g/2))
			}
		}()
	}
	for g := range c.games {
		next <- g
	}
	close(next)
	wg.Wait()
	total := 0.0
	for g := range c.games {
		if errs[g] != nil {
			return 0, errs[g]
		}
		total += points[g]
	}
	return total / float64(c.games), nil
}

// game plays one game, plus Red unless swapped, both players from seed
// (the pair of games of a seed has the same setups, the sides swapped),
// and returns plus's points.
func (c *config) game(ctx context.Context, plus, minus map[string]float64, swapped bool, seed uint64) (float64, error) {
	mk := func(params map[string]float64, s uint64) bot.Player {
		return bot.NewSearch(bot.Options{Seed: s, Iterations: c.nodes, Params: params})
	}
	red, blue := mk(plus, seed*2), mk(minus, seed*2+1)
	if swapped {
		red, blue = mk(minus, seed*2), mk(plus, seed*2+1)
	}
	rs, err := red.Setup(ctx, c.rules, stratego.Red)
	if err != nil {
		return 0, err
	}
	bs, err := blue.Setup(ctx, c.rules, stratego.Blue)
	if err != nil {
		return 0, err
	}
	s, err := stratego.New(c.rules, rs, bs)
	if err != nil {
		return 0, err
	}
	for !s.Outcome().IsOver() {
		if err := ctx.Err(); err != nil {
			return 0, err
		}
		p := red
		if s.Turn() == stratego.Blue {
			p = blue
		}
		m, err := p.Move(ctx, s.View(s.Turn()), bot.Budget{Iterations: c.nodes})
		if err != nil {
			return 0, err
		}
		if s, _, err = s.Apply(m); err != nil {
			return 0, err
		}
	}
	plusColor := stratego.Red
	if swapped {
		plusColor = stratego.Blue
	}
	switch s.Outcome().Winner {
	case plusColor:
		return 1, nil
	case stratego.NoColor:
		return 0.5, nil
	}
	return 0, nil
}
