package stratego

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Tag is a descriptive tag of a game record, such as Event or Date.
type Tag struct {
	Name  string // letters, digits and "_", not starting with a digit
	Value string // any text without a line break
}

// RecordedMove is one move of a game record: the move, its combat
// annotation (filled in by [Record.Annotated]) and a comment.
//
// In a record, "x" between the squares means an attack: a move written
// "b4xb5" without an annotation has MarkedAttack set, and
// [Record.Replay] reports it if the move turns out to be quiet. An
// attack written with "-" is accepted, as annotations are optional.
//
// Its text form is the move as a record writes it: the annotated move
// (or the "x" of MarkedAttack), then the comment in braces:
// "a5xa6(6>3) {a good trade}". The text methods write and read all of
// it, so a RecordedMove reads back equal.
type RecordedMove struct {
	AnnotatedMove
	// MarkedAttack says the record writes the move with "x" but without
	// an annotation: it claims an attack without saying its outcome. An
	// annotation implies it, so it is written (and parsed) only for a
	// move without one.
	MarkedAttack bool
	Comment      string // text of the comment after the move, or ""
}

// AppendNotation appends the text form with rank labels in numbering n.
// The zero RecordedMove is the empty text; a move that is not well
// formed, a mark on an annotated move or a rescue, a hidden rank
// ([Unknown]: a record gives the real ones), or a comment holding "}" is
// an error wrapping [ErrInvalid].
func (m RecordedMove) AppendNotation(b []byte, n Numbering) ([]byte, error) {
	if m == (RecordedMove{}) {
		return b, nil
	}
	if m.AnnotatedMove == (AnnotatedMove{}) || m.MarkedAttack && m.IsAttack() || strings.Contains(m.Comment, "}") ||
		m.Attacker == Unknown || m.Defender == Unknown {
		return b, moveErr(m.Move, ErrInvalid)
	}
	b, err := m.appendNotation(b, n, m.MarkedAttack)
	if err != nil {
		return b, err
	}
	if m.Comment != "" {
		b = append(b, " {"...)
		b = append(b, m.Comment...)
		b = append(b, '}')
	}
	return b, nil
}

// String returns the text form in ISF numbering, "-" when m is not well
// formed.
func (m RecordedMove) String() string {
	b, err := m.AppendNotation(make([]byte, 0, 16+len(m.Comment)), NumberingISF)
	if err != nil || len(b) == 0 {
		return "-"
	}
	return string(b)
}

// AppendText implements [encoding.TextAppender] with the form of
// [RecordedMove.String] (the empty text for the zero RecordedMove).
func (m RecordedMove) AppendText(b []byte) ([]byte, error) {
	return m.AppendNotation(b, NumberingISF)
}

// MarshalText implements [encoding.TextMarshaler].
func (m RecordedMove) MarshalText() ([]byte, error) { return m.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] for the text form
// in ISF numbering; the empty text is the zero RecordedMove.
func (m *RecordedMove) UnmarshalText(b []byte) error {
	return unmarshalZero(m, b, parseRecordedMove)
}

// parseRecordedMove reads the text form of a RecordedMove in ISF
// numbering.
func parseRecordedMove(s string) (RecordedMove, error) {
	text, comment, hasComment := strings.Cut(s, " {")
	var rm RecordedMove
	if hasComment {
		body, ok := strings.CutSuffix(comment, "}")
		if !ok || strings.Contains(body, "}") {
			return rm, parseErr("recorded move", s, len(s), `a comment "{...}" at the end, without "}" inside`)
		}
		rm.Comment = body
	}
	a, marked, err := parseAnnotatedMove(NumberingISF, text)
	if err != nil {
		return RecordedMove{}, err
	}
	if a.Attacker == Unknown || a.Defender == Unknown {
		return RecordedMove{}, parseErr("recorded move", s, strings.IndexByte(text, '('), `the real ranks ("?" is for views)`)
	}
	rm.AnnotatedMove = a
	rm.MarkedAttack = marked && !a.IsAttack()
	return rm, nil
}

