package matchcmd

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
	"github.com/stratego-go/stratego/cmd/stratego/internal/enginecmd"
)

// asEngine makes the test binary run "stratego engine" with its
// arguments, so that the match's engines are child processes.
const asEngine = "MATCHCMD_TEST_AS_ENGINE"

func TestMain(m *testing.M) {
	if mode := os.Getenv(asFake); mode != "" {
		os.Exit(runFake(mode))
	}
	if os.Getenv(asMatch) == "1" {
		os.Exit(runMatch(os.Args[1:]))
	}
	if os.Getenv(asEngine) == "1" {
		if err := enginecmd.Run(os.Args[1:], os.Stdin, os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "engine:", err)
			os.Exit(2)
		}
		os.Exit(0)
	}
	os.Setenv(asEngine, "1") // for the children only: this process is past the check
	stderr = &bytes.Buffer{}
	code := m.Run()
	if kids := children(); len(kids) > 0 {
		fmt.Fprintf(os.Stderr, "child processes left after the tests: %v\n", kids)
		code = 1
	}
	os.Exit(code)
}

// asMatch makes the test binary run "stratego match" with its arguments
// and exit with the command's status (the signal test).
const asMatch = "MATCHCMD_TEST_AS_MATCH"

// runMatch runs the match command as the stratego command does and
// returns its exit status.
func runMatch(args []string) int {
	os.Unsetenv(asMatch)
	stderr = os.Stderr
	return cli.Exit("match", Run(args, nil, os.Stdout), os.Stderr)
}

// fake is the engine argument of a misbehaving engine (fake_test.go).
func fake(protocol, mode string) string {
	return protocol + ":env " + asFake + "=" + mode + " " + os.Args[0]
}

// self is the engine command of this test binary.
func self(protocol string) string {
	return protocol + ":" + os.Args[0] + " -protocol " + protocol + " -bot random"
}

func TestMatchPlaysEveryPairing(t *testing.T) {
	all := []string{"classic", "barrage", "ucc2012"}
	if testing.Short() {
		all = all[1:2]
	}
	for _, rules := range all {
		t.Run(rules, func(t *testing.T) {
			dir := t.TempDir()
			jsonFile := filepath.Join(dir, "summary.json")
			var out bytes.Buffer
			err := Run([]string{"-games", "2", "-rules", rules, "-movetime", "1m", "-seed", "7", "-j", "2", "-out", dir, "-json", jsonFile, "-pause", "-raw-echo",
				"builtin:random", self("ucc"), self("sbp")}, nil, &out)
			if err != nil {
				t.Fatalf("%v\n%s", err, out.String())
			}
			for _, want := range []string{"6 games, rules " + rules, "builtin:random", "ucc:matchcmd.test", "sbp:matchcmd.test", "Elo", "±95%"} {
				if !strings.Contains(out.String(), want) {
					t.Errorf("the table lacks %q:\n%s", want, out.String())
				}
			}
			b, err := os.ReadFile(jsonFile)
			if err != nil {
				t.Fatal(err)
			}
			var sum summary
			if err := json.Unmarshal(b, &sum); err != nil {
				t.Fatal(err)
			}
			if len(sum.Games) != 6 || len(sum.Standings) != 3 {
				t.Fatalf("summary has %d games, %d standings", len(sum.Games), len(sum.Standings))
			}
			total := 0.0
			for _, s := range sum.Standings {
				if s.Games != 4 || s.Wins+s.Draws+s.Losses != 4 {
					t.Errorf("%s: %+v", s.Engine, s)
				}
				total += s.Score
			}
			if total != 6 {
				t.Errorf("scores add up to %v, want 6", total)
			}
			for _, g := range sum.Games {
				rec, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%03d.txt", g.Game)))
				if err != nil {
					t.Fatal(err)
				}
				r, err := stratego.ParseRecord(string(rec))
				if err != nil {
					t.Fatalf("game %d: %v", g.Game, err)
				}
				if _, err := r.Replay(); err != nil {
					t.Errorf("game %d: %v", g.Game, err)
				}
				log, err := os.ReadFile(filepath.Join(dir, fmt.Sprintf("game-%03d.log", g.Game)))
				if err != nil {
					t.Fatal(err)
				}
				if !strings.Contains(string(log), " RED SETUP\n") || !strings.Contains(string(log), "Game ends on ") {
					t.Errorf("game %d log:\n%s", g.Game, log)
				}
			}
			// Colours alternate within a pairing.
			if sum.Games[0].Red != sum.Games[1].Blue || sum.Games[0].Blue != sum.Games[1].Red {
				t.Errorf("games 1 and 2: %s-%s then %s-%s", sum.Games[0].Red, sum.Games[0].Blue, sum.Games[1].Red, sum.Games[1].Blue)
			}
		})
	}
}

