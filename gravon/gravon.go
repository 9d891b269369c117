package gravon

import (
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

// parseCount parses a decimal count 0…max without sign or leading zeros.
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
