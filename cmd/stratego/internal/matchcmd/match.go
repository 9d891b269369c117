// Package matchcmd is the match subcommand of the stratego command: a
// round-robin tournament between built-in players and engines, refereed
// by the package referee.
//
// Usage:
//
//	stratego match [flags] ENGINE ENGINE...
//
// An ENGINE is builtin:NAME (a built-in player, bot.Names), sbp:COMMAND
// (a program speaking SBP/1, referee/PROTOCOL.md) or ucc:COMMAND (a
// program speaking the UCC 2012 evaluator's protocol). COMMAND is split
// at spaces, with single or double quotes grouping words:
//
//	stratego match builtin:random ucc:"stratego engine -protocol ucc"
//
// The kind may carry options of that engine alone, KEY=VALUE after
// commas: starttime (its start, handshake and setup time, instead of
// -starttime) for any engine, and overhead (its move overhead, instead
// of -overhead), workers (the goroutines of its search,
// bot.Options.Workers: -1 one per core) and the settings of its search
// by name (bot.SearchParams, such as pursuit=0) for a built-in player:
//
//	stratego match builtin,overhead=50ms,workers=2:search sbp,starttime=2m:"java -jar doi.jar"
//
// Two parameter sets of the search at a fixed budget of nodes a move:
//
//	stratego match -games 100 -movetime 60s builtin:search-20000 builtin,pursuit=0:search-20000
//
// Every pair of engines plays -games games, colours alternating. The
// flags:
//
//	-games N       games per pair (default 2)
//	-rules TEXT    a preset, rules text (stratego.ParseRules), or ucc2012:
//	               the UCC 2012 manager's rules and end of game
//	-movetime D    the time of a move (default 2s; 0: none)
//	-tc TEXT       a game clock instead: base=5m,inc=2s
//	-overhead D    the move overhead of the built-in players: the time
//	               of each move they keep back for the machine and the
//	               referee (bot.Options.MoveOverhead; default 0: theirs)
//	-timemargin D  how late past its limit a reply may come and still
//	               count (default 250ms, cutechess-cli's timemargin; 0:
//	               none): the engines are told -movetime and plan on it,
//	               the margin absorbs a loaded machine's scheduling delays
//	-turncap N     the ucc2012 turn cap (default 5000)
//	-maxplies N    the ply cap of a game, a draw after N plies, for rules
//	               that have none (default 3000; 0: no cap); the
//	               summary and each record's Rules tag show it
//	-starttime D   the time of an engine's start: its process start, SBP
//	               handshake and setup, each engine its own (default
//	               30s, whatever the move time)
//	-retries N     illegal moves a side may take back, where its engine
//	               asks for retries (default 0: forfeit)
//	-out DIR       write each game's record (game-NNN.txt) and log
//	               (game-NNN.log, the UCC manager's -o format) there
//	-json FILE     write a JSON summary there ("-": standard output,
//	               instead of the table)
//	-seed N        seed of the built-in players (0: from the clock)
//	-j N           games in parallel (default 1)
//	-pause         SIGSTOP UCC engines while the opponent moves
//	-raw-echo      echo a UCC engine's move text verbatim, as the 2012
//	               manager does (default: the canonical "X Y DIR [N]")
//	-full-line     time a UCC engine's whole reply, not its first byte
//	-anonymous     tell engines "anonymous" as their opponent's name
//	-progress      the progress bar: auto (on a terminal), on or off
//	-shard K/N     play shard K (0 to N−1) of N: the games whose number
//	               n has (n−1) mod N = K (needs -seed)
//	-merge DIRS    play nothing: read the records (-out) of the shards,
//	               DIRS separated by commas, and report as one run
//
// At the end it prints a table: for each engine its games, wins, draws,
// losses, score, and its Elo difference to the field with the 95%
// interval. With two engines that is the Elo difference between them.
//
// Every game that starts has a record and a log in -out, whatever ends
// it: a forfeit at the start, the handshake or the setup too (an engine
// that fails its start loses the game; a game is not played only when
// neither engine could start), and a game stopped by a signal (result
// "*", Referee tag "aborted: interrupted by SIGTERM" or "… by SIGINT").
// Files are written atomically (a temporary file, fsync, rename). Each
// record carries, besides the engines' labels (Red, Blue), the game's
// number (Round) and the rules (Rules), what the schedule and the seeds
// depend on: the tags Seed, GamesPerPair, Clock, StartTime, Profile and
// Engine1, Engine2, … (the engines in the command line's order, as
// given).
//
// On SIGINT or SIGTERM the match starts no new game, ends the games in
// progress (each recorded as interrupted), writes the summary and exits;
// a second signal kills it at once. No engine process is left behind:
// each engine runs in a process group of its own, and on Linux the
// command is a child subreaper, so that even a process an engine
// started in a session of its own and left behind is killed and waited
// for, after each game. Other Unix systems get the process group kill; Windows
// the kill of the engine process.
//
// Sharding: with the same flags, engines and -seed, the shards 0/N to
// (N−1)/N of a tournament play every game of it exactly once, each with
// the seeds of a single run, so that -merge over their -out directories
// gives the standings, Elo and JSON of one run. A merge refuses (status
// 2, naming the field) a record made with other flags or engines than
// its own: another -seed, -games, clock, -starttime, -rules or engine
// order. Any batch system runs the shards (docs/match/sharding.md: a
// Kubernetes Indexed Job, GNU parallel, Slurm job scripts).
//
// The exit status:
//
//	0  every game was played, and no game was lost to an engine fault
//	1  every game was played, and some were lost to engine faults (a
//	   crash, timeout, garbage, flood, illegal move, bad setup, refused
//	   rules), or could not be played because neither engine started
//	2  a usage error (bad flags, engines or files); nothing was played
//	3  interrupted by a signal: the games not started are missing
package matchcmd

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"maps"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
	"github.com/stratego-go/stratego/cmd/stratego/internal/reaper"
	"github.com/stratego-go/stratego/referee"
)

