package reportcmd

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
)

// spyGame is a short game from a built position: Red's Marshal takes
// Blue's Captain on e6 and stays there, next to Blue's unmoved Spy, which
// takes it; Red's Scout strikes Blue's Bomb on j9 from afar and falls;
// Blue's Sergeant steps; Red resigns (its Sergeant never moved).
func spyGame(t *testing.T) stratego.Record {
	t.Helper()
	g := play(t, map[string]stratego.Piece{
		"a1": red(stratego.Flag), "a2": red(stratego.Bomb), "b1": red(stratego.Bomb),
		"e5": red(stratego.Marshal), "j1": red(stratego.Scout), "c3": red(stratego.Sergeant),
		"j10": blue(stratego.Flag), "i10": blue(stratego.Bomb), "j9": blue(stratego.Bomb),
		"e6": blue(stratego.Captain), "f6": blue(stratego.Spy), "h9": blue(stratego.Sergeant),
	}, "e5xe6", "f6xe6", "j1xj9", "h9-h8")
	g, err := g.Resign(stratego.Red)
	if err != nil {
		t.Fatal(err)
	}
	return named(g)
}

// minerGame: Red's Miner steps next to Blue's bombs, takes the Bomb on
// j9 and then the Flag on j10 behind it, while Blue's Sergeant walks.
func minerGame(t *testing.T) stratego.Record {
	t.Helper()
	return named(play(t, map[string]stratego.Piece{
		"a1": red(stratego.Flag), "i8": red(stratego.Miner),
		"j10": blue(stratego.Flag), "i10": blue(stratego.Bomb), "j9": blue(stratego.Bomb), "a10": blue(stratego.Sergeant),
	}, "i8-i9", "a10-a9", "i9xj9", "a9-a8", "j9xj10"))
}

// walkGame: Red's Marshal takes Blue's Sergeant (shown from then on,
// next to no hidden piece), then steps next to Blue's hidden Spy and
// Lieutenant (one of six hidden Blue pieces beats it: by chance 1 −
// (5/6)², 30.6%), and the Spy takes it.
func walkGame(t *testing.T) stratego.Record {
	t.Helper()
	return named(play(t, map[string]stratego.Piece{
		"a1": red(stratego.Flag), "a2": red(stratego.Bomb), "b1": red(stratego.Bomb), "e4": red(stratego.Marshal),
		"j10": blue(stratego.Flag), "i10": blue(stratego.Bomb), "j9": blue(stratego.Bomb), "e5": blue(stratego.Sergeant),
		"e7": blue(stratego.Spy), "f6": blue(stratego.Lieutenant), "h9": blue(stratego.Sergeant),
	}, "e4xe5", "h9-h8", "e5-e6", "e7xe6"))
}

func red(rk stratego.Rank) stratego.Piece  { return stratego.NewPiece(stratego.Red, rk) }
func blue(rk stratego.Rank) stratego.Piece { return stratego.NewPiece(stratego.Blue, rk) }

// play returns the Classic game from the pieces on their squares, Red to
// move, with the moves played.
func play(t *testing.T, pieces map[string]stratego.Piece, moves ...string) stratego.Game {
	t.Helper()
	var b stratego.Board
	for sq, pc := range pieces {
		b.Put(stratego.MustParseSquare(sq), pc)
	}
	s, err := stratego.FromBoard(stratego.Classic(), b, stratego.Red)
	if err != nil {
		t.Fatal(err)
	}
	g := stratego.GameFrom(s)
	for _, m := range moves {
		if g, _, err = g.Apply(stratego.MustParseMove(m)); err != nil {
			t.Fatal(m, err)
		}
	}
	return g
}

// named returns the record of g with Red named alpha and Blue beta.
func named(g stratego.Game) stratego.Record {
	rec := g.Record()
	rec.Tags = []stratego.Tag{{Name: "Red", Value: "alpha"}, {Name: "Blue", Value: "beta"}}
	return rec
}

