package stratego

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego/internal/datatest"
	"pgregory.net/rapid"
)

func TestGravonSquares(t *testing.T) {
	for i := range MaxSquares {
		sq := SquareFromIndex(i)
		g := GravonSquare(sq)
		back, err := ParseGravonSquare(g)
		if err != nil || back != sq {
			t.Errorf("ParseGravonSquare(%q) = %v, %v; want %v", g, back, err, sq)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"A1", "a1"}, {"K:", "j10"}, {"I9", "i9"}, {"k1", "j1"}, {"E:", "e10"},
	} {
		got, err := ParseGravonSquare(tc.in)
		if err != nil || got.String() != tc.want {
			t.Errorf("ParseGravonSquare(%q) = %v, %v; want %s", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"", "J1", "A0", "A;", "A10", "L1", "A"} {
		if _, err := ParseGravonSquare(in); !errors.Is(err, ErrSyntax) {
			t.Errorf("ParseGravonSquare(%q): err %v, want ErrSyntax", in, err)
		}
	}
	if got := GravonMove(MustParseMove("j9-j10")); got != "K9-K:" {
		t.Errorf("GravonMove(j9-j10) = %q, want K9-K:", got)
	}
}

func TestGravonOutcome(t *testing.T) {
	for _, tc := range []struct {
		code, winner int
		want         Outcome
		err          error
	}{
		{0, 2, Outcome{Blue, NoLegalMove}, nil},
		{1, 1, Outcome{Red, FlagCaptured}, nil},
		{2, 3, Outcome{NoColor, NeitherCanMove}, nil},
		{3, 2, Outcome{Blue, Resignation}, nil},
		{4, 3, Outcome{NoColor, DrawAgreed}, nil},
		{10, 3, Outcome{NoColor, DrawAgreed}, nil},
		{11, 1, Outcome{Red, Resignation}, nil},
		{12, 3, Outcome{NoColor, DrawAgreed}, nil},
		{12, 1, Outcome{Red, Resignation}, nil},
		{13, 2, Outcome{Blue, Resignation}, nil},
		{14, 1, Outcome{Red, Resignation}, nil},
		{4, 1, Outcome{}, ErrMismatch},
		{1, 3, Outcome{}, ErrMismatch},
		{2, 1, Outcome{}, ErrMismatch},
		{5, 1, Outcome{}, ErrMismatch},
		{1, 0, Outcome{}, ErrMismatch},
	} {
		got, err := GravonOutcome(tc.code, tc.winner)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("GravonOutcome(%d, %d) = %v, %v; want %v, %v", tc.code, tc.winner, got, err, tc.want, tc.err)
		}
	}
}

func readTestFile(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/gravon/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReadGravonXML(t *testing.T) {
	g, err := ReadGravonXML(bytes.NewReader(readTestFile(t, "barrage.xml")))
	if err != nil {
		t.Fatal(err)
	}
	if g.Type != "barrage" || len(g.Moves) != 5 || g.Players != [2]string{"alice", "bob"} || g.End != 1 || g.Winner != 1 {
		t.Fatalf("got %+v", g)
	}
	rec, states := gravonReplay(t, g)
	if got, want := states[len(states)-1].Outcome(), (Outcome{Red, FlagCaptured}); got != want {
		t.Errorf("outcome %v, want %v", got, want)
	}
	// Write and read again.
	var buf bytes.Buffer
	if err := g.WriteXML(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadGravonXML(&buf)
	if err != nil {
		t.Fatalf("reading what WriteXML wrote: %v\n%s", err, buf.String())
	}
	if d := cmp.Diff(g, back); d != "" {
		t.Errorf("XML round trip (-want +got):\n%s", d)
	}
	// Record -> Gravon game gives the game back.
	again, err := GravonGameOf(rec)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(g, again); d != "" {
		t.Errorf("record -> gravon (-want +got):\n%s", d)
	}
}

func TestReadGravonGSN(t *testing.T) {
	g, err := ReadGravonGSN(bytes.NewReader(readTestFile(t, "classic.gsn")))
	if err != nil {
		t.Fatal(err)
	}
	if g.Type != "classic" || len(g.Moves) != 4 || g.End != GravonForfeit || g.Winner != 2 {
		t.Fatalf("got %+v", g)
	}
	rec, states := gravonReplay(t, g)
	if rec.Start != nil {
		t.Errorf("a classic game with a valid field should start from setups")
	}
	if got, want := states[len(states)-1].Outcome(), (Outcome{Blue, Resignation}); got != want {
		t.Errorf("outcome %v, want %v", got, want)
	}
	for _, tc := range []struct{ name, text string }{
		{"empty", ""},
		{"header", "#X38FA11 Stratego-Notation v3\ntype 0\nEND\na vs b result 3 winner 1\n"},
		{"type", "#X38FA11 Stratego-Notation v1\ntype 9\nEND\na vs b result 3 winner 1\n"},
		{"result", "#X38FA11 Stratego-Notation v1\ntype 0\nEND\na vs b winner 1\n"},
		{"rescue", "#X38FA11 Stratego-Notation v1\ntype 3\nA4:K\nEND\na vs b result 3 winner 1\n"},
		{"move", "#X38FA11 Stratego-Notation v1\ntype 0\nJ4-J5\nEND\na vs b result 3 winner 1\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if _, err := ReadGravonGSN(strings.NewReader(tc.text)); !errors.Is(err, ErrSyntax) {
				t.Errorf("err %v, want ErrSyntax", err)
			}
		})
	}
	g, err = ReadGravonGSN(strings.NewReader("#X38FA11 Stratego-Notation v1\ntype 1\nEND\na vs b result 3 winner 0\n"))
	if err != nil || g.Field != "" || g.Winner != 1 {
		t.Errorf("game that ended in setup: %+v, %v", g, err)
	}
}

// TestGravonRoundTrip: a random game under a Gravon type goes to XML and
// back to a record that replays to the same final position.
func TestGravonRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		typ := rapid.SampledFrom([]string{"classic", "barrage", "duell"}).Draw(t, "type")
		r, _ := GravonRules(typ)
		s := genGame(t, r, 150)
		_ = s
		seed := rapid.Uint64().Draw(t, "seed")
		rng := rand.New(rand.NewPCG(seed, 1))
		red, blue := RandomSetup(r, rng), RandomSetup(r, rng)
		st, _ := New(r, red, blue)
		var moves []Move
		for range rapid.IntRange(0, 150).Draw(t, "plies") {
			if st.Outcome().Over() {
				break
			}
			m := rapid.SampledFrom(st.AppendLegalMoves(nil)).Draw(t, "move")
			moves = append(moves, m)
			st, _, _ = st.Apply(m)
		}
		rec, err := NewRecord(r, red, blue, moves...)
		if err != nil {
			t.Fatal(err)
		}
		if !rec.Result.Over() {
			rec.Result = Outcome{Winner: Blue, Reason: Resignation}
			st, _ = st.Resign(Red)
		}
		rec.Tags = []Tag{{"Red", "r"}, {"Blue", "b"}}
		g, err := GravonGameOf(rec)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := g.WriteXML(&buf); err != nil {
			t.Fatal(err)
		}
		g2, err := ReadGravonXML(&buf)
		if err != nil {
			t.Fatal(err)
		}
		if d := cmp.Diff(g, g2); d != "" {
			t.Fatalf("XML round trip (-want +got):\n%s", d)
		}
		_, states := gravonReplay(t, g2)
		if got, want := states[len(states)-1].Position().String(), st.Position().String(); got != want {
			t.Fatalf("final position\n got %s\nwant %s", got, want)
		}
	})
}