// stderr receives the usage text and the progress bar.
var stderr io.Writer = os.Stderr

// config is the parsed command line.
type config struct {
	engines  []engine
	games    int
	rules    stratego.Rules
	rulesArg string
	profile  referee.Profile
	clock    referee.TimeControl
	turnCap  int
	retries  int
	outDir   string
	jsonFile string
	seed     uint64
	seedSet  bool // -seed was given
	overhead time.Duration
	margin   time.Duration
	jobs     int
	pause    bool
	rawEcho  bool
	fullLine bool
	anon     bool
	progress string
	// startTime is each engine's start, handshake and setup time;
	// maxPlies the ply cap of rules that have none.
	startTime time.Duration
	maxPlies  int
	// shard is this run's shard K of shards N (shards 0: all games);
	// merge the record directories of a -merge.
	shard, shards int
	merge         []string
}

// DefaultTimeMargin is the default of -timemargin: how late past its
// limit a reply may come and still count. A player that plans on the
// limit and keeps its own overhead answers well inside it on a quiet
// machine; on a loaded one the operating system keeps a thread that is
// about to answer, or the referee's, off the processor for up to a few
// hundred milliseconds, which no schedule inside a process can prevent
// (docs/strength.md has the late replies measured on a loaded machine).
const DefaultTimeMargin = 250 * time.Millisecond

// engine is one participant.
type engine struct {
	spec  string // as given
	kind  string // builtin, sbp, ucc
	name  string // a bot name, or the command's program
	args  []string
	label string // the name in the table
	// startTime and overhead are the engine's own options (zero: the
	// flags').
	startTime, overhead time.Duration
	workers             int                // a built-in player's Options.Workers
	params              map[string]float64 // a built-in player's Options.Params
	memory              *bot.Memory        // a built-in player's, shared by its games
}

// Run runs the subcommand.
func Run(args []string, in io.Reader, out io.Writer) error {
	cfg, err := parse(args)
	if err != nil {
		return err
	}
	if cfg.merge != nil {
		return cfg.mergeShards(out)
	}
	ctx, stop := cli.Interruptible()
	defer stop()
	// Every child of this process is an engine: a process an engine
	// leaves behind comes to it and is killed after each game (Linux
	// only).
	_ = reaper.Subreaper()
	defer reaper.Reap()
	return cfg.run(ctx, out)
}

