package playcmd

import (
	"fmt"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
)

// record returns the game so far as a record with the tags of the
// players, the result "*" while it goes on.
func (g *game) record() stratego.Record {
	rec := g.gm.Record()
	names := [3]string{}
	names[g.cfg.human] = "human"
	names[g.cfg.human.Opponent()] = "bot:" + g.cfg.botName
	rec.Tags = append([]stratego.Tag{
		{Name: "Event", Value: "stratego play"},
		{Name: "Date", Value: time.Now().UTC().Format("2006.01.02")},
		{Name: "Red", Value: names[stratego.Red]},
		{Name: "Blue", Value: names[stratego.Blue]},
		{Name: "Seed", Value: fmt.Sprint(g.cfg.seed)},
	}, rec.Tags...)
	return rec
}

// save writes the record, when -record asks for one.
func (g *game) save() error {
	if g.cfg.recordPath == "" {
		return nil
	}
	text, err := g.record().AppendText(nil)
	if err != nil {
		return fmt.Errorf("record: %w", err)
	}
	if err := cli.WriteFileAtomic(g.cfg.recordPath, append(text, '\n')); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	return nil
}
