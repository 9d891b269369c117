package matchcmd

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

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
	red, _ := rec.Tag("Red")
	blue, _ := rec.Tag("Blue")
	if red != gr.Red || blue != gr.Blue || rec.Rules != c.rules {
		return gr, false, fmt.Errorf("%s: %s against %s under %v, the schedule says %s against %s under %v: merge with the shards' flags and engines", path, red, blue, rec.Rules, gr.Red, gr.Blue, c.rules)
	}
	reason, detail, err := referee.RecordEnd(rec, c.profile)
	if err != nil {
		return gr, false, fmt.Errorf("%s: %w", path, err)
	}
	gr.finish(rec.Result.Winner, reason, len(rec.Moves), detail)
	return gr, true, nil
}
