package gravon

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/internal/datatest"
	"github.com/stratego-go/stratego/internal/gametest"
	"pgregory.net/rapid"
)

func TestGravonSquares(t *testing.T) {
	for i := range stratego.MaxSquares {
		sq := stratego.SquareFromIndex(i)
		g := Square(sq)
		back, err := ParseSquare(g)
		if err != nil || back != sq {
			t.Errorf("ParseSquare(%q) = %v, %v; want %v", g, back, err, sq)
		}
	}
	for _, tc := range []struct{ in, want string }{
		{"A1", "a1"}, {"K:", "j10"}, {"I9", "i9"}, {"k1", "j1"}, {"E:", "e10"},
	} {
		got, err := ParseSquare(tc.in)
		if err != nil || got.String() != tc.want {
			t.Errorf("ParseSquare(%q) = %v, %v; want %s", tc.in, got, err, tc.want)
		}
	}
	for _, in := range []string{"", "J1", "A0", "A;", "A10", "L1", "A"} {
		if _, err := ParseSquare(in); !errors.Is(err, stratego.ErrSyntax) {
			t.Errorf("ParseSquare(%q): err %v, want ErrSyntax", in, err)
		}
	}
	if got := Move(stratego.MustParseMove("j9-j10")); got != "K9-K:" {
		t.Errorf("Move(j9-j10) = %q, want K9-K:", got)
	}
}

func TestGravonOutcome(t *testing.T) {
	for _, tc := range []struct {
		code   End
		winner int
		want   stratego.Outcome
		err    error
	}{
		{0, 2, stratego.Outcome{Winner: stratego.Blue, Reason: stratego.NoLegalMove}, nil},
		{1, 1, stratego.Outcome{Winner: stratego.Red, Reason: stratego.FlagCaptured}, nil},
		{2, 3, stratego.Outcome{Winner: stratego.NoColor, Reason: stratego.NeitherCanMove}, nil},
		{3, 2, stratego.Outcome{Winner: stratego.Blue, Reason: stratego.Resignation}, nil},
		{4, 3, stratego.Outcome{Winner: stratego.NoColor, Reason: stratego.DrawAgreed}, nil},
		{10, 3, stratego.Outcome{Winner: stratego.NoColor, Reason: stratego.DrawAgreed}, nil},
		{11, 1, stratego.Outcome{Winner: stratego.Red, Reason: stratego.Resignation}, nil},
		{12, 3, stratego.Outcome{Winner: stratego.NoColor, Reason: stratego.DrawAgreed}, nil},
		{12, 1, stratego.Outcome{Winner: stratego.Red, Reason: stratego.Resignation}, nil},
		{13, 2, stratego.Outcome{Winner: stratego.Blue, Reason: stratego.Resignation}, nil},
		{14, 1, stratego.Outcome{Winner: stratego.Red, Reason: stratego.Resignation}, nil},
		{4, 1, stratego.Outcome{}, stratego.ErrMismatch},
		{1, 3, stratego.Outcome{}, stratego.ErrMismatch},
		{2, 1, stratego.Outcome{}, stratego.ErrMismatch},
		{5, 1, stratego.Outcome{}, stratego.ErrMismatch},
		{1, 0, stratego.Outcome{}, stratego.ErrMismatch},
	} {
		got, err := Outcome(tc.code, tc.winner)
		if got != tc.want || !errors.Is(err, tc.err) {
			t.Errorf("Outcome(%d, %d) = %v, %v; want %v, %v", tc.code, tc.winner, got, err, tc.want, tc.err)
		}
	}
}

