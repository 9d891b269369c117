package termboard

import (
	"errors"
	"fmt"
	"math/rand/v2"
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
)

// TestSetupSquareIsHowNewPlacesBlue: a setup drawn for Blue puts each
// rank where stratego.New will, under every preset (the squares of the
// setup step are the squares of the game).
func TestSetupSquareIsHowNewPlacesBlue(t *testing.T) {
	for _, name := range []string{"classic", "barrage", "duel", "duel-hasbro", "ultimate-lightning", "quick-battle", "vintage"} {
		r, _ := stratego.Preset(name)
		rng := rand.New(rand.NewPCG(1, 2))
		red, blue := stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng)
		s, err := stratego.New(r, red, blue)
		if err != nil {
			t.Fatal(err)
		}
		for c, su := range map[stratego.Color]stratego.Setup{stratego.Red: red, stratego.Blue: blue} {
			for sq := range r.ZoneOf(c).All() {
				p, ok := s.At(sq)
				want := stratego.NoRank
				if ok {
					want = p.Rank()
				}
				if got := su.At(SetupSquare(r, c, sq)); got != want {
					t.Errorf("%s %v %v: setup has %v, the game %v", name, c, sq, got, want)
				}
				if back := SetupSquare(r, c, SetupSquare(r, c, sq)); back != sq {
					t.Errorf("%s %v: SetupSquare is not its own inverse at %v: %v", name, c, sq, back)
				}
			}
		}
	}
}

func TestRefusalNamesTheRule(t *testing.T) {
	r := stratego.Classic()
	for _, tc := range []struct {
		err  error
		want string
	}{
		{stratego.ErrTwoSquares, "Two-Squares Rule: a piece may not move more than 3 times"},
		{stratego.ErrMoreSquares, "More-Squares Rule: while you chase"},
		{stratego.ErrGameOver, "game is over"},
		{stratego.ErrRescue, "rescue"},
		{stratego.ErrOffBoard, "lake"},
		{stratego.ErrNoPiece, "no piece"},
		{stratego.ErrNotYourPiece, "enemy's"},
		{stratego.ErrImmovable, "bombs and the flag never move"},
		{stratego.ErrBadDirection, "never diagonally"},
		{stratego.ErrBlocked, "blocked"},
		{stratego.ErrOwnPiece, "your own piece"},
		{stratego.ErrNoStrike, "move and strike"},
		{stratego.ErrInvalid, "not a move"},
		{errors.New("something else"), "something else"},
	} {
		err := &stratego.MoveError{Move: stratego.MustParseMove("a4-a5"), Err: tc.err}
		if got := Refusal(r, err); !strings.Contains(got, tc.want) {
			t.Errorf("Refusal(%v) = %q, want it to contain %q", tc.err, got, tc.want)
		}
	}
}

// attackEvent plays moves from a board and returns the event of the last.
func event(t *testing.T, r stratego.Rules, placement map[string]string, moves ...string) stratego.State {
	t.Helper()
	var b stratego.Board
	for sq, p := range placement {
		piece, err := stratego.ParsePiece(p)
		if err != nil {
			t.Fatal(err)
		}
		b.Put(stratego.MustParseSquare(sq), piece)
	}
	s, err := stratego.FromBoard(r, b, stratego.Red)
	if err != nil {
		t.Fatal(err)
	}
	for _, m := range moves {
		if s, _, err = s.Apply(stratego.MustParseMove(m)); err != nil {
			t.Fatal(err)
		}
	}
	return s
}

