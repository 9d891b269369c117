package matchcmd

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/referee"
)

// mergeShards reads the records of every game of the tournament from
// the shards' -out directories and reports as the run of all of them
// would: the same games, standings, Elo and JSON. Each game must be in
// exactly one directory, with the schedule's engines and the rules;
// games found in none are reported as not started (exit status 3).
func (c *config) mergeShards(out io.Writer) error {
	var results []gameResult
	missing := 0
	for _, p := range c.fullSchedule() {
		gr, found, err := c.readGame(p)
		if err != nil {
			return err
		}
		if !found {
			missing++
			continue
		}
		results = append(results, gr)
	}
	sum := c.summarize(results)
	for _, g := range results {
		if g.Reason == referee.Aborted.String() {
			sum.Interrupted = true
		}
	}
	if missing > 0 {
		sum.Interrupted, sum.NotStarted = true, missing
	}
	if err := c.report(out, sum); err != nil {
		return err
	}
	return c.status(sum)
}

// readGame reads the record of game p from the one directory that has
// it; found is false when none has.
func (c *config) readGame(p pairing) (gameResult, bool, error) {
	gr := gameResult{Game: p.n, Red: c.engines[p.red].label, Blue: c.engines[p.blue].label, red: p.red, blue: p.blue}
	name := fmt.Sprintf("game-%03d.txt", p.n)
	var text []byte
	var from string
	for _, dir := range c.merge {
		b, err := os.ReadFile(filepath.Join(dir, name))
		switch {
		case errors.Is(err, fs.ErrNotExist):
			continue
		case err != nil:
			return gr, false, err
		case from != "":
			return gr, false, fmt.Errorf("game %d is in both %s and %s: merge each shard once", p.n, from, dir)
		}
		text, from = b, dir
	}
	if from == "" {
		return gr, false, nil
	}
	path := filepath.Join(from, name)
	rec, err := stratego.ParseRecord(string(text))
	if err != nil {
		return gr, false, fmt.Errorf("%s: %w", path, err)
	}
	if err := c.checkRecord(rec, gr); err != nil {
		return gr, false, fmt.Errorf("%s: %w; merge with the shards' flags and engines", path, err)
	}
	reason, detail, err := referee.RecordEnd(rec, c.profile)
	if err != nil {
		return gr, false, fmt.Errorf("%s: %w", path, err)
	}
	gr.finish(rec.Result.Winner, reason, len(rec.Moves), detail)
	return gr, true, nil
}

// ErrOtherTournament is the error of a merge whose record was made by
// another command line than the merge's.
var ErrOtherTournament = errors.New("the shard differs from the command line")

// scheduleField is one thing a game's place in the schedule, its seeds
// or its report depend on, as a record tag.
type scheduleField struct {
	tag   string // the tag's name
	what  string // what a person reads: "seed (-seed)"
	value string // its value on this command line
}

// scheduleFields lists what the records of this command line carry:
// the seed, the games a pair, the clock, the start time, the profile
// and the engines in order (the rules are the record's Rules).
func (c *config) scheduleFields() []scheduleField {
	seed := strconv.FormatUint(c.seed, 10)
	if !c.seedSet {
		seed = "none"
	}
	fs := []scheduleField{
		{"Seed", "seed (-seed)", seed},
		{"GamesPerPair", "number of games a pair (-games)", strconv.Itoa(c.games)},
		{"Clock", "clock (-movetime, -tc)", c.clock.String()},
		{"StartTime", "start time (-starttime)", c.startTime.String()},
		{"Profile", "profile (-rules ucc2012 or not)", c.profile.String()},
	}
	for i, e := range c.engines {
		fs = append(fs, scheduleField{fmt.Sprintf("Engine%d", i+1), fmt.Sprintf("engine %d", i+1), e.spec})
	}
	return fs
}

// scheduleTags are the tags of scheduleFields, for each record.
func (c *config) scheduleTags() []stratego.Tag {
	var tags []stratego.Tag
	for _, f := range c.scheduleFields() {
		tags = append(tags, stratego.Tag{Name: f.tag, Value: f.value})
	}
	return tags
}

// checkRecord reports whether rec is the record of game gr of this
// command line's tournament: the schedule's tags, the engines of the
// game and the rules. The error, wrapping ErrOtherTournament, names the
// first field that differs.
func (c *config) checkRecord(rec stratego.Record, gr gameResult) error {
	differs := func(what, shard, here string) error {
		return fmt.Errorf("%w: its %s is %s, the command line's %s", ErrOtherTournament, what, shard, here)
	}
	for _, f := range c.scheduleFields() {
		v, ok := rec.Tag(f.tag)
		switch {
		case !ok && f.tag == "Seed":
			return differs(f.what, "none (a record without a Seed tag, of another program or an older stratego match)", f.value)
		case !ok:
			return differs(f.what, "none", strconv.Quote(f.value))
		case v != f.value && f.tag == "Seed":
			return differs(f.what, v, f.value)
		case v != f.value:
			return differs(f.what, strconv.Quote(v), strconv.Quote(f.value))
		}
	}
	if v, ok := rec.Tag(fmt.Sprintf("Engine%d", len(c.engines)+1)); ok {
		return differs("engines", fmt.Sprintf("more than %d (engine %d %q)", len(c.engines), len(c.engines)+1, v), fmt.Sprint(len(c.engines)))
	}
	red, _ := rec.Tag("Red")
	blue, _ := rec.Tag("Blue")
	if red != gr.Red || blue != gr.Blue {
		return differs(fmt.Sprintf("the engines of game %d", gr.Game), red+" against "+blue, gr.Red+" against "+gr.Blue)
	}
	if want := c.gameRules(); rec.Rules != want {
		return differs("rules (-rules, -maxplies, -turncap)", rec.Rules.String(), want.String())
	}
	return nil
}

// gameRules are the rules a game of this command line is played by:
// the rules, with the UCC 2012 profile's turn cap as the ply cap
// (referee.Game.TurnCap).
func (c *config) gameRules() stratego.Rules {
	r := c.rules
	if c.profile == referee.ProfileUCC2012 && c.turnCap != 0 {
		r.MaxPlies = max(0, 2*(c.turnCap-1))
	}
	return r
}
