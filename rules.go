package stratego

import (
	"fmt"
	"iter"
	"math/bits"
)

// ScoutRule says whether a scout may attack at the end of a slide.
type ScoutRule uint8

const (
	// ScoutMoveAndStrike lets a scout slide and attack the first enemy
	// piece at the end of its line in the same move (modern rules).
	ScoutMoveAndStrike ScoutRule = iota
	// ScoutStrikeAdjacent lets a scout attack only an adjacent piece (old
	// Milton Bradley rules); it still slides over empty squares.
	ScoutStrikeAdjacent
)

// TieRule says what happens when equal ranks fight.
type TieRule uint8

const (
	// TieBothRemoved removes both pieces (standard).
	TieBothRemoved TieRule = iota
	// TieAttackerWins removes the defender and moves the attacker in
	// (Ultimate Lightning, a house rule).
	TieAttackerWins
)

// BombRule says what happens to a bomb that destroys an attacker.
type BombRule uint8

const (
	// BombPermanent keeps the bomb on the board (standard).
	BombPermanent BombRule = iota
	// BombOneTime removes the bomb together with the attacker it
	// destroys (Ultimate Lightning, a house rule).
	BombOneTime
)

// InfoRule says which ranks are shown to the opponent.
type InfoRule uint8

const (
	// InfoStandard reveals both pieces of a combat to both players
	// (RULES.md 8).
	InfoStandard InfoRule = iota
	// InfoSilentDefense reveals the attacker; the defender's rank is
	// shown only if the defender loses.
	InfoSilentDefense
	// InfoOpenFaced shows every rank to both players all the time.
	InfoOpenFaced
)

// MoreSquaresRule selects the More-Squares (chasing) rule, RULES.md 6.2.
type MoreSquaresRule uint8

const (
	// MoreSquaresOff turns the chasing rule off.
	MoreSquaresOff MoreSquaresRule = iota
	// MoreSquaresChase compares a chasing move's board with the boards of
	// the current chase (the default of Classic).
	MoreSquaresChase
	// MoreSquaresGame compares a chasing move's board with every board
	// since the last attack.
	MoreSquaresGame
)

// MaxTwoSquares is the largest Two-Squares limit Rules accepts.
const MaxTwoSquares = 8

// MaxRescues is the largest number of rescues per side Rules accepts.
const MaxRescues = MaxSquares

// MaxPlyCap is the largest value Rules accepts for MaxPlies and
// MaxPliesWithoutAttack.
const MaxPlyCap = 1<<31 - 1

