package stratego

import (
	"encoding/json"
	"errors"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

var cmpRecord = cmp.Options{cmp.AllowUnexported(Setup{}, Board{}, KnowledgeBoard{})}

var commentText = rapid.Custom(func(t *rapid.T) string {
	s := rapid.StringOfN(rapid.SampledFrom([]rune("ab c\"{[]\\é1.-")), 0, 12, -1).Draw(t, "comment")
	return strings.TrimSpace(s)
})

// genRecord draws a record of a random game: rules, setups or a start
// position, random legal moves, tags, comments and sometimes a
// resignation or an agreed draw. It returns the record and the state the
// game reached.
func genRecord(t *rapid.T) (Record, State) {
	rs := positionRules()
	r := rs[rapid.IntRange(0, len(rs)-1).Draw(t, "rules")]
	seed := rapid.Uint64().Draw(t, "seed")
	rng := rand.New(rand.NewPCG(seed, seed>>1|1))
	red, blue := RandomSetup(r, rng), RandomSetup(r, rng)
	s, err := New(r, red, blue)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	rec := Record{Rules: r, RedSetup: red, BlueSetup: blue}
	if rapid.Bool().Draw(t, "from a position") {
		for range rapid.IntRange(0, 60).Draw(t, "opening plies") {
			if s.Outcome().IsOver() {
				break
			}
			s, _, _ = s.Apply(rapid.SampledFrom(s.AppendLegalMoves(nil)).Draw(t, "opening move"))
		}
		p := s.Position()
		rec.Start, rec.RedSetup, rec.BlueSetup = &p, Setup{}, Setup{}
	}
	for range rapid.IntRange(0, 120).Draw(t, "plies") {
		if s.Outcome().IsOver() {
			break
		}
		m := rapid.SampledFrom(s.AppendLegalMoves(nil)).Draw(t, "move")
		var ev Event
		s, ev, err = s.Apply(m)
		if err != nil {
			t.Fatalf("legal move %v: %v", m, err)
		}
		rm := RecordedMove{AnnotatedMove: Annotate(ev)}
		if rapid.IntRange(0, 9).Draw(t, "comment?") == 0 {
			rm.Comment = commentText.Draw(t, "move comment")
		}
		rec.Moves = append(rec.Moves, rm)
	}
	rec.Result = s.Outcome()
	if !s.Outcome().IsOver() {
		switch rapid.IntRange(0, 2).Draw(t, "end") {
		case 1:
			s, _ = s.Resign(rapid.SampledFrom([]Color{Red, Blue}).Draw(t, "resigns"))
			rec.Result = s.Outcome()
		case 2:
			s, _ = s.AgreeDraw()
			rec.Result = s.Outcome()
		}
	}
	for i, name := range []string{"Event", "Site", "Date", "Red", "Blue", "Round"} {
		if rapid.Bool().Draw(t, "tag "+name) {
			rec.Tags = append(rec.Tags, Tag{Name: name, Value: commentText.Draw(t, "value") + strings.Repeat("}", i%2)})
		}
	}
	rec.Comment = commentText.Draw(t, "game comment")
	return rec, s
}

func TestRecordRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rec, final := genRecord(t)
		text := rec.String()
		if text == "" {
			_, err := rec.AppendText(nil)
			t.Fatalf("String empty: %v", err)
		}
		got, err := ParseRecord(text)
		if err != nil {
			t.Fatalf("ParseRecord:\n%s\nerr: %v", text, err)
		}
		if d := cmp.Diff(rec, got, cmpRecord); d != "" {
			t.Fatalf("record round trip of\n%s\n(-want +got):\n%s", text, d)
		}
		// record -> replay -> record
		states, err := got.Replay()
		if err != nil {
			t.Fatalf("Replay: %v", err)
		}
		if g, w := states[len(states)-1].Position().String(), final.Position().String(); g != w {
			t.Fatalf("replayed final position\n got %s\nwant %s", g, w)
		}
		again, err := got.Annotated()
		if err != nil {
			t.Fatalf("Annotated: %v", err)
		}
		if d := cmp.Diff(rec, again, cmpRecord); d != "" {
			t.Fatalf("record -> replay -> record (-want +got):\n%s", d)
		}
	})
}

