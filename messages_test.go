package stratego_test

import (
	"strconv"
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/gravon"
)

// TestMessages holds, in one table, the message of each error that a
// person reads: what the program was given and what is wrong with it,
// naming the piece, square, key or line at fault. (Issue 10 item 2: each
// row was a puzzling message found in a trial of the library.)
func TestMessages(t *testing.T) {
	barrage := stratego.Barrage()
	setup := "FB12239X../........../........../.........."
	start, err := stratego.New(barrage, stratego.MustParseSetup(barrage, setup), stratego.MustParseSetup(barrage, setup))
	if err != nil {
		t.Fatal(err)
	}
	pos := start.Position().String()
	rec := func(head string) string {
		return head + "[RedSetup \"" + setup + "\"]\n[BlueSetup \"" + setup + "\"]\n1. e1-e2 *\n"
	}
	huge := strings.Repeat("Z", 100_000)
	for _, tc := range []struct {
		name string
		err  func() error
		want string // the whole message, or "" for no error
	}{
		{"a move into a lake", func() error { _, _, err := start.Apply(stratego.MustParseMove("c4-c5")); return err },
			"stratego: square is a lake: move c4-c5"},
		{"a move off the board", func() error {
			s, err := stratego.New(stratego.QuickBattle(), stratego.RandomSetup(stratego.QuickBattle(), nil), stratego.RandomSetup(stratego.QuickBattle(), nil))
			if err != nil {
				return err
			}
			_, _, err = s.Apply(stratego.MustParseMove("h1-i1"))
			return err
		}, "stratego: square not on the board: move h1-i1"},
		{"a malformed move", func() error { _, _, err := start.Apply(stratego.Move{From: 200}); return err },
			"stratego: invalid value: malformed move {From:200 To:- Via:- Rescue:-}"},
		{"a setup with two flags", func() error {
			_, err := stratego.ParseSetup(barrage, "FF12239X../........../........../..........")
			return err
		},
			"stratego: invalid setup: 2 flags, want 1; no bomb, want 1"},
		{"a setup with no flag", func() error {
			_, err := stratego.ParseSetup(barrage, "BB12239X../........../........../..........")
			return err
		},
			"stratego: invalid setup: no flag, want 1; 2 bombs, want 1"},
		{"a setup with a spy too many", func() error {
			_, err := stratego.ParseSetup(barrage, "FB11239X../........../........../..........")
			return err
		},
			"stratego: invalid setup: 2 spies, want 1; 1 scout, want 2"},
		{"a tag value with a line break", func() error {
			r, _ := stratego.ParseRecord(rec(`[Rules "barrage"]` + "\n"))
			r.Tags = []stratego.Tag{{Name: "Event", Value: "club\nnight"}}
			_, err := r.MarshalText()
			return err
		}, `stratego: invalid value: record: tag "Event": value "club\nnight" has a line break`},
		{"a reserved tag in Tags", func() error {
			r, _ := stratego.ParseRecord(rec(`[Rules "barrage"]` + "\n"))
			r.Tags = []stratego.Tag{{Name: "result", Value: "1-0"}}
			_, err := r.MarshalText()
			return err
		}, `stratego: invalid value: record: tag "result" is written from the record's fields, not from Tags`},
		{"a bad tag name", func() error {
			r, _ := stratego.ParseRecord(rec(`[Rules "barrage"]` + "\n"))
			r.Tags = []stratego.Tag{{Name: "2nd", Value: "x"}}
			_, err := r.MarshalText()
			return err
		}, `stratego: invalid value: record: tag name "2nd": want letters, digits and "_", not starting with a digit`},
		{"a rules value out of range", func() error { _, err := stratego.ParseRules("classic,width=11"); return err },
			`stratego: parsing rules "classic,width=11": at offset 14: want a count 0-10 for width`},
		{"a rules value of an enum", func() error { _, err := stratego.ParseRules("classic,moresquares=yes"); return err },
			`stratego: parsing rules "classic,moresquares=yes": at offset 20: want "off", "chase" or "game" for moresquares`},
		{"an unknown rules key", func() error { _, err := stratego.ParseRules("classic,colour=red"); return err },
			`stratego: parsing rules "classic,colour=red": at offset 8: want key=value with a key of width, height, lakes, zone, fill, army, numbering, scouts, ties, bombs, info, captains, rescues, twosquares, moresquares, maxplies, maxquiet, attrition`},
		{"an unknown preset", func() error { _, err := stratego.ParseRules("chess"); return err },
			`stratego: parsing rules "chess": at offset 0: want a preset name, "classic", "gravon", "barrage", "duel", "duel-hasbro", "ultimate-lightning", "quick-battle" or "vintage"`},
		{"a bad viewer field", func() error { _, err := stratego.ParsePosition(pos + " view:green"); return err },
			"stratego: parsing position " + quote120(pos+" view:green", len(pos)+1) + `: at offset ` + itoa(len(pos)+1) + `: want "view:red" or "view:blue"`},
		{"a position problem unrelated to setups", func() error {
			_, err := stratego.ParsePosition(strings.Replace(pos, " - *", " - draw:plycap", 1))
			return err
		},
			"stratego: invalid position (Outcome): outcome draw (ply cap) but the rules give ongoing"},
		{"a run problem unrelated to setups", func() error {
			_, err := stratego.ParsePosition(strings.Replace(pos, " -/- -/-/0 ", " a1-a2/- -/-/0 ", 1))
			return err
		}, "stratego: invalid position (RedRun) for red at a2: run ends where no piece of its side stands"},
		{"a huge input is quoted around the offset", func() error { _, err := stratego.ParseRules(huge); return err },
			`stratego: parsing rules "` + huge[:120] + `"…: at offset 0: want a preset name, "classic", "gravon", "barrage", "duel", "duel-hasbro", "ultimate-lightning", "quick-battle" or "vintage"`},
		{"a record after a byte order mark", func() error { _, err := stratego.ParseRecord("\ufeff" + rec(`[Rules "barrage"]`+"\n")); return err }, ""},
		{"a record's bad rules tag keeps its cause", func() error { _, err := stratego.ParseRecord(rec(`[Rules "classic,width=1"]` + "\n")); return err },
			`stratego: parsing record, line 1, column 1: "[Rules \"classic,width=1\"]": want a Rules tag with valid rules: invalid rules: Width: 1 is outside 2-10`},
		{"a record's bad move names its line and column and quotes that line only", func() error {
			_, err := stratego.ParseRecord(strings.Replace(rec("[Event \"club\"]\n[Rules \"barrage\"]\n"), "1. e1-e2 *", "\n1. e1-e2 j4 *", 1))
			return err
		}, `stratego: parsing record, line 6, column 12: "1. e1-e2 j4 *": want "-" or "x"`},
		{"a record of a stream names the stream's line", func() error {
			good := rec(`[Rules "barrage"]` + "\n")
			for _, err := range stratego.ReadRecords(strings.NewReader(good + "\n" + good + "\n" + strings.Replace(good, "1. e1-e2 *", "1. e1-e2 j4 *", 1))) {
				if err != nil {
					return err
				}
			}
			return nil
		}, `stratego: record 3: parsing record, line 14, column 12: "1. e1-e2 j4 *": want "-" or "x"`},
		{"an outcome in upper case", func() error { _, err := stratego.ParseOutcome("RED WINS (bogus)"); return err },
			`stratego: parsing outcome "RED WINS (bogus)": at offset 10: want an end reason, "flag captured", "no legal move", "neither side can move", "resignation", "draw agreed", "ply cap", "no-attack cap" or "no movable piece"`},
		{"the same outcome in lower case", func() error { _, err := stratego.ParseOutcome("red wins (bogus)"); return err },
			`stratego: parsing outcome "red wins (bogus)": at offset 10: want an end reason, "flag captured", "no legal move", "neither side can move", "resignation", "draw agreed", "ply cap", "no-attack cap" or "no movable piece"`},
		{"a GSN winner out of range", func() error {
			_, err := gravon.ReadGSN(strings.NewReader("#X38FA11 Stratego-Notation v1\ntype 1\nEND\na vs b result 3 winner 5\n"))
			return err
		}, "stratego: syntax error: gravon gsn line 4: winner 5, want 0 (red), 1 (blue) or 2 (draw)"},
		{"a Gravon XML file's bad move names its line", func() error {
			_, err := gravon.ReadXML(strings.NewReader("<stratego>\n<game type=\"barrage\">\n<move id=\"1\" source=\"A4\" target=\"A5\"/>\n<move id=\"2\" source=\"Z4\" target=\"A5\"/>\n</game>\n</stratego>\n"))
			return err
		}, `stratego: syntax error: gravon xml: line 4: move 2 (id 2): source "Z4", target "A5"`},
		{"an empty XML file", func() error { _, err := gravon.ReadXML(strings.NewReader("")); return err },
			"stratego: syntax error: gravon xml: empty file, want a <stratego> element"},
		{"a 100 KB attribute", func() error {
			_, err := gravon.ReadXML(strings.NewReader(`<stratego><game type="` + huge + `"/></stratego>`))
			return err
		},
			`stratego: syntax error: gravon xml: game type "ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ"… (100000 bytes), want one of classic, barrage, classicfree, ultimate lightning, duell`},
		{"a file neither XML nor GSN", func() error { _, err := gravon.Read(strings.NewReader("hello")); return err },
			`stratego: syntax error: gravon: file starts with "h", want XML ("<") or GSN ("#")`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.err()
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("error %v, want none", err)
			case tc.want == "":
			case err == nil:
				t.Fatalf("no error, want %q", tc.want)
			case err.Error() != tc.want:
				t.Fatalf("message\n%s\nwant\n%s", err, tc.want)
			}
		})
	}
}

// quote120 quotes s as a ParseError does, 120 bytes at most around at.
func quote120(s string, at int) string {
	err := &stratego.ParseError{What: "x", Input: s, Pos: at, Want: "y"}
	msg := err.Error()
	msg = strings.TrimPrefix(msg, "stratego: parsing x ")
	return msg[:strings.LastIndex(msg, ": at offset")]
}

func itoa(n int) string { return strconv.Itoa(n) }
