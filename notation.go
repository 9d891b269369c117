package stratego

// Text forms of rules, annotated moves and outcomes. The package comment
// (doc.go) gives the grammars of all the text forms; the Position,
// Record and View grammars are on those types.

import (
	"fmt"
	"strconv"
	"strings"
)

// presets lists the named rule sets, in the order Rules.String prefers
// them when several are equally close.
var presets = [...]struct {
	name  string
	rules func() Rules
}{
	{"classic", Classic},
	{"gravon", Gravon},
	{"barrage", Barrage},
	{"duel", Duel},
	{"duel-hasbro", DuelHasbro},
	{"ultimate-lightning", UltimateLightning},
	{"quick-battle", QuickBattle},
	{"vintage", Vintage},
}

// presetRules holds the value of each preset, made once.
var presetRules = func() (rs [len(presets)]Rules) {
	for i, p := range presets {
		rs[i] = p.rules()
	}
	return
}()

// Preset returns the rules of a preset by its name in the rules text
// form ("classic", "gravon", "barrage", "duel", "duel-hasbro",
// "ultimate-lightning", "quick-battle", "vintage"), and false for any
// other name.
func Preset(name string) (Rules, bool) {
	for i, p := range presets {
		if p.name == name {
			return presetRules[i], true
		}
	}
	return Rules{}, false
}

// rulesKey is one key of the rules text form: how to write a field, how
// to parse it into a Rules, and whether two values agree on it.
type rulesKey struct {
	name  string
	write func(b []byte, r *Rules) []byte
	parse func(r *Rules, v string) bool
	same  func(a, b *Rules) bool
}

var enumNames = struct {
	numbering, scouts, ties, bombs, info, more []string
}{
	numbering: []string{"isf", "vintage"},
	scouts:    []string{"strike", "adjacent"},
	ties:      []string{"both", "attacker"},
	bombs:     []string{"permanent", "onetime"},
	info:      []string{"standard", "silent", "open"},
	more:      []string{"off", "chase", "game"},
}

// String returns the flags of k joined by "|", as net.Flags does:
// "rank|moved", "moved|far"; "0" when nothing is known.
func (k Knowledge) String() string {
	var b []byte
	for i, name := range [...]string{"rank", "moved", "far"} {
		if k&(1<<i) != 0 {
			if len(b) > 0 {
				b = append(b, '|')
			}
			b = append(b, name...)
		}
	}
	if len(b) == 0 {
		return "0"
	}
	return string(b)
}

// enumString returns the name of v in the rules text form, or key(v) for
// a value that names no rule.
func enumString(names []string, v uint8, key string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return key + "(" + strconv.Itoa(int(v)) + ")"
}

// String returns the rule's value in the rules text form: "strike" or
// "adjacent".
func (s ScoutRule) String() string { return enumString(enumNames.scouts, uint8(s), "scouts") }

// String returns the rule's value in the rules text form: "both" or
// "attacker".
func (t TieRule) String() string { return enumString(enumNames.ties, uint8(t), "ties") }

// String returns the rule's value in the rules text form: "permanent" or
// "onetime".
func (b BombRule) String() string { return enumString(enumNames.bombs, uint8(b), "bombs") }

// String returns the rule's value in the rules text form: "standard",
// "silent" or "open".
func (i InfoRule) String() string { return enumString(enumNames.info, uint8(i), "info") }

// String returns the rule's value in the rules text form: "off", "chase"
// or "game".
func (m MoreSquaresRule) String() string { return enumString(enumNames.more, uint8(m), "moresquares") }

func writeEnum(b []byte, names []string, v uint8) []byte {
	if int(v) < len(names) {
		return append(b, names[v]...)
	}
	return strconv.AppendUint(b, uint64(v), 10)
}

func parseEnum(names []string, v string) (uint8, bool) {
	for i, n := range names {
		if n == v {
			return uint8(i), true
		}
	}
	return 0, false
}

func writeSquares(b []byte, s SquareSet) []byte {
	if s.IsEmpty() {
		return append(b, '-')
	}
	first := true
	for q := range s.All() {
		if !first {
			b = append(b, '+')
		}
		first = false
		b, _ = q.AppendText(b)
	}
	return b
}

