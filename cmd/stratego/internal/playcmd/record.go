package playcmd

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/stratego-go/stratego"
)

// checkWritable reports whether a record can be written to path: it is
// not a directory, and a file can be made in its directory (the probe is
// removed again).
func checkWritable(path string) error {
	if fi, err := os.Stat(path); err == nil && fi.IsDir() {
		return fmt.Errorf("%s is a directory", path)
	}
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	name := f.Name()
	return errors.Join(f.Close(), os.Remove(name))
}

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
	if err := writeFileAtomic(g.cfg.recordPath, append(text, '\n')); err != nil {
		return fmt.Errorf("record: %w", err)
	}
	return nil
}

// writeFileAtomic writes data to a new file beside path and renames it
// over path, so that path holds either the old or the new text, never
// part of one.
func writeFileAtomic(path string, data []byte) (err error) {
	f, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return err
	}
	tmp := f.Name()
	defer func() {
		if err != nil {
			os.Remove(tmp)
		}
	}()
	if _, err := f.Write(data); err != nil {
		f.Close()
		return err
	}
	if err := f.Sync(); err != nil {
		f.Close()
		return err
	}
	if err := f.Close(); err != nil {
		return err
	}
	if err := os.Chmod(tmp, 0o644); err != nil {
		return err
	}
	return os.Rename(tmp, path)
}
