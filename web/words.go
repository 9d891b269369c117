package web

import (
	"errors"
	"regexp"
	"strconv"
	"strings"

	"github.com/stratego-go/stratego"
)

// formatNames name the formats of pageinfo.ReadGame for a person.
var formatNames = map[string]string{
	"record":     "a game record",
	"gravon-xml": "a Gravon XML file",
	"gravon-gsn": "a Gravon GSN file",
}

// prefixes matches the package prefixes and the "syntax error" of the
// library's messages, which a person need not read.
var prefixes = regexp.MustCompile(`\b(stratego|gravon): (syntax error: )?`)

// offsets matches a byte offset in a message.
var offsets = regexp.MustCompile(`,? ?\(?\bat (byte|offset) \d+\)?:?`)

// words says what err is in words for a page: a parse error by what was
// read, the line and column (when the text has several) and what was
// wanted there;
// a record's illegal move by its number, its side and the rule it
// breaks (explain under r); anything else by its message without the
// package prefixes and byte offsets.
func words(err error, r stratego.Rules) string {
	var re *stratego.ReplayError
	if errors.As(err, &re) {
		return "move " + strconv.Itoa(re.Number) + " (" + re.Color.String() + ") " + re.Move.Move.String() + ": " + explain(re.Err, r)
	}
	var pe *stratego.ParseError
	if errors.As(err, &pe) {
		msg := pe.What
		if strings.Contains(pe.Input, "\n") {
			line, col := pe.LineColumn()
			msg += ", line " + strconv.Itoa(line) + ", column " + strconv.Itoa(col)
		}
		msg += ": want " + pe.Want
		if pe.Err != nil {
			msg += " (" + words(pe.Err, r) + ")"
		}
		return cleanWords(msg)
	}
	return cleanWords(err.Error())
}

// cleanWords drops the package prefixes and byte offsets of a message.
func cleanWords(msg string) string {
	msg = prefixes.ReplaceAllString(msg, "")
	msg = offsets.ReplaceAllString(msg, "")
	return strings.TrimSpace(msg)
}