func TestStraDos3(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		s := drawGame(t, 200)
		r := s.Rules()
		if r.Width != 10 || r.Height != 10 {
			t.Skip("StraDos3 is for 10x10 boards")
		}
		viewer := rapid.SampledFrom([]Color{NoColor, Red, Blue}).Draw(t, "viewer")
		p := s.Position()
		if viewer != NoColor {
			p = s.ViewPosition(viewer)
		}
		line := StraDos3(p)
		got, err := ParseStraDos3(r, viewer, line)
		if err != nil {
			t.Fatalf("ParseStraDos3(%q): %v", line, err)
		}
		if back := StraDos3(got); back != line {
			t.Fatalf("round trip\n got %s\nwant %s", back, line)
		}
		if got.Board != p.Board || got.Turn != p.Turn || got.Ply != p.Ply {
			t.Fatalf("board, turn or ply differ after %q", line)
		}
		for i := range p.Known {
			if got.Known[i] != p.Known[i]&KnownRank {
				t.Fatalf("square %v: known %v, want %v", Square(i+1), got.Known[i], p.Known[i]&KnownRank)
			}
		}
	})
}

// dataFile opens a file of the shared real data, or skips the test (see
// datatest).
func dataFile(t *testing.T, name string) *os.File {
	t.Helper()
	return datatest.Open(t, "../shared/data/"+name)
}

