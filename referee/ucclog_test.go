package referee

import (
	"context"
	"errors"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego"
)

// TestUCCLogRoundTrip writes the manager's log of games and reads it back
// through the library: the same setups, moves and result, under the
// manager's rules and profile, and with faults.
func TestUCCLogRoundTrip(t *testing.T) {
	type game struct {
		name string
		g    Game
	}
	var games []game
	for seed := range uint64(6) {
		games = append(games, game{"random", Game{Rules: UCC2012Rules(), Profile: ProfileUCC2012, Red: randomSeat(seed), Blue: randomSeat(seed + 50)}})
	}
	r := UCC2012Rules()
	red := &scriptSeat{setup: mustUCCSetup(t, stratego.Red), moves: []stratego.Move{stratego.MustParseMove("j4-j5"), stratego.MustParseMove("a1-a2")}}
	games = append(games, game{"illegal", Game{Rules: r, Profile: ProfileUCC2012, Red: red, Blue: randomSeat(1)}})
	resigner := &scriptSeat{setup: mustUCCSetup(t, stratego.Red)}
	games = append(games, game{"surrender", Game{Rules: r, Profile: ProfileUCC2012, Red: resigner, Blue: randomSeat(1)}})
	for _, tc := range games {
		res, err := tc.g.Play(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		var b strings.Builder
		if err := WriteUCCLog(&b, res, 0); err != nil {
			t.Fatal(err)
		}
		lg, err := ReadUCCLog(strings.NewReader(b.String()), r)
		if err != nil {
			t.Fatalf("%s: %v\n%s", tc.name, err, tail(b.String()))
		}
		if diff := cmp.Diff(res.Record.Moves, lg.Record.Moves); diff != "" {
			t.Errorf("%s: moves (-played +read):\n%s", tc.name, diff)
		}
		if lg.Record.Result != res.Record.Result {
			t.Errorf("%s: result %v, read %v", tc.name, res.Record.Result, lg.Record.Result)
		}
		if lg.Record.RedSetup != res.Record.RedSetup || lg.Record.BlueSetup != res.Record.BlueSetup {
			t.Errorf("%s: setups differ", tc.name)
		}
	}
}

// mustUCCSetup is the transcripts' setup of side c.
func mustUCCSetup(t *testing.T, c stratego.Color) stratego.Setup {
	t.Helper()
	var rows [4]string
	copy(rows[:], strings.Split(transcriptRows[c], "|"))
	s, err := parseUCCSetup(UCC2012Rules(), c, rows)
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// TestReadUCCLogChecksEveryLine reads the golden log of the transcripts
// and spoiled copies of it.
func TestReadUCCLogChecksEveryLine(t *testing.T) {
	b, err := os.ReadFile("testdata/ucc-m4.log")
	if err != nil {
		t.Fatal(err)
	}
	r := UCC2012Rules()
	r.MaxPlies = 2 * (4 - 1)
	good := string(b)
	lg, err := ReadUCCLog(strings.NewReader(good), r)
	if err != nil {
		t.Fatal(err)
	}
	if len(lg.Record.Moves) != 6 || lg.Record.Result.Reason != stratego.PlyCap || lg.Names[stratego.Blue] != "/…/tee_BLUE" {
		t.Errorf("read %d moves, result %v, names %q", len(lg.Record.Moves), lg.Record.Result, lg.Names)
	}
	for _, tc := range []struct{ name, old, new string }{
		{"an illegal move", "2 RED: 8 3 DOWN OK", "2 RED: 8 3 UP OK"},
		{"a wrong outcome", "2 RED: 8 3 DOWN OK", "2 RED: 8 3 DOWN KILLS 9 9"},
		{"a wrong turn number", "2 BLU: 9 6 UP OK", "3 BLU: 9 6 UP OK"},
		{"wrong piece values", "DRAW_DEFAULT 4 148 148", "DRAW_DEFAULT 4 148 140"},
		{"a wrong result", "BLUE DRAW_DEFAULT 4", "BLUE VICTORY 4"},
		{"a bad setup row", "FB8sB479B8\nBB3", "FB8sB479B\nBB3"},
		{"no end", "Game ends on BLUE's turn - REASON: Game declared a draw after 4 turns\n", ""},
	} {
		spoiled := strings.Replace(good, tc.old, tc.new, 1)
		if spoiled == good {
			t.Fatalf("%s: %q not in the log", tc.name, tc.old)
		}
		if _, err := ReadUCCLog(strings.NewReader(spoiled), r); !errors.Is(err, ErrLog) {
			t.Errorf("%s: got %v, want ErrLog", tc.name, err)
		}
	}
}

// TestUCCLogReasonIsTheResults pins that logs agree with records:
// the end line of the log of every Reason reads back as that Reason (the
// manager's own texts cannot tell a crash from a timeout, or a flood
// from garbage), in the setup phase and after moves, and ReadUCCLog
// gives it.
func TestUCCLogReasonIsTheResults(t *testing.T) {
	played, err := Game{Rules: UCC2012Rules(), Profile: ProfileUCC2012, Red: randomSeat(1), Blue: randomSeat(2)}.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	for r := Flag; r <= Aborted; r++ {
		for _, phase := range []string{"setup", "play"} {
			res := Result{Reason: r, Side: stratego.Red, Names: played.Names}
			if phase == "play" {
				res.State, res.Setups, res.Log, res.Plies = played.State, played.Setups, played.Log, played.Plies
			}
			var b strings.Builder
			if err := WriteUCCLog(&b, res, time.Second); err != nil {
				t.Fatal(err)
			}
			if got := uccLogReason(b.String()); got != r {
				t.Errorf("%s, %v: the log's end reads as %v:\n%s", phase, r, got, tail(b.String()))
			}
		}
	}
	var b strings.Builder
	if err := WriteUCCLog(&b, played, time.Second); err != nil {
		t.Fatal(err)
	}
	lg, err := ReadUCCLog(strings.NewReader(b.String()), UCC2012Rules())
	if err != nil || lg.Reason != played.Reason {
		t.Errorf("ReadUCCLog: reason %v (%v), the game's %v", lg.Reason, err, played.Reason)
	}
}