func TestMatchFailsForGamesNotPlayed(t *testing.T) {
	var out bytes.Buffer
	err := Run([]string{"-games", "1", "builtin:random", "sbp:/no/such/engine"}, nil, &out)
	var f *cli.Failure
	if !errors.As(err, &f) {
		t.Fatalf("got %v, want a *cli.Failure", err)
	}
}

func TestMatchBadArguments(t *testing.T) {
	for _, args := range [][]string{
		{"builtin:random"},
		{"builtin:random", "builtin:nosuchbot"},
		{"builtin:random", "chess:stockfish"},
		{"builtin:random", "random"},
		{"-rules", "nosuchrules", "builtin:random", "builtin:random"},
		{"-games", "0", "builtin:random", "builtin:random"},
		{"-tc", "base=x", "builtin:random", "builtin:random"},
		{"-progress", "maybe", "builtin:random", "builtin:random"},
		{"builtin:random", `ucc:"unclosed`},
	} {
		var out bytes.Buffer
		err := Run(args, nil, &out)
		var f *cli.Failure
		if err == nil || errors.As(err, &f) {
			t.Errorf("%q: got %v, want a usage error", args, err)
		}
	}
}

func TestSplitCommand(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"stratego engine -protocol ucc", []string{"stratego", "engine", "-protocol", "ucc"}},
		{`  a  'b c' "d e"f `, []string{"a", "b c", "d ef"}},
		{`""`, []string{""}},
	}
	for _, tt := range tests {
		got, err := splitCommand(tt.in)
		if err != nil {
			t.Fatal(err)
		}
		if diff := cmp.Diff(tt.want, got); diff != "" {
			t.Errorf("splitCommand(%q) (-want +got):\n%s", tt.in, diff)
		}
	}
	if _, err := splitCommand("  "); err == nil {
		t.Error("an empty command splits")
	}
}

func TestElo(t *testing.T) {
	tests := []struct {
		w, d, l    int
		elo, width float64 // want, within 1
		ok         bool
	}{
		{10, 0, 10, 0, 0, true},
		{75, 0, 25, 191, 0, true},
		{0, 10, 0, 0, 0, true},
		{10, 0, 0, 0, 0, false},
		{0, 0, 0, 0, 0, false},
	}
	for _, tt := range tests {
		elo, margin, ok := Elo(tt.w, tt.d, tt.l)
		if ok != tt.ok || ok && math.Abs(elo-tt.elo) > 1 {
			t.Errorf("Elo(%d, %d, %d) = %.1f, %v; want %.1f, %v", tt.w, tt.d, tt.l, elo, ok, tt.elo, tt.ok)
		}
		if ok && (margin < 0 || math.IsNaN(margin)) && tt.w+tt.l > 0 {
			t.Errorf("Elo(%d, %d, %d) margin %v", tt.w, tt.d, tt.l, margin)
		}
	}
	// 75 of 100: the score's 95% interval is 0.75 ± 1.96·0.0433.
	_, margin, _ := Elo(75, 0, 25)
	lo, hi := eloOf(0.75-1.959964*math.Sqrt(0.1875/100)), eloOf(0.75+1.959964*math.Sqrt(0.1875/100))
	if math.Abs(margin-(hi-lo)/2) > 0.01 {
		t.Errorf("margin %v, want %v", margin, (hi-lo)/2)
	}
	if _, m, _ := Elo(0, 10, 0); m != 0 {
		t.Errorf("ten draws: margin %v, want 0", m)
	}
	if _, m, _ := Elo(9, 0, 1); !math.IsInf(m, 1) {
		t.Errorf("9 of 10: margin %v, want +Inf (the interval reaches 100%%)", m)
	}
}

func TestProgressBar(t *testing.T) {
	var b bytes.Buffer
	old := stderr
	stderr = &b
	defer func() { stderr = old }()
	p := newProgress("on", 4)
	p.step()
	p.step()
	p.done()
	if want := "\r[###############...............] 2/4 games\n"; !strings.HasSuffix(b.String(), want) {
		t.Errorf("bar %q, want it to end %q", b.String(), want)
	}
	b.Reset()
	newProgress("auto", 4).step()
	if b.Len() != 0 {
		t.Errorf("auto draws on a buffer: %q", b.String())
	}
}

// TestMatchUsageNamesTheExitStatuses: "stratego match -h" documents each
// exit status.
func TestMatchUsageNamesTheExitStatuses(t *testing.T) {
	var b bytes.Buffer
	old := stderr
	stderr = &b
	defer func() { stderr = old }()
	if err := Run([]string{"-h"}, nil, &b); !errors.Is(err, flag.ErrHelp) {
		t.Fatalf("-h: %v", err)
	}
	for _, want := range []string{"Exit status:", "  0  every game was played", "  1  ", "  2  a usage error", "  3  interrupted", "-shard", "-merge", "-starttime", "-maxplies"} {
		if !strings.Contains(b.String(), want) {
			t.Errorf("the usage lacks %q:\n%s", want, b.String())
		}
	}
}