// Record is a game record, the library's PGN-like text form of a whole
// game: descriptive tags, the rules, the start (both setups, or a start
// [Position] for free placements and studies), the moves with their
// combat annotations and comments, and the result. [ParseRecord] reads
// one, [Record.String] writes it, [Record.Replay] plays it, and
// [Game.Record], [NewRecord] and [Record.Annotated] make one from a
// played game; [Record.Game] turns one into a [Game].
//
// Its text form is in the section "Record text" of the package doc. The
// setups' fields have the names of their tags in the text.
type Record struct {
	Tags      []Tag          // the descriptive tags, in order; not the reserved ones
	Rules     Rules          // the rules of the game (Start.Rules when Start is set)
	RedSetup  Setup          // Red's setup, when Start is nil
	BlueSetup Setup          // Blue's setup, when Start is nil
	Start     *Position      // a start position instead of the setups
	Comment   string         // the comment before the first move
	Moves     []RecordedMove // the moves, rescues included, in order
	Result    Outcome        // how the game ended; the zero Outcome is "*" (unknown or ongoing)
}

var reservedTags = []string{"Rules", "Numbering", "RedSetup", "BlueSetup", "Position", "Result", "Termination"}

// isReserved reports whether name is a reserved tag's, in any case.
func isReserved(name string) bool { return reservedName(name) != "" }

// reservedName returns the reserved tag that name names, in any case,
// or "".
func reservedName(name string) string {
	for _, t := range reservedTags {
		if strings.EqualFold(t, name) {
			return t
		}
	}
	return ""
}

// Tag returns the value of the descriptive tag name and whether it is
// present.
func (rec Record) Tag(name string) (string, bool) {
	for _, t := range rec.Tags {
		if t.Name == name {
			return t.Value, true
		}
	}
	return "", false
}

