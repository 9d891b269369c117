package stratego

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"
)

// Decoded views that lie: a decoded view is exactly
// what its position implies — its legal moves are the position's, and a
// game agrees with it — or the decoder says which part is wrong; and
// View.Sample gives a state whose view is the decoded one, or an error.

// withMoves returns the view text of v with the legal-moves field
// replaced by the given moves ("-" for none).
func withMoves(v View, moves []Move) string {
	text := v.String()
	field := "-"
	if len(moves) > 0 {
		var b []byte
		b = appendMoves(b, moves)
		field = string(b)
	}
	return text[:strings.LastIndexByte(text, ' ')+1] + field
}

func TestDecodedViewLegalMovesMustBeThePositions(t *testing.T) {
	s := mustNew(t, Classic(), 5)
	s = play(t, s, s.AppendLegalMoves(nil)[0].String())
	s = play(t, s, s.AppendLegalMoves(nil)[0].String())
	v := s.View(Red)
	legal := slices.Clone(v.moves)
	if len(legal) < 3 {
		t.Fatalf("want a view with several legal moves, got %v", legal)
	}
	impossible := MustParseMove("a1-j10")
	dup := slices.Insert(slices.Clone(legal), 1, legal[1])
	bad := slices.Clone(legal)
	bad = append(bad, impossible)
	sortMoves(bad)
	for _, tc := range []struct {
		name  string
		moves []Move
		want  string // the move the error names
	}{
		{"truncated", legal[:len(legal)-1], legal[len(legal)-1].String()},
		{"missing the first", legal[1:], legal[0].String()},
		{"none", nil, legal[0].String()},
		{"duplicated", dup, legal[1].String()},
		{"impossible", bad, "a1-j10"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := withMoves(v, tc.moves)
			_, err := ParseView(text)
			if !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("ParseView: got %v, want an ErrSyntax naming %s", err, tc.want)
			}
			var pe *ParseError
			if errors.As(err, &pe) && pe.Pos != strings.LastIndexByte(text, ' ')+1 {
				t.Errorf("error at offset %d, want the legal-moves field at %d", pe.Pos, strings.LastIndexByte(text, ' ')+1)
			}
			w := v
			w.moves = tc.moves
			data, err := json.Marshal(w)
			if err != nil {
				t.Fatal(err)
			}
			var got View
			if err := json.Unmarshal(data, &got); !errors.Is(err, ErrSyntax) || !strings.Contains(err.Error(), tc.want) {
				t.Fatalf("UnmarshalJSON: got %v, want an ErrSyntax naming %s", err, tc.want)
			}
		})
	}
	// The true list decodes, and moves on the opponent's turn are refused.
	if _, err := ParseView(withMoves(v, legal)); err != nil {
		t.Fatalf("ParseView of the true view: %v", err)
	}
	if _, err := ParseView(withMoves(s.View(Blue), legal)); err == nil {
		t.Fatalf("ParseView accepted legal moves on the opponent's turn")
	}
}

// TestDecodedViewInAChaseMayListForbiddenMoves: where a running chase of
// the viewer makes the legal moves depend on hidden ranks, the decoders
// accept any of the moves the More-Squares Rule could forbid, and Sample
// then draws only states that agree, or fails.
func TestDecodedViewInAChaseMayListForbiddenMoves(t *testing.T) {
	s := play(t, stradev(t, Classic()), "b2-b3", "b4-c4", "b3-c3", "c4-d4", "c3-d3", "d4-c4", "d3-c3", "c4-b4")
	wantIllegal(t, s, "c3-b3", ErrMoreSquares)
	v := s.View(Red)
	claimed := append(slices.Clone(v.moves), MustParseMove("c3-b3"))
	sortMoves(claimed)
	w, err := ParseView(withMoves(v, claimed))
	if err != nil {
		t.Fatalf("ParseView with the forbidden chase move listed: %v", err)
	}
	// Blue's pieces are hidden from Red; a sample agrees with w (a draw
	// in which c3-b3 makes a new board) or Sample fails.
	got, err := w.Sample(rand.New(rand.NewPCG(1, 1)))
	if err == nil && !got.View(Red).Equal(w) {
		t.Fatalf("Sample gave a state whose view differs from the decoded one")
	}
	if err != nil && !errors.Is(err, ErrInconsistentView) {
		t.Fatalf("Sample: %v, want nil or ErrInconsistentView", err)
	}
	// A move the rule cannot forbid must be listed.
	if _, err := ParseView(withMoves(v, v.moves[1:])); err == nil {
		t.Fatalf("ParseView accepted a chase view without its move %v", v.moves[0])
	}
}

// checkDecodedViewSamples is the property of the two fuzz targets below:
// a decoded view gives, through Sample, a state whose view is the
// decoded one, or an error — never a silent mismatch.
func checkDecodedViewSamples(t *testing.T, v View) {
	t.Helper()
	s, err := v.Sample(rand.New(rand.NewPCG(7, 7)))
	if err != nil {
		return
	}
	if got := s.View(v.Player()); !got.Equal(v) {
		t.Fatalf("Sample gave a state whose view differs from the decoded one:\n got %v\nwant %v", got, v)
	}
}

// viewSeeds returns views for the fuzz targets: from games, with a
// hidden defender, rescues, silent-defense marks and a running chase.
func viewSeeds(tb testing.TB) []View {
	s := mustNew(tb, Classic(), 1)
	views := append(fuzzViews(tb), s.View(Red), s.View(Blue))
	chase := mustBoard(tb, Classic(), Red, "j1:M", "b2:J", "a4:N", "b4:U", "e4:N", "b5:N", "j10:Y") // stradev
	views = append(views, play(tb, chase, "b2-b3", "b4-c4", "b3-c3", "c4-d4", "c3-d3", "d4-c4", "d3-c3", "c4-b4").View(Red))
	return views
}

func FuzzParseViewSample(f *testing.F) {
	for _, v := range viewSeeds(f) {
		f.Add(v.String())
		if len(v.moves) > 1 {
			f.Add(withMoves(v, v.moves[1:]))
			f.Add(withMoves(v, slices.Insert(slices.Clone(v.moves), 0, v.moves[0])))
			f.Add(withMoves(v, append(slices.Clone(v.moves), MustParseMove("j9-j10"))))
		}
	}
	f.Fuzz(func(t *testing.T, text string) {
		v, err := ParseView(text)
		if err != nil {
			return
		}
		checkDecodedViewSamples(t, v)
	})
}

func FuzzUnmarshalJSONViewSample(f *testing.F) {
	for _, v := range viewSeeds(f) {
		for _, ms := range [][]Move{v.moves, append(slices.Clone(v.moves), MustParseMove("j9-j10"))} {
			w := v
			w.moves = ms
			data, err := json.Marshal(w)
			if err != nil {
				f.Fatal(err)
			}
			f.Add(data)
		}
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		var v View
		if err := json.Unmarshal(data, &v); err != nil {
			return
		}
		checkDecodedViewSamples(t, v)
	})
}
