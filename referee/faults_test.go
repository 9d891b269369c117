package referee

import (
	"cmp"
	"context"
	"errors"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	gocmp "github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego"
)

// faultCase is one scripted fault: the fake engine plays Red against a
// built-in random Blue.
type faultCase struct {
	name    string
	spec    string // the fake engine (fakeEnv)
	rules   stratego.Rules
	profile Profile
	clock   TimeControl
	retries int
	o       UCCOptions
	want    Reason // the end; None: any end that is no fault of Red's
	detail  string // a text the Detail or the UCC log must hold
	// setupTime is the time of the setup (zero: generous).
	setupTime time.Duration
	// sent is a text the record's Sent tag must hold.
	sent string
}

// ucc2012 is the UCC manager's rules and profile for the table.
var ucc2012 = UCC2012Rules()

// The faults of docs/ucc2012.md section 7 (UCC) and those of any engine
// (crash, stall, flood, garbage, ignoring quit), each scored against the engine that
// made it, and the harmless oddities the manager accepts.
var faultCases = []faultCase{
	// docs/ucc2012.md section 7, row 1: moves an immobile or missing piece, off the
	// board, into its own piece or a lake. Red's setup is the
	// transcript's: F at (0,0), its scout at (0,3), a 7 at (2,3).
	{name: "ucc immobile piece", spec: "ucc;0;reply;0 0 DOWN", want: Illegal, detail: "Selected piece is not mobile (FLAG or BOMB)"},
	{name: "ucc missing piece", spec: "ucc;0;reply;0 4 DOWN", want: Illegal, detail: "Move does not select a piece"},
	{name: "ucc enemy piece", spec: "ucc;0;reply;0 6 UP", want: Illegal, detail: "Selected piece belongs to other player"},
	{name: "ucc off the board", spec: "ucc;0;reply;12 3 DOWN", want: Illegal},
	{name: "ucc slide off the board", spec: "ucc;0;reply;0 3 UP 4", want: Illegal},
	{name: "ucc into own piece", spec: "ucc;0;reply;0 2 DOWN", want: Illegal, detail: "Attempted move into square occupied by neutral or allied piece"},
	{name: "ucc into a lake", spec: "ucc;0;reply;2 3 DOWN", want: Illegal},
	{name: "ucc non-scout multiplier", spec: "ucc;0;reply;2 3 LEFT 2", want: Illegal},
	// Row 2: unparseable replies.
	{name: "ucc garbage", spec: "ucc;0;reply;hello", want: Garbage, detail: "Unintelligable response"},
	{name: "ucc lower case", spec: "ucc;0;reply;0 3 down", want: Garbage},
	{name: "ucc NO_MOVE", spec: "ucc;0;reply;NO_MOVE", want: Garbage},
	{name: "ucc empty line", spec: "ucc;2;reply;", want: Garbage},
	// Row 3: no first byte in time.
	{name: "ucc timeout", spec: "ucc;1;stall", clock: TimeControl{MoveTime: 200 * time.Millisecond}, want: Timeout, detail: "Response timeout after 0.200000 seconds."},
	// Row 4: surrender.
	{name: "ucc surrender", spec: "ucc;3;reply;SURRENDER", want: Resign, detail: "This player has surrendered!"},
	// Row 5: wrong army, wrong row length, unknown token.
	{name: "ucc wrong army", spec: "ucc;0;setup;FB8sB479B8|BB31555583|6724898974|967B669998", want: BadSetup, detail: "An illegal setup was made by RED"},
	{name: "ucc short row", spec: "ucc;0;setup;FB8sB479B|BB31555583|6724898974|967B669999", want: BadSetup},
	{name: "ucc row with CR", spec: "ucc;0;setup;FB8sB479B8\\r|BB31555583|6724898974|967B669999", want: BadSetup},
	{name: "ucc unknown token", spec: "ucc;0;setup;FB8sB479BX|BB31555583|6724898974|967B669999", want: BadSetup},
	// Row 6: the bot exits.
	{name: "ucc exits at once", spec: "ucc;0;exit", want: Crash},
	{name: "ucc exits later", spec: "ucc;5;exit", want: Crash},
	// Issue 12: flood, ignoring quit, a grandchild.
	{name: "ucc flood", spec: "ucc;1;flood", want: Flood},
	{name: "ucc ignores quit", spec: "ucc;0;quit"},
	{name: "ucc grandchild", spec: "ucc;0;child;PIDFILE"},
	// Accepted by the manager: stray whitespace, CR, an explicit 1, the
	// rest of a line after the first byte.
	{name: "ucc trailing space", spec: "ucc;0;reply;0 3 DOWN "},
	{name: "ucc CRLF", spec: "ucc;0;reply;0 3 DOWN\\r"},
	{name: "ucc multiplier 1", spec: "ucc;0;reply;0 3 DOWN 1"},
	// (The first byte comes at once, the rest after 6 s: past the move
	// time, which first-byte timing allows, and in the line time, with
	// room for a loaded machine on both sides; the full-line timing
	// loses on time whatever the load.)
	{name: "ucc first-byte timing", spec: "ucc;0;slow;6s", clock: TimeControl{MoveTime: 5 * time.Second}, o: UCCOptions{LineTime: generous}},
	{name: "ucc full-line timing", spec: "ucc;0;slow;3s", clock: TimeControl{MoveTime: time.Second}, o: UCCOptions{FullLine: true}, want: Timeout},
	{name: "ucc raw echo", spec: "ucc;0;reply;0  3 DOWN", o: UCCOptions{RawEcho: true}},
	{name: "ucc paused", spec: "ucc;0;reply;0 3 DOWN", o: UCCOptions{Pause: true}},
	{name: "ucc isf rules", spec: "ucc;0;reply;0 3 DOWN", rules: stratego.Classic()},
	{name: "ucc barrage", spec: "ucc;0;none", rules: stratego.Barrage()},
	{name: "ucc rules it cannot carry", spec: "ucc;0;none", rules: stratego.UltimateLightning(), want: Rejected},

	// SBP/1.
	{name: "sbp garbage move", spec: "sbp;0;reply;hello", want: Garbage},
	{name: "sbp bad move text", spec: "sbp;0;reply;bestmove z9-z10", want: Garbage},
	{name: "sbp illegal move", spec: "sbp;0;reply;bestmove a1-a2", want: Illegal},
	{name: "sbp illegal move retried", spec: "sbp;0;reply;bestmove a1-a2", retries: 1},
	{name: "sbp illegal move twice", spec: "sbp;0;reply;bestmove a1-a2", retries: 0, want: Illegal},
	{name: "sbp resign", spec: "sbp;2;reply;resign", want: Resign},
	{name: "sbp draw without offer", spec: "sbp;0;reply;draw", want: Illegal},
	{name: "sbp timeout", spec: "sbp;1;stall", clock: TimeControl{MoveTime: 200 * time.Millisecond}, want: Timeout},
	{name: "sbp game clock", spec: "sbp;1;stall", clock: TimeControl{Base: 300 * time.Millisecond, Increment: 10 * time.Millisecond}, want: Timeout},
	{name: "sbp flood", spec: "sbp;0;flood", want: Flood},
	{name: "sbp info flood", spec: "sbp;0;info", want: Flood},
	{name: "sbp exits", spec: "sbp;3;exit", want: Crash},
	{name: "sbp ignores quit", spec: "sbp;0;quit"},
	{name: "sbp grandchild", spec: "sbp;0;child;PIDFILE"},
	{name: "sbp reject", spec: "sbp;0;accept;reject no thanks", want: Rejected, detail: "no thanks"},
	{name: "sbp bad setup", spec: "sbp;0;setup;setup 123", want: BadSetup, sent: "setup 123"},
	{name: "sbp garbage setup", spec: "sbp;0;setup;hello", want: Garbage, sent: "hello"},

	// Issue 19: the start, the handshake and the setup, each a loss of
	// the engine that failed it, with a record.
	{name: "sbp missing program", spec: "sbp;0;missing", want: Crash, detail: "/nonexistent/engine"},
	{name: "sbp exits before the handshake", spec: "sbp;0;exitnow", want: Crash},
	{name: "sbp silent handshake", spec: "sbp;0;mute", want: Timeout, detail: "handshake"},
	{name: "sbp garbage handshake", spec: "sbp;0;hello;hello there", want: Garbage, detail: "hello there"},
	{name: "sbp 64 KiB handshake line", spec: "sbp;0;hsflood", want: Flood},
	{name: "sbp early output", spec: "sbp;0;early;Engine v1.0 by me", want: Garbage, detail: "Engine v1.0"},
	{name: "sbp silent setup", spec: "sbp;0;setupstall", want: Timeout, setupTime: 300 * time.Millisecond},
	{name: "sbp setup flood", spec: "sbp;0;setupflood", want: Flood},
	{name: "ucc missing program", spec: "ucc;0;missing", want: Crash, detail: "/nonexistent/engine"},
	{name: "ucc silent setup", spec: "ucc;0;mute", want: Timeout, setupTime: 300 * time.Millisecond},
	// (The two rows must come before the setup time, from an engine
	// that starts in it: 10 s leave room for a loaded machine.)
	{name: "ucc setup stops", spec: "ucc;0;setup;FB8sB479B8|BB31555583", want: Timeout, setupTime: 10 * time.Second, sent: "FB8sB479B8|BB31555583"},
	{name: "ucc setup flood", spec: "ucc;0;setupflood", want: Flood},
	{name: "ucc setup garbage", spec: "ucc;0;setup;hello|world|this is|garbage", want: BadSetup, sent: "hello"},
	{name: "ucc exits at setup", spec: "ucc;0;exitnow", want: Crash},
	{name: "sbp setsid grandchild", spec: "sbp;0;setsid;PIDFILE"},
}

