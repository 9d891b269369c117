package bot

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"hash/fnv"
	"math"
	"math/rand/v2"
	"os"
	"slices"
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/internal/gametest"
)

var updateChoices = flag.Bool("update-choices", false, "rewrite testdata/choices.txt from the players of this build")

// choicesFile holds what the searching players chose on choicePositions.
const choicesFile = "testdata/choices.txt"

// choicePositions returns the views of TestChoicesUnchanged: games of
// every rules of gametest.Rules played at random (from the legal moves in
// Move.Compare order, so the generator's order does not matter) to
// several depths, the view of the side to move at each, named by rules,
// seed and ply.
func choicePositions(t *testing.T) (names []string, views []stratego.View) {
	t.Helper()
	for ri, r := range gametest.Rules() {
		for seed := uint64(1); seed <= 3; seed++ {
			rng := rand.New(rand.NewPCG(seed, uint64(ri)))
			s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
			if err != nil {
				t.Fatal(err)
			}
			var ms []stratego.Move
			for _, plies := range []int{4, 40, 150, 400} {
				for s.Ply() < plies && !s.Outcome().IsOver() {
					ms = s.AppendLegalMoves(ms[:0])
					slices.SortFunc(ms, stratego.Move.Compare)
					if s, _, err = s.Apply(ms[rng.IntN(len(ms))]); err != nil {
						t.Fatal(err)
					}
				}
				if s.Outcome().IsOver() {
					break
				}
				names = append(names, fmt.Sprintf("rules%d/seed%d/ply%d", ri, seed, s.Ply()))
				views = append(views, s.View(s.Turn()))
			}
		}
	}
	return names, views
}

// TestChoicesUnchanged: on every view of choicePositions, NewMCTS (150
// iterations) chooses the same move with the same visit counts and
// reward sums of the root moves, bit for bit, and NewSearch (1500 nodes)
// the same move after the same number of nodes, as recorded in
// testdata/choices.txt: a change of speed must not change a choice. A
// change of the players' behaviour (or of the generator's move order,
// which both follow) rewrites the file with -update-choices.
func TestChoicesUnchanged(t *testing.T) {
	names, views := choicePositions(t)
	var got []string
	for i, v := range views {
		m := NewMCTS(Options{Seed: uint64(i)})
		mv, err := m.Move(context.Background(), v, Budget{Iterations: 150})
		if err != nil {
			t.Fatalf("%s: mcts: %v", names[i], err)
		}
		h := fnv.New64a()
		if tr := m.trees; len(tr) > 0 && len(tr[0].nodes) > 0 {
			for c := tr[0].nodes[0].first; c != 0; c = tr[0].nodes[c].next {
				nd := &tr[0].nodes[c]
				fmt.Fprintf(h, "%v %d %d %x;", nd.move, nd.n, nd.avail, math.Float64bits(nd.w))
			}
		}
		got = append(got, fmt.Sprintf("%s mcts %v %016x", names[i], mv, h.Sum64()))
		p := NewSearch(Options{Seed: uint64(i)})
		sm, err := p.Move(context.Background(), v, Budget{Iterations: 1500})
		if err != nil {
			t.Fatalf("%s: search: %v", names[i], err)
		}
		got = append(got, fmt.Sprintf("%s search %v %d", names[i], sm, p.nodes))
	}
	if *updateChoices {
		if err := os.WriteFile(choicesFile, []byte(strings.Join(got, "\n")+"\n"), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	f, err := os.Open(choicesFile)
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var want []string
	for sc := bufio.NewScanner(f); sc.Scan(); {
		want = append(want, sc.Text())
	}
	if len(got) != len(want) {
		t.Fatalf("%d choices, %s has %d", len(got), choicesFile, len(want))
	}
	for i := range got {
		if got[i] != want[i] {
			t.Errorf("chose %q, %s has %q", got[i], choicesFile, want[i])
		}
	}
}
