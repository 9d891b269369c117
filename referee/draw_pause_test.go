package referee

import (
	"context"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
)

// drawSeat plays scripted actions and records whether each turn came
// with a draw offer.
type drawSeat struct {
	scriptSeat
	actions []Action
	offered []bool
}

func (s *drawSeat) Act(_ context.Context, t Turn) (Action, error) {
	s.offered = append(s.offered, t.DrawOffered)
	if len(s.actions) == 0 {
		return Action{Resign: true}, nil
	}
	a := s.actions[0]
	s.actions = s.actions[1:]
	return a, nil
}

func TestDrawOffers(t *testing.T) {
	r := stratego.Barrage()
	rs := stratego.MustParseSetup(r, "..F.B...../........../........../2.2..1.3X9")
	bs := stratego.MustParseSetup(r, "..F.B...../........../........../2.2..1.3X9")
	mv := stratego.MustParseMove
	tests := []struct {
		name      string
		red, blue []Action
		want      Reason
		offered   []bool // Blue's turns
	}{
		{"offer accepted", []Action{{Move: mv("a4-a5"), OfferDraw: true}}, []Action{{AcceptDraw: true}}, Agreed, []bool{true}},
		{"offer declined, then stale", []Action{{Move: mv("a4-a5"), OfferDraw: true}, {Move: mv("a5-a6")}}, []Action{{Move: mv("j7-j6")}, {AcceptDraw: true}}, Illegal, []bool{true, false}},
		{"accept without an offer", nil, nil, Resign, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			red := &drawSeat{scriptSeat: scriptSeat{setup: rs}, actions: tt.red}
			blue := &drawSeat{scriptSeat: scriptSeat{setup: bs}, actions: tt.blue}
			res, err := Game{Rules: r, Red: red, Blue: blue}.Play(context.Background())
			if err != nil {
				t.Fatal(err)
			}
			if res.Reason != tt.want {
				t.Fatalf("got %v, want %v", res, tt.want)
			}
			if len(blue.offered) != len(tt.offered) {
				t.Fatalf("blue's turns %v, want %v", blue.offered, tt.offered)
			}
			for i := range tt.offered {
				if blue.offered[i] != tt.offered[i] {
					t.Errorf("blue's turn %d: offered %v, want %v", i+1, blue.offered[i], tt.offered[i])
				}
			}
			if res.Reason == Agreed {
				if o := res.Record.Result; o.Reason != stratego.DrawAgreed {
					t.Errorf("record result %v", o)
				}
				if _, err := res.Record.Replay(); err != nil {
					t.Error(err)
				}
			}
		})
	}
	if got := sbpGo(Turn{DrawOffered: true, Limit: time.Second}); got != "go movetime 1000 drawoffer" {
		t.Errorf("go line %q", got)
	}
	if a, ok, err := parseSBPReply("bestmove a4-a5 draw"); err != nil || !ok || !a.OfferDraw || a.Move != mv("a4-a5") {
		t.Errorf("bestmove with a draw offer: %+v, %v, %v", a, ok, err)
	}
}

// probeSeat is a random seat that looks at another engine's process
// state whenever it is asked to move.
type probeSeat struct {
	Seat
	other  Seat
	states map[string]int
}

func (p *probeSeat) Act(ctx context.Context, t Turn) (Action, error) {
	if pid := seatPid(p.other); pid != 0 {
		// SIGSTOP takes effect when the engine next enters the kernel:
		// give it a moment.
		_, state, _ := procStat(pid)
		for deadline := time.Now().Add(generous); state != "T" && time.Now().Before(deadline); {
			time.Sleep(time.Millisecond)
			_, state, _ = procStat(pid)
		}
		p.states[state]++
	}
	return p.Seat.Act(ctx, t)
}

// TestPauseStopsTheIdleEngine checks UCCOptions.Pause: while the
// opponent thinks, the engine is stopped (SIGSTOP, state "T"), and it
// plays on when its turn comes.
func TestPauseStopsTheIdleEngine(t *testing.T) {
	red, _ := fakeSeat(t, "ucc;0;none", UCCOptions{Pause: true})
	blue := &probeSeat{Seat: randomSeat(3), other: red, states: map[string]int{}}
	r := UCC2012Rules()
	r.MaxPlies = 40
	res, err := Game{Rules: r, Profile: ProfileUCC2012, Red: red, Blue: blue, Clock: TimeControl{MoveTime: generous}}.Play(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	if res.Reason.IsFault() {
		t.Fatalf("got %v", res)
	}
	if blue.states["T"] == 0 || len(blue.states) != 1 {
		t.Errorf("the engine's states while the opponent moved: %v, want only T (stopped)", blue.states)
	}
}
