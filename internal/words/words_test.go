package words

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/gravon"
)

// barrageRecord is a record of Barrage with its move line last.
func barrageRecord(moves string) string {
	const setup = "FB12239X../........../........../.........."
	return "[Event \"club\"]\n[Rules \"barrage\"]\n[RedSetup \"" + setup + "\"]\n[BlueSetup \"" + setup + "\"]\n\n" + moves + "\n"
}

// TestError: the messages a person reads have no package prefix and no
// byte offset, say what could not be read and where, and keep the
// words of the program around them.
func TestError(t *testing.T) {
	_, errSquare := stratego.ParseSquare("z9")
	_, errMove := stratego.ParseMove("c3xc4(B>X)")
	_, errRules := stratego.ParseRules("classic,width=11")
	_, errRecord := stratego.ParseRecord(barrageRecord("1. e1-e2 j4 *"))
	_, errTag := stratego.ParseRecord(strings.Replace(barrageRecord("1. e1-e2 *"), "FB12239X", "FB1223XX", 1))
	var errStream error
	good := barrageRecord("1. e1-e2 *")
	for _, err := range stratego.ReadRecords(strings.NewReader(good + "\n" + barrageRecord("1. e1-e2 j4 *"))) {
		if err != nil && errStream == nil {
			errStream = err
		}
	}
	_, errXML := gravon.ReadXML(strings.NewReader(""))
	_, errLong := stratego.ParseRules(strings.Repeat("Z", 1000))
	for _, tc := range []struct {
		name string
		err  error
		want string
	}{
		{"nil", nil, ""},
		{"a square", errSquare, `cannot read the square "z9": expected a file a-j and a row 1-10`},
		{"a move, with the character", errMove, `cannot read the move "c3xc4(B>X)" at character 6: expected end of move`},
		{"wrapped by a program", fmt.Errorf("-rules: %w", errRules), `-rules: cannot read the rules "classic,width=11" at character 15: expected a count 0-10 for width`},
		{"a record: its line and column, that line only", errRecord, `cannot read the record at line 6, column 12 ("1. e1-e2 j4 *"): expected "-" or "x"`},
		{"a record's tag, quotes unescaped, the cause in words", errTag,
			`cannot read the record at line 3, column 1 ("[RedSetup "FB1223XX../........../........../.........."]"): expected a RedSetup tag with a valid setup: invalid setup: no general, want 1; 2 marshals, want 1`},
		{"a record of a stream: the stream's line", fmt.Errorf("games.rec: %w", errStream),
			`games.rec: record 2: cannot read the record at line 13, column 12 ("1. e1-e2 j4 *"): expected "-" or "x"`},
		{"a Gravon file", errXML, "the Gravon XML file: empty file, want a <stratego> element"},
		{"a long text is cut", errLong, `cannot read the rules "` + strings.Repeat("Z", 60) + `…": expected a preset name, "classic", "gravon", "barrage", "duel", "duel-hasbro", "ultimate-lightning", "quick-battle" or "vintage"`},
		{"a sentinel", stratego.ErrTwoSquares, "two-squares rule"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got := Error(tc.err)
			if got != tc.want {
				t.Errorf("Error(%v)\n got %s\nwant %s", tc.err, got, tc.want)
			}
			if strings.Contains(got, "stratego:") || strings.Contains(got, "offset") {
				t.Errorf("%q has the package prefix or an offset", got)
			}
		})
	}
}

// TestErrorKeepsTheChain: the words change only the text; the error
// values stay as they are for errors.Is.
func TestErrorKeepsTheChain(t *testing.T) {
	_, err := stratego.ParseSquare("z9")
	if !errors.Is(err, stratego.ErrSyntax) || Error(err) == err.Error() {
		t.Errorf("%v: want ErrSyntax and other words for a person", err)
	}
}

func TestMove(t *testing.T) {
	for text, want := range map[string]string{"e4e5": "e4-e5", "E4E5": "e4-e5", "a10a9": "a10-a9", "a9a10": "a9-a10", " b2b7 ": "b2-b7"} {
		if got, ok := Move(text); !ok || got != want {
			t.Errorf("Move(%q) = %q, %v; want %q", text, got, ok, want)
		}
	}
	for _, text := range []string{"blah", "e4", "e4-e5", "z9z8", "e4e", ""} {
		if got, ok := Move(text); ok {
			t.Errorf("Move(%q) = %q, want no suggestion", text, got)
		}
	}
}