func readTestFile(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile("testdata/" + name)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func TestReadGravonXML(t *testing.T) {
	g, err := ReadXML(bytes.NewReader(readTestFile(t, "barrage.xml")))
	if err != nil {
		t.Fatal(err)
	}
	if g.Type != "barrage" || len(g.Moves) != 5 || g.Names != [3]string{stratego.Red: "alice", stratego.Blue: "bob"} || g.End != 1 || g.Winner != 1 {
		t.Fatalf("got %+v", g)
	}
	rec, states := gravonReplay(t, g)
	if got, want := states[len(states)-1].Outcome(), (stratego.Outcome{Winner: stratego.Red, Reason: stratego.FlagCaptured}); got != want {
		t.Errorf("outcome %v, want %v", got, want)
	}
	// Write and read again.
	var buf bytes.Buffer
	if err := g.WriteXML(&buf); err != nil {
		t.Fatal(err)
	}
	back, err := ReadXML(&buf)
	if err != nil {
		t.Fatalf("reading what WriteXML wrote: %v\n%s", err, buf.String())
	}
	if d := cmp.Diff(g, back); d != "" {
		t.Errorf("XML round trip (-want +got):\n%s", d)
	}
	// Record -> Gravon game gives the game back.
	again, err := GameOf(rec)
	if err != nil {
		t.Fatal(err)
	}
	if d := cmp.Diff(g, again); d != "" {
		t.Errorf("record -> gravon (-want +got):\n%s", d)
	}
}

func TestReadGravonGSN(t *testing.T) {
	g, err := ReadGSN(bytes.NewReader(readTestFile(t, "classic.gsn")))
	if err != nil {
		t.Fatal(err)
	}
	if g.Type != "classic" || len(g.Moves) != 4 || g.End != EndForfeit || g.Winner != 2 {
		t.Fatalf("got %+v", g)
	}
	rec, states := gravonReplay(t, g)
	if rec.Start != nil {
		t.Errorf("a classic game with a valid field should start from setups")
	}
	if got, want := states[len(states)-1].Outcome(), (stratego.Outcome{Winner: stratego.Blue, Reason: stratego.Resignation}); got != want {
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
			if _, err := ReadGSN(strings.NewReader(tc.text)); !errors.Is(err, stratego.ErrSyntax) {
				t.Errorf("err %v, want ErrSyntax", err)
			}
		})
	}
	g, err = ReadGSN(strings.NewReader("#X38FA11 Stratego-Notation v1\ntype 1\nEND\na vs b result 3 winner 0\n"))
	if err != nil || g.Field != "" || g.Winner != 1 {
		t.Errorf("game that ended in setup: %+v, %v", g, err)
	}
}

// TestGravonRoundTrip: a random game under a Gravon type goes to XML and
// back to a record that replays to the same final position.
func TestGravonRoundTrip(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		typ := rapid.SampledFrom([]string{"classic", "barrage", "duell"}).Draw(t, "type")
		r, _ := Rules(typ)
		s := gametest.Game(t, r, 150)
		_ = s
		seed := rapid.Uint64().Draw(t, "seed")
		rng := rand.New(rand.NewPCG(seed, 1))
		red, blue := stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng)
		st, _ := stratego.New(r, red, blue)
		var moves []stratego.Move
		for range rapid.IntRange(0, 150).Draw(t, "plies") {
			if st.Outcome().IsOver() {
				break
			}
			m := rapid.SampledFrom(st.AppendLegalMoves(nil)).Draw(t, "move")
			moves = append(moves, m)
			st, _, _ = st.Apply(m)
		}
		rec, err := stratego.NewRecord(r, red, blue, moves...)
		if err != nil {
			t.Fatal(err)
		}
		if !rec.Result.IsOver() {
			rec.Result = stratego.Outcome{Winner: stratego.Blue, Reason: stratego.Resignation}
			st, _ = st.Resign(stratego.Red)
		}
		rec.Tags = []stratego.Tag{{Name: "Red", Value: "r"}, {Name: "Blue", Value: "b"}}
		g, err := GameOf(rec)
		if err != nil {
			t.Fatal(err)
		}
		var buf bytes.Buffer
		if err := g.WriteXML(&buf); err != nil {
			t.Fatal(err)
		}
		g2, err := ReadXML(&buf)
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
		s := gametest.AnyGame(t, 200)
		r := s.Rules()
		if r.Width != 10 || r.Height != 10 {
			t.Skip("StraDos3 is for 10x10 boards")
		}
		viewer := rapid.SampledFrom([]stratego.Color{stratego.NoColor, stratego.Red, stratego.Blue}).Draw(t, "viewer")
		p := s.Position()
		if viewer != stratego.NoColor {
			p = s.View(viewer).Position()
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
		for i := range stratego.MaxSquares {
			sq := stratego.SquareFromIndex(i)
			if got.Known.At(sq) != p.Known.At(sq)&stratego.KnownRank {
				t.Fatalf("square %v: known %v, want %v", sq, got.Known.At(sq), p.Known.At(sq)&stratego.KnownRank)
			}
		}
	})
}