func TestRealGravonSetups(t *testing.T) {
	for _, tc := range []struct {
		file  string
		rules Rules
	}{
		{"classic_setups.txt", Classic()},
		{"barrage_setups.txt", Barrage()},
	} {
		t.Run(tc.file, func(t *testing.T) {
			sc := bufio.NewScanner(dataFile(t, tc.file))
			n := 0
			for sc.Scan() {
				n++
				s, err := ParseGravonSetup(tc.rules, sc.Text())
				if err != nil {
					t.Fatalf("line %d %q: %v", n, sc.Text(), err)
				}
				if got := GravonSetup(tc.rules, s, Red); got != sc.Text() {
					t.Fatalf("line %d: GravonSetup = %q, want %q", n, got, sc.Text())
				}
			}
			if err := sc.Err(); err != nil {
				t.Fatal(err)
			}
			t.Logf("%d setups parse and validate", n)
		})
	}
}

// TestRealGravonPositions reads every field of gravon_positions.csv under
// the rules of its game type. The setups of barrage, duell and ultimate
// lightning games must fit their presets; classicfree fields are free
// placements and may break army counts, which the test counts and
// reports. Results whose end code contradicts the winner are reported
// too.
func TestRealGravonPositions(t *testing.T) {
	rd := csv.NewReader(dataFile(t, "gravon_positions.csv"))
	head, err := rd.Read()
	if err != nil || strings.Join(head, ",") != "variant,field,game_length,end_code,winner,game_id" {
		t.Fatalf("header %v, %v", head, err)
	}
	rows, freeBad, badResult := 0, 0, 0
	perType := map[string]int{}
	for {
		rec, err := rd.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		rows++
		typ, field, id := rec[0], rec[1], rec[5]
		r, err := GravonRules(typ)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		b, err := ParseGravonField(r, field)
		if err != nil {
			t.Fatalf("%s: field: %v", id, err)
		}
		perType[typ]++
		code, _ := strconv.Atoi(rec[3])
		win, _ := strconv.Atoi(rec[4])
		o, oerr := GravonOutcome(code, win)
		if oerr != nil {
			badResult++
			t.Logf("%s: result not mapped: %v", id, oerr)
		}
		g := GravonGame{Type: typ, Field: field, End: code, Winner: win}
		if oerr != nil {
			g.End, g.Winner = GravonForfeit, 1
		}
		grec, err := g.Record()
		if typ == "classicfree" {
			if err != nil {
				freeBad++
				if freeBad <= 5 {
					t.Logf("%s: classicfree placement refused: %v", id, err)
				}
			}
			continue
		}
		if _, _, ok := setupsOf(r, &b); !ok || err != nil || grec.Start != nil {
			t.Errorf("%s: %s field does not give two valid setups: %v", id, typ, err)
		}
		if oerr == nil && grec.Result != o {
			t.Errorf("%s: result %v, want %v", id, grec.Result, o)
		}
	}
	t.Logf("%d fields parsed %v; %d classicfree placements refused by FromBoard; %d results with a contradictory end code",
		rows, perType, freeBad, badResult)
	if rows == 0 {
		t.Fatal("no rows")
	}
}