func parseSquares(v string) (SquareSet, bool) {
	var s SquareSet
	if v == "-" {
		return s, true
	}
	for part := range strings.SplitSeq(v, "+") {
		q, err := ParseSquare(part)
		if err != nil || s.Has(q) {
			return s, false
		}
		s = s.With(q)
	}
	return s, true
}

// parseCount parses a decimal number 0–max without sign or leading zeros.
func parseCount(v string, max int) (int, bool) {
	if v == "" || len(v) > 9 || (len(v) > 1 && v[0] == '0') {
		return 0, false
	}
	n := 0
	for i := 0; i < len(v); i++ {
		if v[i] < '0' || v[i] > '9' {
			return 0, false
		}
		n = n*10 + int(v[i]-'0')
	}
	return n, n <= max
}

func intKey(name string, field func(r *Rules) *int, max int) rulesKey {
	return rulesKey{
		name: name,
		write: func(b []byte, r *Rules) []byte {
			return strconv.AppendInt(b, int64(*field(r)), 10)
		},
		parse: func(r *Rules, v string) bool {
			n, ok := parseCount(v, max)
			*field(r) = n
			return ok
		},
		same: func(a, b *Rules) bool { return *field(a) == *field(b) },
	}
}

func boolKey(name string, field func(r *Rules) *bool) rulesKey {
	return rulesKey{
		name:  name,
		write: func(b []byte, r *Rules) []byte { return strconv.AppendBool(b, *field(r)) },
		parse: func(r *Rules, v string) bool {
			switch v {
			case "true":
				*field(r) = true
			case "false":
				*field(r) = false
			default:
				return false
			}
			return true
		},
		same: func(a, b *Rules) bool { return *field(a) == *field(b) },
	}
}

func setKey(name string, field func(r *Rules) *SquareSet) rulesKey {
	return rulesKey{
		name:  name,
		write: func(b []byte, r *Rules) []byte { return writeSquares(b, *field(r)) },
		parse: func(r *Rules, v string) bool {
			s, ok := parseSquares(v)
			*field(r) = s
			return ok
		},
		same: func(a, b *Rules) bool { return *field(a) == *field(b) },
	}
}

func enumKey[E ~uint8](name string, names []string, field func(r *Rules) *E) rulesKey {
	return rulesKey{
		name:  name,
		write: func(b []byte, r *Rules) []byte { return writeEnum(b, names, uint8(*field(r))) },
		parse: func(r *Rules, v string) bool {
			e, ok := parseEnum(names, v)
			*field(r) = E(e)
			return ok
		},
		same: func(a, b *Rules) bool { return *field(a) == *field(b) },
	}
}

// The largest counts the rules text accepts; Validate judges the rest.
const maxRulesCount = 1 << 24

var rulesKeys = []rulesKey{
	intKey("width", func(r *Rules) *int { return &r.Width }, MaxSize),
	intKey("height", func(r *Rules) *int { return &r.Height }, MaxSize),
	setKey("lakes", func(r *Rules) *SquareSet { return &r.Lakes }),
	setKey("zone", func(r *Rules) *SquareSet { return &r.Zone }),
	boolKey("fill", func(r *Rules) *bool { return &r.FillZone }),
	{
		name: "army",
		write: func(b []byte, r *Rules) []byte {
			first := true
			for rk := Spy; rk <= Flag; rk++ {
				if r.Army[rk] == 0 {
					continue
				}
				if !first {
					b = append(b, '+')
				}
				first = false
				b = append(b, rk.String()...)
				b = append(b, ':')
				b = strconv.AppendUint(b, uint64(r.Army[rk]), 10)
			}
			if first {
				b = append(b, '-')
			}
			return b
		},
		parse: func(r *Rules, v string) bool {
			r.Army = Army{}
			if v == "-" {
				return true
			}
			last := NoRank
			for part := range strings.SplitSeq(v, "+") {
				name, count, ok := strings.Cut(part, ":")
				if !ok {
					return false
				}
				rk, err := ParseRank(name)
				n, okn := parseCount(count, 255)
				if err != nil || !rk.IsValid() || rk <= last || !okn || n == 0 || name != rk.String() {
					return false
				}
				r.Army[rk], last = uint8(n), rk
			}
			return true
		},
		same: func(a, b *Rules) bool { return a.Army == b.Army },
	},
	enumKey("numbering", enumNames.numbering, func(r *Rules) *Numbering { return &r.Numbering }),
	enumKey("scouts", enumNames.scouts, func(r *Rules) *ScoutRule { return &r.Scouts }),
	enumKey("ties", enumNames.ties, func(r *Rules) *TieRule { return &r.Ties }),
	enumKey("bombs", enumNames.bombs, func(r *Rules) *BombRule { return &r.Bombs }),
	enumKey("info", enumNames.info, func(r *Rules) *InfoRule { return &r.Info }),
	boolKey("captains", func(r *Rules) *bool { return &r.CaptainsMoveTwo }),
	intKey("rescues", func(r *Rules) *int { return &r.Rescues }, maxRulesCount),
	intKey("twosquares", func(r *Rules) *int { return &r.TwoSquares }, MaxTwoSquares),
	enumKey("moresquares", enumNames.more, func(r *Rules) *MoreSquaresRule { return &r.MoreSquares }),
	intKey("maxplies", func(r *Rules) *int { return &r.MaxPlies }, maxRulesCount),
	intKey("maxquiet", func(r *Rules) *int { return &r.MaxPliesWithoutAttack }, maxRulesCount),
}