// Rules is every setting of a game: the board, the army, the labels, each
// rule that varies between published variants and house rules, the
// repetition rules and the move caps, as a plain comparable value (the
// section "Rules and variants" of the package doc: presets, house rules,
// custom variants). The zero Rules is not valid; each field's comment
// gives its value in Classic. Every function that takes a Rules value
// ([New], [FromBoard], [ParseSetup], [Rules.CheckSetup], …) validates it
// first and returns the *[RulesError] of an invalid value; [RandomSetup],
// which returns no error, returns an empty setup instead. The text form
// ("gravon,maxplies=2000") is in the section "Rules text".
type Rules struct {
	// Width and Height of the board, 2–10 each (Classic 10×10). The
	// board is the rectangle of squares with file < Width and row <
	// Height, anchored at a1 (Red's back-left corner).
	Width, Height int
	// Lakes are squares (as they are, not turned for Blue) no piece may
	// enter or cross, scouts and Captains included (Classic: c5 d5 c6 d6
	// and g5 h5 g6 h6). They must lie on the board and outside both
	// setup zones.
	Lakes SquareSet
	// Zone is where a side sets up, as its owner sees the board: Red's
	// squares as they are, Blue's turned 180° (Classic: rows 1–4, a1–j4,
	// so Blue sets up on rows 7–10). It must be on the board, not
	// empty, and must not overlap its turned copy. [Rules.ZoneOf] gives
	// the squares of each side.
	Zone SquareSet
	// FillZone requires a setup to put a piece on every square of its
	// zone, so the army must have exactly as many pieces as the zone has
	// squares (Classic true); when false the army goes on any subset of
	// the zone (Barrage, Duel, Ultimate Lightning, Quick Battle).
	FillZone bool
	// Army is how many pieces of each rank a side has (Classic: the
	// 40 pieces of RULES.md section 2). It must have exactly one Flag, no
	// NoRank entry, and no more pieces than the zone has squares. An
	// army of nothing but bombs and its flag is valid; such a game is
	// drawn at once ([NeitherCanMove]).
	Army Army
	// Numbering labels the ranks in every text form: setups, pictures,
	// positions, views and records (Classic [NumberingISF]; Vintage
	// [NumberingVintage]). It changes nothing in the play.
	Numbering Numbering
	// Scouts says whether a scout may strike at the end of a slide
	// (Classic ScoutMoveAndStrike; Vintage ScoutStrikeAdjacent, where a
	// longer attack fails with ErrNoStrike).
	Scouts ScoutRule
	// Ties says what happens when equal ranks fight (Classic
	// TieBothRemoved; Ultimate Lightning TieAttackerWins).
	Ties TieRule
	// Bombs says whether a bomb survives destroying an attacker (Classic
	// BombPermanent; Ultimate Lightning BombOneTime).
	Bombs BombRule
	// Info says which ranks are revealed (Classic InfoStandard).
	Info InfoRule
	// CaptainsMoveTwo lets a Captain move up to two squares: one step,
	// two steps in a straight line, or a step and a turn to a square
	// diagonal to where it started ([Move.Via] names the square it
	// passes), over an empty first square only; it may attack on either
	// step, and an attack ends the move (Ultimate Lightning; Classic
	// false).
	CaptainsMoveTwo bool
	// Rescues is how many rescues each side may make in a game, 0–
	// [MaxRescues] (Classic 0, Ultimate Lightning 2): a piece that
	// reaches the enemy's back row brings a captured piece back (the
	// section "Rules followed" of the package doc).
	Rescues int
	// TwoSquares is the limit N of the Two-Squares Rule, RULES.md 6.1: no
	// piece may cross the same square boundary in more than N moves of a
	// row. 0 turns it off (Classic 3, Gravon 5, at most [MaxTwoSquares]).
	TwoSquares int
	// MoreSquares selects the chasing rule, RULES.md 6.2 (Classic
	// MoreSquaresChase, Gravon MoreSquaresOff).
	MoreSquares MoreSquaresRule
	// MaxPlies ends the game in a draw ([PlyCap]) once that many plies
	// have been played since the start, checked after each turn (a
	// move that earns a rescue is checked after the rescue); 0 is off
	// (Classic 0, at most [MaxPlyCap]).
	MaxPlies int
	// MaxPliesWithoutAttack ends the game in a draw ([NoAttackCap]) once
	// that many plies in a row were not attacks (as for MaxPlies, a move
	// that earns a rescue is checked after the rescue, which is one more
	// such ply); 0 is off (Classic 0, at most [MaxPlyCap]).
	MaxPliesWithoutAttack int
	// Attrition ends the game as soon as a side has no piece of a
	// movable rank left, after any ply and at the start, walled in or
	// not: the other side wins ([NoMovablePiece]), or it is a draw
	// ([NeitherCanMove]) when neither has one; it is checked after a
	// captured flag and before the caps. This is the rule of the UCC 2012
	// evaluator (docs/ucc2012.md sections 6.2 and 6.4), whose games it replays with
	// their own end. When false (Classic), a side without movable pieces
	// loses only when it must move ([NoLegalMove]), and a walled-in side
	// loses the same way.
	Attrition bool
}

func rows(w, r0, r1 int) SquareSet { return Rect(0, r0, w-1, r1) }

// classicLakes are c5 d5 c6 d6 and g5 h5 g6 h6.
var classicLakes = Rect(2, 4, 3, 5).Union(Rect(6, 4, 7, 5))