func FuzzParseGravonSquare(f *testing.F) {
	for _, s := range []string{"A1", "K:", "J1", "a10", ""} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		sq, err := ParseGravonSquare(s)
		if err != nil {
			return
		}
		if back, err := ParseGravonSquare(GravonSquare(sq)); err != nil || back != sq {
			t.Fatalf("%q: %v round trips to %v, %v", s, sq, back, err)
		}
		if m, err := ParseGravonMove(s + "-" + s); err == nil {
			t.Fatalf("a move to its own square parsed: %v", m)
		}
	})
}

func FuzzGravonField(f *testing.F) {
	f.Add("barrage", "MBCDDEKLAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAXWQPPONY")
	f.Add("classic", "MBBBBBBCDDDDDDDDEEEEEFFFFGGGGHHHHIIIJJKL")
	f.Fuzz(func(t *testing.T, typ, field string) {
		r, err := GravonRules(typ)
		if err != nil {
			return
		}
		if b, err := ParseGravonField(r, field); err == nil {
			if back := GravonField(r, b); back != field {
				t.Fatalf("field round trip: %q -> %q", field, back)
			}
		}
		if s, err := ParseGravonSetup(r, field); err == nil {
			back, err := ParseGravonSetup(r, GravonSetup(r, s, Red))
			if err != nil || back != s {
				t.Fatalf("setup round trip of %q: %v", field, err)
			}
		}
	})
}

// addSeedFile adds the text of the file at path to f's seed corpus.
func addSeedFile(f *testing.F, path string) {
	b, err := os.ReadFile(path)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(string(b))
}

// gravonReplay converts g to a record and replays it, failing t on
// error.
func gravonReplay(t tHelper, g GravonGame) (Record, []State) {
	t.Helper()
	rec, err := g.Record()
	if err != nil {
		t.Fatalf("GravonGame.Record: %v", err)
	}
	states, err := rec.Replay()
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	return rec, states
}

// replayGravon converts g to a record and replays it, which must not
// panic whatever g holds.
func replayGravon(g GravonGame) {
	if rec, err := g.Record(); err == nil {
		_, _ = rec.Replay()
	}
}

func FuzzReadGravonXML(f *testing.F) {
	addSeedFile(f, "testdata/gravon/barrage.xml")
	f.Add("<stratego><game type=\"classic\"><player id=\"1\">a</player><player id=\"2\">b</player><result type=\"4\" winner=\"3\"/></game></stratego>")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ReadGravonXML(strings.NewReader(text))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := g.WriteXML(&buf); err != nil {
			t.Fatalf("accepted game does not write: %v", err)
		}
		back, err := ReadGravonXML(&buf)
		if err != nil {
			t.Fatalf("written game does not read: %v\n%s", err, buf.String())
		}
		if d := cmp.Diff(g, back); d != "" {
			t.Fatalf("round trip (-want +got):\n%s", d)
		}
		replayGravon(g)
	})
}

func FuzzReadGravonGSN(f *testing.F) {
	addSeedFile(f, "testdata/gravon/classic.gsn")
	f.Add("#X38FA11 Stratego-Notation v1\ntype 1\nEND\na vs b result 3 winner 0\n")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ReadGravonGSN(strings.NewReader(text))
		if err != nil {
			return
		}
		replayGravon(g)
	})
}

func FuzzParseStraDos3(f *testing.F) {
	for i, r := range []Rules{Classic(), Barrage(), UltimateLightning()} {
		s := mustNew(f, r, uint64(i))
		f.Add(uint8(0), StraDos3(s.Position()))
		f.Add(uint8(1), StraDos3(s.ViewPosition(Red)))
	}
	f.Fuzz(func(t *testing.T, viewer uint8, line string) {
		v := Color(viewer % 3)
		p, err := ParseStraDos3(Classic(), v, line)
		if err != nil {
			return
		}
		back := StraDos3(p)
		p2, err := ParseStraDos3(Classic(), v, back)
		if err != nil {
			t.Fatalf("%q parsed but its StraDos3 %q does not: %v", line, back, err)
		}
		if d := cmp.Diff(p, p2, cmpPosition); d != "" {
			t.Fatalf("round trip (-want +got):\n%s", d)
		}
	})
}