func TestRecordText(t *testing.T) {
	r := Classic()
	r.Army = Army{Flag: 1, Captain: 1, Miner: 1}
	r.FillZone = false
	red := MustParseSetup(r, "F.6......./........../..3......./..........")
	blue := MustParseSetup(r, "F.6......./........../..3......./..........")
	redMoves := strings.Fields("c3-c4 c4-b4 b4-b5 b5-b6 b6-b7 b7-b8 b8-b9 b9-c9 c9-d9 d9-e9 e9-f9 f9-g9 g9-h9 h9-i9 i9-j9 j9xj10")
	blueMoves := strings.Fields("h8-i8 i8-i7 i7-i6 i6-i5 i5-i4 i4-i3 i3-i2 i2-i1 i1-j1 j1-j2 j2-j3 j3-j4 j4-j5 j5-j6 j6-j7")
	var moves []Move
	for i, m := range redMoves {
		moves = append(moves, MustParseMove(m))
		if i < len(blueMoves) {
			moves = append(moves, MustParseMove(blueMoves[i]))
		}
	}
	bad := append([]Move(nil), moves...)
	bad[12] = MustParseMove("b8-b10")
	_, err := NewRecord(r, red, blue, bad...)
	var re *ReplayError
	if !errors.As(err, &re) || re.Number != 7 || re.Color != Red || re.Index != 12 || !errors.Is(err, ErrBadDirection) {
		t.Fatalf("err %v, want a ReplayError at move 7 (red) wrapping ErrBadDirection", err)
	}
	rec, err := NewRecord(r, red, blue, moves...)
	if err != nil {
		t.Fatal(err)
	}
	rec.Tags = []Tag{{"Event", `Test "quoted"`}}
	rec.Moves[0].Comment = "first"
	want := `[Event "Test \"quoted\""]
[Rules "duel,army=miner:1+captain:1+flag:1"]
[Numbering "isf"]
[RedSetup "F.6......./........../..3......./.........."]
[BlueSetup "F.6......./........../..3......./.........."]
[Result "1-0"]
[Termination "flag captured"]

1. c3-c4 {first} h8-i8
2. c4-b4 i8-i7
3. b4-b5 i7-i6
4. b5-b6 i6-i5
5. b6-b7 i5-i4
6. b7-b8 i4-i3
7. b8-b9 i3-i2
8. b9-c9 i2-i1
9. c9-d9 i1-j1
10. d9-e9 j1-j2
11. e9-f9 j2-j3
12. f9-g9 j3-j4
13. g9-h9 j4-j5
14. h9-i9 j5-j6
15. i9-j9 j6-j7
16. j9xj10(3>F)
1-0
`
	if got := rec.String(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

func TestParseRecordErrors(t *testing.T) {
	setups := "[Rules \"barrage\"]\n[RedSetup \"FB12239X../........../........../..........\"]\n[BlueSetup \"FB12239X../........../........../..........\"]\n"
	for _, tc := range []struct {
		name, text string
		want       error
	}{
		{"empty", "", ErrSyntax},
		{"no rules", "*", ErrSyntax},
		{"no result", setups + "1. a1-a2", ErrSyntax},
		{"bad tag", "[Rules classic]\n*", ErrSyntax},
		{"bad rules", "[Rules \"chess\"]\n*", ErrSyntax},
		{"numbering", "[Rules \"classic\"]\n[Numbering \"vintage\"]\n*", ErrMismatch},
		{"bad setup", "[Rules \"barrage\"]\n[RedSetup \"F\"]\n[BlueSetup \"F\"]\n*", ErrSyntax},
		{"wrong number", setups + "2. d1-d2 *", ErrSyntax},
		{"blue number", setups + "1... d1-d2 *", ErrSyntax},
		{"dangling number", setups + "1. *", ErrSyntax},
		{"result mismatch", setups + "[Result \"1-0\"]\n[Termination \"resignation\"]\n*", ErrMismatch},
		{"termination misfit", setups + "[Result \"1/2-1/2\"]\n[Termination \"resignation\"]\n1/2-1/2", ErrSyntax},
		{"after result", setups + "* d1-d2", ErrSyntax},
		{"open comment", setups + "{ *", ErrSyntax},
		{"bad annotation", setups + "1. d1xd2(9>Z) *", ErrSyntax},
		{"hidden rank", setups + "1. d1xd2(9>?) *", ErrSyntax}, // a record gives the real ranks
		{"duplicate", setups + "[Event \"a\"]\n[Event \"b\"]\n*", ErrSyntax},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ParseRecord(tc.text)
			if !errors.Is(err, tc.want) {
				t.Errorf("ParseRecord(%q): err %v, want %v", tc.text, err, tc.want)
			}
		})
	}
}

