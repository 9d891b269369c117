package stratego

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"iter"
	"strings"
)

// ReadRecords reads a stream of game records, such as a file of many
// games (the section "Record text" of the package doc), and yields each
// record with a nil error, in order, reading the stream only as far as
// it needs; stop early by breaking out of the loop. A record that does
// not parse is yielded as the zero Record with a *[RecordError] (naming
// the record's number and line and wrapping the error of [ParseRecord]),
// and reading goes on with the next record. An error of r other than
// [io.EOF] is yielded as it is and ends the stream. ReadRecords parses
// only; [Record.Game] or [Record.Replay] plays each record.
func ReadRecords(r io.Reader) iter.Seq2[Record, error] {
	return func(yield func(Record, error) bool) {
		rs := recordSplitter{in: bufio.NewReader(r), line: 1}
		for index := 0; ; index++ {
			text, line, err := rs.next()
			if strings.TrimSpace(text) != "" {
				rec, perr := ParseRecord(text)
				if perr != nil {
					rec, perr = Record{}, newRecordError(index, line, text, perr)
				}
				if !yield(rec, perr) {
					return
				}
			}
			if err != nil {
				if !errors.Is(err, io.EOF) {
					yield(Record{}, err)
				}
				return
			}
		}
	}
}

// RecordError is the error [ReadRecords] yields for a record of a stream
// that does not parse. It unwraps to the error of [ParseRecord].
type RecordError struct {
	Number int   // the record's number in the stream: 1 for the first
	Line   int   // the line of the stream (from 1) where the error is
	Err    error // the error of ParseRecord
}

// Error returns the record's number and the cause. A syntax error of
// the record gives the line of the stream, the column, and that line
// quoted: `stratego: record 2: parsing record, line 31, column 4:
// "1. j4-j5 …": want a from-square`; another cause the line where the
// record starts: "stratego: record 2 (line 31): …".
func (e *RecordError) Error() string {
	if pe, ok := e.Err.(*ParseError); ok {
		return fmt.Sprintf("%srecord %d: %s", errPrefix, e.Number, pe.message("parsing "+pe.What, e.Line))
	}
	return fmt.Sprintf("%srecord %d (line %d): %s", errPrefix, e.Number, e.Line, causeText(e.Err))
}

// Unwrap returns the cause.
func (e *RecordError) Unwrap() error { return e.Err }

// newRecordError returns the error of the record text that starts on
// line, naming the line of the syntax error when it has an offset in
// the text.
func newRecordError(index, line int, text string, err error) error {
	var pe *ParseError
	if errors.As(err, &pe) && pe.Input == text && pe.Pos >= 0 && pe.Pos <= len(text) {
		line += strings.Count(text[:pe.Pos], "\n")
	}
	return &RecordError{Number: index + 1, Line: line, Err: err}
}

// recordSplitter cuts a stream into record texts. It knows of records
// only what it needs to find where one ends: tags with their quoted
// values, comments, and the movetext's tokens, of which a result ends
// the record.
type recordSplitter struct {
	in      *bufio.Reader
	line    int  // the line of the next byte
	started bool // the byte order mark check is done
	pending bool // back holds a byte read for the next record
	back    byte
}

// next returns the text of the next record, the line it starts on, and
// the error that ended the stream (io.EOF at its end), if it did.
func (rs *recordSplitter) next() (string, int, error) {
	const (
		top = iota
		token
		tag
		quoted
		escaped
		comment
	)
	var text, tok []byte
	state, moves, line := top, false, rs.line
	for {
		c, err := rs.read()
		if err != nil {
			if state == token {
				text = append(text, tok...)
			}
			return string(text), line, err
		}
		switch state {
		case top:
			switch {
			case isSpace(c):
			case c == '[' && moves: // a record without its result
				rs.unread(c)
				return string(text), line, nil
			case c == '[':
				state = tag
			case c == '{':
				state = comment
			default:
				state, tok = token, append(tok[:0], c)
				continue
			}
		case token:
			if !isSpace(c) && c != '{' && c != '[' {
				tok = append(tok, c)
				continue
			}
			text = append(text, tok...)
			switch string(tok) {
			case "1-0", "0-1", "1/2-1/2", "*":
				rs.unread(c)
				return string(text), line, nil
			}
			moves, state = true, top
			switch c {
			case '{':
				state = comment
			case '[': // a tag after moves: the next record
				rs.unread(c)
				return string(text), line, nil
			}
		case tag:
			switch c {
			case '"':
				state = quoted
			case ']', '\n':
				state = top
			}
		case quoted:
			switch c {
			case '\\':
				state = escaped
			case '"':
				state = tag
			case '\n':
				state = top
			}
		case escaped:
			state = quoted
			if c == '\n' {
				state = top
			}
		case comment:
			if c == '}' {
				state = top
			}
		}
		if len(text) == 0 && isSpace(c) {
			line = rs.line // the record starts after the white space
			continue
		}
		text = append(text, c)
	}
}

// read returns the next byte of the stream, skipping a byte order mark
// at its start and counting lines.
func (rs *recordSplitter) read() (byte, error) {
	if !rs.started {
		rs.started = true
		if b, err := rs.in.Peek(3); err == nil && string(b) == "\xef\xbb\xbf" {
			rs.in.Discard(3)
		}
	}
	var c byte
	if rs.pending {
		c, rs.pending = rs.back, false
	} else {
		var err error
		if c, err = rs.in.ReadByte(); err != nil {
			return 0, err
		}
	}
	if c == '\n' {
		rs.line++
	}
	return c, nil
}

// unread gives c back, for the next record.
func (rs *recordSplitter) unread(c byte) {
	if c == '\n' {
		rs.line--
	}
	rs.pending, rs.back = true, c
}