// parse reads the command line.
func parse(args []string) (*config, error) {
	fs := flag.NewFlagSet("match", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprintln(stderr, "Usage: stratego match [flags] ENGINE ENGINE...")
		fmt.Fprintln(stderr, "An ENGINE is builtin:NAME ("+strings.Join(bot.Names(), ", ")+"), sbp:COMMAND or ucc:COMMAND;")
		fmt.Fprintln(stderr, "its kind may carry its own options: sbp,starttime=2m:COMMAND, builtin,overhead=50ms,workers=2:NAME,")
		fmt.Fprintln(stderr, "and a built-in search its settings ("+strings.Join(paramNames(), ", ")+"): builtin,pursuit=0:search.")
		fs.PrintDefaults()
		fmt.Fprint(stderr, exitStatuses)
	}
	c := &config{}
	fs.IntVar(&c.games, "games", 2, "games per pair of engines")
	fs.StringVar(&c.rulesArg, "rules", "classic", "rules: a preset, rules text, or ucc2012 (the UCC 2012 manager's rules and end of game)")
	moveTime := fs.Duration("movetime", 2*time.Second, "time of a move (0: none)")
	tc := fs.String("tc", "", "a game clock such as base=5m,inc=2s (with -movetime as a per-move cap)")
	fs.IntVar(&c.turnCap, "turncap", referee.DefaultTurnCap, "the turn cap of -rules ucc2012 (N−1 full turns are played)")
	fs.IntVar(&c.retries, "retries", 0, "illegal moves a side may take back, where its engine asks for retries")
	fs.StringVar(&c.outDir, "out", "", "write each game's record and log to this `directory`")
	fs.StringVar(&c.jsonFile, "json", "", "write a JSON summary to this `file` (\"-\": standard output, instead of the table)")
	fs.Uint64Var(&c.seed, "seed", 0, "seed of the built-in players (0: from the clock)")
	fs.DurationVar(&c.overhead, "overhead", 0, "move overhead of the built-in players: time of each move kept back for the machine and the referee (0: the players' default)")
	fs.DurationVar(&c.margin, "timemargin", DefaultTimeMargin, "how late past -movetime a reply may come and still count (the machine's scheduling delays; the engines are told -movetime)")
	fs.IntVar(&c.jobs, "j", 1, "games in parallel")
	fs.BoolVar(&c.pause, "pause", false, "SIGSTOP UCC engines while the opponent moves")
	fs.BoolVar(&c.rawEcho, "raw-echo", false, "echo a UCC engine's move text verbatim, as the 2012 manager does")
	fs.BoolVar(&c.fullLine, "full-line", false, "time a UCC engine's whole reply, not its first byte")
	fs.BoolVar(&c.anon, "anonymous", false, "tell engines \"anonymous\" as their opponent's name")
	fs.StringVar(&c.progress, "progress", "auto", "progress bar: auto (on a terminal), on or off")
	fs.IntVar(&c.maxPlies, "maxplies", defaultMaxPlies, "ply cap of a game (a draw), for rules that have none (0: none)")
	fs.DurationVar(&c.startTime, "starttime", referee.DefaultStartTime, "time of an engine's start, handshake and setup, each engine its own")
	shard := fs.String("shard", "", "play only shard `K/N` (K from 0 to N-1) of the games (needs -seed)")
	merge := fs.String("merge", "", "play nothing: merge the records of the shards' -out `directories` (comma-separated)")
	if err := fs.Parse(args); err != nil {
		return nil, err
	}
	if fs.NArg() < 2 {
		fs.Usage()
		return nil, errors.New("want at least two engines")
	}
	for _, a := range fs.Args() {
		e, err := parseEngine(a)
		if err != nil {
			return nil, err
		}
		if e.kind == "builtin" {
			e.memory = bot.NewMemory() // what its players learn of their opponents, game after game
		}
		c.engines = append(c.engines, e)
	}
	labels(c.engines)
	if c.games < 1 || c.jobs < 1 {
		return nil, errors.New("-games and -j want 1 or more")
	}
	switch c.progress {
	case "auto", "on", "off":
	default:
		return nil, fmt.Errorf("-progress %q: want auto, on or off", c.progress)
	}
	if c.rulesArg == "ucc2012" {
		c.rules, c.profile = referee.UCC2012Rules(), referee.ProfileUCC2012
	} else {
		r, err := stratego.ParseRules(c.rulesArg)
		if err != nil {
			return nil, err
		}
		c.rules = r
	}
	clock, err := referee.ParseTimeControl(*tc)
	if err != nil {
		return nil, err
	}
	clock.MoveTime = *moveTime
	c.clock = clock
	if c.maxPlies < 0 || c.maxPlies > stratego.MaxPlyCap || c.startTime < 0 {
		return nil, fmt.Errorf("-maxplies wants 0 to %d and -starttime 0 or more", stratego.MaxPlyCap)
	}
	if c.rules.MaxPlies == 0 && c.profile != referee.ProfileUCC2012 {
		c.rules.MaxPlies = c.maxPlies
	}
	if *shard != "" {
		if c.shard, c.shards, err = parseShard(*shard); err != nil {
			return nil, err
		}
		if c.seed == 0 {
			return nil, errors.New("-shard needs -seed, the same in every shard")
		}
	}
	if *merge != "" {
		if *shard != "" || c.outDir != "" {
			return nil, errors.New("-merge plays nothing: no -shard or -out with it")
		}
		c.merge = strings.Split(*merge, ",")
	}
	c.seedSet = c.seed != 0
	if c.seed == 0 {
		c.seed = uint64(time.Now().UnixNano())
	}
	return c, nil
}