// Classic returns the rules of classic Stratego as played under ISF and
// Jumbo rules (RULES.md sections 1–6): a 10×10 board with the lakes c5 d5
// c6 d6 and g5 h5 g6 h6, the 40 pieces of RULES.md section 2 filling the four
// home rows, ISF numbering, scouts that move and strike, equal ranks both
// removed, permanent bombs, standard information, Two-Squares limit 3,
// the More-Squares Rule in chase scope, and no move caps: MaxPlies and
// MaxPliesWithoutAttack are 0, as in every preset, so a game ends only
// by its rules (a loop of random moves may run for thousands of plies);
// set MaxPlies for a draw after that many.
func Classic() Rules {
	return Rules{
		Width: 10, Height: 10,
		Lakes:       classicLakes,
		Zone:        rows(10, 0, 3),
		FillZone:    true,
		Army:        classicArmy(),
		Numbering:   NumberingISF,
		TwoSquares:  3,
		MoreSquares: MoreSquaresChase,
	}
}

// Gravon returns Classic as played on the Gravon server: a Two-Squares
// limit of 5 (the server's "5 consecutive turns") and no More-Squares
// Rule, which its rules do not have.
func Gravon() Rules {
	r := Classic()
	r.TwoSquares = 5
	r.MoreSquares = MoreSquaresOff
	return r
}

// Barrage returns the 8-piece Barrage variant: Flag, Bomb, Spy, two
// Scouts, Miner, General and Marshal on any 8 of the 40 home squares;
// otherwise Classic. (Gravon played every variant under its own
// repetition rule: to replay its games, set TwoSquares and MoreSquares
// as [Gravon] does.)
func Barrage() Rules {
	r := Classic()
	r.Army = Army{Flag: 1, Bomb: 1, Spy: 1, Scout: 2, Miner: 1, General: 1, Marshal: 1}
	r.FillZone = false
	return r
}

func duelArmy() Army {
	return Army{Flag: 1, Bomb: 2, Spy: 1, Scout: 2, Miner: 2, General: 1, Marshal: 1}
}

// Duel returns Jumbo's Duel (Gravon "duell"): 10 pieces per side (Flag,
// 2 Bombs, Spy, 2 Scouts, 2 Miners, General, Marshal) on any squares of
// the four home rows; otherwise Classic.
func Duel() Rules {
	r := Classic()
	r.Army = duelArmy()
	r.FillZone = false
	return r
}

// DuelHasbro returns Hasbro's Duel: the Duel army set up on any squares
// of the first three rows only (a1–j3); otherwise Classic.
func DuelHasbro() Rules {
	r := Duel()
	r.Zone = rows(10, 0, 2)
	return r
}

// UltimateLightning returns Ultimate Lightning: 20 pieces per side (Flag,
// Spy, 4 Scouts, 2 Miners, 2 Sergeants, 2 Lieutenants, 2 Captains, Major,
// Colonel, General, Marshal, 2 Bombs) on any squares of the four home
// rows; the attacker wins ties, bombs are one-time, Captains move up to
// two squares, and each side has two rescues (see [Rules.Rescues]);
// otherwise Classic.
func UltimateLightning() Rules {
	r := Classic()
	r.Army = Army{Flag: 1, Spy: 1, Scout: 4, Miner: 2, Sergeant: 2, Lieutenant: 2,
		Captain: 2, Major: 1, Colonel: 1, General: 1, Marshal: 1, Bomb: 2}
	r.FillZone = false
	r.Ties = TieAttackerWins
	r.Bombs = BombOneTime
	r.CaptainsMoveTwo = true
	r.Rescues = 2
	return r
}

// QuickBattle returns Quick Battle: an 8×8 board with the lakes c4 c5 f4
// f5, the Duel army on any squares of the three home rows (a1–h3, so
// Blue sets up on rows 6–8); otherwise Classic.
func QuickBattle() Rules {
	r := Duel()
	r.Width, r.Height = 8, 8
	r.Lakes = Rect(2, 3, 2, 4).Union(Rect(5, 3, 5, 4)) // c4 c5 f4 f5
	r.Zone = rows(8, 0, 2)
	return r
}

