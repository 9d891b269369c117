// Package bot holds players of Stratego for programs built on the
// stratego library: the Player interface that the referee, the web
// frontend and the terminal game share, and built-in players to use
// through it.
//
// A Player sees a game only through stratego.View, so it cannot learn
// what its side may not know, and it chooses only moves the view lists as
// legal.
package bot

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"strconv"
	"strings"
	"time"

	"github.com/stratego-go/stratego"
)

// Player chooses the setups and the moves of one side.
//
// The referee (referee.FromPlayer) calls a Player's methods one at a
// time, each after the previous call returned, even when one Player sits
// on both sides of a game (it then plays itself) or a call outlived its
// time limit; the calls may come from different goroutines. A program
// that calls a Player itself keeps to the same rule. A program that runs
// games in parallel makes one Player per game (see New).
type Player interface {
	// Setup returns the setup of side c under the rules r.
	Setup(ctx context.Context, r stratego.Rules, c stratego.Color) (stratego.Setup, error)
	// Move returns a move for the side to move in v, which is the
	// player's own view; the move must be one of v.LegalMoves. It
	// returns within the budget b, or soon after ctx is done.
	Move(ctx context.Context, v stratego.View, b Budget) (stratego.Move, error)
}

// Budget bounds the work of one Player.Move call. A zero field is no
// bound of that kind; the zero Budget means the player's own default.
type Budget struct {
	// Time is the wall-clock time the move may take.
	Time time.Duration
	// Iterations bounds the search iterations (playouts, nodes; each
	// player documents its unit). With a fixed seed, a player searching
	// to an iteration budget and no time bound is deterministic.
	Iterations int
}

// ErrNoMove reports that a player was asked to move in a view with no
// legal move for it (not its turn, or the game is over).
var ErrNoMove = errors.New("bot: no legal move in the view")

// ErrNotMade reports a player that was not made by its constructor: a
// zero Random, Greedy, Search or MCTS, whose methods return it.
var ErrNotMade = errors.New("bot: player not made by its constructor (New, NewRandom, NewGreedy, NewSearch or NewMCTS)")

// ErrUnknown reports a player name that New does not know.
var ErrUnknown = errors.New("bot: unknown player")

// Options configure a player made by New. The zero Options is a good
// default for every player.
type Options struct {
	// Seed seeds the player's random choices: the same seed, rules and
	// views give the same setups and moves (within an iteration budget).
	Seed uint64
	// Workers is the number of goroutines a searching player uses for
	// one move (root-parallel search, each worker on its own samples);
	// 0 or 1 is one, a negative value one per core (GOMAXPROCS). More
	// workers than cores gain nothing. Results stay deterministic for a
	// seed and an iteration budget, whatever the number of cores, but
	// they depend on Workers.
	Workers int
	// Depth is the number of plies a searching player plays out after
	// each candidate move before it evaluates the position; 0 is the
	// player's default.
	Depth int
	// Iterations, when positive, is a searching player's iteration
	// budget for every move, whatever Budget.Iterations says; a time
	// bound of the Budget (or the context's deadline) still applies. It
	// fixes a player's strength for programs that give only time budgets,
	// such as the match runner (the players "mcts-200" and "mcts-800" of
	// New).
	Iterations int
	// MoveOverhead is the part of each move's time budget that a
	// searching player keeps back for what happens outside its search:
	// the operating system's scheduling on a busy machine, the referee,
	// a protocol's pipe (the "Move Overhead" of chess engines). 0 is
	// DefaultMoveOverhead, a negative value none. Of the rest, a search
	// keeps a reserve in hand for a busy machine (see MCTS.Move).
	MoveOverhead time.Duration
	// Memory, when not nil, is where a searching player (Search) learns
	// of its opponents across games and weighs their setups by what it
	// learned (see Learner); the players of a match share one. Nil: each
	// player learns in a Memory of its own.
	Memory *Memory
	// Params, when not nil, sets the search player's tunable settings by
	// name (SearchParams; CheckParams tells a name it does not know or a
	// value out of range, which the player leaves at its default).
	Params map[string]float64
}

