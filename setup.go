package stratego

import (
	"errors"
	"fmt"
	"math/rand/v2"
)

// Setup is one side's placement before the game, seen from its owner's
// chair: square a1 is the owner's back-left corner, whichever side it
// plays, so the same setup serves Red and Blue ([New] turns Blue's to
// face Red). It is a value that also records the board width and the
// numbering of the rules it was made for, which its text form uses.
type Setup struct {
	width, rows uint8
	num         Numbering
	ranks       [MaxSquares]Rank
}

// inNumbering returns s with its text form in numbering n: the same
// ranks on the same squares. The zero Setup stays zero.
func inNumbering(s Setup, n Numbering) Setup {
	if s != (Setup{}) {
		s.num = n
	}
	return s
}

// NewSetup returns an empty setup for the rules r.
func NewSetup(r Rules) Setup {
	s := Setup{width: uint8(clamp(r.Width, 1, MaxSize)), num: r.Numbering, rows: 1}
	for q := range r.Zone.All() {
		if q.Row()+1 > int(s.rows) {
			s.rows = uint8(q.Row() + 1)
		}
	}
	return s
}

func clamp(x, lo, hi int) int {
	return min(max(x, lo), hi)
}

// At returns the rank placed on sq (owner's view), or NoRank.
func (s Setup) At(sq Square) Rank {
	if !sq.IsValid() {
		return NoRank
	}
	return s.ranks[sq.Index()]
}

// Put places rank rk on sq (owner's view); NoRank empties the square.
// Invalid squares are ignored; [Rules.CheckSetup] judges the result.
func (s *Setup) Put(sq Square, rk Rank) {
	if sq.IsValid() {
		s.ranks[sq.Index()] = rk
		if sq.Row() >= int(s.rows) {
			s.rows = uint8(sq.Row() + 1)
		}
		if sq.File() >= int(s.width) {
			s.width = uint8(sq.File() + 1)
		}
	}
}

// Army returns how many pieces of each rank the setup places.
func (s Setup) Army() Army {
	var a Army
	for _, rk := range s.ranks {
		if rk.IsValid() {
			a[rk]++
		}
	}
	return a
}

// CheckSetup reports whether s is a legal setup under r: every piece on a
// square of the zone, exactly the pieces of r.Army, and every zone square
// filled when r.FillZone is set. The error is a *[SetupError] that says
// what is wrong, or the *[RulesError] of invalid rules.
func (r Rules) CheckSetup(s Setup) error {
	if err := r.Validate(); err != nil {
		return err
	}
	return r.checkSetup(NoColor, s)
}

func (r Rules) checkSetup(c Color, s Setup) error {
	for i, rk := range s.ranks {
		if rk == NoRank {
			continue
		}
		sq := Square(i + 1)
		if !rk.IsValid() {
			return &SetupError{Color: c, Square: sq, Reason: "not a real rank"}
		}
		if !r.Zone.Has(sq) {
			return &SetupError{Color: c, Square: sq, Reason: "outside the setup zone"}
		}
	}
	if have := s.Army(); have != r.Army {
		return &SetupError{Color: c, Reason: armyDiff(have, r.Army)}
	}
	return nil
}

// armyDiff says how the army have differs from want, the Flag first,
// then each other rank in order: "2 flags, want 1; 5 bombs, want 6".
func armyDiff(have, want Army) string {
	var b []byte
	for i := Spy; i <= Flag; i++ {
		rk := i - 1 // the Flag first, then from the Spy
		if i == Spy {
			rk = Flag
		}
		if have[rk] == want[rk] {
			continue
		}
		if len(b) > 0 {
			b = append(b, "; "...)
		}
		b = fmt.Appendf(b, "%s, want %d", countOf(int(have[rk]), rk), want[rk])
	}
	return string(b)
}

// countOf writes n pieces of rank rk: "no flag", "1 flag", "2 flags".
func countOf(n int, rk Rank) string {
	if n > 1 && rk == Spy {
		return fmt.Sprintf("%d spies", n)
	}
	switch n {
	case 0:
		return "no " + rk.String()
	case 1:
		return "1 " + rk.String()
	}
	return fmt.Sprintf("%d %ss", n, rk)
}

