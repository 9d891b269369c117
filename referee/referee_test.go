package referee

import (
	"bytes"
	"context"
	"testing"

	"github.com/stratego-go/stratego"
)

func TestPlayInProcess(t *testing.T) {
	for seed := range uint64(4) {
		g := Game{Rules: stratego.Barrage(), Red: randomSeat(seed), Blue: randomSeat(seed + 100)}
		res, err := g.Play(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if !res.Played() || res.Reason.IsFault() {
			t.Fatalf("seed %d: %v", seed, res)
		}
		if _, err := res.Record.Replay(); err != nil {
			t.Fatalf("record does not replay: %v\n%s", err, res.Record)
		}
	}
}

func TestPlayOverPipes(t *testing.T) {
	for _, r := range []stratego.Rules{stratego.Classic(), stratego.Barrage()} {
		for seed := range uint64(2) {
			var log bytes.Buffer
			g := Game{Rules: r, Red: sbpPipeSeat(t, seed, &log), Blue: uccPipeSeat(t, r, seed+1, &log, UCCOptions{}), Clock: TimeControl{MoveTime: generous}}
			res, err := g.Play(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if !res.Played() || res.Reason.IsFault() {
				t.Fatalf("%v seed %d: %v", r, seed, res)
			}
			if log.Len() > 0 {
				t.Errorf("engine log:\n%s", log.String())
			}
			t.Logf("%v: %v after %d plies", r, res, res.Plies)
		}
	}
}