// exitStatuses is the end of the usage text.
const exitStatuses = `Exit status:
  0  every game was played, and none was lost to an engine fault
  1  every game was played, and some were lost to engine faults (crash,
     timeout, garbage, flood, illegal move, bad setup, rejected rules), or
     not played because neither engine could start
  2  a usage error (bad flags, engines or files): nothing was played
  3  interrupted by SIGINT or SIGTERM (or a -merge with games missing):
     the games in progress are recorded as interrupted, the others missing
`

// defaultMaxPlies is the default ply cap of a match: one long game
// between slow engines should not hold up a tournament for hours.
const defaultMaxPlies = 3000

// parseShard reads K/N with 0 ≤ K < N.
func parseShard(s string) (k, n int, err error) {
	ks, ns, ok := strings.Cut(s, "/")
	k, errk := strconv.Atoi(ks)
	n, errn := strconv.Atoi(ns)
	if !ok || errk != nil || errn != nil || n < 1 || k < 0 || k >= n {
		return 0, 0, fmt.Errorf("-shard %q: want K/N with 0 <= K < N", s)
	}
	return k, n, nil
}

// parseEngine reads an ENGINE argument.
func parseEngine(s string) (engine, error) {
	kind, rest, ok := strings.Cut(s, ":")
	kind, opts, _ := strings.Cut(kind, ",")
	e := engine{spec: s, kind: kind}
	if ok && opts != "" {
		if err := e.options(opts); err != nil {
			return e, fmt.Errorf("engine %q: %w", s, err)
		}
	}
	switch {
	case !ok:
		return e, fmt.Errorf("engine %q: want builtin:NAME, sbp:COMMAND or ucc:COMMAND", s)
	case kind == "builtin":
		if _, err := bot.New(rest, bot.Options{}); err != nil {
			return e, err
		}
		e.name = rest
	case kind == "sbp" || kind == "ucc":
		args, err := splitCommand(rest)
		if err != nil {
			return e, fmt.Errorf("engine %q: %w", s, err)
		}
		e.args, e.name = args, filepath.Base(args[0])
	default:
		return e, fmt.Errorf("engine %q: unknown kind %q (want builtin, sbp or ucc)", s, kind)
	}
	return e, nil
}

// options reads an engine's KEY=VALUE options.
func (e *engine) options(opts string) error {
	for _, kv := range strings.Split(opts, ",") {
		k, v, _ := strings.Cut(kv, "=")
		if k == "workers" {
			n, err := strconv.Atoi(v)
			switch {
			case e.kind != "builtin":
				return fmt.Errorf("option %q: the workers are a built-in player's (an engine keeps its own)", kv)
			case err != nil || n < -1 || n == 0 || n > 256:
				return fmt.Errorf("option %q: want a number of goroutines from 1 to 256, or -1 for one per core", kv)
			}
			e.workers = n
			continue
		}
		if slices.Contains(paramNames(), k) {
			x, err := strconv.ParseFloat(v, 64)
			switch {
			case e.kind != "builtin":
				return fmt.Errorf("option %q: the search settings are a built-in player's", kv)
			case err != nil:
				return fmt.Errorf("option %q: want a number", kv)
			}
			if err := bot.CheckParams(map[string]float64{k: x}); err != nil {
				return fmt.Errorf("option %q: %w", kv, err)
			}
			if e.params == nil {
				e.params = map[string]float64{}
			}
			e.params[k] = x
			continue
		}
		d, err := time.ParseDuration(v)
		switch {
		case k != "starttime" && k != "overhead":
			return fmt.Errorf("option %q: want starttime=D, overhead=D, workers=N or a search setting (%s)", kv, strings.Join(paramNames(), ", "))
		case err != nil || d <= 0:
			return fmt.Errorf("option %q: want a positive duration", kv)
		case k == "overhead" && e.kind != "builtin":
			return fmt.Errorf("option %q: the move overhead is a built-in player's (an engine keeps its own)", kv)
		case k == "starttime":
			e.startTime = d
		default:
			e.overhead = d
		}
	}
	return nil
}