// String returns the setup's text form: its rows from the owner's back
// row forward, separated by "/", each with one character per file a, b, …
// — the rank's label in the setup's numbering ([Numbering.Char]) or "."
// for an empty square. A Classic setup is four rows of ten:
// "616B252538/B824423329/5624335B77/72BB642BXF" has a Spy on b1 and
// its Flag on j4, in the front row beside the Marshal (X) on i4. (The
// rows of a [Position] and of [State.Picture] run the other way, from
// the top of the board down.)
//
// A setup holding a value that is no rank, which only a program's error
// can put there, prints that square as "!".
func (s Setup) String() string {
	b := make([]byte, 0, int(s.rows)*(int(s.width)+1))
	for row := 0; row < int(s.rows); row++ {
		if row > 0 {
			b = append(b, '/')
		}
		for f := 0; f < int(s.width); f++ {
			b = append(b, s.num.Char(s.ranks[row*MaxSize+f]))
		}
	}
	return string(b)
}

// AppendText implements [encoding.TextAppender]: it appends the text of
// [Setup.String]. The zero Setup (of no rules) appends nothing, and a
// setup holding a value that is no rank fails with [ErrInvalid].
func (s Setup) AppendText(b []byte) ([]byte, error) {
	for row := 0; row < int(s.rows); row++ {
		if row > 0 {
			b = append(b, '/')
		}
		for f := 0; f < int(s.width); f++ {
			rk := s.ranks[row*MaxSize+f]
			if rk != NoRank && !rk.IsValid() {
				return b, fmt.Errorf("%w: setup: rank %d on %v", ErrInvalid, rk, SquareAt(f, row))
			}
			b = append(b, s.num.Char(rk))
		}
	}
	return b, nil
}

// MarshalText implements [encoding.TextMarshaler] with
// [Setup.AppendText], so that a Setup encodes as a JSON string.
func (s Setup) MarshalText() ([]byte, error) { return s.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler]. It reads the text
// form of [Setup.String] in the numbering *s already has: NumberingISF
// for the zero Setup, and the rules' for a setup made by [NewSetup]
// (make the target so before decoding Vintage labels, as the text does
// not say its numbering). It reads the rows and labels only (one to
// MaxSize rows of one to MaxSize squares each, all of one length, with
// rank labels or "."): whether the setup fits some rules is for
// [Rules.CheckSetup] and [New] to say, or use [ParseSetup], which checks
// it against the rules. The empty text gives the zero Setup. An error
// is a *[ParseError] and leaves *s unchanged.
func (s *Setup) UnmarshalText(text []byte) error {
	if len(text) == 0 {
		*s = Setup{}
		return nil
	}
	n := s.num
	perr := func(at int, want string) error { return parseErr("setup", string(text), at, want) }
	label := "a rank label in " + n.String() + " numbering or \".\""
	rowEnd := func(at, row, f, width int) error {
		switch {
		case f == 0:
			return perr(at, label)
		case row > 0 && f != width:
			return perr(at, fmt.Sprintf("%d squares in row %d, as in row 1", width, row+1))
		}
		return nil
	}
	out := Setup{num: n}
	row, f, width := 0, 0, 0
	for i, ch := range text {
		switch {
		case ch == '/':
			if err := rowEnd(i, row, f, width); err != nil {
				return err
			}
			width, row, f = f, row+1, 0
			if row >= MaxSize {
				return perr(i, fmt.Sprintf("at most %d rows", MaxSize))
			}
			continue
		case row > 0 && f >= width:
			return perr(i, fmt.Sprintf(`"/" or the end after %d squares, as in row 1`, width))
		case f >= MaxSize:
			return perr(i, fmt.Sprintf(`"/" after at most %d squares`, MaxSize))
		case ch != '.':
			rk, ok := n.rankOf(ch)
			if !ok || rk == Unknown {
				return perr(i, label)
			}
			out.ranks[row*MaxSize+f] = rk
		}
		f++
	}
	if err := rowEnd(len(text), row, f, width); err != nil {
		return err
	}
	out.width, out.rows = uint8(f), uint8(row+1)
	*s = out
	return nil
}

