package referee

import (
	"context"
	"flag"
	"io"
	"os"
	"path/filepath"
	"sync"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// pipeEngine runs serve as an engine in a goroutine, connected to the
// returned conn by two pipes; the goroutine ends when the conn closes.
func pipeEngine(t testing.TB, serve func(in io.Reader, out io.Writer) error) lineConn {
	t.Helper()
	inR, inW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	outR, outW, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	c := &pipeConn{fileConn: fileConn{in: inW, out: outR}}
	c.wg.Add(1)
	go func() {
		defer c.wg.Done()
		serve(inR, outW)
		outW.Close()
		io.Copy(io.Discard, inR)
		inR.Close()
	}()
	t.Cleanup(func() { c.close() })
	return c
}

// pipeConn is a fileConn whose close waits for the engine goroutine.
type pipeConn struct {
	fileConn
	wg   sync.WaitGroup
	once sync.Once
}

func (c *pipeConn) close() error {
	c.once.Do(func() {
		c.in.Close()
		c.wg.Wait()
		c.out.Close()
	})
	return nil
}

// sbpPipeSeat is an SBP seat on an in-process ServeSBP of a random
// player.
func sbpPipeSeat(t testing.TB, seed uint64, log io.Writer) Seat {
	t.Helper()
	conn := pipeEngine(t, func(in io.Reader, out io.Writer) error {
		return ServeSBP(context.Background(), in, out, bot.NewRandom(seed), ServeOptions{Log: log})
	})
	s, err := newSBPSeat(context.Background(), conn, SBPOptions{})
	if err != nil {
		t.Fatal(err)
	}
	return s
}

// uccPipeSeat is a UCC seat on an in-process ServeUCC of a random
// player.
func uccPipeSeat(t testing.TB, r stratego.Rules, seed uint64, log io.Writer, o UCCOptions) Seat {
	t.Helper()
	conn := pipeEngine(t, func(in io.Reader, out io.Writer) error {
		return ServeUCC(context.Background(), in, out, bot.NewRandom(seed), ServeOptions{Rules: r, Log: log})
	})
	if o.Name == "" {
		o.Name = "pipe"
	}
	return &uccSeat{ctx: context.Background(), o: o, conn: conn}
}

// randomSeat is a built-in random player.
func randomSeat(seed uint64) Seat { return FromPlayer("random", bot.NewRandom(seed)) }

var update = flag.Bool("update", false, "rewrite the golden files in testdata")

// golden compares got with a file in testdata (rewritten by -update).
func golden(t *testing.T, name, got string) {
	t.Helper()
	path := filepath.Join("testdata", name)
	if *update {
		if err := os.WriteFile(path, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("%v (run go test -update to write it)", err)
	}
	if diff := cmp.Diff(string(want), got); diff != "" {
		t.Errorf("%s (-want +got):\n%s", path, diff)
	}
}
