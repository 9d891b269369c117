// Package words writes the errors of the stratego library in the words a
// person reads, for the programs of the module (the terminal game, watch,
// the web game's replay page). The library's own messages are for logs:
// they start with the package name and give a parse error's byte offset.
// Here a message has no "stratego:" prefix and no byte offset; a parse
// error says what could not be read and where, as a character of a
// one-line text or a line and column of a longer one, quoting at most
// that line.
package words

import (
	"errors"
	"strconv"
	"strings"
	"unicode"

	"github.com/stratego-go/stratego"
)

// prefix starts every message of the library.
const prefix = "stratego: "

// quoteMax is the most of a text that a message quotes.
const quoteMax = 60

// Error returns err's message for a person ("" for nil). The message of
// the outermost *stratego.RecordError or *stratego.ParseError in err's
// chain is put into words, and the library's prefix is dropped
// everywhere: `-replay game.rec: stratego: parsing square "z9": at
// offset 0: want …` becomes `-replay game.rec: cannot read the square
// "z9": expected …`.
func Error(err error) string {
	if err == nil {
		return ""
	}
	msg := err.Error()
	var re *stratego.RecordError
	var pe *stratego.ParseError
	switch {
	case errors.As(err, &re):
		msg = strings.Replace(msg, re.Error(), recordWords(re), 1)
	case errors.As(err, &pe):
		msg = strings.Replace(msg, pe.Error(), parseWords(pe, 0), 1)
	}
	return clean(msg)
}

// recordWords is the message of a record of a stream that does not
// parse, its line being the stream's.
func recordWords(re *stratego.RecordError) string {
	head := "record " + strconv.Itoa(re.Number)
	if pe, ok := re.Err.(*stratego.ParseError); ok {
		return head + ": " + parseWords(pe, re.Line)
	}
	return head + " (line " + strconv.Itoa(re.Line) + "): " + Error(re.Err)
}

// parseWords is the message of a parse error. A line above 0 is the
// line to name instead of the one in the parser's input (the line of a
// stream, for a record read from one).
func parseWords(pe *stratego.ParseError, line int) string {
	what := strings.Replace(pe.What, "gravon", "Gravon", 1)
	msg := "cannot read the " + what
	l, col := pe.LineColumn()
	switch {
	case line > 0 || strings.Contains(pe.Input, "\n"):
		if line == 0 {
			line = l
		}
		msg += " at line " + strconv.Itoa(line) + ", column " + strconv.Itoa(col)
		if text := lineOf(pe.Input, pe.Pos); strings.TrimSpace(text) != "" {
			msg += " (" + show(text, col-1) + ")"
		}
	default:
		msg += " " + show(pe.Input, col-1)
		if col > 1 {
			msg += " at character " + strconv.Itoa(col)
		}
	}
	msg += ": expected " + pe.Want
	if pe.Err != nil {
		msg += ": " + Error(pe.Err)
	}
	return msg
}

// lineOf returns the line of text that holds byte offset pos, without
// its line end.
func lineOf(text string, pos int) string {
	pos = min(max(pos, 0), len(text))
	start := strings.LastIndexByte(text[:pos], '\n') + 1
	end := len(text)
	if i := strings.IndexByte(text[pos:], '\n'); i >= 0 {
		end = pos + i
	}
	return strings.TrimSuffix(text[start:end], "\r")
}

// show quotes a text for a person: in plain double quotes (the quotes
// inside are not escaped), with what cannot be printed escaped, and for
// a long text only the part around the character at (counted from 0),
// with "…" where it is cut.
func show(text string, at int) string {
	runes := []rune(text)
	lo, hi := 0, len(runes)
	if hi > quoteMax {
		lo = min(max(at-quoteMax/3, 0), len(runes)-quoteMax)
		hi = lo + quoteMax
	}
	var b strings.Builder
	b.WriteByte('"')
	if lo > 0 {
		b.WriteString("…")
	}
	for _, r := range runes[lo:hi] {
		if unicode.IsPrint(r) || r == ' ' {
			b.WriteRune(r)
		} else {
			q := strconv.QuoteRune(r)
			b.WriteString(q[1 : len(q)-1])
		}
	}
	if hi < len(runes) {
		b.WriteString("…")
	}
	b.WriteByte('"')
	return b.String()
}

// clean drops the library's prefix, wherever a wrapped message repeats
// it, and names the Gravon readers' files in words.
func clean(msg string) string {
	msg = strings.ReplaceAll(msg, prefix, "")
	for _, r := range []struct{ from, to string }{
		{"syntax error: gravon xml: ", "the Gravon XML file: "},
		{"syntax error: gravon gsn ", "the Gravon GSN file, "},
		{"syntax error: gravon: ", "the Gravon file: "},
	} {
		msg = strings.ReplaceAll(msg, r.from, r.to)
	}
	return msg
}

// Move suggests how a person meant to write a move that does not parse:
// two squares run together ("e4e5") are a move from the first to the
// second ("e4-e5"). It returns false when it sees no such reading.
func Move(text string) (string, bool) {
	t := strings.ToLower(strings.TrimSpace(text))
	for i := 2; i <= 3 && i < len(t); i++ {
		from, to := t[:i], t[i:]
		if _, err := stratego.ParseSquare(from); err != nil {
			continue
		}
		if _, err := stratego.ParseSquare(to); err != nil {
			continue
		}
		return from + "-" + to, true
	}
	return "", false
}
