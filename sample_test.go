package stratego

import (
	"errors"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestSampleAgrees: a state sampled from a view has that view, the real
// legal moves, and exactly the army's pieces.
func TestSampleAgrees(t *testing.T) {
	checkEachInfo(t, func(t *rapid.T, r Rules) {
		s := genGame(t, r, 250)
		c := rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "player")
		seed := rapid.Uint64().Draw(t, "sample seed")
		checkSample(t, s, c, rand.New(rand.NewPCG(seed, 1)), true)
	})
}

func checkSample(t tHelper, s State, c Color, rng *rand.Rand, wholeArmy bool) State {
	t.Helper()
	v := s.View(c)
	got, err := v.Sample(rng)
	if err != nil {
		t.Fatalf("Sample: %v\nview: %v", err, v)
	}
	checkInvariants(t, got, "a sample")
	if gv := got.View(c); !gv.Equal(v) {
		t.Fatalf("the sample's view differs (-want +got):\n%s", cmp.Diff(strings.Fields(v.String()), strings.Fields(gv.String())))
	}
	// Every hidden piece got a rank the view allows (under silent
	// defense, one that beats each attacker it beat while hidden), and
	// the sample's own position passes the parser's checks.
	for sq := range v.Hidden().All() {
		if p, _ := got.At(sq); !v.Ranks(sq).Has(p.Rank()) {
			t.Fatalf("sampled %v on %v, which the view rules out", p, sq)
		}
	}
	if _, err := ParsePosition(got.Position().String()); err != nil {
		t.Fatalf("the sample's position %v does not parse: %v", got.Position(), err)
	}
	r := s.Rules()
	for col := Red; col <= Blue; col++ {
		all := got.Remaining(col)
		for rk, n := range got.Captured(col) {
			all[rk] += n
		}
		want := s.Remaining(col)
		for rk, n := range s.Captured(col) {
			want[rk] += n
		}
		if wholeArmy && all != r.Army {
			t.Fatalf("%v's pieces: got %v, want the army %v", col, all, r.Army)
		}
		for rk := range all {
			if all[rk] > r.Army[rk] {
				t.Fatalf("%v has %d %v pieces, the army %d", col, all[rk], Rank(rk), r.Army[rk])
			}
		}
		if col == c && all != want {
			t.Fatalf("own pieces changed: got %v, want %v", all, want)
		}
	}
	if s.Turn() == c {
		want, gotMoves := s.AppendLegalMoves(nil), got.AppendLegalMoves(nil)
		sortMoves(want)
		sortMoves(gotMoves)
		if !slices.Equal(want, gotMoves) {
			t.Fatalf("legal moves (-want +got):\n%s", cmp.Diff(want, gotMoves))
		}
	}
	// The sampled state plays on like any other.
	var buf []Move
	for i := 0; i < 10 && !got.Outcome().IsOver(); i++ {
		buf = got.AppendLegalMoves(buf[:0])
		if len(buf) == 0 {
			t.Fatalf("ongoing game without a legal move:\n%v\n%v", got.Picture(), got.View(c))
		}
		if got, _, err = got.Apply(buf[rng.IntN(len(buf))]); err != nil {
			t.Fatalf("sampled state rejects its own legal move: %v", err)
		}
	}
	return got
}

// TestSamplePartialArmy: from a free placement with fewer pieces than the
// army, sampling never invents a piece the army lacks and always places
// the flag.
func TestSamplePartialArmy(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		r := genViewRules(t, rapid.SampledFrom([]InfoRule{InfoStandard, InfoSilentDefense}).Draw(t, "info"))
		b := mustNew(t, r, rapid.Uint64().Draw(t, "seed")).Board()
		for i, p := range b.pieces {
			if p != 0 && p.Rank() != Flag && rapid.Bool().Draw(t, "remove") {
				b.pieces[i] = 0
			}
		}
		s, err := FromBoard(r, b, Red)
		if err != nil {
			t.Fatalf("FromBoard: %v", err)
		}
		c := rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "player")
		got := checkSample(t, s, c, rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "sample seed"), 2)), false)
		_ = got
	})
}

