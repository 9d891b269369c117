package stratego

// The grammar that the text forms share: counts, move lists and the
// UnmarshalText bodies. Each type's own text form is in the file of the
// type (rules_text.go, move.go, outcome.go, position.go, record.go,
// view.go, …); the package comment (doc.go) gives the small grammars,
// and the Position, Record and View grammars are on those types.

import "strings"

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

// appendMoves appends a move list: "-", or the moves separated by commas
// (the moves of the position and view texts).
func appendMoves(b []byte, ms []Move) []byte {
	if len(ms) == 0 {
		return append(b, '-')
	}
	for i, m := range ms {
		if i > 0 {
			b = append(b, ',')
		}
		b, _ = m.AppendText(b)
	}
	return b
}

// parseMoves parses "-" or moves separated by commas; rescues says
// whether rescue moves are allowed.
func parseMoves(s string, rescues bool) ([]Move, bool) {
	if s == "-" {
		return nil, true
	}
	var ms []Move
	for part := range strings.SplitSeq(s, ",") {
		m, err := ParseMove(part)
		if err != nil || (m.IsRescue() && !rescues) {
			return nil, false
		}
		ms = append(ms, m)
	}
	return ms, true
}