func TestDescribe(t *testing.T) {
	flags := map[string]string{"a1": "red flag", "j10": "blue flag", "a2": "red bomb", "j9": "blue bomb"}
	with := func(more map[string]string) map[string]string {
		m := map[string]string{}
		for k, v := range flags {
			m[k] = v
		}
		for k, v := range more {
			m[k] = v
		}
		return m
	}
	classic := stratego.Classic()
	silent := stratego.Classic()
	silent.Info = stratego.InfoSilentDefense
	for _, tc := range []struct {
		name      string
		rules     stratego.Rules
		placement map[string]string
		moves     []string
		viewer    stratego.Color
		want      string
	}{
		{"quiet move, mover", classic, with(map[string]string{"e4": "red major", "e7": "blue general"}), []string{"e4-e5"}, stratego.Red,
			"You moved your major (7) e4-e5."},
		{"quiet move, enemy", classic, with(map[string]string{"e4": "red major", "e7": "blue general"}), []string{"e4-e5"}, stratego.Blue,
			"Red moved a hidden piece e4-e5."},
		{"attack lost", classic, with(map[string]string{"e4": "red major", "e5": "blue general"}), []string{"e4-e5"}, stratego.Red,
			"Your major (7) e4xe5 attacks Blue's general (9): the general wins, your major is removed."},
		{"attack won, onlooker", classic, with(map[string]string{"e4": "red general", "e5": "blue major"}), []string{"e4-e5"}, stratego.NoColor,
			"Red's general (9) e4xe5 attacks Blue's major (7): the general wins, Blue's major is removed. Game over: red wins (no legal move)."},
		{"tie", classic, with(map[string]string{"e4": "red major", "e5": "blue major"}), []string{"e4-e5"}, stratego.Blue,
			"Red's major (7) e4xe5 attacks your major (7): equal ranks: both pieces are removed. Game over: draw (neither side can move)."},
		{"bomb", classic, with(map[string]string{"j8": "red major", "e5": "blue major"}), []string{"j8-j9"}, stratego.Red,
			"Your major (7) j8xj9 attacks Blue's bomb: the bomb destroys your major."},
		{"miner", classic, with(map[string]string{"j8": "red miner", "e5": "blue major"}), []string{"j8-j9"}, stratego.Red,
			"Your miner (3) j8xj9 attacks Blue's bomb: the miner defuses the bomb."},
		{"spy", classic, with(map[string]string{"e4": "red spy", "e5": "blue marshal"}), []string{"e4-e5"}, stratego.Red,
			"Your spy (1) e4xe5 attacks Blue's marshal (10): the spy takes the marshal. Game over: you win (no legal move)."},
		{"flag", classic, with(map[string]string{"j8": "red scout", "e5": "blue major", "j9": ""}), []string{"j8-j10"}, stratego.Blue,
			"Red's scout (2) j8xj10 attacks your flag: the flag is captured. Game over: you lose (flag captured)."},
		{"silent defense", silent, with(map[string]string{"e4": "red major", "e5": "blue general"}), []string{"e4-e5"}, stratego.Red,
			"Your major (7) e4xe5 attacks Blue's hidden piece: the defender holds and stays hidden, your major is removed."},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := map[string]string{}
			for k, v := range tc.placement {
				if v != "" {
					p[k] = v
				}
			}
			s := event(t, tc.rules, p, tc.moves...)
			ev := s.LastEvent()
			if tc.viewer != stratego.NoColor {
				ev = s.View(tc.viewer).LastEvent()
			}
			if got := (Style{}).Describe(ev, tc.viewer, tc.rules.Numbering); got != tc.want {
				t.Errorf("got  %q\nwant %q", got, tc.want)
			}
		})
	}
}

// TestViewShowsOnlyTheView draws the views of many random states and
// checks each enemy cell against the view: a hidden rank is "?".
func TestViewShowsOnlyTheView(t *testing.T) {
	for _, name := range []string{"classic", "barrage", "ultimate-lightning", "quick-battle", "vintage"} {
		r, _ := stratego.Preset(name)
		rng := rand.New(rand.NewPCG(3, 4))
		s, err := stratego.New(r, stratego.RandomSetup(r, rng), stratego.RandomSetup(r, rng))
		if err != nil {
			t.Fatal(err)
		}
		var moves []stratego.Move
		for ply := 0; ply < 300 && !s.Outcome().IsOver(); ply++ {
			for _, me := range []stratego.Color{stratego.Red, stratego.Blue} {
				v := s.View(me)
				checkDrawing(t, v, s, (Style{}).View(v))
			}
			moves = s.AppendLegalMoves(moves[:0])
			s, _, _ = s.Apply(moves[rng.IntN(len(moves))])
		}
	}
}

// checkDrawing reads the cells of a drawing and compares them with the
// view; hidden enemy ranks must print as "?".
func checkDrawing(t *testing.T, v stratego.View, s stratego.State, text string) {
	t.Helper()
	lines := strings.Split(text, "\n")
	r := v.Rules()
	header := lines[0]
	for row := 0; row < r.Height; row++ {
		line := lines[1+row]
		var rowNum int
		fmt.Sscan(line[:4], &rowNum)
		for j := 0; j < r.Width; j++ {
			sq := stratego.SquareAt(int(header[4+4*j+2]-'a'), rowNum-1)
			cell := line[4+4*j+1 : 4+4*j+4]
			p, ok := v.At(sq)
			truth, _ := s.At(sq)
			switch {
			case r.Lakes.Has(sq) || !ok:
			case p.Color() != v.Player() && p.Rank() == stratego.Unknown:
				if cell[1] != '?' {
					t.Fatalf("%v sees %v on %v as %q", v.Player(), truth, sq, cell)
				}
			case cell[1] != r.Numbering.Char(truth.Rank()):
				t.Fatalf("%v: %v drawn %q", sq, truth, cell)
			}
		}
	}
}

func TestStripANSI(t *testing.T) {
	st := Style{Color: true}
	if got := StripANSI(st.Side(stratego.Red) + " and " + st.Bold("x")); got != "red and x" {
		t.Errorf("got %q", got)
	}
}