func TestFaults(t *testing.T) {
	if testing.Short() {
		faultCases = shortFaults(faultCases)
	}
	for _, tc := range faultCases {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			runFault(t, tc)
		})
	}
}

// shortFaults keeps the faults (not the full games) for -short.
func shortFaults(cs []faultCase) []faultCase {
	var out []faultCase
	for _, c := range cs {
		if c.want != None || strings.Contains(c.spec, "child") || strings.Contains(c.spec, "quit") {
			out = append(out, c)
		}
	}
	return out
}

// runFault plays one fault case and checks the end, the log and that no
// process is left.
func runFault(t *testing.T, tc faultCase) {
	pidFile := filepath.Join(t.TempDir(), "pid")
	spec := strings.Replace(tc.spec, "PIDFILE", pidFile, 1)
	red, stderr := fakeSeat(t, spec, tc.o)
	r, profile := tc.rules, tc.profile
	if r.Width == 0 {
		r, profile = ucc2012, ProfileUCC2012
	}
	clock := tc.clock
	if clock == (TimeControl{}) {
		clock = TimeControl{MoveTime: generous}
	}
	g := Game{Rules: r, Profile: profile, Red: red, Blue: randomSeat(7), Clock: clock, Retries: tc.retries, SetupTime: cmp.Or(tc.setupTime, generous)}
	start := time.Now()
	res, err := g.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	took := time.Since(start)
	if pid := seatPid(red); pid != 0 && alive(pid) {
		t.Errorf("engine %d still runs after Play", pid)
	}
	if b, err := os.ReadFile(pidFile); err == nil {
		pid, _ := strconv.Atoi(string(b))
		if deadline := time.Now().Add(generous); pid > 0 {
			for alive(pid) && time.Now().Before(deadline) {
				time.Sleep(10 * time.Millisecond) // the SIGKILL takes effect
			}
			if alive(pid) {
				t.Errorf("grandchild %d still runs after Play", pid)
			}
		}
	} else if strings.Contains(tc.spec, "child") {
		t.Errorf("the fake wrote no grandchild pid: %v", err)
	}
	if took > 2*generous {
		t.Errorf("Play took %v", took)
	}
	var log strings.Builder
	if err := WriteUCCLog(&log, res, clock.MoveTime); err != nil {
		t.Fatal(err)
	}
	switch {
	case tc.want == None && (res.Reason.IsFault() || !res.Played()):
		t.Fatalf("got %v, want a normal end\nengine stderr:\n%s\nlog tail:\n%s", res, stderr, tail(log.String()))
	case tc.want != None && res.Reason != tc.want:
		t.Fatalf("got %v, want reason %v\nengine stderr:\n%s\nlog tail:\n%s", res, tc.want, stderr, tail(log.String()))
	case tc.want.IsFault() && tc.want != Rejected && (res.Winner != stratego.Blue || res.Side != stratego.Red):
		t.Fatalf("got %v (side %v), want a win of blue for red's fault", res, res.Side)
	case tc.want == Resign && res.Winner != stratego.Blue:
		t.Fatalf("got %v, want blue to win", res)
	}
	if tc.detail != "" && !strings.Contains(res.Detail, tc.detail) && !strings.Contains(log.String(), tc.detail) {
		t.Errorf("neither the detail %q nor the log holds %q:\n%s", res.Detail, tc.detail, tail(log.String()))
	}
	if res.State.Rules().Width > 0 {
		if _, err := res.Record.Replay(); err != nil {
			t.Errorf("the record does not replay: %v", err)
		}
	}
	checkRecord(t, res, profile)
	if sent, _ := res.Record.Tag(TagSent); !strings.Contains(sent, tc.sent) {
		t.Errorf("Sent tag %q, want it to hold %q", sent, tc.sent)
	}
	if tc.want == None && strings.Contains(stderr.String(), "engine:") {
		t.Errorf("the engine disagreed with the referee:\n%s", stderr)
	}
}

