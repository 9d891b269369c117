package gravon

import (
	"bytes"
	"errors"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego"
)

// TestRead: Read tells XML from GSN by the content and reads either as
// its own reader does; other content and empty files are syntax errors.
func TestRead(t *testing.T) {
	xmlData, gsnData := readTestFile(t, "barrage.xml"), readTestFile(t, "classic.gsn")
	wantXML, err := ReadXML(bytes.NewReader(xmlData))
	if err != nil {
		t.Fatal(err)
	}
	wantGSN, err := ReadGSN(bytes.NewReader(gsnData))
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		data string
		want Game
	}{
		{"xml", string(xmlData), wantXML},
		{"gsn", string(gsnData), wantGSN},
		{"xml after a byte order mark and white space", "\ufeff \r\n\t" + string(xmlData), wantXML},
		{"gsn after a byte order mark", "\ufeff" + string(gsnData), wantGSN},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Read(iotest.OneByteReader(strings.NewReader(tc.data)))
			if err != nil {
				t.Fatalf("Read: %v", err)
			}
			if diff := cmp.Diff(tc.want, got); diff != "" {
				t.Fatalf("Read (-want +got):\n%s", diff)
			}
		})
	}
	for _, tc := range []struct{ name, data, msg string }{
		{"empty", "", "stratego: syntax error: gravon: empty file, want XML or GSN"},
		{"white space", " \n\ufeff", "stratego: syntax error: gravon: empty file, want XML or GSN"},
		{"neither", "classic A4-A5", `stratego: syntax error: gravon: file starts with "c", want XML ("<") or GSN ("#")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := Read(strings.NewReader(tc.data))
			if !errors.Is(err, stratego.ErrSyntax) || err.Error() != tc.msg {
				t.Fatalf("Read(%q) = %v, want %q wrapping ErrSyntax", tc.data, err, tc.msg)
			}
		})
	}
}

// TestReadersKeepIOErrors: an error of the caller's reader comes back as
// it is, from every reader, not as a syntax error.
func TestReadersKeepIOErrors(t *testing.T) {
	boom := errors.New("disk on fire")
	for _, tc := range []struct {
		name string
		read func(io.Reader) (Game, error)
		head string
	}{
		{"ReadXML", ReadXML, "<?xml version=\"1.0\"?>\n<stratego><game type=\"barrage\">"},
		{"ReadGSN", ReadGSN, "#X38FA11 Stratego-Notation v1\n"},
		{"Read xml", Read, "<stratego>"},
		{"Read gsn", Read, "#X38FA11"},
		{"Read nothing yet", Read, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := tc.read(io.MultiReader(strings.NewReader(tc.head), iotest.ErrReader(boom)))
			if err != boom {
				t.Fatalf("err %v, want the reader's error itself", err)
			}
		})
	}
}

// TestReadXMLMessages: an empty file, a file without the element and a
// huge attribute give short messages that say what is wrong.
func TestReadXMLMessages(t *testing.T) {
	huge := strings.Repeat("Z", 100_000)
	for _, tc := range []struct{ name, data, msg string }{
		{"empty", "", "stratego: syntax error: gravon xml: empty file, want a <stratego> element"},
		{"only a header", "<?xml version=\"1.0\"?>\n", "stratego: syntax error: gravon xml: no <stratego> element"},
		{"huge type", `<stratego><game type="` + huge + `"/></stratego>`,
			`stratego: syntax error: gravon xml: game type "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ"… (100000 bytes), want one of classic, barrage, classicfree, ultimate lightning, duell`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			_, err := ReadXML(strings.NewReader(tc.data))
			if !errors.Is(err, stratego.ErrSyntax) || err.Error() != tc.msg {
				t.Fatalf("ReadXML = %v\nwant %q wrapping ErrSyntax", err, tc.msg)
			}
		})
	}
}

// TestReadGSNWinner: a GSN winner out of range is named as the file
// writes it.
func TestReadGSNWinner(t *testing.T) {
	_, err := ReadGSN(strings.NewReader("#X38FA11 Stratego-Notation v1\ntype 1\nEND\na vs b result 3 winner 5\n"))
	const want = "stratego: syntax error: gravon gsn line 4: winner 5, want 0 (red), 1 (blue) or 2 (draw)"
	if !errors.Is(err, stratego.ErrSyntax) || err == nil || err.Error() != want {
		t.Fatalf("ReadGSN = %v, want %q", err, want)
	}
}

// TestImportBadResults: a game whose end code contradicts its winner is
// refused by Record, and imported by Import with BadResults: result
// unknown, the winner kept in a tag, the contradiction as a warning; the
// record replays.
func TestImportBadResults(t *testing.T) {
	g, err := ReadXML(bytes.NewReader(readTestFile(t, "barrage.xml")))
	if err != nil {
		t.Fatal(err)
	}
	g.End, g.Winner = EndTieAgreed, 1 // "tie agreed", won by Red, as three real games say
	if _, err := g.Record(); !errors.Is(err, stratego.ErrMismatch) {
		t.Fatalf("Record: %v, want ErrMismatch", err)
	}
	if _, _, err := g.Import(ImportOptions{}); !errors.Is(err, stratego.ErrMismatch) {
		t.Fatalf("Import without BadResults: %v, want ErrMismatch", err)
	}
	rec, warnings, err := g.Import(ImportOptions{BadResults: true})
	if err != nil {
		t.Fatalf("Import: %v", err)
	}
	if len(warnings) != 1 || !errors.Is(warnings[0], stratego.ErrMismatch) {
		t.Fatalf("warnings %v, want one wrapping ErrMismatch", warnings)
	}
	if rec.Result.IsOver() {
		t.Fatalf("result %v, want unknown", rec.Result)
	}
	if w, ok := rec.Tag("GravonWinner"); !ok || w != "1" {
		t.Fatalf("GravonWinner tag %q, %v; want 1", w, ok)
	}
	if _, err := rec.Replay(); err != nil {
		t.Fatalf("Replay: %v", err)
	}
	if _, err := stratego.ParseRecord(rec.String()); err != nil {
		t.Fatalf("the record does not read back: %v", err)
	}
	// A game with a good result gets no warning.
	g.End, g.Winner = EndFlag, 1
	if _, warnings, err := g.Import(ImportOptions{BadResults: true}); err != nil || len(warnings) != 0 {
		t.Fatalf("Import of a good game: %v, %v", warnings, err)
	}
}

// FuzzRead: no file panics Read, and Read of a file agrees with the
// reader its first character names.
func FuzzRead(f *testing.F) {
	f.Add(string(readTestFile(f, "barrage.xml")))
	f.Add(string(readTestFile(f, "classic.gsn")))
	f.Add("\ufeff <x/>")
	f.Add("#")
	f.Fuzz(func(t *testing.T, s string) {
		g, err := Read(strings.NewReader(s))
		trimmed := strings.TrimLeft(s, " \t\r\n\ufeff")
		var want Game
		var werr error
		switch {
		case strings.HasPrefix(trimmed, "<"):
			want, werr = ReadXML(strings.NewReader(trimmed))
		case strings.HasPrefix(trimmed, "#"):
			want, werr = ReadGSN(strings.NewReader(trimmed))
		default:
			if !errors.Is(err, stratego.ErrSyntax) {
				t.Fatalf("Read(%q) = %v, want ErrSyntax", s, err)
			}
			return
		}
		if (err == nil) != (werr == nil) || err == nil && !cmp.Equal(g, want) {
			t.Fatalf("Read(%q) = %+v, %v; the reader gives %+v, %v", s, g, err, want, werr)
		}
	})
}
