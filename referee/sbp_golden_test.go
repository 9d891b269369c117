package referee

import (
	"context"
	"io"
	"strings"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// logConn records an exchange: ">> " what the referee sent, "<< " what
// the engine answered.
type logConn struct {
	lineConn
	lines []string
}

func (c *logConn) writeLine(s string) error {
	c.lines = append(c.lines, ">> "+s)
	return c.lineConn.writeLine(s)
}

func (c *logConn) readLine(first, full time.Time) (string, error) {
	s, err := c.lineConn.readLine(first, full)
	if err == nil {
		c.lines = append(c.lines, "<< "+s)
	}
	return s, err
}

// TestSBPTranscript plays a short game of Barrage between our SBP engine
// (Red, a seeded random player) and a scripted Blue, and checks the
// whole exchange against a golden file; PROTOCOL.md quotes it.
func TestSBPTranscript(t *testing.T) {
	r := stratego.Barrage()
	r.MaxPlies = 12
	conn := &logConn{lineConn: pipeEngine(t, func(in io.Reader, out io.Writer) error {
		return ServeSBP(context.Background(), in, out, bot.NewRandom(3), ServeOptions{Name: "example"})
	})}
	red, err := newSBPSeat(context.Background(), conn, SBPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	g := Game{Rules: r, Red: red, Blue: randomSeat(5), Clock: TimeControl{MoveTime: 5 * time.Second}, SetupTime: 10 * time.Second}
	res, err := g.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Reason != PlyCap {
		t.Fatalf("got %v, want the ply cap", res)
	}
	golden(t, "sbp-barrage.golden", strings.Join(conn.lines, "\n")+"\n")
}