// TestReport: the counts of two games whose every combat is known, in
// one file.
func TestReport(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "games.txt"), []byte(spyGame(t).String()+"\n"+minerGame(t).String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Run([]string{dir}, nil, &out); err != nil {
		t.Fatal(err)
	}
	got := out.String()
	for _, want := range []string{
		"2 records\n",
		"alpha: 1 won, 0 drawn, 1 lost\n",
		"  won by:  flag captured 1\n",
		"  lost by: resignation 1\n",
		"taken while shown, by a hidden piece   1  Marshal 1\n",
		"lost attacking a hidden piece          1  Scout 1\n",
		"it took a piece next to the taker and stayed  1\n",
		"  Marshal lost to: Spy, hidden 1\n",
		"beta: 1 won, 0 drawn, 1 lost\n",
		"  won by:  resignation 1\n",
		"  lost by: flag captured 1\n",
		"taken while hidden, by a hidden piece  2  Captain 1, Bomb 1\n",
		"taken while hidden, by a shown piece   1  Flag 1\n",
		"  Flag lost to: Miner, shown 1\n",
	} {
		if !strings.Contains(got, want) {
			t.Errorf("the report lacks %q:\n%s", want, got)
		}
	}
	if strings.Contains(got, "General lost") || strings.Count(got, "Marshal 1") != 1 || strings.Count(got, "Flag lost") != 1 {
		t.Errorf("the report counts more than the game holds:\n%s", got)
	}
	// The Marshal of spyGame was hidden when it moved: no move of a shown
	// Marshal is counted.
	if strings.Contains(got, "moves of the shown") {
		t.Errorf("the report counts moves of a hidden Marshal:\n%s", got)
	}
	out.Reset()
	if err := Run([]string{"-player", "bet", dir}, nil, &out); err != nil {
		t.Fatal(err)
	}
	if strings.Contains(out.String(), "alpha") || !strings.Contains(out.String(), "beta") {
		t.Errorf("-player bet reports:\n%s", out.String())
	}
}

// TestReportBadInput: a record that does not replay is named with its
// file and number, and the command fails with status 1 after the report
// of the others; no path, a missing path or a directory without records
// are errors of status 2.
func TestReportBadInput(t *testing.T) {
	stderr = &bytes.Buffer{}
	dir := t.TempDir()
	good := spyGame(t).String()
	bad := strings.Replace(good, "h9-h8", "h9-h1", 1)
	if err := os.WriteFile(filepath.Join(dir, "two.rec"), []byte(good+"\n"+bad), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	err := Run([]string{dir}, nil, &out)
	var failure *cli.Failure
	if !errors.As(err, &failure) {
		t.Fatalf("a bad record: %v, want a *cli.Failure", err)
	}
	if !strings.Contains(out.String(), "1 records\n") || !strings.Contains(out.String(), filepath.Join(dir, "two.rec")+", record 2: ") {
		t.Errorf("the report of a file with a bad second record:\n%s", out.String())
	}
	for _, args := range [][]string{nil, {filepath.Join(dir, "nothing")}, {t.TempDir()}} {
		if err := Run(args, nil, &out); err == nil || errors.As(err, &failure) {
			t.Errorf("%q: %v, want an error of bad input", args, err)
		}
	}
}

// TestReportSteps: the moves of a shown Marshal that end next to hidden
// pieces, those next to one that beats it, and the chance of that.
func TestReportSteps(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "walk.txt"), []byte(walkGame(t).String()), 0o644); err != nil {
		t.Fatal(err)
	}
	var out bytes.Buffer
	if err := Run([]string{"-player", "alpha", dir}, nil, &out); err != nil {
		t.Fatal(err)
	}
	want := "  moves of the shown Marshal next to hidden pieces: 1, next to one that beats it 1 (100.0%; by chance 30.6%)\n"
	if got := out.String(); !strings.Contains(got, want) || strings.Contains(got, "moves of the shown General") {
		t.Errorf("the report lacks %q (or counts a General):\n%s", want, got)
	}
}
