package referee

import (
	"bufio"
	"context"
	"io"
	"strings"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego"
)

// scriptBot is a UCC bot that sends fixed setup rows and fixed moves,
// and keeps a transcript of the exchange in the form of docs/ucc2012.md
// section 8.1 (">> " received, "<< " sent).
type scriptBot struct {
	rows  []string
	moves []string
	mu    sync.Mutex
	lines []string
}

func (b *scriptBot) serve(in io.Reader, out io.Writer) error {
	sc := bufio.NewScanner(in)
	boards := 0
	send := func(s string) {
		b.mu.Lock()
		b.lines = append(b.lines, "<< "+s)
		b.mu.Unlock()
		io.WriteString(out, s+"\n")
	}
	for sc.Scan() {
		line := sc.Text()
		b.mu.Lock()
		b.lines = append(b.lines, ">> "+line)
		b.mu.Unlock()
		switch {
		case strings.HasPrefix(line, "RED ") || strings.HasPrefix(line, "BLUE "):
			for _, r := range b.rows {
				send(r)
			}
		case strings.HasPrefix(line, "QUIT"):
			return nil
		case len(line) == 10 && !strings.Contains(line, " "):
			if boards++; boards%10 == 0 && len(b.moves) > 0 {
				send(b.moves[0])
				b.moves = b.moves[1:]
			}
		}
	}
	return sc.Err()
}

func (b *scriptBot) transcript() []string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return append([]string(nil), b.lines...)
}

// TestUCCTranscripts replays the exchange of docs/ucc2012.md section 8.1 (two
// scripted bots with the transcripts' setups, "-m 4") and checks every
// line the section shows, then the whole exchange and the -o log
// against golden files.
func TestUCCTranscripts(t *testing.T) {
	red := &scriptBot{rows: strings.Split(transcriptRows[stratego.Red], "|"), moves: []string{"0 3 DOWN", "8 3 DOWN", "5 3 DOWN"}}
	blue := &scriptBot{rows: strings.Split(transcriptRows[stratego.Blue], "|"), moves: []string{"0 6 UP", "9 6 UP", "9 5 UP"}}
	seat := func(name string, b *scriptBot) Seat {
		return &uccSeat{ctx: context.Background(), o: UCCOptions{Name: name}, conn: pipeEngine(t, b.serve)}
	}
	g := Game{Rules: UCC2012Rules(), Profile: ProfileUCC2012, TurnCap: 4, Red: seat("/…/tee_RED", red), Blue: seat("/…/tee_BLUE", blue)}
	res, err := g.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if got, want := UCCResultLine(res), "/…/tee_BLUE BLUE DRAW_DEFAULT 4 148 148"; got != want {
		t.Errorf("result line %q, want %q", got, want)
	}
	redWant := []string{
		">> RED /…/tee_BLUE 10 10",
		"<< FB8sB479B8", "<< BB31555583", "<< 6724898974", "<< 967B669999",
		">> START",
		">> FB8sB479B8", ">> BB31555583", ">> 6724898974", ">> 967B669999",
		">> ..++..++..", ">> ..++..++..",
		">> ##########", ">> ##########", ">> ##########", ">> ##########",
		"<< 0 3 DOWN",
		">> 0 3 DOWN OK",
		">> 0 6 UP OK",
		">> FB8sB479B8", ">> BB31555583", ">> 6724898974", ">> .67B669999",
		">> 9.++..++..", ">> #.++..++..",
		">> .#########", ">> ##########", ">> ##########", ">> ##########",
		"<< 8 3 DOWN",
	}
	blueWant := []string{
		">> BLUE /…/tee_RED 10 10",
		"<< 967B669999", "<< 6724898974", "<< BB31555583", "<< FB8sB479B8",
		">> 0 3 DOWN OK",
		">> ##########", ">> ##########", ">> ##########", ">> .#########",
		">> #.++..++..", ">> ..++..++..",
		">> 967B669999", ">> 6724898974", ">> BB31555583", ">> FB8sB479B8",
		"<< 0 6 UP",
		">> 0 6 UP OK",
		">> 8 3 DOWN OK",
	}
	for _, side := range []struct {
		name string
		b    *scriptBot
		want []string
	}{{"red", red, redWant}, {"blue", blue, blueWant}} {
		got := side.b.transcript()
		if len(got) < len(side.want) {
			t.Fatalf("%s transcript has %d lines:\n%s", side.name, len(got), strings.Join(got, "\n"))
		}
		if diff := cmp.Diff(side.want, got[:len(side.want)]); diff != "" {
			t.Errorf("%s transcript of docs/ucc2012.md section 8.1 (-want +got):\n%s", side.name, diff)
		}
		if last := got[len(got)-1]; last != ">> QUIT /…/tee_BLUE BLUE DRAW_DEFAULT 4 148 148" {
			t.Errorf("%s's last line %q", side.name, last)
		}
		golden(t, "ucc-m4-"+side.name+".golden", strings.Join(got, "\n")+"\n")
	}
	var log strings.Builder
	if err := WriteUCCLog(&log, res, 0); err != nil {
		t.Fatal(err)
	}
	golden(t, "ucc-m4.log", log.String())
	if !strings.HasPrefix(log.String(), "/…/tee_RED RED SETUP\nFB8sB479B8\nBB31555583\n6724898974\n967B669999\n/…/tee_BLUE BLUE SETUP\n967B669999\n") {
		t.Errorf("log does not start with the setups:\n%s", log.String())
	}
}