// splitCommand splits a command at spaces, quotes grouping words.
func splitCommand(s string) ([]string, error) {
	var args []string
	var cur strings.Builder
	in, quote, have := false, byte(0), false
	for i := 0; i < len(s); i++ {
		ch := s[i]
		switch {
		case in && ch == quote:
			in = false
		case in:
			cur.WriteByte(ch)
		case ch == '\'' || ch == '"':
			in, quote, have = true, ch, true
		case ch == ' ' || ch == '\t':
			if have {
				args = append(args, cur.String())
				cur.Reset()
				have = false
			}
		default:
			cur.WriteByte(ch)
			have = true
		}
	}
	if in {
		return nil, errors.New("unclosed quote")
	}
	if have {
		args = append(args, cur.String())
	}
	if len(args) == 0 {
		return nil, errors.New("empty command")
	}
	return args, nil
}

// paramNames returns the names of the search's settings.
func paramNames() []string { return cli.ParamNames(bot.SearchParams()) }

// labels names the engines for the table: KIND:NAME, or the whole
// argument where engines of one name differ in it (builtin:search-20000
// and builtin,pursuit=0:search-20000), numbering what still repeats.
func labels(es []engine) {
	count, specs := map[string]int{}, map[string]int{}
	for _, e := range es {
		count[e.kind+":"+e.name]++
		specs[e.spec]++
	}
	seen := map[string]int{}
	for i := range es {
		l := es[i].kind + ":" + es[i].name
		if count[l] > 1 {
			l = es[i].spec
			if specs[l] > 1 {
				seen[l]++
				l = fmt.Sprintf("%s#%d", l, seen[l])
			}
		}
		es[i].label = l
	}
}

// pairing is one game of the tournament.
type pairing struct {
	n         int // game number, from 1
	red, blue int // engine indices
}

// schedule lists the games of this run: every pair, -games games,
// colours alternating, numbered from 1; with -shard only the shard's.
func (c *config) schedule() []pairing {
	all := c.fullSchedule()
	if c.shards == 0 {
		return all
	}
	var ps []pairing
	for _, p := range all {
		if (p.n-1)%c.shards == c.shard {
			ps = append(ps, p)
		}
	}
	return ps
}

// fullSchedule lists every game of the tournament, shard or not.
func (c *config) fullSchedule() []pairing {
	var ps []pairing
	for i := range c.engines {
		for j := i + 1; j < len(c.engines); j++ {
			for k := range c.games {
				p := pairing{n: len(ps) + 1, red: i, blue: j}
				if k%2 == 1 {
					p.red, p.blue = j, i
				}
				ps = append(ps, p)
			}
		}
	}
	return ps
}

// gameResult is one game's line in the summary.
type gameResult struct {
	Game   int    `json:"game"`
	Red    string `json:"red"`
	Blue   string `json:"blue"`
	Winner string `json:"winner"` // red, blue or draw
	Reason string `json:"reason"`
	Plies  int    `json:"plies"`
	Detail string `json:"detail,omitempty"`
	Error  string `json:"error,omitempty"`
	played bool
	red    int
	blue   int
	winner stratego.Color
	res    referee.Result
	// fault says an engine lost the game by a fault, or neither could
	// start it.
	fault bool
}

// score returns the points of side c.
func (g gameResult) score(c stratego.Color) float64 {
	switch g.winner {
	case c:
		return 1
	case stratego.NoColor:
		return 0.5
	}
	return 0
}

