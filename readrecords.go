package stratego

import (
	"bufio"
	"bytes"
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

// recordSplitter cuts a stream into record texts with the record
// tokenizer (nextRecToken): a record ends after its result word, or
// before a tag that follows its moves. It reads the stream a line at a
// time, as only a comment spans lines.
type recordSplitter struct {
	in      *bufio.Reader
	buf     []byte // read and not yet cut off
	line    int    // the line of buf's first byte
	err     error  // the error that ended the stream (io.EOF at its end)
	started bool   // the byte order mark check is done
}

// next returns the text of the next record, from its first token, the
// line it starts on, and the error that ended the stream, once the
// stream has no more record.
func (rs *recordSplitter) next() (string, int, error) {
	i, moves := 0, false
	for {
		kind, start, end, complete := nextRecToken(rs.buf, i)
		if (kind == recEnd || !complete) && rs.err == nil {
			rs.fill()
			continue
		}
		cut := -1
		switch kind {
		case recEnd:
			cut = len(rs.buf)
		case recTag:
			if moves {
				cut = start
			}
		case recWord:
			moves = true
			if isResultWord(rs.buf[start:end]) {
				cut = end
			}
		}
		if cut < 0 && end == len(rs.buf) && rs.err != nil {
			cut = end // the stream ends inside the record
		}
		if cut >= 0 {
			return rs.cut(cut)
		}
		i = end
	}
}

// cut takes the record that ends at offset end of the buffer off it.
func (rs *recordSplitter) cut(end int) (string, int, error) {
	lead := 0
	for lead < end && isSpace(rs.buf[lead]) {
		lead++
	}
	line := rs.line + bytes.Count(rs.buf[:lead], []byte{'\n'})
	text := string(rs.buf[lead:end])
	rs.line += bytes.Count(rs.buf[:end], []byte{'\n'})
	rs.buf = append(rs.buf[:0], rs.buf[end:]...)
	var err error
	if len(bytes.TrimLeft(rs.buf, " \t\r\n")) == 0 {
		err = rs.err // nothing of the stream is left
	}
	return text, line, err
}

// fill reads the next line of the stream into the buffer, skipping a
// byte order mark at the stream's start.
func (rs *recordSplitter) fill() {
	for {
		b, err := rs.in.ReadSlice('\n')
		if !rs.started {
			rs.started = true
			b = bytes.TrimPrefix(b, []byte(byteOrderMark))
		}
		rs.buf = append(rs.buf, b...)
		if err != bufio.ErrBufferFull {
			rs.err = err
			return
		}
	}
}