// TestSampleChase: the More-Squares record survives sampling (the
// StraDeV example of RULES.md 6.2).
func TestSampleChase(t *testing.T) {
	r := Classic()
	s := mustBoard(t, r, Red, "b2:J", "b4:U", "j1:M", "j10:Y", "a10:N")
	s = play(t, s, "b2-b3", "b4-c4", "b3-c3", "c4-d4", "c3-d3", "d4-c4", "d3-c3", "c4-b4")
	bad := MustParseMove("c3-b3")
	if err := s.Check(bad); !errors.Is(err, ErrMoreSquares) {
		t.Fatalf("setup: Check(%v) = %v, want ErrMoreSquares", bad, err)
	}
	v := s.View(Red)
	if v.IsLegal(bad) {
		t.Fatalf("the view lists %v", bad)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for range 20 {
		got, err := v.Sample(rng)
		if err != nil {
			t.Fatalf("Sample: %v", err)
		}
		if err := got.Check(bad); !errors.Is(err, ErrMoreSquares) {
			t.Fatalf("sampled Check(%v) = %v, want ErrMoreSquares", bad, err)
		}
		if p, _ := got.At(MustParseSquare("b4")); !p.Rank().Movable() {
			t.Fatalf("b4 moved, so it is no %v", p)
		}
	}
}

// TestSampleUniform: over many draws every assignment that agrees with
// the view comes up about equally often, including a hidden defender
// that won under silent defense.
func TestSampleUniform(t *testing.T) {
	tests := []struct {
		name   string
		info   InfoRule
		blue   []string // Blue's pieces
		moves  []string
		hidden int // the number of assignments that agree: the flag on one
		// of the three unmoved squares, two of the three other ranks left
		// on the others (the army has one piece more than the board)
	}{
		// Four hidden pieces, one of them moved (so scout or marshal).
		{"moved", InfoStandard, []string{"a10:Y", "b10:N", "c10:P", "d10:X"}, []string{"i1-i2", "d10-d9"}, 3 * 18},
		// A red sergeant dies attacking d9 under silent defense: d9 is
		// the marshal or the bomb (and a bomb never moves).
		{"silent defender", InfoSilentDefense, []string{"a10:Y", "b10:N", "c10:P", "d9:X"}, []string{"d8-d9"}, 2 * 18},
		// The same fight, two plies before the view: d9 still beats the
		// sergeant (12 assignments with the bomb on d9, c9 a moved scout,
		// marshal or sergeant; 8 with the marshal on d9).
		{"silent defender earlier", InfoSilentDefense, []string{"a10:Y", "b10:N", "c10:P", "d9:X"}, []string{"d8-d9", "c10-c9", "i1-i2"}, 12 + 8},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Classic()
			r.Info = tt.info
			r.Army = Army{Flag: 1, Bomb: 1, Scout: 1, Marshal: 1, Sergeant: 1}
			r.FillZone = false
			pl := append([]string{"a1:M", "d8:F", "j1:B", "i1:D"}, tt.blue...)
			checkUniform(t, play(t, mustBoard(t, r, Red, pl...), tt.moves...).View(Red), tt.hidden)
		})
	}
}

// TestSampleCaptainsMoveTwo: where Captains move two squares, a hidden
// piece that moved three squares in a line is a Scout, one that turned a
// Captain, one that moved two squares in a line either; the position
// text marks the first two ">" and "%", and sampling is uniform.
func TestSampleCaptainsMoveTwo(t *testing.T) {
	r := Classic()
	r.CaptainsMoveTwo = true
	r.Army = Army{Flag: 1, Bomb: 1, Scout: 2, Captain: 2, Marshal: 1}
	r.FillZone = false
	s := mustBoard(t, r, Red, "a1:M", "j1:B", "i1:D",
		"a10:Y", "b10:N", "c10:P", "d10:T", "e10:T", "f10:P", "g10:X")
	s = play(t, s, "i1-i2", "c10-c7", "i2-i1", "d10-d9-e9", "i1-i2", "f10-f8")
	v := s.View(Red)
	for _, tt := range []struct {
		sq   string
		know Knowledge
		can  []Rank
	}{
		{"c7", KnownMoved | KnownFar | KnownLong, []Rank{Scout}},
		{"e9", KnownMoved | KnownFar | KnownTurn, []Rank{Captain}},
		{"f8", KnownMoved | KnownFar, []Rank{Scout, Captain}},
	} {
		sq := MustParseSquare(tt.sq)
		if got := v.Knowledge(sq); got != tt.know {
			t.Errorf("%s: knowledge %v, want %v", tt.sq, got, tt.know)
		}
		var can []Rank
		for rk := Spy; rk <= Flag; rk++ {
			if v.Ranks(sq).Has(rk) {
				can = append(can, rk)
			}
		}
		if !slices.Equal(can, tt.can) {
			t.Errorf("%s may be %v, want %v", tt.sq, can, tt.can)
		}
	}
	board := strings.Fields(v.String())[1]
	for _, want := range []string{"b?+*>", "b?+*%", "b?+*."} {
		if !strings.Contains(board, want) {
			t.Errorf("board %s lacks %q", board, want)
		}
	}
	checkUniform(t, v, 2*24) // f8 a Scout or a Captain, four others
	// Without two-square Captains a long move tells nothing new.
	r.CaptainsMoveTwo = false
	s = play(t, mustBoard(t, r, Red, "a1:M", "j1:B", "i1:D", "a10:Y", "c10:P"), "i1-i2", "c10-c7")
	if got := s.Knowledge(MustParseSquare("c7")); got != KnownMoved|KnownFar {
		t.Errorf("classic long move: knowledge %v, want moved and far", got)
	}
}