// Vintage returns the Milton Bradley rules: Classic with Vintage
// numbering (1 = Marshal, S = Spy) in every text form, and scouts that
// may attack only an adjacent piece (they still slide over empty
// squares).
func Vintage() Rules {
	r := Classic()
	r.Numbering = NumberingVintage
	r.Scouts = ScoutStrikeAdjacent
	return r
}

// Squares returns the set of playable squares: the board rectangle less the
// lakes.
func (r Rules) Squares() SquareSet {
	w, h := r.Width, r.Height
	if w < 0 {
		w = 0
	}
	if h < 0 {
		h = 0
	}
	return Rect(0, 0, w-1, h-1).Intersect(SquareSet{^r.Lakes[0], ^r.Lakes[1]})
}

// OnBoard reports whether sq is a playable square (on the board, not a
// lake).
func (r Rules) OnBoard(sq Square) bool {
	return sq.IsValid() && sq.File() < r.Width && sq.Row() < r.Height && !r.Lakes.Has(sq)
}

// Neighbors returns the playable squares next to sq, one step Up, Right,
// Down and Left in that order; those off the board or in a lake are left
// out. sq itself need not be playable (a lake has neighbours too); an
// invalid square has none. Pieces do not matter: the squares are those of
// the board r describes.
func (r Rules) Neighbors(sq Square) iter.Seq[Square] {
	on := r.Squares()
	return func(yield func(Square) bool) {
		for _, d := range [...]Direction{Up, Right, Down, Left} {
			if q := sq.Step(d, 1); on.Has(q) && !yield(q) {
				return
			}
		}
	}
}

// ZoneOf returns the squares of c's setup zone on the board: Zone for
// Red, Zone turned 180° for Blue, and no squares for NoColor.
func (r Rules) ZoneOf(c Color) SquareSet {
	switch c {
	case Red:
		return r.Zone
	case Blue:
		return r.rotateSet(r.Zone)
	}
	return SquareSet{}
}

// rotateSet returns the squares of s turned as Rotate turns each (those
// off the board dropped). On a board of w×h squares the square of index
// i goes to k-i, k = 10(h-1) + w-1: the set reversed bit by bit, then
// shifted down by 127-k.
func (r Rules) rotateSet(s SquareSet) SquareSet {
	if r.Width < 1 || r.Width > MaxSize || r.Height < 1 || r.Height > MaxSize {
		var t SquareSet
		for q := range s.All() {
			t = t.With(r.Rotate(q))
		}
		return t
	}
	on := Rect(0, 0, r.Width-1, r.Height-1)
	lo, hi := bits.Reverse64(s[1]&on[1]), bits.Reverse64(s[0]&on[0])
	n := uint(127 - (MaxSize*(r.Height-1) + r.Width - 1)) // 28 to 127
	if n >= 64 {
		return SquareSet{hi >> (n - 64), 0}
	}
	return SquareSet{lo>>n | hi<<((64-n)&63), hi >> n}
}

// Rotate returns the square that q becomes when r's board is turned
// 180° (file f and row w become r.Width-1-f and r.Height-1-w): how
// Blue's own view of the board, and Blue's setup, map onto the board.
// It returns NoSquare for a square off r's board rectangle (lakes are
// on it). Rotating twice gives q back.
func (r Rules) Rotate(q Square) Square {
	if !q.IsValid() || q.File() >= r.Width || q.Row() >= r.Height {
		return NoSquare
	}
	return SquareAt(r.Width-1-q.File(), r.Height-1-q.Row())
}