// String returns the rules' text form: a preset name followed by
// ",key=value" for each field that differs from the preset, for example
// "classic" or "gravon,maxplies=2000". A preset's own rules are written
// as its name; other rules take the preset that gives the shortest text
// (the first of equals, in the order [ParseRules] lists the presets).
// The keys are written in the order [ParseRules] lists them. Rules that
// fail [Rules.Validate] still get a text, which [ParseRules] may
// reject.
func (r Rules) String() string {
	b, _ := r.AppendText(make([]byte, 0, 32))
	return string(b)
}

// AppendText implements [encoding.TextAppender] with the form of
// [Rules.String]; it never fails.
func (r Rules) AppendText(b []byte) ([]byte, error) {
	for i := range presetRules {
		if r == presetRules[i] {
			return append(b, presets[i].name...), nil
		}
	}
	start := len(b)
	best := -1
	for i := range presets {
		n := len(b)
		b = r.appendFrom(b, i)
		if best < 0 || len(b)-n < best {
			best = len(b) - n
			// Keep the shortest text at the start.
			b = append(b[:start], b[n:]...)
		} else {
			b = b[:start+best]
		}
	}
	return b, nil
}

// appendFrom appends the text of r as preset i and the fields that
// differ from it.
func (r Rules) appendFrom(b []byte, i int) []byte {
	b = append(b, presets[i].name...)
	base := &presetRules[i]
	for _, k := range rulesKeys {
		if k.same(&r, base) {
			continue
		}
		b = append(b, ',')
		b = append(b, k.name...)
		b = append(b, '=')
		b = k.write(b, &r)
	}
	return b
}

// MarshalText implements [encoding.TextMarshaler].
func (r Rules) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseRules].
func (r *Rules) UnmarshalText(b []byte) error {
	return unmarshal(r, b, ParseRules)
}