func TestReplayErrors(t *testing.T) {
	base := "[Rules \"barrage\"]\n[RedSetup \"FB12239X../........../........../..........\"]\n[BlueSetup \"FB12239X../........../........../..........\"]\n"
	for _, tc := range []struct {
		name, moves string
		index, num  int
		want        error
	}{
		{"blocked", "1. d1-d2 d10-d9 2. b1-b2", 2, 2, ErrImmovable},
		{"no piece", "1. a5-a6", 0, 1, ErrNoPiece},
		{"two squares", "1. h1-h2 d10-d9 2. h2-h1 d9-d10 3. h1-h2 d10-d9 4. h2-h1", 6, 4, ErrTwoSquares},
		{"wrong annotation", "1. e1xe10(2>3)", 0, 1, ErrMismatch},
		{"two squares blue", "1. h1-h2 d10-d9 2. h2-h1 d9-d10 3. g1-g2 d10-d9 4. g2-g1 d9-d10", 7, 4, ErrTwoSquares},
		{"result not reached", "1. d1-d2 1-0", -1, 0, ErrMismatch},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := base
			if strings.HasSuffix(tc.moves, "1-0") {
				text += "[Result \"1-0\"]\n[Termination \"flag captured\"]\n" + tc.moves
			} else {
				text += tc.moves + " *"
			}
			rec, err := ParseRecord(text)
			if err != nil {
				t.Fatal(err)
			}
			_, err = rec.Replay()
			if !errors.Is(err, tc.want) {
				t.Fatalf("Replay: err %v, want %v", err, tc.want)
			}
			var re *ReplayError
			if tc.index >= 0 && (!errors.As(err, &re) || re.Index != tc.index || re.Number != tc.num) {
				t.Errorf("Replay: err %v, want a ReplayError at index %d, number %d", err, tc.index, tc.num)
			}
		})
	}
}

func FuzzParseRecord(f *testing.F) {
	r := UltimateLightning()
	rec, s := randomRecord(f, r, 3, 30)
	f.Add(rec.String())
	f.Add("[Rules \"barrage\"]\n[RedSetup \"FB12239X../........../........../..........\"]\n[BlueSetup \"FB12239X../........../........../..........\"]\n1. d1-d2 {c} d10-d9 2. d2xd3(3>3) *")
	f.Add("[Rules \"barrage\"]\n[RedSetup \"FB12239X../........../........../..........\"]\n[BlueSetup \"FB12239X../........../........../..........\"]\n1. d1xd2 d10-d9 2. c1-c2xd2 *")
	p := s.Position()
	f.Add(Record{Rules: r, Start: &p, Comment: "from here"}.String())
	f.Fuzz(func(t *testing.T, text string) {
		rec, err := ParseRecord(text)
		if err != nil {
			return
		}
		back, err := rec.AppendText(nil)
		if err != nil {
			t.Fatalf("accepted record does not write: %v\n%s", err, text)
		}
		rec2, err := ParseRecord(string(back))
		if err != nil {
			t.Fatalf("written record does not parse: %v\n%s", err, back)
		}
		if d := cmp.Diff(rec, rec2, cmpRecord); d != "" {
			t.Fatalf("round trip (-want +got):\n%s", d)
		}
		_, _ = rec.Replay() // must not panic
	})
}