// DefaultMoveOverhead is the move overhead of Options.MoveOverhead's zero
// value.
const DefaultMoveOverhead = 10 * time.Millisecond

// overhead returns the move overhead the options ask for.
func (o Options) overhead() time.Duration {
	switch {
	case o.MoveOverhead < 0:
		return 0
	case o.MoveOverhead == 0:
		return DefaultMoveOverhead
	}
	return o.MoveOverhead
}

// factory makes one named player.
type factory struct {
	doc  string
	make func(Options) Player
}

// players are the built-in players by name.
var players = map[string]factory{
	"random": {"picks a uniform random setup and a uniform random legal move",
		func(o Options) Player { return NewRandom(o.Seed) }},
	"greedy": {"plays the legal move of the best expected one-ply material gain over the hidden ranks; setups like search",
		func(o Options) Player { return NewGreedy(o) }},
	"search": {"alpha-beta search with iterative deepening over a few likely determinizations of its view, drawn by its beliefs about the hidden ranks (setup statistics, behaviour); one second a move by default",
		func(o Options) Player { return NewSearch(o) }},
	"search-2000": {"search with 2,000 nodes a move (a fixed strength; about the time of mcts-800 a move)",
		func(o Options) Player { return NewSearch(withIterations(o, 2000)) }},
	"search-8000": {"search with 8,000 nodes a move (a fixed strength; about four times the time of mcts-800)",
		func(o Options) Player { return NewSearch(withIterations(o, 8000)) }},
	"mcts": {"information-set Monte Carlo tree search over uniform samples of its view with truncated playouts and a heuristic evaluation; one second a move by default",
		func(o Options) Player { return NewMCTS(o) }},
	"mcts-200": {"mcts with 200 iterations a move (a fixed strength, a few milliseconds a move)",
		func(o Options) Player { return NewMCTS(withIterations(o, 200)) }},
	"mcts-800": {"mcts with 800 iterations a move (a fixed strength)",
		func(o Options) Player { return NewMCTS(withIterations(o, 800)) }},
}

// withIterations returns o with Iterations n unless o sets its own.
func withIterations(o Options, n int) Options {
	if o.Iterations <= 0 {
		o.Iterations = n
	}
	return o
}

// Names returns the names New accepts, sorted.
func Names() []string {
	names := make([]string, 0, len(players))
	for n := range players {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

// Describe returns a one-line description of the named player, or "" for
// an unknown name.
func Describe(name string) string {
	if f, ok := lookup(name); ok {
		return f.doc
	}
	return ""
}

// New returns a new built-in player by name (see Names; besides those,
// "search-N" and "mcts-N" for a positive N are search and mcts with N
// iterations a move). The error wraps ErrUnknown for a name it does not
// know.
func New(name string, o Options) (Player, error) {
	f, ok := lookup(name)
	if !ok {
		return nil, fmt.Errorf("%w %q (known: %v, search-N, mcts-N)", ErrUnknown, name, Names())
	}
	return f.make(o), nil
}

// lookup returns the factory of a player name: one of players, or
// search-N or mcts-N.
func lookup(name string) (factory, bool) {
	if f, ok := players[name]; ok {
		return f, true
	}
	base, num, ok := strings.Cut(name, "-")
	n, err := strconv.Atoi(num)
	if !ok || err != nil || n <= 0 || num != strconv.Itoa(n) {
		return factory{}, false
	}
	switch base {
	case "search":
		return factory{fmt.Sprintf("search with %d nodes a move (a fixed strength)", n),
			func(o Options) Player { return NewSearch(withIterations(o, n)) }}, true
	case "mcts":
		return factory{fmt.Sprintf("mcts with %d iterations a move (a fixed strength)", n),
			func(o Options) Player { return NewMCTS(withIterations(o, n)) }}, true
	}
	return factory{}, false
}
