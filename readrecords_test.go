package stratego

import (
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"pgregory.net/rapid"
)

// TestProp_ReadRecordsReadsWhatIsWritten: the texts of played games,
// with tags and comments, joined by white space, read back as the same
// records in order.
func TestProp_ReadRecordsReadsWhatIsWritten(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(0, 4).Draw(t, "records")
		var want []string
		var stream strings.Builder
		if rapid.Bool().Draw(t, "byte order mark") {
			stream.WriteString("\ufeff")
		}
		for i := range n {
			g, _ := genPlayedGame(t, plies(40))
			rec := g.Record()
			rec.Tags = []Tag{{Name: "Event", Value: rapid.SampledFrom([]string{"x", "1-0 * {[", `"quoted" \ ]`}).Draw(t, "event")}}
			if len(rec.Moves) > 0 {
				rec.Moves[0].Comment = rapid.SampledFrom([]string{"", "1-0", "[Rules \"x\"] *", "0-1\n{"}).Draw(t, "comment")
			}
			text := rec.String()
			if text == "" {
				t.Fatalf("record %d has no text", i)
			}
			want = append(want, text)
			stream.WriteString(text)
			stream.WriteString(rapid.SampledFrom([]string{"", "\n", "\r\n\r\n", " \t"}).Draw(t, "between"))
		}
		var got []string
		for rec, err := range ReadRecords(iotest.OneByteReader(strings.NewReader(stream.String()))) {
			if err != nil {
				t.Fatalf("record %d: %v\n%s", len(got), err, stream.String())
			}
			got = append(got, rec.String())
		}
		if diff := cmp.Diff(want, got); diff != "" {
			t.Fatalf("records read (-written +read):\n%s", diff)
		}
	})
}

const streamGood = `[Rules "barrage"]
[RedSetup "FB12239X../........../........../.........."]
[BlueSetup "FB12239X../........../........../.........."]

1. e1-e2 {a comment with 1-0 and [brackets]} d10-d9
*
`

func TestReadRecords(t *testing.T) {
	type item struct {
		Moves  int    // moves of a good record
		Number int    // the number of a bad one (from 1)
		Line   int    // its line
		Err    string // what its error says, in part
	}
	for _, tc := range []struct {
		name   string
		stream string
		want   []item
	}{
		{"empty", "", nil},
		{"white space", " \n\t\n", nil},
		{"one", streamGood, []item{{Moves: 2}}},
		{"byte order mark", "\ufeff" + streamGood, []item{{Moves: 2}}},
		{"two, no space", strings.TrimSpace(streamGood) + streamGood, []item{{Moves: 2}, {Moves: 2}}},
		{"a bad move between good ones", streamGood + strings.Replace(streamGood, "d10-d9", "d10-", 1) + streamGood,
			[]item{{Moves: 2}, {Number: 2, Line: 11, Err: `column 50: "1. e1-e2 {a comment with 1-0 and [brackets]} d10-": want a to-square`}, {Moves: 2}}},
		{"a missing result", strings.Replace(streamGood, "*\n", "", 1) + streamGood,
			[]item{{Number: 1, Line: 6, Err: "a result"}, {Moves: 2}}},
		{"an unclosed comment", streamGood + "[Rules \"barrage\"]\n{ no end",
			[]item{{Moves: 2}, {Number: 2, Line: 8, Err: "closing the comment"}}},
		{"a bad setup tag", strings.Replace(streamGood, "FB12239X../", "FB1223XX../", 1),
			[]item{{Number: 1, Line: 2, Err: "RedSetup"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got []item
			for rec, err := range ReadRecords(strings.NewReader(tc.stream)) {
				if err == nil {
					got = append(got, item{Moves: len(rec.Moves)})
					continue
				}
				var re *RecordError
				if !errors.As(err, &re) || !errors.Is(err, ErrSyntax) && !errors.Is(err, ErrSetup) {
					t.Fatalf("error %v: want a *RecordError wrapping the parser's error", err)
				}
				it := item{Number: re.Number, Line: re.Line, Err: tc.want[len(got)].Err}
				if len(got) >= len(tc.want) || !strings.Contains(err.Error(), it.Err) ||
					!strings.Contains(err.Error(), fmt.Sprintf("record %d: parsing record, line %d, column ", re.Number, re.Line)) {
					it.Err = err.Error()
				}
				got = append(got, it)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Fatalf("ReadRecords (-want +got):\n%s", diff)
			}
		})
	}
}

// TestReadRecordsStops: an I/O error is yielded as it is and ends the
// stream; breaking out of the loop stops reading.
func TestReadRecordsStops(t *testing.T) {
	boom := errors.New("disk on fire")
	r := io.MultiReader(strings.NewReader(streamGood), iotest.ErrReader(boom))
	var errs []error
	n := 0
	for _, err := range ReadRecords(r) {
		n++
		if err != nil {
			errs = append(errs, err)
		}
	}
	if n != 2 || len(errs) != 1 || errs[0] != boom {
		t.Fatalf("got %d items, errors %v; want a record, then the reader's error", n, errs)
	}
	n = 0
	for range ReadRecords(strings.NewReader(streamGood + streamGood + streamGood)) {
		n++
		break
	}
	if n != 1 {
		t.Fatalf("the loop ran %d times after a break", n)
	}
}

// FuzzReadRecords: no stream panics the reader, each record it yields
// prints a text that parses back, and each error is a *RecordError; a
// text that ParseRecord reads is one record of the same content to
// ReadRecords (the two share one tokenizer).
func FuzzReadRecords(f *testing.F) {
	f.Add(streamGood + streamGood)
	f.Add(strings.Replace(streamGood, "*\n", "", 1) + "[" + streamGood)
	f.Add("\ufeff{[\"]*} * 1-0 [a \"b\\\"\n]")
	f.Add(strings.TrimSpace(streamGood))
	f.Add("[Rules \"duel\"]\n[X \"a]b\\\"{\"]\n{c\n[d} *")
	f.Fuzz(func(t *testing.T, s string) {
		if want, err := ParseRecord(s); err == nil {
			var got []string
			for rec, err := range ReadRecords(strings.NewReader(s)) {
				if err != nil {
					t.Fatalf("ParseRecord reads %q, ReadRecords: %v", s, err)
				}
				got = append(got, rec.String())
			}
			if len(got) != 1 || got[0] != want.String() {
				t.Fatalf("ParseRecord reads %q as one record, ReadRecords as %q", s, got)
			}
		}
		for rec, err := range ReadRecords(strings.NewReader(s)) {
			if err != nil {
				var re *RecordError
				if !errors.As(err, &re) {
					t.Fatalf("error %v is no *RecordError", err)
				}
				continue
			}
			if _, err := ParseRecord(rec.String()); err != nil {
				t.Fatalf("record read does not print back: %v", err)
			}
		}
	})
}