// randomRecord plays up to plies uniformly random legal moves from
// random setups under r, drawn from seed, and returns the annotated
// record and the final state.
func randomRecord(tb testing.TB, r Rules, seed uint64, plies int) (Record, State) {
	tb.Helper()
	rng := rand.New(rand.NewPCG(seed, seed+1))
	red, blue := RandomSetup(r, rng), RandomSetup(r, rng)
	s, err := New(r, red, blue)
	if err != nil {
		tb.Fatal(err)
	}
	var moves []Move
	for i := 0; i < plies && !s.Outcome().IsOver(); i++ {
		ms := s.AppendLegalMoves(nil)
		m := ms[rng.IntN(len(ms))]
		moves = append(moves, m)
		s, _, _ = s.Apply(m)
	}
	rec, err := NewRecord(r, red, blue, moves...)
	if err != nil {
		tb.Fatal(err)
	}
	return rec, s
}

func benchRecord(b *testing.B) Record {
	rec, _ := randomRecord(b, Classic(), 5, 400)
	rec.Tags = []Tag{{"Event", "Benchmark"}, {"Red", "A"}, {"Blue", "B"}}
	return rec
}

func BenchmarkRecordString(b *testing.B) {
	rec := benchRecord(b)
	buf := make([]byte, 0, 8192)
	b.ReportAllocs()
	for b.Loop() {
		buf, _ = rec.AppendText(buf[:0])
	}
}

func BenchmarkParseRecord(b *testing.B) {
	text := benchRecord(b).String()
	b.ReportAllocs()
	for b.Loop() {
		if _, err := ParseRecord(text); err != nil {
			b.Fatal(err)
		}
	}
}

func BenchmarkReplayRecord(b *testing.B) {
	rec := benchRecord(b)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := rec.Replay(); err != nil {
			b.Fatal(err)
		}
	}
}

func TestRecordJSON(t *testing.T) {
	rec, err := ParseRecord(`[Rules "barrage"]
[RedSetup "FB12239X../........../........../.........."]
[BlueSetup "FB12239X../........../........../.........."]
1. e1-e2 {go} f10-f2 *`)
	if err != nil {
		t.Fatal(err)
	}
	b, err := json.Marshal(struct{ Game Record }{rec})
	if err != nil {
		t.Fatal(err)
	}
	var back struct{ Game Record }
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatalf("%v in %s", err, b)
	}
	if d := cmp.Diff(rec, back.Game, cmpRecord); d != "" {
		t.Errorf("JSON round trip (-want +got):\n%s", d)
	}
}

func TestReplayAttackMarks(t *testing.T) {
	// Red's Scout on e1 attacks Blue's Miner on e10 up the open e-file;
	// d1-d2 and d10-d9 are quiet.
	base := "[Rules \"barrage\"]\n[RedSetup \"FB12239X../........../........../..........\"]\n[BlueSetup \"FB12239X../........../........../..........\"]\n"
	for _, tc := range []struct {
		name, moves string
		index, num  int // the move at fault, or -1
		want        error
	}{
		{"quiet move written with x", "1. d1xd2", 0, 1, ErrMismatch},
		{"blue quiet move written with x", "1. d1-d2 d10xd9", 1, 1, ErrMismatch},
		{"attack written with x", "1. e1xe10", -1, 0, nil},
		{"attack written with -", "1. e1-e10", -1, 0, nil},
		{"annotated attack written with -", "1. e1-e10(2<3)", -1, 0, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			rec, err := ParseRecord(base + tc.moves + " *")
			if err != nil {
				t.Fatal(err)
			}
			_, err = rec.Replay()
			if !errors.Is(err, tc.want) || (tc.want == nil) != (err == nil) {
				t.Fatalf("Replay: err %v, want %v", err, tc.want)
			}
			_, aerr := rec.Annotated()
			if !errors.Is(aerr, tc.want) || (tc.want == nil) != (aerr == nil) {
				t.Fatalf("Annotated: err %v, want %v", aerr, tc.want)
			}
			var re *ReplayError
			if tc.index >= 0 && (!errors.As(err, &re) || re.Index != tc.index || re.Number != tc.num) {
				t.Errorf("Replay: err %v, want a ReplayError at index %d, number %d", err, tc.index, tc.num)
			}
		})
	}
}