// checkRecord checks the record of a result: it is written, reads back
// equal, and says how the game ended: its Referee tag (present for a
// fault or an abort, and only then) gives the reason and the side, the
// result names the winner, and the UCC log names the same end.
func checkRecord(t *testing.T, res Result, p Profile) {
	t.Helper()
	b, err := res.Record.MarshalText()
	if err != nil {
		t.Fatalf("the record of %v is not written: %v", res, err)
	}
	back, err := stratego.ParseRecord(string(b))
	if err != nil {
		t.Fatalf("the record does not read back: %v\n%s", err, b)
	}
	if d := gocmp.Diff(res.Record.String(), back.String()); d != "" || len(back.Moves) != res.Plies {
		t.Errorf("the record reads back different (%d moves for %d plies):\n%s", len(back.Moves), res.Plies, d)
	}
	if res.Record.Result.Winner != res.Winner {
		t.Errorf("record result %v, referee %v", res.Record.Result, res)
	}
	tag, ok := back.Tag(TagReferee)
	if res.Reason.IsFault() || res.Reason == Aborted {
		if !ok {
			t.Errorf("no Referee tag for %v", res)
		}
	} else if ok && res.Detail == "" && res.Reason != Resign {
		t.Errorf("Referee tag %q for %v, which the Termination says", tag, res)
	}
	if r, detail, err := RecordEnd(back, p); err != nil || r != res.Reason || detail != res.Detail {
		t.Errorf("RecordEnd: %v %q (%v), want %v %q", r, detail, err, res.Reason, res.Detail)
	}
	if ok {
		r, side, _, err := ParseRefereeTag(tag)
		if err != nil || r != res.Reason || side != res.Side {
			t.Errorf("Referee tag %q reads as %v %v (%v), want %v %v", tag, r, side, err, res.Reason, res.Side)
		}
	}
	if _, ok := back.Tag("Ending"); ok {
		t.Errorf("an Ending tag beside the Termination")
	}
	var log strings.Builder
	if err := WriteUCCLog(&log, res, time.Second); err != nil {
		t.Fatal(err)
	}
	if got := uccLogReason(log.String()); got != res.Reason {
		t.Errorf("the UCC log's end reason reads as %v, the result's is %v:\n%s", got, res.Reason, tail(log.String()))
	}
}