// ParseRules parses the text form of [Rules.String]: a preset name, then
// any number of ",key=value" settings, each key at most once, in any
// order, each setting one field of the preset's rules:
//
//	rules  = preset { "," key "=" value }   classic, gravon,twosquares=3
//	preset = "classic" | "gravon" | "barrage" | "duel" | "duel-hasbro"
//	       | "ultimate-lightning" | "quick-battle" | "vintage"
//
//	key          value                            field
//	width        2–10                             Width
//	height       2–10                             Height
//	lakes        squares joined by "+", or "-"    Lakes
//	zone         squares joined by "+", or "-"    Zone
//	fill         "true" | "false"                 FillZone
//	army         rankname ":" count joined by "+"    Army (ranks in order, Spy first)
//	numbering    "isf" | "vintage"                Numbering
//	scouts       "strike" | "adjacent"            Scouts
//	ties         "both" | "attacker"              Ties
//	bombs        "permanent" | "onetime"          Bombs
//	info         "standard" | "silent" | "open"   Info
//	captains     "true" | "false"                 CaptainsMoveTwo
//	rescues      count                            Rescues
//	twosquares   0–8                              TwoSquares
//	moresquares  "off" | "chase" | "game"         MoreSquares
//	maxplies     count                            MaxPlies
//	maxquiet     count                            MaxPliesWithoutAttack
//
// Counts are decimal without sign or leading zeros. The result must pass
// [Rules.Validate]; the error is a *[ParseError] (wrapping [ErrSyntax])
// or a *[RulesError] (wrapping [ErrRules]).
func ParseRules(text string) (Rules, error) {
	name, rest, _ := strings.Cut(text, ",")
	r, ok := Preset(name)
	if !ok {
		return Rules{}, parseErr("rules", text, 0, "a preset name such as \"classic\"")
	}
	pos := len(name) + 1
	var seen [32]bool
	for rest != "" {
		var item string
		item, rest, _ = strings.Cut(rest, ",")
		key, val, ok := strings.Cut(item, "=")
		i := keyIndex(key)
		switch {
		case !ok || i < 0:
			return Rules{}, parseErr("rules", text, pos, "key=value with a known key")
		case seen[i]:
			return Rules{}, parseErr("rules", text, pos, "each key once")
		case !rulesKeys[i].parse(&r, val):
			return Rules{}, parseErr("rules", text, pos+len(key)+1, "a valid value for "+key)
		}
		seen[i] = true
		pos += len(item) + 1
	}
	if strings.HasSuffix(text, ",") {
		return Rules{}, parseErr("rules", text, len(text), "key=value after \",\"")
	}
	if err := r.Validate(); err != nil {
		return Rules{}, err
	}
	return r, nil
}

func keyIndex(key string) int {
	for i, k := range rulesKeys {
		if k.name == key {
			return i
		}
	}
	return -1
}

// AnnotatedMove is a move with what it revealed: for an attack, the two
// ranks and the combat result. A [Record] writes its moves in this form,
// so a reader sees each fight without replaying the game:
//
//	annotated = move ["(" label result label ")"]
//	result    = ">" | "<" | "="    attacker wins | defender wins | both removed
//
// where the labels are the attacker's and the defender's rank labels in
// the rules' numbering ([Numbering.Char]): b4xb5(6>3) is a Captain
// taking a Miner, b4xb5(3<6) a Miner dying on a Captain, e5xe6(5=5) two
// Lieutenants trading, c3xc4(1>X) the Spy taking the Marshal (in ISF
// numbering). In ISF the Marshal is written "X" and read as "X" or as
// "10", its printed label ([Numbering.Label]): c3xc4(1>10). A move without an annotation has Attacker, Defender and
// Combat zero.
type AnnotatedMove struct {
	Move     Move   // the move itself
	Attacker Rank   // the attacking rank, or NoRank
	Defender Rank   // the defending rank, or NoRank
	Combat   Combat // the result, or NoCombat
}

// Annotate returns the annotated form of the move of ev.
func Annotate(ev Event) AnnotatedMove {
	a := AnnotatedMove{Move: ev.Move}
	if ev.IsAttack() {
		a.Attacker, a.Defender, a.Combat = ev.Piece.Rank(), ev.Defender.Rank(), ev.Combat
	}
	return a
}

var combatChars = [...]byte{NoCombat: 0, AttackerWins: '>', DefenderWins: '<', BothRemoved: '='}

// IsAttack reports whether a carries a combat annotation.
func (a AnnotatedMove) IsAttack() bool { return a.Combat != NoCombat }

func (a AnnotatedMove) valid() bool {
	if !a.Move.IsValid() {
		return false
	}
	if a.Combat == NoCombat {
		return a.Attacker == NoRank && a.Defender == NoRank
	}
	return !a.Move.IsRescue() && a.Combat <= BothRemoved && a.Attacker.Movable() && a.Defender.IsValid()
}

// String returns the text form in ISF numbering: "a4-a5",
// "b4xb5(6>3)"; "-" when a is not well formed.
func (a AnnotatedMove) String() string {
	b, err := a.AppendNotation(make([]byte, 0, 16), NumberingISF)
	if err != nil || len(b) == 0 {
		return "-"
	}
	return string(b)
}