func TestRecordAttackMarkRoundTrip(t *testing.T) {
	base := "[Rules \"barrage\"]\n[Numbering \"isf\"]\n[RedSetup \"FB12239X../........../........../..........\"]\n[BlueSetup \"FB12239X../........../........../..........\"]\n[Result \"*\"]\n\n"
	for _, tc := range []struct {
		name, moves string
		marked      []bool
	}{
		{"marked", "1. e1xe10\n*\n", []bool{true}},
		{"plain", "1. e1-e10\n*\n", []bool{false}},
		{"annotated", "1. e1xe10(2<3)\n*\n", []bool{false}},
		{"mixed", "1. d1-d2 d10xd9\n*\n", []bool{false, true}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			text := base + tc.moves
			rec, err := ParseRecord(text)
			if err != nil {
				t.Fatal(err)
			}
			var got []bool
			for _, m := range rec.Moves {
				got = append(got, m.MarkedAttack)
			}
			if d := cmp.Diff(tc.marked, got); d != "" {
				t.Errorf("MarkedAttack (-want +got):\n%s", d)
			}
			if got := rec.String(); got != text {
				t.Errorf("String:\n got %q\nwant %q", got, text)
			}
		})
	}
}

// TestReplayInvalidResult checks that a hand-made record whose Result is
// no valid Outcome (a resignation without a winner) is refused, not
// taken as reached.
func TestReplayInvalidResult(t *testing.T) {
	rec, err := ParseRecord("[Rules \"barrage\"]\n[RedSetup \"FB12239X../........../........../..........\"]\n[BlueSetup \"FB12239X../........../........../..........\"]\n1. d1-d2 *")
	if err != nil {
		t.Fatal(err)
	}
	for _, o := range []Outcome{{Reason: Resignation}, {Winner: Red, Reason: DrawAgreed}, {Winner: Blue}, {Reason: EndReason(200)}} {
		rec.Result = o
		if _, err := rec.Replay(); !errors.Is(err, ErrInvalid) {
			t.Errorf("Replay with Result %d/%d: err %v, want ErrInvalid", o.Winner, o.Reason, err)
		}
	}
}

