package stratego

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// TestProp_SpectatorViewHidesWhatAPlayerLacks: a spectator's view shows a
// rank exactly where both players' views show it, and otherwise holds what
// both views hold (knowledge, captured pieces, counters, outcome,
// repetition record); its last move names a rank only where both players
// saw it; it lists no moves, and its text and JSON forms read back.
func TestProp_SpectatorViewHidesWhatAPlayerLacks(t *testing.T) {
	checkEachInfo(t, func(t *rapid.T, r Rules) {
		s := genGame(t, r, 250)
		sv, red, blue := s.SpectatorView(), s.View(Red), s.View(Blue)
		if !sv.IsValid() || sv.Player() != NoColor || len(sv.moves) != 0 {
			t.Fatalf("spectator's view: valid %v, player %v, %d moves", sv.IsValid(), sv.Player(), len(sv.moves))
		}
		for sq := range r.Squares().All() {
			got, _ := sv.At(sq)
			rp, _ := red.At(sq)
			bp, _ := blue.At(sq)
			switch {
			case got.Rank() != Unknown && (got != rp || got != bp):
				t.Fatalf("%v: the spectator sees %v, red %v, blue %v", sq, got, rp, bp)
			case got.Rank() == Unknown && rp == bp:
				t.Fatalf("%v: both players see %v, the spectator %v", sq, rp, got)
			case got.Color() != rp.Color() || sv.Knowledge(sq) != red.Knowledge(sq) || sv.Beaten(sq) != red.Beaten(sq):
				t.Fatalf("%v: the spectator's piece or knowledge differs from red's", sq)
			}
		}
		pub := func(v View) Position {
			p := v.Position()
			p.Viewer, p.Board, p.Captured = NoColor, Board{}, nil
			return p
		}
		if !pub(sv).Equal(pub(red)) || !pub(sv).Equal(pub(blue)) {
			t.Fatalf("the spectator's public fields differ from the players'")
		}
		for _, c := range []Color{Red, Blue} {
			if sv.Captured(c) != red.Captured(c) || sv.Captured(c) != blue.Captured(c) {
				t.Fatalf("%v's captured pieces: spectator %v, red %v, blue %v", c, sv.Captured(c), red.Captured(c), blue.Captured(c))
			}
		}
		last, rl, bl := sv.LastEvent(), red.LastEvent(), blue.LastEvent()
		for _, x := range []struct{ got, red, blue Piece }{{last.Piece, rl.Piece, bl.Piece}, {last.Defender, rl.Defender, bl.Defender}} {
			if x.got.Rank() != Unknown && (x.got != x.red || x.got != x.blue) || x.got.Rank() == Unknown && x.red == x.blue {
				t.Fatalf("last move: the spectator sees %v, red %v, blue %v", x.got, x.red, x.blue)
			}
		}
		if last.Move != rl.Move || last.Color != rl.Color || last.Combat != rl.Combat || last.Outcome != rl.Outcome {
			t.Fatalf("last move: the spectator's %+v, red's %+v", last, rl)
		}
		checkRoundTrip(t, sv)
		if _, err := sv.Sample(rand.New(rand.NewPCG(1, 2))); !errors.Is(err, ErrInvalid) {
			t.Fatalf("Sample of a spectator's view: %v, want ErrInvalid", err)
		}
	})
}

// TestProp_SpectatorViewNoLeak: two states that differ only in ranks a
// player has not seen give equal spectator's views.
func TestProp_SpectatorViewNoLeak(t *testing.T) {
	checkEachInfo(t, func(t *rapid.T, r Rules) {
		g := genRecorded(t, r, 250)
		c := rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "player")
		twin, ok := hiddenTwin(t, g, c)
		if !ok {
			t.Skip("the permuted game went another way")
		}
		if got, want := twin.SpectatorView(), g.end.SpectatorView(); !got.Equal(want) {
			t.Fatalf("spectator's views differ:\n%s\n%s", want, got)
		}
	})
}

// TestSpectatorViewRefusesShownRanks: a view without a viewer that hides
// one rank must hide every rank its opponent has not seen, in the text
// and in the JSON form; one without a hidden rank is a spectator's view
// of a game whose ranks are all known, and nothing else.
func TestSpectatorViewRefusesShownRanks(t *testing.T) {
	s := play(t, mustNew(t, Classic(), 3), "a4-a5", "b7-b6")
	sv := s.SpectatorView()
	if sv.Player() != NoColor || len(slices.Collect(sv.LegalMoves())) != 0 {
		t.Fatalf("spectator's view of player %v with moves", sv.Player())
	}
	// The full position, all ranks shown: no spectator's view.
	full := s.Position().String() + " - -"
	if _, err := ParseView(full); err == nil {
		t.Fatalf("ParseView(%q) of a full position succeeded", full)
	}
	// One piece shown that no opponent has seen.
	p := sv.Position()
	sq := MustParseSquare("a1")
	pc, _ := s.At(sq)
	p.Board.Put(sq, pc)
	text := p.String() + " - -"
	if _, err := ParseView(text); !errors.Is(err, ErrPosition) {
		t.Fatalf("ParseView(%q) = %v, want an error wrapping ErrPosition", text, err)
	}
	data, err := json.Marshal(sv)
	if err != nil {
		t.Fatal(err)
	}
	if strings.Contains(string(data), `"viewer"`) {
		t.Fatalf("the spectator's view JSON names a viewer: %s", data)
	}
	var back View
	if err := json.Unmarshal(data, &back); err != nil || !back.Equal(sv) {
		t.Fatalf("JSON round trip: %v", err)
	}
	bad := strings.Replace(string(data), `"piece":"red unknown"`, `"piece":"red `+pc.Rank().String()+`"`, 1)
	if err := json.Unmarshal([]byte(bad), &back); err == nil {
		t.Fatalf("UnmarshalJSON of a spectator's view that shows an unseen rank succeeded")
	}
}

// TestSpectatorViewZeroState: the zero State gives the zero View.
func TestSpectatorViewZeroState(t *testing.T) {
	if v := (State{}).SpectatorView(); v.IsValid() {
		t.Fatalf("SpectatorView of the zero State is valid: %v", v)
	}
}