// tail returns the last lines of a log.
func tail(s string) string {
	lines := strings.Split(strings.TrimSpace(s), "\n")
	return strings.Join(lines[max(0, len(lines)-4):], "\n")
}

func TestStartSBPFaults(t *testing.T) {
	for _, tc := range []struct {
		name, spec string
		want       error
	}{
		{"exits before the handshake", "sbp;0;exitnow", ErrCrashed},
		{"garbage handshake", "sbp;0;hello;hello there", ErrGarbage},
		{"silent handshake", "sbp;0;mute", ErrTimeout},
		{"64 KiB handshake line", "sbp;0;hsflood", ErrFlood},
		{"early output", "sbp;0;early;hello", ErrGarbage},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s, _ := fakeSeat(t, tc.spec, UCCOptions{})
			f, ok := s.(notStarted)
			if !ok {
				s.Close()
				t.Fatalf("StartSBP succeeded")
			}
			if !errors.Is(f.err, tc.want) {
				t.Errorf("StartSBP: %v, want %v", f.err, tc.want)
			}
		})
	}
}

// TestAbort stops a game whose engine stalls with no clock at all: Play
// returns soon after its context ends, and the engine is gone.
func TestAbort(t *testing.T) {
	for _, spec := range []string{"sbp;1;stall", "ucc;1;stall"} {
		t.Run(spec, func(t *testing.T) {
			red, _ := fakeSeat(t, spec, UCCOptions{})
			ctx, cancel := context.WithTimeoutCause(context.Background(), 300*time.Millisecond, errors.New("stopped by the test"))
			defer cancel()
			r := UCC2012Rules()
			start := time.Now()
			res, err := Game{Rules: r, Profile: ProfileUCC2012, Red: red, Blue: randomSeat(1)}.Play(ctx)
			if err != nil {
				t.Fatal(err)
			}
			if took := time.Since(start); took > generous {
				t.Errorf("Play took %v after its context ended", took)
			}
			if res.Reason != Aborted || res.Played() || res.Detail != "stopped by the test" {
				t.Errorf("got %v, want aborted, stopped by the test", res)
			}
			checkRecord(t, res, ProfileUCC2012)
			if pid := seatPid(red); pid != 0 && alive(pid) {
				t.Errorf("engine %d still runs", pid)
			}
		})
	}
}

// TestRecordEnd checks the records of games between built-in players
// under both profiles, with caps that end some of them: each reads back
// equal and RecordEnd names the end the referee gave (checkRecord).
func TestRecordEnd(t *testing.T) {
	seen := map[Reason]bool{}
	for seed := range uint64(12) {
		r, p := stratego.Barrage(), ProfileLibrary
		switch seed % 3 {
		case 1:
			r, p = UCC2012Rules(), ProfileUCC2012
			r.MaxPlies = 40 + int(seed)
		case 2:
			r.MaxPliesWithoutAttack = 30
		}
		res, err := Game{Rules: r, Profile: p, Red: randomSeat(seed), Blue: randomSeat(seed + 100)}.Play(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		seen[res.Reason] = true
		checkRecord(t, res, p)
	}
	if len(seen) < 3 {
		t.Errorf("only the ends %v were seen", seen)
	}
}