// AppendNotation appends the text form with rank labels in numbering n.
// An attack is written with "x" between its squares. The zero
// AnnotatedMove is the empty text; any other that is not well formed is
// an error wrapping [ErrInvalid].
func (a AnnotatedMove) AppendNotation(b []byte, n Numbering) ([]byte, error) {
	return a.appendNotation(b, n, false)
}

// appendNotation is AppendNotation, writing a move without an annotation
// with "x" before its target square when marked (a record's
// [RecordedMove.MarkedAttack]).
func (a AnnotatedMove) appendNotation(b []byte, n Numbering, marked bool) ([]byte, error) {
	if a == (AnnotatedMove{}) {
		return b, nil
	}
	if !a.valid() || marked && a.Move.IsRescue() {
		return b, moveErr(a.Move, ErrInvalid)
	}
	if a.IsAttack() && a.Move.Via == NoSquare || marked && !a.IsAttack() {
		b, _ = a.Move.From.AppendText(b)
		if a.Move.Via != NoSquare {
			b = append(b, '-')
			b, _ = a.Move.Via.AppendText(b)
		}
		b = append(b, 'x')
		b, _ = a.Move.To.AppendText(b)
	} else {
		b, _ = a.Move.AppendText(b)
	}
	if a.IsAttack() {
		b = append(b, '(', n.Char(a.Attacker), combatChars[a.Combat], n.Char(a.Defender), ')')
	}
	return b, nil
}

// AppendText implements [encoding.TextAppender] with the form of
// [AnnotatedMove.String] (the empty text for the zero AnnotatedMove).
func (a AnnotatedMove) AppendText(b []byte) ([]byte, error) {
	return a.AppendNotation(b, NumberingISF)
}