// finish fills in the fields of a game's end.
func (g *gameResult) finish(winner stratego.Color, reason referee.Reason, plies int, detail string) {
	g.winner, g.Winner = winner, "draw"
	if winner != stratego.NoColor {
		g.Winner = winner.String()
	}
	g.Reason, g.Plies, g.Detail = reason.String(), plies, detail
	// Result.Played, for the fields a record keeps.
	g.played = reason != referee.None && reason != referee.Aborted && (winner != stratego.NoColor || !reason.IsFault())
	g.fault = reason.IsFault()
}

// run plays the tournament and reports.
func (c *config) run(ctx context.Context, out io.Writer) error {
	if c.outDir != "" {
		if err := os.MkdirAll(c.outDir, 0o755); err != nil {
			return err
		}
	}
	if c.jsonFile != "" && c.jsonFile != "-" {
		if err := cli.CheckWritable(c.jsonFile); err != nil {
			return err
		}
	}
	ps := c.schedule()
	results := make([]gameResult, len(ps))
	started := make([]bool, len(ps))
	bar := newProgress(c.progress, len(ps))
	work := make(chan int)
	var wg sync.WaitGroup
	var mu sync.Mutex
	var writeErr error
	for range min(c.jobs, max(len(ps), 1)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range work {
				gr := c.play(ctx, ps[i])
				if err := c.write(gr); err != nil {
					mu.Lock()
					writeErr = errors.Join(writeErr, err)
					mu.Unlock()
				}
				results[i] = gr
				bar.step()
			}
		}()
	}
feed:
	for i := range ps {
		select {
		case work <- i:
			started[i] = true
		case <-ctx.Done():
			break feed
		}
	}
	close(work)
	wg.Wait()
	bar.done()
	var played []gameResult
	for i, gr := range results {
		if started[i] {
			played = append(played, gr)
		}
	}
	sum := c.summarize(played)
	if ctx.Err() != nil {
		sum.Interrupted = true
		sum.NotStarted = len(ps) - len(played)
	}
	if err := c.report(out, sum); err != nil {
		return err
	}
	if writeErr != nil {
		return writeErr
	}
	return c.status(sum)
}

// status is the error of a run's end: nil when every game was played
// and none was lost to a fault; a *cli.Failure otherwise (status 1 for
// faults and games not played, 3 for a run a signal stopped).
func (c *config) status(sum summary) error {
	var failed []string
	for _, r := range sum.Games {
		if r.fault || !r.played && r.Reason != referee.Aborted.String() {
			failed = append(failed, fmt.Sprintf("game %d: %s", r.Game, firstOf(r.Error, r.Detail, r.Reason)))
		}
	}
	if sum.Interrupted {
		return &cli.Failure{Status: 3, Msg: fmt.Sprintf("interrupted: %d of %d games not started, %d games ended unfinished", sum.NotStarted, sum.NotStarted+len(sum.Games), count(sum.Games, func(g gameResult) bool { return g.Reason == referee.Aborted.String() }))}
	}
	if len(failed) > 0 {
		return &cli.Failure{Msg: fmt.Sprintf("%d of %d games lost to engine faults or not played: %s", len(failed), len(sum.Games), strings.Join(failed, "; "))}
	}
	return nil
}

// count counts the games for which f holds.
func count(gs []gameResult, f func(gameResult) bool) int {
	n := 0
	for _, g := range gs {
		if f(g) {
			n++
		}
	}
	return n
}

// firstOf returns the first non-empty string.
func firstOf(s ...string) string {
	for _, x := range s {
		if x != "" {
			return x
		}
	}
	return ""
}

// play plays one game. An engine that does not start loses it
// (referee.NotStarted).
func (c *config) play(ctx context.Context, p pairing) gameResult {
	gr := gameResult{Game: p.n, Red: c.engines[p.red].label, Blue: c.engines[p.blue].label, red: p.red, blue: p.blue}
	gctx, cancel := context.WithCancel(ctx)
	defer cancel()
	var seats [2]referee.Seat
	var wg sync.WaitGroup
	for i, e := range []int{p.red, p.blue} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			s, err := c.seat(gctx, c.engines[e], uint64(p.n)*2+uint64(i))
			if err != nil {
				s = referee.NotStarted(c.engines[e].label, err)
			}
			seats[i] = s
		}()
	}
	wg.Wait()
	g := referee.Game{
		Rules: c.rules, Red: seats[0], Blue: seats[1], Clock: c.clock, Profile: c.profile,
		TurnCap: c.turnCap, Retries: c.retries, Anonymous: c.anon, SetupTime: c.startTime, TimeMargin: c.margin,
		SetupTimes: [3]time.Duration{stratego.Red: c.engines[p.red].startTime, stratego.Blue: c.engines[p.blue].startTime},
		Tags:       append([]stratego.Tag{{Name: "Event", Value: "stratego match"}, {Name: "Round", Value: fmt.Sprint(p.n)}}, c.scheduleTags()...),
	}
	res, err := g.Play(gctx)
	reaper.Reap()
	if err != nil {
		gr.Error = err.Error()
		return gr
	}
	gr.res = res
	gr.finish(res.Winner, res.Reason, res.Plies, res.Detail)
	return gr
}