// TestRecordAttackMarksProperty writes the attacks of random games in
// the three forms a record allows (annotated, "x" alone, "-" alone) and
// checks that the text round trips, that the replay accepts them and
// that Annotated gives the fully annotated record back; marking one
// quiet move with "x" must make Replay fail at that move.
func TestRecordAttackMarksProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		full, _ := genRecord(t)
		rec := full
		rec.Moves = append([]RecordedMove(nil), full.Moves...)
		var quiet []int
		for i := range rec.Moves {
			m := &rec.Moves[i]
			if !m.IsAttack() {
				if !m.Move.IsRescue() {
					quiet = append(quiet, i)
				}
				continue
			}
			switch rapid.IntRange(0, 2).Draw(t, "attack form") {
			case 1: // "x" without an annotation
				m.AnnotatedMove = AnnotatedMove{Move: m.Move}
				m.MarkedAttack = true
			case 2: // "-"
				m.AnnotatedMove = AnnotatedMove{Move: m.Move}
			}
		}
		text := rec.String()
		got, err := ParseRecord(text)
		if err != nil {
			t.Fatalf("ParseRecord:\n%s\nerr: %v", text, err)
		}
		if d := cmp.Diff(rec, got, cmpRecord); d != "" {
			t.Fatalf("round trip of\n%s\n(-want +got):\n%s", text, d)
		}
		again, err := got.Annotated()
		if err != nil {
			t.Fatalf("Annotated: %v", err)
		}
		if d := cmp.Diff(full, again, cmpRecord); d != "" {
			t.Fatalf("Annotated (-want +got):\n%s", d)
		}
		if len(quiet) == 0 {
			return
		}
		i := rapid.SampledFrom(quiet).Draw(t, "quiet move marked")
		rec.Moves[i].MarkedAttack = true
		bad, err := ParseRecord(rec.String())
		if err != nil {
			t.Fatalf("ParseRecord of a marked quiet move: %v", err)
		}
		_, err = bad.Replay()
		var re *ReplayError
		if !errors.As(err, &re) || re.Index != i || !errors.Is(err, ErrMismatch) {
			t.Fatalf("Replay with quiet move %d (%v) marked: err %v, want a ReplayError at it wrapping ErrMismatch", i, rec.Moves[i].Move, err)
		}
	})
}

// TestRecordSetupPhase pins the record of a game that ended in its
// setup phase: no moves, the setup tag of the side without a setup left
// out, the fault in descriptive tags; it reads back equal and does not
// replay. A record with moves still needs both setups.
func TestRecordSetupPhase(t *testing.T) {
	r := Classic()
	blue := RandomSetup(r, rand.New(rand.NewPCG(1, 2)))
	for _, rec := range []Record{
		{Tags: []Tag{{Name: "Red", Value: "a"}, {Name: "Fault", Value: "red badsetup"}}, Rules: r, BlueSetup: blue, Result: Outcome{Winner: Blue, Reason: Resignation}},
		{Tags: []Tag{{Name: "Fault", Value: "both timeout"}}, Rules: r},
		{Rules: r, RedSetup: blue},
	} {
		b, err := rec.MarshalText()
		if err != nil {
			t.Fatalf("MarshalText: %v", err)
		}
		if strings.Contains(string(b), "RedSetup") != (rec.RedSetup != Setup{}) || strings.Contains(string(b), "BlueSetup") != (rec.BlueSetup != Setup{}) {
			t.Errorf("setup tags of %+v:\n%s", rec, b)
		}
		back, err := ParseRecord(string(b))
		if err != nil {
			t.Fatalf("ParseRecord(%q): %v", b, err)
		}
		if d := cmp.Diff(rec, back, cmpRecord); d != "" {
			t.Errorf("read back differs (-want +got):\n%s", d)
		}
		if _, err := back.Replay(); !errors.Is(err, ErrInvalid) {
			t.Errorf("Replay of a setup-phase record: %v, want ErrInvalid", err)
		}
	}
	withMoves := "[Rules \"classic\"]\n[BlueSetup \"" + blue.String() + "\"]\n\n1. a4-a5 *\n"
	if _, err := ParseRecord(withMoves); err == nil {
		t.Errorf("a record with moves and no RedSetup parsed")
	}
	rec := Record{Rules: r, BlueSetup: blue, Moves: []RecordedMove{{}}}
	if _, err := rec.MarshalText(); !errors.Is(err, ErrInvalid) {
		t.Errorf("a record with moves and no RedSetup: %v, want ErrInvalid", err)
	}
}