// checkUniform draws many states from v and checks that every
// assignment of ranks that agrees with v (want of them) comes up about
// equally often.
func checkUniform(t *testing.T, v View, want int) {
	t.Helper()
	agree := agreeing(v)
	if len(agree) != want {
		t.Fatalf("%d assignments agree with the view, want %d", len(agree), want)
	}
	rng := rand.New(rand.NewPCG(3, 4))
	const n = 6000
	count := map[string]int{}
	for range n {
		got, err := v.Sample(rng)
		if err != nil {
			t.Fatalf("Sample: %v", err)
		}
		key := hiddenKey(v, got)
		if !agree[key] {
			t.Fatalf("sample %s does not agree with the view", key)
		}
		count[key]++
	}
	// Chi-square over the agreeing assignments; the threshold
	// is far in the tail (the seed is fixed, so no flakes).
	exp := float64(n) / float64(len(agree))
	chi := 0.0
	for k := range agree {
		d := float64(count[k]) - exp
		chi += d * d / exp
	}
	if chi > 3*float64(len(agree))+30 {
		t.Errorf("chi-square %.1f over %d assignments: %v", chi, len(agree), count)
	}
}

// agreeing enumerates the assignments of ranks to v's hidden squares
// that agree with it, by brute force over the hidden army, as keys; the
// enemy's Flag, when hidden, is among them.
func agreeing(v View) map[string]bool {
	var sqs []Square
	for q := range v.Hidden().All() {
		sqs = append(sqs, q)
	}
	var pool []Rank
	for rk, n := range v.HiddenArmy() {
		for range n {
			pool = append(pool, Rank(rk))
		}
	}
	out := map[string]bool{}
	var rec func(i int, used []bool, key []byte)
	rec = func(i int, used []bool, key []byte) {
		if i == len(sqs) {
			if v.HiddenArmy()[Flag] == 0 || strings.IndexByte(string(key), 'F') >= 0 {
				out[string(key)] = true
			}
			return
		}
		for k, rk := range pool {
			if used[k] || !v.Ranks(sqs[i]).Has(rk) {
				continue
			}
			used[k] = true
			rec(i+1, used, append(key, Numbering(0).Char(rk)))
			used[k] = false
		}
	}
	rec(0, make([]bool, len(pool)), nil)
	return out
}

func hiddenKey(v View, s State) string {
	var key []byte
	for q := range v.Hidden().All() {
		p, _ := s.At(q)
		key = append(key, Numbering(0).Char(p.Rank()))
	}
	return string(key)
}

func TestSampleErrors(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 1))
	if _, err := (View{}).Sample(rng); !errors.Is(err, ErrInvalid) {
		t.Errorf("zero View: got %v, want ErrInvalid", err)
	}
	// A view with more far-moved hidden pieces than the army has scouts.
	r := Barrage()
	s := mustBoard(t, r, Red, "a1:M", "a2:D", "j10:Y", "j7:P", "i7:P", "f7:X")
	s = play(t, s, "a2-a3", "j7-j5", "a3-a2", "i7-i5", "a2-a3", "f7-f6")
	v := s.View(Red)
	text := strings.ReplaceAll(v.String(), "b?+*", "b?+")
	text = strings.ReplaceAll(text, "b?+", "b?+*")
	// The decoders refuse it (a decoded view is one that a game agrees
	// with).
	if _, err := ParseView(text); !errors.Is(err, ErrInconsistentView) {
		t.Errorf("three far-moved pieces, two scouts: ParseView: got %v, want ErrInconsistentView", err)
	}
}

func BenchmarkSample(b *testing.B) {
	s := ongoingMidgame(b)
	v := s.View(s.Turn())
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := v.Sample(rng); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkSamplerSample(b *testing.B) {
	s := ongoingMidgame(b)
	sm, err := s.View(s.Turn()).Sampler()
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := sm.Sample(rng); err != nil {
			b.Fatal(err)
		}
	}
}

// TestSamplerConcurrent: one Sampler serves many goroutines (run with
// -race), and what it draws agrees with the view.
func TestSamplerConcurrent(t *testing.T) {
	s := ongoingMidgame(t)
	v := s.View(s.Turn())
	sm, err := v.Sampler()
	if err != nil {
		t.Fatal(err)
	}
	errs := make(chan error, 4)
	for g := range 4 {
		go func() {
			rng := rand.New(rand.NewPCG(uint64(g), 9))
			for range 50 {
				got, err := sm.Sample(rng)
				if err == nil && !got.View(v.Player()).Equal(v) {
					err = errors.New("a sample's view differs from the view")
				}
				if err != nil {
					errs <- err
					return
				}
			}
			errs <- nil
		}()
	}
	for range 4 {
		if err := <-errs; err != nil {
			t.Error(err)
		}
	}
}