// ParseSetup parses the text form of [Setup.String] under r (rank labels in
// r.Numbering; lower case accepted) and checks the result with
// [Rules.CheckSetup]. The text has one to r.Height rows of exactly
// r.Width characters.
func ParseSetup(r Rules, text string) (Setup, error) {
	if err := r.Validate(); err != nil {
		return Setup{}, err
	}
	s := NewSetup(r)
	row, f := 0, 0
	for i := 0; i < len(text); i++ {
		ch := text[i]
		if ch == '/' {
			if f != r.Width {
				return Setup{}, parseErr("setup", text, i, fmt.Sprintf("%d squares in row %d", r.Width, row+1))
			}
			row, f = row+1, 0
			if row >= r.Height {
				return Setup{}, parseErr("setup", text, i, fmt.Sprintf("at most %d rows", r.Height))
			}
			continue
		}
		if f >= r.Width {
			return Setup{}, parseErr("setup", text, i, `"/" after a full row`)
		}
		if ch != '.' {
			rk, ok := r.Numbering.rankOf(ch)
			if !ok || rk == Unknown {
				return Setup{}, parseErr("setup", text, i, "a rank label in "+r.Numbering.String()+" numbering or \".\"")
			}
			s.Put(SquareAt(f, row), rk)
		}
		f++
	}
	if f != r.Width {
		return Setup{}, parseErr("setup", text, len(text), fmt.Sprintf("%d squares in row %d", r.Width, row+1))
	}
	if err := r.checkSetup(NoColor, s); err != nil {
		return Setup{}, err
	}
	return s, nil
}

// MustParseSetup is like ParseSetup but panics on error. It is meant for
// tests and examples with constant input.
func MustParseSetup(r Rules, text string) Setup {
	s, err := ParseSetup(r, text)
	if err != nil {
		panic(err)
	}
	return s
}

// RandomSetup returns a setup of r's army on random squares of its zone,
// every arrangement equally likely, drawn from rng (a nil rng draws from
// the global source of math/rand/v2). It never panics: when r is not
// valid (see [Rules.Validate]) it returns the empty setup of
// [NewSetup], which [New] and [Rules.CheckSetup] then reject with the
// *[RulesError] that says what is wrong with r.
func RandomSetup(r Rules, rng *rand.Rand) Setup {
	s := NewSetup(r)
	if r.Validate() != nil {
		return s
	}
	var buf [MaxSquares]Square
	sqs := buf[:0]
	for q := range r.Zone.All() {
		sqs = append(sqs, q)
	}
	swap := func(i, j int) { sqs[i], sqs[j] = sqs[j], sqs[i] }
	if rng != nil {
		rng.Shuffle(len(sqs), swap)
	} else {
		rand.Shuffle(len(sqs), swap)
	}
	i := 0
	for rk := Spy; rk <= Flag; rk++ {
		for n := 0; n < int(r.Army[rk]); n++ {
			s.ranks[sqs[i].Index()] = rk
			i++
		}
	}
	return s
}

// Setups returns the two setups that a board at the start of a game
// holds under r: the pieces of each side, each setup in its owner's chair
// (Blue's turned 180°, as [New] turns it back), so that
// New(r, red, blue) starts from b. Protocols that send a board instead of
// setups (the UCC 2012 evaluator's setup rows and logs) read setups this
// way. The error is the *[SetupError] of a piece outside its side's zone
// or of a setup that r does not allow ([Rules.CheckSetup]), or the
// *[RulesError] of invalid rules.
func (b Board) Setups(r Rules) (red, blue Setup, err error) {
	if err := r.Validate(); err != nil {
		return Setup{}, Setup{}, err
	}
	red, blue = NewSetup(r), NewSetup(r)
	for i, p := range b.pieces {
		if p == 0 {
			continue
		}
		sq := SquareFromIndex(i)
		c := p.Color()
		if !c.IsValid() || !r.ZoneOf(c).Has(sq) {
			return Setup{}, Setup{}, &SetupError{Color: c, Square: sq, Reason: "piece outside its setup zone"}
		}
		if c == Red {
			red.Put(sq, p.Rank())
		} else {
			blue.Put(r.Rotate(sq), p.Rank())
		}
	}
	for _, s := range []struct {
		c Color
		s Setup
	}{{Red, red}, {Blue, blue}} {
		if err := r.CheckSetup(s.s); err != nil {
			var se *SetupError
			if errors.As(err, &se) && se.Color == NoColor {
				se.Color = s.c
			}
			return Setup{}, Setup{}, err
		}
	}
	return red, blue, nil
}