func rulesErr(field, format string, args ...any) error {
	return &RulesError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// Validate reports whether r describes a playable game. The error is a
// *[RulesError] (it wraps [ErrRules]) naming the first field at fault and
// why: a board size outside 2–[MaxSize]; lakes off the board; a zone off
// the board, empty, overlapping the opponent's zone or holding a lake;
// an army without exactly one Flag, with a NoRank count, or larger than
// the zone (or, with FillZone, not exactly its size); an enum value that
// names no rule; a count that is negative or too large.
func (r Rules) Validate() error {
	if r.Width < 2 || r.Width > MaxSize {
		return rulesErr("Width", "%d is outside 2-%d", r.Width, MaxSize)
	}
	if r.Height < 2 || r.Height > MaxSize {
		return rulesErr("Height", "%d is outside 2-%d", r.Height, MaxSize)
	}
	if off := r.offBoard(r.Lakes); !off.IsEmpty() {
		return rulesErr("Lakes", "%s off the %dx%d board", setString(off), r.Width, r.Height)
	}
	if off := r.offBoard(r.Zone); !off.IsEmpty() {
		return rulesErr("Zone", "%s off the %dx%d board", setString(off), r.Width, r.Height)
	}
	if r.Zone.IsEmpty() {
		return rulesErr("Zone", "empty")
	}
	blue := r.ZoneOf(Blue)
	if l := r.Zone.Intersect(r.Lakes); !l.IsEmpty() {
		return rulesErr("Zone", "lake squares %v inside red's zone", l)
	}
	if l := blue.Intersect(r.Lakes); !l.IsEmpty() {
		return rulesErr("Zone", "lake squares %v inside blue's zone", l)
	}
	if both := r.Zone.Intersect(blue); !both.IsEmpty() {
		return rulesErr("Zone", "red's and blue's zones overlap at %v", both)
	}
	if r.Army[NoRank] != 0 {
		return rulesErr("Army", "count for NoRank must be 0, not %d", r.Army[NoRank])
	}
	if r.Army[Flag] != 1 {
		return rulesErr("Army", "%d flags, want exactly 1", r.Army[Flag])
	}
	n := r.Army.Total()
	if z := r.Zone.Len(); n > z {
		return rulesErr("Army", "%d pieces do not fit the %d squares of the zone", n, z)
	} else if r.FillZone && n != z {
		return rulesErr("FillZone", "%d pieces cannot fill the %d squares of the zone", n, z)
	}
	for _, e := range [...]struct {
		field string
		v     uint8
		names []string
	}{
		{"Numbering", uint8(r.Numbering), enumNames.numbering},
		{"Scouts", uint8(r.Scouts), enumNames.scouts},
		{"Ties", uint8(r.Ties), enumNames.ties},
		{"Bombs", uint8(r.Bombs), enumNames.bombs},
		{"Info", uint8(r.Info), enumNames.info},
		{"MoreSquares", uint8(r.MoreSquares), enumNames.more},
	} {
		if int(e.v) >= len(e.names) {
			return rulesErr(e.field, "unknown value %d", e.v)
		}
	}
	if r.Rescues < 0 || r.Rescues > MaxRescues {
		return rulesErr("Rescues", "%d is outside 0-%d", r.Rescues, MaxRescues)
	}
	if r.TwoSquares < 0 || r.TwoSquares > MaxTwoSquares {
		return rulesErr("TwoSquares", "%d is outside 0-%d", r.TwoSquares, MaxTwoSquares)
	}
	if r.MaxPlies < 0 || r.MaxPlies > MaxPlyCap {
		return rulesErr("MaxPlies", "%d is outside 0-%d", r.MaxPlies, MaxPlyCap)
	}
	if r.MaxPliesWithoutAttack < 0 || r.MaxPliesWithoutAttack > MaxPlyCap {
		return rulesErr("MaxPliesWithoutAttack", "%d is outside 0-%d", r.MaxPliesWithoutAttack, MaxPlyCap)
	}
	return nil
}

// offBoard returns the members of s that are not squares of r's board
// rectangle (lakes count as on the board), bits that name no square
// included.
func (r Rules) offBoard(s SquareSet) SquareSet {
	on := Rect(0, 0, r.Width-1, r.Height-1)
	return SquareSet{s[0] &^ on[0], s[1] &^ on[1]}
}

// setString is SquareSet.String that also names the bits of no square
// (indexes 100–127), which a hand-made SquareSet may hold.
func setString(s SquareSet) string {
	const high = MaxSquares - 64 // bits of s[1] that are squares
	v := SquareSet{s[0], s[1] & (1<<high - 1)}.String()
	if bad := s[1] >> high; bad != 0 {
		if v != "" {
			v += " "
		}
		v += fmt.Sprintf("bits %#x above j10", bad)
	}
	return v
}