// TestProp_RecordedMoveRoundTrip: a RecordedMove's own text form (the
// move, its annotation or attack mark, its comment) reads back equal,
// alone and inside JSON; before it had its own methods, the promoted ones
// of AnnotatedMove dropped the mark and the comment.
func TestProp_RecordedMoveRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rec, _ := genRecord(t)
		for i, m := range rec.Moves {
			if !m.IsAttack() && !m.Move.IsRescue() && rapid.Bool().Draw(t, "mark") {
				m.MarkedAttack = true
			}
			if rapid.Bool().Draw(t, "comment") {
				m.Comment = commentText.Draw(t, "comment")
			}
			text, err := m.MarshalText()
			if err != nil {
				t.Fatalf("move %d %+v: MarshalText: %v", i, m, err)
			}
			var back RecordedMove
			if err := back.UnmarshalText(text); err != nil {
				t.Fatalf("move %d %q: UnmarshalText: %v", i, text, err)
			}
			if back != m {
				t.Fatalf("move %d: %q reads back as %#v, want %#v", i, text, back, m)
			}
			if s := m.String(); s != string(text) {
				t.Fatalf("move %d: String %q, MarshalText %q", i, s, text)
			}
			js, err := json.Marshal(m)
			if err != nil {
				t.Fatalf("move %d: json: %v", i, err)
			}
			back = RecordedMove{}
			if err := json.Unmarshal(js, &back); err != nil || back != m {
				t.Fatalf("move %d: JSON %s reads back as %#v (%v), want %#v", i, js, back, err, m)
			}
		}
	})
}

func TestRecordedMoveText(t *testing.T) {
	a4a5 := RecordedMove{AnnotatedMove: AnnotatedMove{Move: MustParseMove("a4-a5")}}
	att := RecordedMove{AnnotatedMove: AnnotatedMove{Move: MustParseMove("a5-a6"), Combat: AttackerWins, Attacker: Captain, Defender: Miner}, Comment: "a good trade"}
	marked := a4a5
	marked.MarkedAttack = true
	for _, tc := range []struct {
		m    RecordedMove
		want string
	}{
		{RecordedMove{}, ""},
		{a4a5, "a4-a5"},
		{att, "a5xa6(6>3) {a good trade}"},
		{marked, "a4xa5"},
	} {
		got, err := tc.m.MarshalText()
		if err != nil || string(got) != tc.want {
			t.Errorf("%+v: MarshalText = %q, %v; want %q", tc.m, got, err, tc.want)
		}
	}
	for _, bad := range []RecordedMove{
		{AnnotatedMove: att.AnnotatedMove, MarkedAttack: true},
		{AnnotatedMove: a4a5.AnnotatedMove, Comment: "a } b"},
		{Comment: "no move"},
		{AnnotatedMove: AnnotatedMove{MustParseMove("a4-a5"), Captain, Unknown, DefenderWins}},
	} {
		if _, err := bad.MarshalText(); !errors.Is(err, ErrInvalid) {
			t.Errorf("%+v: MarshalText error %v, want ErrInvalid", bad, err)
		}
	}
	for _, bad := range []string{"a4-a5 {", "a4-a5 {a}b}", "a4-a5 {a} ", "a4-a5(6>)", "zz {c}", "a4xa5(6>?)"} {
		var m RecordedMove
		if err := m.UnmarshalText([]byte(bad)); !errors.Is(err, ErrSyntax) {
			t.Errorf("UnmarshalText(%q) = %v, want ErrSyntax", bad, err)
		}
	}
}

func FuzzRecordedMoveText(f *testing.F) {
	for _, s := range []string{"a4-a5", "a5xa6(6>3) {a good trade}", "a4xa5", "+spy@b2 {back}", "a4-a5 {}"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		var m RecordedMove
		if err := m.UnmarshalText([]byte(s)); err != nil {
			return
		}
		text, err := m.MarshalText()
		if err != nil {
			t.Fatalf("%q reads as %+v, which does not write: %v", s, m, err)
		}
		var back RecordedMove
		if err := back.UnmarshalText(text); err != nil || back != m {
			t.Fatalf("%q -> %+v -> %q -> %+v (%v)", s, m, text, back, err)
		}
	})
}
