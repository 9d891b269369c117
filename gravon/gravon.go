package gravon

import (
	"strconv"

	"github.com/stratego-go/stratego"
)

func upper(c byte) byte {
	if c >= 'a' && c <= 'z' {
		return c - 'a' + 'A'
	}
	return c
}

// parseErr returns the *stratego.ParseError of a Gravon text.
func parseErr(what, input string, pos int, want string) error {
	return &stratego.ParseError{What: what, Input: input, Pos: pos, Want: want}
}

// parseCount parses a decimal count 0…max without sign or leading zeros
// (the form strconv.Itoa writes).
func parseCount(v string, max int) (int, bool) {
	n, err := strconv.Atoi(v)
	return n, err == nil && n >= 0 && n <= max && strconv.Itoa(n) == v
}