func validTagName(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i]
		if !(c >= 'A' && c <= 'Z' || c >= 'a' && c <= 'z' || c == '_' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

func resultToken(o Outcome) string {
	switch {
	case !o.IsOver():
		return "*"
	case o.Winner == Red:
		return "1-0"
	case o.Winner == Blue:
		return "0-1"
	}
	return "1/2-1/2"
}

// String returns the text form of the record, or "" when it cannot be
// written (see [Record.AppendText]).
func (rec Record) String() string {
	b, err := rec.AppendText(make([]byte, 0, 1024+12*len(rec.Moves)))
	if err != nil {
		return ""
	}
	return string(b)
}

// AppendText implements [encoding.TextAppender]. It fails with an error
// wrapping [ErrInvalid] when a tag has a bad name, a reserved name or a
// value with a line break, when a comment holds "}", or when a move, the
// rules, the setups or the start position cannot be written (the error
// then wraps the cause too, such as a *[RulesError] or a *[SetupError]).
func (rec Record) AppendText(b []byte) ([]byte, error) {
	b, err := rec.appendText(b)
	return b, invalidErr(err)
}

func (rec Record) appendText(b []byte) ([]byte, error) {
	b, err := rec.appendTags(b)
	if err != nil {
		return b, err
	}
	b = append(b, '\n')
	if rec.Comment != "" {
		if strings.Contains(rec.Comment, "}") {
			return b, recordErr("comment %q holds \"}\"", rec.Comment)
		}
		b = append(b, '{')
		b = append(b, rec.Comment...)
		b = append(b, "}\n"...)
	}
	if b, err = rec.appendMovetext(b); err != nil {
		return b, err
	}
	b = append(b, resultToken(rec.Result)...)
	return append(b, '\n'), nil
}

// recordErr is an error of Record.AppendText for a record it cannot
// write: it wraps ErrInvalid.
func recordErr(format string, args ...any) error {
	return fmt.Errorf("%w: record: "+format, append([]any{ErrInvalid}, args...)...)
}

// appendTag appends the line of one tag, its value quoted.
func appendTag(b []byte, name, value string) []byte {
	b = append(b, '[')
	b = append(b, name...)
	b = append(b, ' ', '"')
	for i := 0; i < len(value); i++ {
		if value[i] == '"' || value[i] == '\\' {
			b = append(b, '\\')
		}
		b = append(b, value[i])
	}
	return append(b, '"', ']', '\n')
}

// appendTags appends the tag section: the record's own tags, then the
// tags written from its fields (rules, numbering, start or setups,
// result).
func (rec *Record) appendTags(b []byte) ([]byte, error) {
	for i, t := range rec.Tags {
		switch {
		case !validTagName(t.Name):
			return b, recordErr("tag name %q: want letters, digits and \"_\", not starting with a digit", t.Name)
		case isReserved(t.Name):
			return b, recordErr("tag %q is written from the record's fields, not from Tags", t.Name)
		case strings.ContainsAny(t.Value, "\r\n"):
			return b, recordErr("tag %q: value %s has a line break", t.Name, quoteAround(t.Value, strings.IndexAny(t.Value, "\r\n")))
		}
		for _, u := range rec.Tags[:i] {
			if u.Name == t.Name {
				return b, recordErr("tag %q twice", t.Name)
			}
		}
		b = appendTag(b, t.Name, t.Value)
	}
	if err := rec.Rules.Validate(); err != nil {
		return b, err
	}
	b = appendTag(b, "Rules", rec.Rules.String())
	b = appendTag(b, "Numbering", rec.Rules.Numbering.String())
	if rec.Start != nil {
		if rec.Start.Rules != rec.Rules {
			return b, recordErr("start position under other rules")
		}
		pt, err := rec.Start.AppendText(nil)
		if err != nil {
			return b, err
		}
		b = appendTag(b, "Position", string(pt))
	} else {
		for _, x := range []struct {
			name string
			s    Setup
		}{{"RedSetup", rec.RedSetup}, {"BlueSetup", rec.BlueSetup}} {
			if x.s == (Setup{}) && len(rec.Moves) == 0 {
				continue // a game that ended in its setup phase
			}
			if err := rec.Rules.CheckSetup(x.s); err != nil {
				return b, err
			}
			// In the numbering the Numbering tag names, whatever rules
			// the setups were made under.
			b = appendTag(b, x.name, inNumbering(x.s, rec.Rules.Numbering).String())
		}
	}
	if !rec.Result.IsValid() {
		return b, recordErr("result")
	}
	b = appendTag(b, "Result", resultToken(rec.Result))
	if rec.Result.IsOver() {
		b = appendTag(b, "Termination", rec.Result.Reason.String())
	}
	return b, nil
}

// appendMovetext appends the numbered moves with their comments, a line
// per Red move.
func (rec *Record) appendMovetext(b []byte) ([]byte, error) {
	turns := moveTurns(rec.startTurn(), rec.Moves)
	lineStart := true
	for i, m := range rec.Moves {
		t := turns[i]
		switch {
		case t.color == Red && (!m.Move.IsRescue() || i == 0):
			if !lineStart {
				b = append(b, '\n')
			}
			b = strconv.AppendInt(b, int64(t.num), 10)
			b = append(b, ". "...)
		case i == 0:
			b = strconv.AppendInt(b, int64(t.num), 10)
			b = append(b, "... "...)
		default:
			b = append(b, ' ')
		}
		lineStart = false
		if !m.Move.IsValid() {
			return b, moveErr(m.Move, ErrInvalid)
		}
		var err error
		if b, err = m.appendNotation(b, rec.Rules.Numbering, m.MarkedAttack); err != nil {
			return b, err
		}
		if strings.Contains(m.Comment, "}") {
			return b, recordErr("comment %q holds \"}\"", m.Comment)
		}
		if m.Comment != "" {
			b = append(b, " {"...)
			b = append(b, m.Comment...)
			b = append(b, '}')
		}
	}
	if !lineStart {
		b = append(b, '\n')
	}
	return b, nil
}

// turnInfo is the side and the move number of a move of a record.
type turnInfo struct {
	color Color
	num   int
}

// moveTurns returns the side and number of each move: sides alternate,
// a rescue belongs to the side of the move before it (or to the side to
// move at the start), and the number grows with each Red move that
// follows a Blue one.
func moveTurns(start Color, moves []RecordedMove) []turnInfo {
	ts := make([]turnInfo, len(moves))
	for i, m := range moves {
		var prev *turnInfo
		if i > 0 {
			prev = &ts[i-1]
		}
		ts[i] = nextTurn(start, prev, m.Move.IsRescue())
	}
	return ts
}

// nextTurn returns the side and number of a move after the move prev
// (nil for the first move).
func nextTurn(start Color, prev *turnInfo, rescue bool) turnInfo {
	if prev == nil {
		return turnInfo{start, 1}
	}
	if rescue {
		return *prev
	}
	t := turnInfo{prev.color.Opponent(), prev.num}
	if t.color == Red {
		t.num++
	}
	return t
}

func (rec Record) startTurn() Color {
	if rec.Start != nil && rec.Start.Turn.IsValid() {
		return rec.Start.Turn
	}
	return Red
}

// MarshalText implements [encoding.TextMarshaler].
func (rec Record) MarshalText() ([]byte, error) { return rec.AppendText(nil) }

// UnmarshalText implements [encoding.TextUnmarshaler] with [ParseRecord].
func (rec *Record) UnmarshalText(b []byte) error {
	return unmarshal(rec, b, ParseRecord)
}

// ParseRecord parses the text form of a [Record] (the section "Record
// text" of the package doc). It checks the syntax, the tags, the setups
// or start position and the move numbers; whether the moves are legal is
// for [Record.Replay] to say. Letters are read in any case (the rule of
// the section "Notation"), reserved tag names included; a leading UTF-8 byte order
// mark is skipped. A syntax error is a *[ParseError] with the offset in
// text; so is the error of a Rules, Numbering, RedSetup, BlueSetup or
// Position tag's value, at the tag, wrapping the error of the value's
// parser too (a *ParseError, *[RulesError], *[SetupError] or
// *[PositionError], so that errors.Is(err, ErrRules) holds for bad
// rules); tags that contradict each other give an error wrapping
// [ErrMismatch].
func ParseRecord(text string) (Record, error) {
	ps := &recParser{text: text, tags: map[string]string{}, tagPos: map[string]int{}, numAt: -1}
	if strings.HasPrefix(text, byteOrderMark) {
		ps.i = len(byteOrderMark)
	}
	for _, step := range []func() error{ps.tagSection, ps.start, ps.setups, ps.result, ps.movetext, ps.finish} {
		if err := step(); err != nil {
			return Record{}, err
		}
	}
	return ps.rec, nil
}

// byteOrderMark is the UTF-8 byte order mark, which some editors write
// at the start of a file; a record may start with it.
const byteOrderMark = "\ufeff"

// recParser reads a record text in steps: the tag section, the rules
// and start, the setups, the result tags, the movetext, and the closing
// checks.
type recParser struct {
	text   string
	i      int // the offset reached
	rec    Record
	tags   map[string]string // the reserved tags' values
	tagPos map[string]int    // and their offsets

	// The movetext: the closing result token, and a pending move number.
	closing                string
	numAt, numDots, numVal int
	last                   turnInfo
	// noSetup says a setup tag is missing, which only a record without
	// moves may do.
	noSetup bool
}

func (ps *recParser) err(pos int, want string) error { return parseErr("record", ps.text, pos, want) }

// tagErr returns the error of the value of the reserved tag name: a
// *ParseError at the tag, wrapping the error of the value's parser (a
// *ParseError, *RulesError, *SetupError or *PositionError).
func (ps *recParser) tagErr(name, want string, cause error) error {
	return parseErrCause("record", ps.text, ps.tagPos[name], "a "+name+" tag with "+want, cause)
}

// tagSection reads the [Name "value"] tags.
func (ps *recParser) tagSection() error {
	for {
		kind, start, end, _ := nextRecToken(ps.text, ps.i)
		if kind != recTag {
			return nil
		}
		ps.i = start
		if err := ps.tag(end); err != nil {
			return err
		}
	}
}

// tag reads the tag token text[ps.i:end].
func (ps *recParser) tag(end int) error {
	text, start := ps.text[:end], ps.i
	j := start + 1
	for j < len(text) && text[j] != ' ' && text[j] != '"' && text[j] != ']' {
		j++
	}
	name := text[start+1 : j]
	if !validTagName(name) || j+1 >= len(text) || text[j] != ' ' || text[j+1] != '"' {
		return ps.err(start, `[Name "value"]`)
	}
	j += 2
	var val []byte
	for ; j < len(text) && text[j] != '"'; j++ {
		if text[j] == '\n' || text[j] == '\r' {
			break
		}
		if text[j] == '\\' && j+1 < len(text) && (text[j+1] == '"' || text[j+1] == '\\') {
			j++
		}
		val = append(val, text[j])
	}
	if j+2 != len(text) || text[j] != '"' || text[j+1] != ']' {
		return ps.err(j, `a quoted value and "]"`)
	}
	ps.i = end
	if _, dup := ps.tags[name]; dup {
		return ps.err(start, "each tag once")
	}
	for _, t := range ps.rec.Tags {
		if t.Name == name {
			return ps.err(start, "each tag once")
		}
	}
	if r := reservedName(name); r != "" {
		if _, dup := ps.tags[r]; dup {
			return ps.err(start, "each tag once")
		}
		ps.tags[r], ps.tagPos[r] = string(val), start
	} else {
		ps.rec.Tags = append(ps.rec.Tags, Tag{Name: name, Value: string(val)})
	}
	return nil
}

// start reads the Position, Rules and Numbering tags.
func (ps *recParser) start() error {
	rec := &ps.rec
	if pt, ok := ps.tags["Position"]; ok {
		p, err := ParsePosition(pt)
		if err != nil {
			return ps.tagErr("Position", "a valid position", err)
		}
		if p.IsView() {
			return ps.err(ps.tagPos["Position"], "a full position, not a view")
		}
		rec.Start, rec.Rules = &p, p.Rules
	}
	if rt, ok := ps.tags["Rules"]; ok {
		r, err := ParseRules(rt)
		if err != nil {
			return ps.tagErr("Rules", "valid rules", err)
		}
		if rec.Start != nil && r != rec.Rules {
			return fmt.Errorf("%w: Rules tag %s and Position tag disagree", ErrMismatch, quoteAround(rt, 0))
		}
		rec.Rules = r
	} else if rec.Start == nil {
		return ps.err(0, "a Rules tag")
	}
	if nt, ok := ps.tags["Numbering"]; ok {
		n, err := parseNumbering(nt)
		if err != nil {
			return ps.tagErr("Numbering", `"isf" or "vintage"`, err)
		}
		if n != rec.Rules.Numbering {
			return fmt.Errorf("%w: Numbering tag %s, rules number %v", ErrMismatch, quoteAround(nt, 0), rec.Rules.Numbering)
		}
	}
	return nil
}

// setups reads the RedSetup and BlueSetup tags, which a record without a
// Position tag needs (unless it has no moves: finish checks that) and
// one with it may not have.
func (ps *recParser) setups() error {
	rec := &ps.rec
	_, hasRed := ps.tags["RedSetup"]
	_, hasBlue := ps.tags["BlueSetup"]
	if rec.Start != nil {
		if hasRed || hasBlue {
			return ps.err(ps.tagPos["Position"], "either setups or a Position tag")
		}
		return nil
	}
	for _, x := range []struct {
		name string
		dst  *Setup
	}{{"RedSetup", &rec.RedSetup}, {"BlueSetup", &rec.BlueSetup}} {
		st, ok := ps.tags[x.name]
		if !ok {
			ps.noSetup = true
			continue
		}
		s, err := ParseSetup(rec.Rules, st)
		if err != nil {
			return ps.tagErr(x.name, "a valid setup", err)
		}
		*x.dst = s
	}
	return nil
}

// result reads the Result and Termination tags.
func (ps *recParser) result() error {
	res, hasRes := ps.tags["Result"]
	term, hasTerm := ps.tags["Termination"]
	if hasRes {
		o, err := parseResult(res, term, hasTerm)
		if err != nil {
			return ps.err(ps.tagPos["Result"], err.Error())
		}
		ps.rec.Result = o
	} else if hasTerm {
		return ps.err(ps.tagPos["Termination"], "a Result tag with the Termination tag")
	}
	return nil
}

// movetext reads the moves, move numbers and comments up to the closing
// result token.
func (ps *recParser) movetext() error {
	for {
		kind, start, end, _ := nextRecToken(ps.text, ps.i)
		ps.i = start
		switch kind {
		case recEnd:
			return nil
		case recTag:
			if ps.closing != "" {
				return ps.err(start, "nothing after the result")
			}
			return ps.err(start, "the tags before the moves")
		case recComment:
			if err := ps.comment(end); err != nil {
				return err
			}
		case recWord:
			if err := ps.token(ps.text[start:end]); err != nil {
				return err
			}
		}
		ps.i = end
	}
}

// comment reads the comment token text[ps.i:end], which belongs to the
// last move (or to the record before the first).
func (ps *recParser) comment(end int) error {
	text, i := ps.text, ps.i
	if text[end-1] != '}' {
		return ps.err(i, `"}" closing the comment`)
	}
	if ps.closing != "" {
		return ps.err(i, "nothing after the result")
	}
	cm := strings.TrimSpace(text[i+1 : end-1])
	dst := &ps.rec.Comment
	if n := len(ps.rec.Moves); n > 0 {
		dst = &ps.rec.Moves[n-1].Comment
	}
	if *dst != "" && cm != "" {
		*dst += " " + cm
	} else if cm != "" {
		*dst = cm
	}
	return nil
}

// token reads one movetext token: a result, a move number or a move.
func (ps *recParser) token(tok string) error {
	if ps.closing != "" {
		return ps.err(ps.i, "nothing after the result")
	}
	switch {
	case isResultWord(tok):
		if ps.numAt >= 0 {
			return ps.err(ps.numAt, "a move after the move number")
		}
		ps.closing = tok
	case strings.HasSuffix(tok, "."):
		digits := strings.TrimRight(tok, ".")
		n, ok := parseCount(digits, 1<<30)
		if ps.numAt >= 0 || !ok || (len(tok)-len(digits) != 1 && len(tok)-len(digits) != 3) {
			return ps.err(ps.i, `a move number such as "12." or "12..."`)
		}
		ps.numAt, ps.numDots, ps.numVal = ps.i, len(tok)-len(digits), n
	default:
		return ps.move(tok)
	}
	return nil
}

// move reads an annotated move and checks the move number before it.
func (ps *recParser) move(tok string) error {
	rec := &ps.rec
	m, marked, err := parseAnnotatedMove(rec.Rules.Numbering, tok)
	if err != nil {
		var pe *ParseError
		if errors.As(err, &pe) {
			return ps.err(ps.i+pe.Pos, pe.Want)
		}
		return ps.err(ps.i, "a move")
	}
	if m.Attacker == Unknown || m.Defender == Unknown {
		return ps.err(ps.i+strings.IndexByte(tok, '('), `the real ranks ("?" is for views)`)
	}
	var prev *turnInfo
	if len(rec.Moves) > 0 {
		prev = &ps.last
	}
	ti := nextTurn(rec.startTurn(), prev, m.Move.IsRescue())
	marked = marked && !m.IsAttack()
	rec.Moves = append(rec.Moves, RecordedMove{AnnotatedMove: m, MarkedAttack: marked})
	ps.last = ti
	if ps.numAt >= 0 {
		if ti.num != ps.numVal || (ps.numDots == 1) != (ti.color == Red) {
			dots := "."
			if ti.color == Blue {
				dots = "..."
			}
			return ps.err(ps.numAt, fmt.Sprintf("move number %d%s", ti.num, dots))
		}
		ps.numAt = -1
	}
	return nil
}

// finish checks the end of the movetext: no dangling move number, and a
// closing result that agrees with the Result tag.
func (ps *recParser) finish() error {
	if ps.numAt >= 0 {
		return ps.err(ps.numAt, "a move after the move number")
	}
	if ps.closing == "" {
		return ps.err(len(ps.text), `a result "1-0", "0-1", "1/2-1/2" or "*" closing the moves`)
	}
	if ps.noSetup && len(ps.rec.Moves) > 0 {
		return ps.err(0, "RedSetup and BlueSetup tags, or a Position tag")
	}
	if ps.closing != resultToken(ps.rec.Result) {
		return fmt.Errorf("%w: movetext ends %s but the Result tag is %s", ErrMismatch, ps.closing, resultToken(ps.rec.Result))
	}
	return nil
}

func parseResult(res, term string, hasTerm bool) (Outcome, error) {
	var o Outcome
	switch res {
	case "*":
		if hasTerm {
			return o, errors.New("no Termination tag with result *")
		}
		return o, nil
	case "1-0":
		o.Winner = Red
	case "0-1":
		o.Winner = Blue
	case "1/2-1/2":
	default:
		return o, errors.New(`result "1-0", "0-1", "1/2-1/2" or "*"`)
	}
	if !hasTerm {
		return o, errors.New("a Termination tag with a decided result")
	}
	r, err := parseEndReason(term)
	if err != nil || r == NotOver {
		return o, errors.New(`a Termination such as "flag captured"`)
	}
	o.Reason = r
	if !o.IsValid() {
		return o, errors.New("a Termination that fits the result")
	}
	return o, nil
}

// ReplayError is the error of [Record.Replay] for a move that is illegal
// or that contradicts its annotation. It unwraps to the engine's error
// (a *[MoveError] wrapping a sentinel such as ErrBlocked) or to
// ErrMismatch.
type ReplayError struct {
	Index  int           // the index of the move in Record.Moves
	Number int           // the move number, as the record text writes it
	Color  Color         // the side that made it
	Move   AnnotatedMove // the move as the record gives it
	Err    error         // the cause
}

// Error returns a message with the move's number, side and squares and
// the cause: "stratego: record move 7 (red) b8-b10: piece cannot move
// that way".
func (e *ReplayError) Error() string {
	cause := e.Err
	if me, ok := cause.(*MoveError); ok && me.Move == e.Move.Move && me.Err != nil {
		cause = me.Err // the move is named already
	}
	return fmt.Sprintf("%srecord move %d (%v) %v: %s", errPrefix, e.Number, e.Color, e.Move.Move, causeText(cause))
}

// Unwrap returns the cause.
func (e *ReplayError) Unwrap() error { return e.Err }

// start returns the state the record starts from.
func (rec Record) start() (State, error) {
	if rec.Start != nil {
		if rec.Start.Rules != rec.Rules {
			return State{}, fmt.Errorf("%w: start position under other rules", ErrMismatch)
		}
		return rec.Start.State()
	}
	if rec.RedSetup == (Setup{}) || rec.BlueSetup == (Setup{}) {
		return State{}, recordErr("a game that ended in its setup phase (a setup is missing) has no start to replay")
	}
	return New(rec.Rules, rec.RedSetup, rec.BlueSetup)
}

// Replay plays the record from its start and returns the states: the
// start, then the state after each move. It stops at the first move that
// is illegal or contradicts its annotation, or that is written with "x"
// ([RecordedMove.MarkedAttack]) but attacks nothing, and returns the
// states so far with a *[ReplayError] naming the move's number (wrapping
// ErrMismatch for a contradiction). When the moves end an
// ongoing game and the record's result is a resignation or an agreed
// draw, the last state carries that result ([State.Resign],
// [State.AgreeDraw]); any other result must be the one the replay
// reaches, or the error wraps ErrMismatch (and a Result that is no valid
// [Outcome], which only a record built by hand can have, wraps
// ErrInvalid).
func (rec Record) Replay() ([]State, error) {
	s, err := rec.start()
	if err != nil {
		return nil, err
	}
	states := make([]State, 1, len(rec.Moves)+1)
	states[0] = s
	turns := moveTurns(s.Turn(), rec.Moves)
	for i, m := range rec.Moves {
		rerr := func(err error) error {
			return &ReplayError{Index: i, Number: turns[i].num, Color: s.Turn(), Move: m.AnnotatedMove, Err: err}
		}
		next, ev, err := s.Apply(m.Move)
		if err != nil {
			return states, rerr(err)
		}
		switch {
		case m.IsAttack() || m.Attacker != NoRank:
			if got := Annotate(ev); got != m.AnnotatedMove {
				return states, rerr(fmt.Errorf("%w: annotated %v, played %v", ErrMismatch, m.AnnotatedMove, got))
			}
		case m.MarkedAttack && !ev.IsAttack():
			return states, rerr(fmt.Errorf("%w: written with \"x\" but not an attack", ErrMismatch))
		}
		s = next
		states = append(states, s)
	}
	got := s.Outcome()
	switch want := rec.Result; {
	case !want.IsValid():
		return states, fmt.Errorf("%w: record result %d/%d", ErrInvalid, want.Winner, want.Reason)
	case !want.IsOver() || want == got:
	case !got.IsOver() && want.Reason == Resignation:
		s, _ = s.Resign(want.Winner.Opponent())
		states[len(states)-1] = s
	case !got.IsOver() && want.Reason == DrawAgreed:
		s, _ = s.AgreeDraw()
		states[len(states)-1] = s
	default:
		return states, fmt.Errorf("%w: the record says %v, the moves give %v", ErrMismatch, want, got)
	}
	return states, nil
}

// Annotated replays the record and returns a copy with every move
// annotated with its combat and, when the moves end the game by the
// rules, the result set to that outcome. Comments and tags are kept. It
// fails as [Record.Replay] does, so the annotations and "x" marks the
// record has must be true. The copy shares no storage with rec: its
// tags, start position and moves are its own.
func (rec Record) Annotated() (Record, error) {
	states, err := rec.Replay()
	if err != nil {
		return Record{}, err
	}
	out := rec
	out.Tags = slices.Clone(rec.Tags)
	if rec.Start != nil {
		start := rec.Start.clone()
		out.Start = &start
	}
	out.Moves = nil
	if rec.Moves != nil {
		out.Moves = make([]RecordedMove, len(rec.Moves))
	}
	for i, m := range rec.Moves {
		out.Moves[i] = RecordedMove{AnnotatedMove: Annotate(states[i+1].LastEvent()), Comment: m.Comment}
	}
	if o := states[len(states)-1].Outcome(); o.IsOver() {
		out.Result = o
	}
	return out, nil
}

// NewRecord returns the annotated record of a game under r from the two
// setups with the given moves (see [Record.Annotated]). Add tags, comments
// or a resignation ([Record.Result]) to it as needed. The record keeps the
// setups in r's numbering, the one its text is written in, whatever
// rules they were made under.
func NewRecord(r Rules, red, blue Setup, moves ...Move) (Record, error) {
	rec := Record{Rules: r, RedSetup: inNumbering(red, r.Numbering), BlueSetup: inNumbering(blue, r.Numbering),
		Moves: make([]RecordedMove, len(moves))}
	for i, m := range moves {
		rec.Moves[i].Move = m
	}
	return rec.Annotated()
}