// engineErr is the standard error the engines share: stderr behind a
// lock, since games run in parallel.
var engineErr = &lockedWriter{}

// lockedWriter writes to stderr under a lock.
type lockedWriter struct{ mu sync.Mutex }

func (l *lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return stderr.Write(p)
}

// seat makes the seat of an engine for one game.
func (c *config) seat(ctx context.Context, e engine, seed uint64) (referee.Seat, error) {
	switch e.kind {
	case "builtin":
		p, err := bot.New(e.name, bot.Options{Seed: c.seed ^ seed*0x9e3779b97f4a7c15, MoveOverhead: cmp.Or(e.overhead, c.overhead), Workers: e.workers, Memory: e.memory, Params: e.params})
		if err != nil {
			return nil, err
		}
		return referee.FromPlayer(e.label, p), nil
	case "sbp":
		return referee.StartSBP(ctx, referee.Command{Args: e.args, Stderr: engineErr}, referee.SBPOptions{Name: e.label, HandshakeTime: cmp.Or(e.startTime, c.startTime)})
	}
	return referee.StartUCC(ctx, referee.Command{Args: e.args, Stderr: engineErr}, referee.UCCOptions{Name: e.label, Pause: c.pause, RawEcho: c.rawEcho, FullLine: c.fullLine})
}

// write writes a game's record and log into the out directory, each
// atomically.
func (c *config) write(gr gameResult) error {
	if c.outDir == "" || gr.Error != "" {
		return nil
	}
	base := filepath.Join(c.outDir, fmt.Sprintf("game-%03d", gr.Game))
	rec, err := gr.res.Record.MarshalText()
	if err != nil {
		return fmt.Errorf("game %d: %w", gr.Game, err)
	}
	if err := cli.WriteFileAtomic(base+".txt", rec); err != nil {
		return err
	}
	var log bytes.Buffer
	if err := referee.WriteUCCLog(&log, gr.res, c.clock.MoveTime); err != nil {
		return err
	}
	return cli.WriteFileAtomic(base+".log", log.Bytes())
}

// standing is one engine's line in the table.
type standing struct {
	Engine string  `json:"engine"`
	Spec   string  `json:"spec"`
	Games  int     `json:"games"`
	Wins   int     `json:"wins"`
	Draws  int     `json:"draws"`
	Losses int     `json:"losses"`
	Score  float64 `json:"score"`
	// Elo is the Elo difference to the field and Elo95 the half width
	// of its 95% interval: Elo null when the score is 0 or 100%, Elo95
	// null when the interval is unbounded.
	Elo   *float64 `json:"elo"`
	Elo95 *float64 `json:"elo95"`
}

// summary is the JSON summary.
type summary struct {
	Rules string `json:"rules"`
	// PlyCap is the rules' ply cap (0: none), and StartTime each
	// engine's start, handshake and setup time.
	PlyCap    int          `json:"plyCap"`
	Clock     string       `json:"clock"`
	StartTime string       `json:"startTime"`
	Games     []gameResult `json:"games"`
	Standings []standing   `json:"standings"`
	// Interrupted says a signal stopped the run, and NotStarted counts
	// the games it did not start.
	Interrupted bool `json:"interrupted,omitempty"`
	NotStarted  int  `json:"notStarted,omitempty"`
}

