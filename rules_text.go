package stratego

import (
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
// "ultimate-lightning", "quick-battle", "vintage"; in any case), and
// false for any other name. No preset has a ply cap (MaxPlies is 0).
func Preset(name string) (Rules, bool) {
	for i, p := range presets {
		if strings.EqualFold(p.name, name) {
			return presetRules[i], true
		}
	}
	return Rules{}, false
}

// PresetNames returns the names of the presets, in the order of
// [Preset]'s doc: "classic", "gravon", "barrage", "duel", "duel-hasbro",
// "ultimate-lightning", "quick-battle", "vintage".
func PresetNames() []string {
	names := make([]string, len(presets))
	for i, p := range presets {
		names[i] = p.name
	}
	return names
}

// rulesKey is one key of the rules text form: how to write a field, how
// to parse it into a Rules, and whether two values agree on it.
type rulesKey struct {
	name  string
	want  string // what a value is, for an error message
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

func intKey(name string, field func(r *Rules) *int, max int) rulesKey {
	return rulesKey{
		name: name,
		want: "a count 0-" + strconv.Itoa(max),
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
		want:  `"true" or "false"`,
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
		want:  `squares joined by "+", each once, or "-"`,
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
		want:  orList(names),
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
		want: `rankname:count joined by "+", ranks in order from the spy, such as "spy:1+scout:2+flag:1", or "-"`,
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
	boolKey("attrition", func(r *Rules) *bool { return &r.Attrition }),
}

// String returns the rules' text form: a preset name followed by
// ",key=value" for each field that differs from the preset, for example
// "classic" or "gravon,maxplies=2000". A preset's own rules are written
// as its name; other rules take the preset that gives the shortest text
// (the first of equals), and the keys are written in the order of the
// section "Rules text" of the package doc, which lists the presets and
// keys. Rules that fail [Rules.Validate] still get a text, which
// [ParseRules] may reject.
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
// order, each setting one field of the preset's rules; the section
// "Rules text" of the package doc lists the keys. The result must pass
// [Rules.Validate]; the error is a *[ParseError] (wrapping [ErrSyntax])
// or a *[RulesError] (wrapping [ErrRules]).
func ParseRules(text string) (Rules, error) {
	in := text
	if i := strings.IndexAny(text, " \t\r\n"); i >= 0 {
		return Rules{}, parseErr("rules", in, i, `no white space ("classic,twosquares=3")`)
	}
	text = lower(text) // names and squares are read in any case
	name, rest, _ := strings.Cut(text, ",")
	r, ok := Preset(name)
	if !ok {
		return Rules{}, parseErr("rules", in, 0, "a preset name, "+orList(presetList()))
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
			return Rules{}, parseErr("rules", in, pos, "key=value with a key of "+keyList())
		case seen[i]:
			return Rules{}, parseErr("rules", in, pos, "each key once")
		case !rulesKeys[i].parse(&r, val):
			return Rules{}, parseErr("rules", in, pos+len(key)+1, rulesKeys[i].want+" for "+key)
		}
		seen[i] = true
		pos += len(item) + 1
	}
	if strings.HasSuffix(text, ",") {
		return Rules{}, parseErr("rules", in, len(text), "key=value after \",\"")
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

// presetList returns the names of the presets.
func presetList() []string {
	names := make([]string, len(presets))
	for i, p := range presets {
		names[i] = p.name
	}
	return names
}

// keyList lists the keys of the rules text: "width, height, …, maxquiet".
func keyList() string {
	names := make([]string, len(rulesKeys))
	for i, k := range rulesKeys {
		names[i] = k.name
	}
	return strings.Join(names, ", ")
}

// orList writes names as alternatives: "a", "b" or "c".
func orList(names []string) string {
	var b strings.Builder
	for i, n := range names {
		switch {
		case i == 0:
		case i == len(names)-1:
			b.WriteString(" or ")
		default:
			b.WriteString(", ")
		}
		b.WriteString(strconv.Quote(n))
	}
	return b.String()
}