// dataFile opens a file of the shared real data, or skips the test (see
// datatest).
func dataFile(t *testing.T, name string) *os.File {
	t.Helper()
	return datatest.Open(t, dataDir+name)
}

func TestRealGravonSetups(t *testing.T) {
	for _, tc := range []struct {
		file  string
		rules stratego.Rules
	}{
		{"classic_setups.txt", stratego.Classic()},
		{"barrage_setups.txt", stratego.Barrage()},
	} {
		t.Run(tc.file, func(t *testing.T) {
			sc := bufio.NewScanner(dataFile(t, tc.file))
			n := 0
			for sc.Scan() {
				n++
				s, err := ParseSetup(tc.rules, sc.Text())
				if err != nil {
					t.Fatalf("line %d %q: %v", n, sc.Text(), err)
				}
				if got := Setup(tc.rules, s, stratego.Red); got != sc.Text() {
					t.Fatalf("line %d: Setup = %q, want %q", n, got, sc.Text())
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
// reports. Results whose end code contradicts the winner are imported
// with a warning (ImportOptions.BadResults) and reported too.
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
		r, err := Rules(typ)
		if err != nil {
			t.Fatalf("%s: %v", id, err)
		}
		b, err := ParseField(r, field)
		if err != nil {
			t.Fatalf("%s: field: %v", id, err)
		}
		perType[typ]++
		code, _ := strconv.Atoi(rec[3])
		win, _ := strconv.Atoi(rec[4])
		o, oerr := Outcome(End(code), win)
		if oerr != nil {
			badResult++
			t.Logf("%s: result not mapped: %v", id, oerr)
		}
		g := Game{Type: typ, Field: field, End: End(code), Winner: win}
		grec, warnings, err := g.Import(ImportOptions{BadResults: true})
		if (len(warnings) > 0) != (oerr != nil) || err == nil && oerr != nil && grec.Result.IsOver() {
			t.Errorf("%s: Import warnings %v, result %v; Outcome: %v", id, warnings, grec.Result, oerr)
		}
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
		sq, err := ParseSquare(s)
		if err != nil {
			return
		}
		if back, err := ParseSquare(Square(sq)); err != nil || back != sq {
			t.Fatalf("%q: %v round trips to %v, %v", s, sq, back, err)
		}
		if m, err := ParseMove(s + "-" + s); err == nil {
			t.Fatalf("a move to its own square parsed: %v", m)
		}
	})
}

func FuzzGravonField(f *testing.F) {
	f.Add("barrage", "MBCDDEKLAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA__AA__AAAA__AA__AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAXWQPPONY")
	f.Add("classic", "MBBBBBBCDDDDDDDDEEEEEFFFFGGGGHHHHIIIJJKL")
	f.Fuzz(func(t *testing.T, typ, field string) {
		r, err := Rules(typ)
		if err != nil {
			return
		}
		if b, err := ParseField(r, field); err == nil {
			if back := Field(r, b); back != field {
				t.Fatalf("field round trip: %q -> %q", field, back)
			}
		}
		if s, err := ParseSetup(r, field); err == nil {
			back, err := ParseSetup(r, Setup(r, s, stratego.Red))
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
func gravonReplay(t gametest.TB, g Game) (stratego.Record, []stratego.State) {
	t.Helper()
	rec, err := g.Record()
	if err != nil {
		t.Fatalf("Game.Record: %v", err)
	}
	states, err := rec.Replay()
	if err != nil {
		t.Fatalf("Replay: %v", err)
	}
	return rec, states
}

// replayGravon converts g to a record and replays it, which must not
// panic whatever g holds.
func replayGravon(g Game) {
	if rec, err := g.Record(); err == nil {
		_, _ = rec.Replay()
	}
}

func FuzzReadGravonXML(f *testing.F) {
	addSeedFile(f, "testdata/barrage.xml")
	f.Add("<stratego><game type=\"classic\"><player id=\"1\">a</player><player id=\"2\">b</player><result type=\"4\" winner=\"3\"/></game></stratego>")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ReadXML(strings.NewReader(text))
		if err != nil {
			return
		}
		var buf bytes.Buffer
		if err := g.WriteXML(&buf); err != nil {
			t.Fatalf("accepted game does not write: %v", err)
		}
		back, err := ReadXML(&buf)
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
	addSeedFile(f, "testdata/classic.gsn")
	f.Add("#X38FA11 Stratego-Notation v1\ntype 1\nEND\na vs b result 3 winner 0\n")
	f.Fuzz(func(t *testing.T, text string) {
		g, err := ReadGSN(strings.NewReader(text))
		if err != nil {
			return
		}
		replayGravon(g)
	})
}

func FuzzParseStraDos3(f *testing.F) {
	for i, r := range []stratego.Rules{stratego.Classic(), stratego.Barrage(), stratego.UltimateLightning()} {
		s := gametest.MustNew(f, r, uint64(i))
		f.Add(uint8(0), StraDos3(s.Position()))
		f.Add(uint8(1), StraDos3(s.View(stratego.Red).Position()))
	}
	f.Fuzz(func(t *testing.T, viewer uint8, line string) {
		v := []stratego.Color{stratego.NoColor, stratego.Red, stratego.Blue}[viewer%3]
		p, err := ParseStraDos3(stratego.Classic(), v, line)
		if err != nil {
			return
		}
		back := StraDos3(p)
		p2, err := ParseStraDos3(stratego.Classic(), v, back)
		if err != nil {
			t.Fatalf("%q parsed but its StraDos3 %q does not: %v", line, back, err)
		}
		// The position text holds every field, the unexported ones too.
		if got, want := p2.String(), p.String(); got != want {
			t.Fatalf("round trip\n got %s\nwant %s", got, want)
		}
	})
}

func TestRule2_GravonLetters(t *testing.T) {
	tests := []struct {
		rk        stratego.Rank
		red, blue byte
	}{
		{stratego.Marshal, 'L', 'X'}, {stratego.General, 'K', 'W'}, {stratego.Colonel, 'J', 'V'}, {stratego.Major, 'I', 'U'},
		{stratego.Captain, 'H', 'T'}, {stratego.Lieutenant, 'G', 'S'}, {stratego.Sergeant, 'F', 'R'}, {stratego.Miner, 'E', 'Q'},
		{stratego.Scout, 'D', 'P'}, {stratego.Spy, 'C', 'O'}, {stratego.Bomb, 'B', 'N'}, {stratego.Flag, 'M', 'Y'},
	}
	for _, tt := range tests {
		for _, c := range []struct {
			color  stratego.Color
			letter byte
		}{{stratego.Red, tt.red}, {stratego.Blue, tt.blue}} {
			p := stratego.NewPiece(c.color, tt.rk)
			if got := Letter(p); got != c.letter {
				t.Errorf("Letter(%v) = %c, want %c", p, got, c.letter)
			}
			if got, ok := PieceOf(c.letter); !ok || got != p {
				t.Errorf("PieceOf(%c) = %v, %v; want %v", c.letter, got, ok, p)
			}
		}
	}
}

// TestRule9_GravonFormats: the example setup of RULES.md 9 reads as a
// valid Classic setup and writes back to the same 40 letters, and a
// field round-trips.
func TestRule9_GravonFormats(t *testing.T) {
	r := stratego.Classic()
	const example = "BDGFDFDDDBHFLJGKDIFGEHEMCEHBDDIBJEIBHEBG"
	su, err := ParseSetup(r, example)
	if err != nil {
		t.Fatalf("ParseSetup(%q): %v", example, err)
	}
	if got := Setup(r, su, stratego.Red); got != example {
		t.Errorf("Setup = %q, want %q", got, example)
	}
	s, err := stratego.New(r, su, su)
	if err != nil {
		t.Fatal(err)
	}
	field := Field(r, s.Board())
	if len(field) != 100 || field[:40] != example || field[42:44] != "__" {
		t.Errorf("field %q: want the setup on a1..j4 and lakes at c5, d5", field)
	}
	if b, err := ParseField(r, field); err != nil || b != s.Board() {
		t.Errorf("ParseField round trip: %v", err)
	}
}

func readDataLines(t *testing.T, name string) []string {
	t.Helper()
	return strings.Fields(string(datatest.ReadFile(t, dataDir+name)))
}

// failures counts rows that fail by reason and keeps an example of each.
type failures struct {
	n       int
	reasons map[string]int
	example map[string]string
}

func (f *failures) add(reason, row string) {
	if f.reasons == nil {
		f.reasons, f.example = map[string]int{}, map[string]string{}
	}
	f.n++
	f.reasons[reason]++
	if _, ok := f.example[reason]; !ok {
		f.example[reason] = row
	}
}

func (f *failures) report(t *testing.T, what string, rows int) {
	t.Helper()
	t.Logf("%s: %d rows, %d failed", what, rows, f.n)
	for reason, n := range f.reasons {
		t.Errorf("%s: %d rows fail: %s (e.g. %s)", what, n, reason, f.example[reason])
	}
}

// TestGravonSetups: every Gravon classic setup is a Classic (and Gravon)
// setup; every Gravon Barrage setup a Barrage one.
func TestGravonSetups(t *testing.T) {
	for _, tc := range []struct {
		file  string
		rules []stratego.Rules
		rows  int
	}{
		{"classic_setups.txt", []stratego.Rules{stratego.Classic(), stratego.Gravon()}, 64920},
		{"barrage_setups.txt", []stratego.Rules{stratego.Barrage()}, 3944},
	} {
		t.Run(tc.file, func(t *testing.T) {
			lines := readDataLines(t, tc.file)
			if len(lines) != tc.rows {
				t.Errorf("%s has %d rows, want %d", tc.file, len(lines), tc.rows)
			}
			for i, r := range tc.rules {
				var f failures
				for _, line := range lines {
					if _, err := ParseSetup(r, line); err != nil {
						f.add(err.Error(), line)
					}
				}
				f.report(t, fmt.Sprintf("%s under rules %d", tc.file, i), len(lines))
			}
		})
	}
}

// TestGravonPositions: the starting field of every Gravon barrage, duell
// and ultimate lightning game splits into two setups, Red's from rows
// 1-4 and Blue's from rows 7-10 turned to its owner's view, that the
// matching preset accepts and that New puts back on the same squares.
func TestGravonPositions(t *testing.T) {
	b := datatest.ReadFile(t, dataDir+"gravon_positions.csv")
	rows, err := csv.NewReader(bytes.NewReader(b)).ReadAll()
	if err != nil {
		t.Fatalf("gravon_positions.csv: %v", err)
	}
	presetOf := map[string]stratego.Rules{"barrage": stratego.Barrage(), "duell": stratego.Duel(), "ultimate lightning": stratego.UltimateLightning()}
	want := map[string]int{"barrage": 3132, "duell": 32, "ultimate lightning": 555}
	count := map[string]int{}
	fails := map[string]*failures{}
	for _, row := range rows[1:] {
		variant, field := row[0], row[1]
		r, ok := presetOf[variant]
		if !ok {
			continue
		}
		count[variant]++
		f := fails[variant]
		if f == nil {
			f = &failures{}
			fails[variant] = f
		}
		board, err := ParseField(r, field)
		if err != nil {
			f.add(err.Error(), field)
			continue
		}
		red, blue := stratego.NewSetup(r), stratego.NewSetup(r)
		outside := false
		for q, p := range board.All() {
			switch {
			case p.Color() == stratego.Red && q.Row() < 4:
				red.Put(q, p.Rank())
			case p.Color() == stratego.Blue && q.Row() >= 6:
				blue.Put(r.Rotate(q), p.Rank())
			default:
				outside = true
			}
		}
		if outside {
			f.add("a piece outside its home rows", field)
			continue
		}
		if _, err := stratego.ParseSetup(r, red.String()); err != nil {
			f.add("red: "+err.Error(), field)
			continue
		}
		if _, err := stratego.ParseSetup(r, blue.String()); err != nil {
			f.add("blue: "+err.Error(), field)
			continue
		}
		s, err := stratego.New(r, red, blue)
		if err != nil {
			f.add(err.Error(), field)
			continue
		}
		if s.Board() != board {
			f.add("New places the pieces elsewhere", field)
		}
		if got := Field(r, s.Board()); got != field {
			f.add("Field differs from the field", field)
		}
	}
	for variant, n := range want {
		if count[variant] != n {
			t.Errorf("%d %s rows, want %d", count[variant], variant, n)
		}
		if f := fails[variant]; f != nil {
			f.report(t, variant, count[variant])
		}
	}
}

// FuzzParseGravonMove: an accepted Gravon move prints back to itself.
func FuzzParseGravonMove(f *testing.F) {
	for _, s := range []string{"A4-A5", "K:-K9", "J1-J2", "A4-A4", "B2-B:"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		m, err := ParseMove(s)
		if err != nil {
			return
		}
		text := Move(m)
		if text == "" {
			t.Fatalf("%q parsed to %v, which Gravon cannot write", s, m)
		}
		if back, err := ParseMove(text); err != nil || back != m {
			t.Fatalf("%q: %v round trips to %v, %v", s, m, back, err)
		}
	})
}

// dataDir is the folder of real game data kept beside the repository,
// not in it; the tests that read it skip when it is
// absent, and fail then when datatest.Env is set (.ci/run sets it).
const dataDir = "../../shared/data/"

// TestErrorsWrapSentinels: bad input makes each reader and converter
// return an error that wraps the named sentinel and carries the
// "stratego: " prefix once.
func TestErrorsWrapSentinels(t *testing.T) {
	badRules := stratego.Classic()
	badRules.Width = 1
	for _, tc := range []struct {
		name string
		f    func() error
		want error
	}{
		{"Outcome", func() error { _, err := Outcome(1, 7); return err }, stratego.ErrMismatch},
		{"ReadXML", func() error { _, err := ReadXML(strings.NewReader("<game")); return err }, stratego.ErrSyntax},
		{"ReadGSN", func() error { _, err := ReadGSN(strings.NewReader("nonsense")); return err }, stratego.ErrSyntax},
		{"Game.Record", func() error { _, err := Game{Type: "classic", End: 1, Winner: 1}.Record(); return err }, stratego.ErrSyntax},
		{"GameOf", func() error { _, err := GameOf(stratego.Record{Rules: badRules}); return err }, stratego.ErrMismatch},
		{"ParseSetup", func() error { _, err := ParseSetup(stratego.Classic(), "ZZ"); return err }, stratego.ErrSyntax},
		{"ParseStraDos3", func() error { _, err := ParseStraDos3(stratego.Classic(), stratego.NoColor, "x r 0"); return err }, stratego.ErrSyntax},
		{"ParseSetup rules", func() error { _, err := ParseSetup(badRules, "MA"); return err }, stratego.ErrRules},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.f()
			if !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
			if msg := err.Error(); !strings.HasPrefix(msg, "stratego: ") || strings.Count(msg, "stratego: ") != 1 {
				t.Errorf("message %q: want the prefix \"stratego: \" once, at the start", msg)
			}
		})
	}
}

// FuzzParseGravonSetup: ParseSetup never panics, fails only with the
// named sentinels, and an accepted setup writes back to its text in its
// own color's letters.
func FuzzParseGravonSetup(f *testing.F) {
	f.Add("BDGFDFDDDBHFLJGKDIFGEHEMCEHBDDIBJEIBHEBG")
	f.Add("AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAM")
	f.Add("MA")
	f.Fuzz(func(t *testing.T, text string) {
		for _, r := range []stratego.Rules{stratego.Classic(), stratego.Barrage()} {
			s, err := ParseSetup(r, text)
			if err != nil {
				if !errors.Is(err, stratego.ErrSyntax) && !errors.Is(err, stratego.ErrSetup) {
					t.Fatalf("ParseSetup(%q) = %v, want ErrSyntax or ErrSetup", text, err)
				}
				continue
			}
			back, err := ParseSetup(r, Setup(r, s, stratego.Red))
			if err != nil || back != s {
				t.Fatalf("%q: setup does not round-trip: %v", text, err)
			}
		}
	})
}
