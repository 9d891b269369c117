package stratego

import (
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
	have := s.Army()
	for rk := Spy; rk <= Flag; rk++ {
		if have[rk] != r.Army[rk] {
			return &SetupError{Color: c, Reason: fmt.Sprintf("%d of rank %s, want %d", have[rk], rk, r.Army[rk])}
		}
	}
	return nil
}

// String returns the setup's text form: its rows from the owner's back
// row forward, separated by "/", each with one character per file a, b, …
// — the rank's label in the setup's numbering ([Numbering.Char]) or "."
// for an empty square. A Classic setup is four rows of ten:
// "616B252538/B824423329/5624335B77/72BB642BXF" has a Spy on b1 and
// its Flag on j4, in the front row beside the Marshal (X) on i4. (The
// rows of a [Position] and of [State.Picture] run the other way, from
// the top of the board down.)
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
			rk, ok := r.Numbering.RankOf(ch)
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