// MarshalText implements [encoding.TextMarshaler].
func (a AnnotatedMove) MarshalText() ([]byte, error) { return a.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with
// [ParseAnnotatedMove] in ISF numbering; the empty text is the zero
// AnnotatedMove.
func (a *AnnotatedMove) UnmarshalText(b []byte) error {
	return unmarshalZero(a, b, func(s string) (AnnotatedMove, error) { return ParseAnnotatedMove(NumberingISF, s) })
}

// ParseAnnotatedMove parses a move with an optional combat annotation,
// rank labels in numbering n (see [AnnotatedMove]): "a4-a5", "b4xb5",
// "b4xb5(6>3)". The annotation must be consistent with itself (a movable
// attacker); whether it is true is for [Record.Replay] to check. Here, as
// in [ParseMove], "x" in place of "-" is only a hint and is not kept; a
// [Record] keeps it ([RecordedMove.MarkedAttack]) and checks it.
func ParseAnnotatedMove(n Numbering, s string) (AnnotatedMove, error) {
	text, note, hasNote := strings.Cut(s, "(")
	m, err := ParseMove(text)
	if err != nil {
		return AnnotatedMove{}, err
	}
	a := AnnotatedMove{Move: m}
	if !hasNote {
		return a, nil
	}
	pos := len(text) + 1
	bad := func() (AnnotatedMove, error) {
		return AnnotatedMove{}, parseErr("move", s, pos, "two rank labels in "+n.String()+" numbering around >, < or =")
	}
	att, i := scanLabel(n, note, 0)
	if i == 0 || i >= len(note) {
		return bad()
	}
	switch note[i] {
	case '>':
		a.Combat = AttackerWins
	case '<':
		a.Combat = DefenderWins
	case '=':
		a.Combat = BothRemoved
	default:
		return bad()
	}
	def, j := scanLabel(n, note, i+1)
	a.Attacker, a.Defender = att, def
	if j == i+1 || note[j:] != ")" || !a.valid() {
		return bad()
	}
	return a, nil
}

// scanLabel reads the rank label in numbering n at s[i:], as
// [AnnotatedMove.AppendNotation] writes it ([Numbering.Char]) or, for
// the ISF Marshal, as "10" ([Numbering.Label]). It returns the rank and
// the offset after the label, or i when there is none.
func scanLabel(n Numbering, s string, i int) (Rank, int) {
	if n == NumberingISF && strings.HasPrefix(s[i:], "10") {
		return Marshal, i + 2
	}
	if i >= len(s) {
		return NoRank, i
	}
	r, ok := n.RankOf(s[i])
	if !ok || s[i] != n.Char(r) {
		return NoRank, i
	}
	return r, i + 1
}

// AppendText implements [encoding.TextAppender] with the form of
// [EndReason.String].
func (r EndReason) AppendText(b []byte) ([]byte, error) {
	if int(r) >= len(endNames) {
		return b, fmt.Errorf("%w: end reason %d", ErrInvalid, uint8(r))
	}
	return append(b, endNames[r]...), nil
}

// MarshalText implements [encoding.TextMarshaler].
func (r EndReason) MarshalText() ([]byte, error) { return r.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with
// [ParseEndReason].
func (r *EndReason) UnmarshalText(b []byte) error {
	return unmarshal(r, b, ParseEndReason)
}

// ParseEndReason parses the form of [EndReason.String] ("flag captured").
func ParseEndReason(s string) (EndReason, error) {
	for i, n := range endNames {
		if n == s {
			return EndReason(i), nil
		}
	}
	return NotOver, parseErr("end reason", s, 0, `a reason such as "flag captured"`)
}

// drawReasons and winReasons say which reasons end a game in a draw and
// which with a winner.
func (r EndReason) isDraw() bool {
	return r == NeitherCanMove || r == DrawAgreed || r == PlyCap || r == NoAttackCap
}

// IsValid reports whether o is an outcome a game can have: NotOver with
// no winner, a draw reason with no winner, or a win reason with a
// winner, Red or Blue. The zero Outcome (not over) is valid.
func (o Outcome) IsValid() bool {
	switch {
	case o.Reason == NotOver:
		return o.Winner == NoColor
	case int(o.Reason) >= len(endNames):
		return false
	case o.Reason.isDraw():
		return o.Winner == NoColor
	}
	return o.Winner.IsValid()
}

// AppendText implements [encoding.TextAppender] with the form of
// [Outcome.String].
func (o Outcome) AppendText(b []byte) ([]byte, error) {
	if !o.IsValid() {
		return b, fmt.Errorf("%w: outcome %d/%d", ErrInvalid, o.Winner, o.Reason)
	}
	return append(b, o.String()...), nil
}

// MarshalText implements [encoding.TextMarshaler].
func (o Outcome) MarshalText() ([]byte, error) { return o.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseOutcome].
func (o *Outcome) UnmarshalText(b []byte) error {
	return unmarshal(o, b, ParseOutcome)
}

// ParseOutcome parses the form of [Outcome.String]: "ongoing",
// "<color> wins (<reason>)" or "draw (<reason>)". A reason must fit the
// result: flag captured, no legal move and resignation have a winner;
// the others are draws.
func ParseOutcome(s string) (Outcome, error) {
	if s == "ongoing" {
		return Outcome{}, nil
	}
	head, reason, ok := strings.Cut(s, " (")
	if !ok || !strings.HasSuffix(reason, ")") {
		return Outcome{}, parseErr("outcome", s, 0, `"ongoing", "<color> wins (<reason>)" or "draw (<reason>)"`)
	}
	rs, err := ParseEndReason(reason[:len(reason)-1])
	if err != nil || rs == NotOver {
		return Outcome{}, parseErr("outcome", s, len(head)+2, "an end reason")
	}
	o := Outcome{Reason: rs}
	switch head {
	case "draw":
	case "red wins":
		o.Winner = Red
	case "blue wins":
		o.Winner = Blue
	default:
		return Outcome{}, parseErr("outcome", s, 0, `"red wins", "blue wins" or "draw"`)
	}
	if !o.IsValid() {
		return Outcome{}, parseErr("outcome", s, len(head)+2, "a reason that fits "+strconv.Quote(head))
	}
	return o, nil
}

// unmarshal is the body of an UnmarshalText method: it parses text and
// stores the value in *dst, leaving *dst unchanged on error.
func unmarshal[T any](dst *T, text []byte, parse func(string) (T, error)) error {
	v, err := parse(string(text))
	if err != nil {
		return err
	}
	*dst = v
	return nil
}

// unmarshalZero is unmarshal for a type whose zero value encodes as the
// empty text.
func unmarshalZero[T any](dst *T, text []byte, parse func(string) (T, error)) error {
	if len(text) == 0 {
		var zero T
		*dst = zero
		return nil
	}
	return unmarshal(dst, text, parse)
}