// summarize counts the results.
func (c *config) summarize(results []gameResult) summary {
	st := make([]standing, len(c.engines))
	for i, e := range c.engines {
		st[i].Engine, st[i].Spec = e.label, e.spec
	}
	for _, r := range results {
		if !r.played {
			continue
		}
		for _, side := range []struct {
			i int
			c stratego.Color
		}{{r.red, stratego.Red}, {r.blue, stratego.Blue}} {
			s := &st[side.i]
			s.Games++
			switch r.score(side.c) {
			case 1:
				s.Wins++
			case 0:
				s.Losses++
			default:
				s.Draws++
			}
			s.Score += r.score(side.c)
		}
	}
	for i := range st {
		if elo, margin, ok := Elo(st[i].Wins, st[i].Draws, st[i].Losses); ok {
			st[i].Elo = &elo
			if !math.IsInf(margin, 1) {
				st[i].Elo95 = &margin
			}
		}
	}
	return summary{Rules: c.rulesArg, PlyCap: c.rules.MaxPlies, Clock: c.clock.String(), StartTime: c.startTime.String(), Games: results, Standings: st}
}

// Elo returns the Elo difference that a result of w wins, d draws and l
// losses shows, and the half width of its 95% interval (the normal
// approximation of the score's mean, mapped through the logistic
// curve); the margin is +Inf when the interval reaches a score of 0 or
// 100%. ok is false when the score itself is 0 or 100%, where the
// difference is unbounded.
func Elo(w, d, l int) (elo, margin float64, ok bool) {
	n := float64(w + d + l)
	if n == 0 {
		return 0, 0, false
	}
	p := (float64(w) + float64(d)/2) / n
	if p <= 0 || p >= 1 {
		return 0, 0, false
	}
	dev := (float64(w)*(1-p)*(1-p) + float64(d)*(0.5-p)*(0.5-p) + float64(l)*p*p) / n
	se := math.Sqrt(dev / n)
	lo, hi := p-1.959964*se, p+1.959964*se
	if lo <= 0 || hi >= 1 {
		return eloOf(p), math.Inf(1), true
	}
	return eloOf(p), (eloOf(hi) - eloOf(lo)) / 2, true
}

// eloOf is the Elo difference of an expected score p.
func eloOf(p float64) float64 {
	p = math.Min(math.Max(p, 1e-9), 1-1e-9)
	return -400 * math.Log10(1/p-1)
}

// report prints the table or writes the JSON summary.
func (c *config) report(out io.Writer, sum summary) error {
	if c.jsonFile != "" {
		b, err := json.MarshalIndent(sum, "", "  ")
		if err != nil {
			return err
		}
		b = append(b, '\n')
		if c.jsonFile == "-" {
			_, err = out.Write(b)
			return err
		}
		if err := cli.WriteFileAtomic(c.jsonFile, b); err != nil {
			return err
		}
	}
	plyCap := "no ply cap"
	if sum.PlyCap > 0 {
		plyCap = fmt.Sprintf("ply cap %d", sum.PlyCap)
	}
	fmt.Fprintf(out, "%d games, rules %s, %s, clock %s, start %s\n", len(sum.Games), sum.Rules, plyCap, sum.Clock, sum.StartTime)
	if sum.Interrupted {
		fmt.Fprintf(out, "interrupted: %d games not started\n", sum.NotStarted)
	}
	reasons := map[string]int{}
	for _, g := range sum.Games {
		if g.played {
			reasons[g.Reason]++
		}
	}
	var rs []string
	for _, k := range slices.Sorted(maps.Keys(reasons)) {
		rs = append(rs, fmt.Sprintf("%s %d", k, reasons[k]))
	}
	if len(rs) > 0 {
		fmt.Fprintf(out, "endings: %s\n", strings.Join(rs, ", "))
	}
	tw := tabwriter.NewWriter(out, 0, 8, 2, ' ', tabwriter.AlignRight)
	fmt.Fprintln(tw, "engine\tgames\twins\tdraws\tlosses\tscore\tElo\t±95%\t")
	for _, s := range sum.Standings {
		elo, margin := "-", "-"
		if s.Elo != nil {
			elo, margin = fmt.Sprintf("%+.0f", math.Round(*s.Elo)+0), "inf" // +0: no "-0"
		}
		if s.Elo95 != nil {
			margin = fmt.Sprintf("%.0f", *s.Elo95)
		}
		fmt.Fprintf(tw, "%s\t%d\t%d\t%d\t%d\t%.1f\t%s\t%s\t\n", s.Engine, s.Games, s.Wins, s.Draws, s.Losses, s.Score, elo, margin)
	}
	return tw.Flush()
}
