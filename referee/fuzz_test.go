package referee

import (
	"context"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// FuzzParseUCCMove checks the reader of a bot's UCC reply: no panic, and
// a move it reads is written back the same way (canonical form).
func FuzzParseUCCMove(f *testing.F) {
	for _, s := range []string{"0 3 DOWN", "0 3 DOWN ", "0 3 DOWN\r", "9 6 UP 3", "5 3 UP 1", "SURRENDER", "NO_MOVE", "hello", "0 3 down", "-1 3 LEFT", "12 3 DOWN 99999999999999999999", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		m, surrender, err := parseUCCMove(line)
		if err != nil || surrender || !m.From.IsValid() || !m.To.IsValid() {
			return
		}
		again, _, err := parseUCCMove(formatUCCMove(m))
		if err != nil || again != m {
			t.Fatalf("%q reads as %v, written %q, read back %v, %v", line, m, formatUCCMove(m), again, err)
		}
	})
}

// FuzzParseUCCMoveLine checks the engine's reader of the manager's move
// lines.
func FuzzParseUCCMoveLine(f *testing.F) {
	for _, s := range []string{"0 3 DOWN OK", "9 6 UP 3 BOTHDIE 9 9", "1 5 LEFT KILLS 6 9", "0 8 DOWN VICTORY_FLAG", "0 3 DOWN  OK", "0 3 DOWN\r OK", "x", "5 3 UP 1 OK"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		o, err := parseUCCMoveLine(line)
		if err == nil && (!o.m.From.IsValid() || !o.m.To.IsValid()) {
			t.Fatalf("%q: a move off the board without an error: %+v", line, o)
		}
	})
}

// FuzzParseUCCSetup checks the reader of setup rows: no panic, and rows
// it reads are written back the same (with "." for no piece).
func FuzzParseUCCSetup(f *testing.F) {
	f.Add("FB8sB479B8|BB31555583|6724898974|967B669999", true)
	f.Add("967B669999|6724898974|BB31555583|FB8sB479B8", false)
	f.Add("..........|.....F....|..........|..B.s.1...", true)
	f.Fuzz(func(t *testing.T, text string, red bool) {
		var rows [4]string
		copy(rows[:], strings.Split(text, "|"))
		c := stratego.Blue
		if red {
			c = stratego.Red
		}
		s, err := parseUCCSetup(stratego.Classic(), c, rows)
		if err != nil {
			return
		}
		if got := uccSetupRows(s, c); got != rows {
			t.Fatalf("rows %q read and written as %q", rows, got)
		}
	})
}

// FuzzParseSBPReply checks the reader of an engine's SBP reply.
func FuzzParseSBPReply(f *testing.F) {
	for _, s := range []string{"bestmove a4-a5", "bestmove a4xa5 draw", "resign", "draw", "info depth 3", "", "bestmove", "bestmove +general@d2"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		a, ok, err := parseSBPReply(line)
		if err == nil && ok && !a.Resign && !a.AcceptDraw && !a.Move.IsValid() {
			t.Fatalf("%q: no move and no error", line)
		}
	})
}

// FuzzParseTimeControl checks the reader of time controls: no panic,
// and what it reads it writes back.
func FuzzParseTimeControl(f *testing.F) {
	for _, s := range []string{"none", "move=2s", "base=5m,inc=2s", "base=1s,inc=0s,move=500ms", "move=-1s", "x=1s"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		tc, err := ParseTimeControl(s)
		if err != nil {
			return
		}
		again, err := ParseTimeControl(tc.String())
		if err != nil || again != tc {
			t.Fatalf("%q reads as %+v, written %q, read back %+v, %v", s, tc, tc.String(), again, err)
		}
	})
}

// FuzzServe feeds any text to both engine sides: they never panic and
// always return.
func FuzzServe(f *testing.F) {
	f.Add("sbp 1\nisready\nnewgame side red opponent x rules classic\nsetup\ngo movetime 10\nquit\n", true)
	f.Add("newgame side blue opponent x rules barrage\nsetup\nposition garbage\ngo\n", true)
	f.Add("RED x 10 10\nSTART\nFB8sB479B8\nBB31555583\n6724898974\n967B669999\n..++..++..\n..++..++..\n##########\n##########\n##########\n##########\n0 3 DOWN OK\n0 6 UP OK\nQUIT x\n", false)
	f.Add("BLUE x 10 10\n0 3 DOWN OK\n0 6 UP 3 KILLS 9 9\n1 1 LEFT DIES 1 B\n", false)
	f.Fuzz(func(t *testing.T, input string, sbp bool) {
		in := strings.NewReader(input)
		p := bot.NewRandom(1)
		if sbp {
			ServeSBP(context.Background(), in, io.Discard, p, ServeOptions{})
		} else {
			ServeUCC(context.Background(), in, io.Discard, p, ServeOptions{})
		}
	})
}

// FuzzReadUCCLog feeds any text to the reader of manager logs: no panic,
// and a log it reads has a record that replays.
func FuzzReadUCCLog(f *testing.F) {
	if b, err := os.ReadFile("testdata/ucc-m4.log"); err == nil {
		f.Add(string(b))
	}
	f.Add("a RED SETUP\nINVALID!\nb BLUE SETUP\nINVALID!\nGame ends in the SETUP phase - REASON: An illegal setup was made by BOTH players\nneither BOTH BAD_SETUP 0 0 0\n")
	r := UCC2012Rules()
	r.MaxPlies = 6
	f.Fuzz(func(t *testing.T, text string) {
		lg, err := ReadUCCLog(strings.NewReader(text), r)
		if err != nil || lg.Record.Rules.Width == 0 {
			return
		}
		if _, err := lg.Record.Replay(); err != nil {
			t.Fatalf("the record of a log that reads does not replay: %v", err)
		}
	})
}
