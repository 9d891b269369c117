package stratego

import (
	"errors"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"strings"
	"testing"
)

// TestErrorMessagesPrefixOnce checks that the message of every error
// that bad input makes the records, notation and Gravon code return
// carries the package prefix "stratego: " exactly once, at the start,
// however deeply the errors wrap each other.
func TestErrorMessagesPrefixOnce(t *testing.T) {
	setups := "[Rules \"barrage\"]\n[RedSetup \"FB12239X../........../........../..........\"]\n[BlueSetup \"FB12239X../........../........../..........\"]\n"
	// replay parses a record of the moves and plays it with play.
	replay := func(moves string, play func(Record) error) func() error {
		return func() error {
			rec, err := ParseRecord(setups + moves)
			if err != nil {
				return err
			}
			return play(rec)
		}
	}
	replayStates := func(rec Record) error { _, err := rec.Replay(); return err }
	annotate := func(rec Record) error { _, err := rec.Annotated(); return err }
	badRules := Classic()
	badRules.Width = 1
	barrage := Barrage()
	goodRec, err := ParseRecord(setups + "1. d1-d2 *")
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		name string
		f    func() error
		want error
	}{
		{"ParseRecord syntax", func() error { _, err := ParseRecord("[Rules classic]\n*"); return err }, ErrSyntax},
		{"ParseRecord rules tag", func() error { _, err := ParseRecord("[Rules \"classic,width=1\"]\n*"); return err }, ErrRules},
		{"ParseRecord setup tag", func() error {
			_, err := ParseRecord("[Rules \"barrage\"]\n[RedSetup \"F\"]\n[BlueSetup \"F\"]\n*")
			return err
		}, ErrSyntax},
		{"ParseRecord numbering", func() error { _, err := ParseRecord("[Rules \"classic\"]\n[Numbering \"vintage\"]\n*"); return err }, ErrMismatch},
		{"ParseRecord result", func() error {
			_, err := ParseRecord(setups + "[Result \"1-0\"]\n[Termination \"resignation\"]\n*")
			return err
		}, ErrMismatch},
		{"Replay illegal move", replay("1. d1-d2 d10-d9 2. b1-b2 *", replayStates), ErrImmovable},
		{"Replay bad direction", replay("1. c1-c3 *", replayStates), ErrBadDirection},
		{"Replay annotation", replay("1. e1xe10(2>3) *", replayStates), ErrMismatch},
		{"Replay x on a quiet move", replay("1. d1xd2 *", replayStates), ErrMismatch},
		{"Replay result", replay("[Result \"1-0\"]\n[Termination \"flag captured\"]\n1. d1-d2 1-0", replayStates), ErrMismatch},
		{"Annotated illegal move", replay("1. a5-a6 *", annotate), ErrNoPiece},
		{"Record.AppendText rules", func() error { _, err := Record{Rules: badRules}.AppendText(nil); return err }, ErrRules},
		{"Record.AppendText setup", func() error {
			_, err := Record{Rules: barrage, RedSetup: NewSetup(barrage)}.AppendText(nil)
			return err
		}, ErrSetup},
		{"Record.AppendText tag", func() error {
			rec := goodRec
			rec.Tags = []Tag{{"Rules", "x"}}
			_, err := rec.AppendText(nil)
			return err
		}, ErrInvalid},
		{"Record.AppendText move", func() error {
			rec := goodRec
			rec.Moves = []RecordedMove{{AnnotatedMove: AnnotatedMove{Move: Move{From: 1}}}}
			_, err := rec.AppendText(nil)
			return err
		}, ErrInvalid},
		{"NewRecord", func() error {
			_, err := NewRecord(barrage, goodRec.RedSetup, goodRec.BlueSetup, MustParseMove("b1-b2"))
			return err
		}, ErrImmovable},
		{"ParseRules", func() error { _, err := ParseRules("classic,width=x"); return err }, ErrSyntax},
		{"ParseRules invalid", func() error { _, err := ParseRules("classic,width=1"); return err }, ErrRules},
		{"ParseAnnotatedMove", func() error { _, err := ParseAnnotatedMove(NumberingISF, "b4xb5(6?3)"); return err }, ErrSyntax},
		{"AnnotatedMove.AppendNotation", func() error {
			_, err := AnnotatedMove{Move: MustParseMove("b4-b5"), Combat: AttackerWins}.AppendNotation(nil, NumberingISF)
			return err
		}, ErrInvalid},
		{"ParseOutcome", func() error { _, err := ParseOutcome("red wins (draw agreed)"); return err }, ErrSyntax},
		{"Outcome.AppendText", func() error { _, err := Outcome{Reason: FlagCaptured}.AppendText(nil); return err }, ErrInvalid},
		{"parseEndReason", func() error { _, err := parseEndReason("bored"); return err }, ErrSyntax},
		// Every parser: its syntax errors wrap ErrSyntax, and an error of
		// a part the parser hands to another keeps that cause too.
		{"ParseSquare", func() error { _, err := ParseSquare("k11"); return err }, ErrSyntax},
		{"ParseMove", func() error { _, err := ParseMove("a4+a5"); return err }, ErrSyntax},
		{"ParseColor", func() error { _, err := ParseColor("green"); return err }, ErrSyntax},
		{"ParseRank", func() error { _, err := ParseRank("king"); return err }, ErrSyntax},
		{"ParsePiece", func() error { _, err := ParsePiece("red king"); return err }, ErrSyntax},
		{"parseNumbering", func() error { _, err := parseNumbering("roman"); return err }, ErrSyntax},
		{"ParseSetup syntax", func() error { _, err := ParseSetup(barrage, "F"); return err }, ErrSyntax},
		{"ParseSetup army", func() error { _, err := ParseSetup(barrage, "F........./........../........../.........."); return err }, ErrSetup},
		{"Setup.UnmarshalText", func() error { var s Setup; return s.UnmarshalText([]byte("FZ")) }, ErrSyntax},
		{"ParsePosition syntax", func() error { _, err := ParsePosition("classic x"); return err }, ErrSyntax},
		{"ParsePosition rules: syntax", func() error { _, err := ParsePosition(badRulesPosition()); return err }, ErrSyntax},
		{"ParsePosition rules: the cause", func() error { _, err := ParsePosition(badRulesPosition()); return err }, ErrRules},
		{"ParsePosition position", func() error {
			_, err := ParsePosition(strings.Replace(goodPosition(), " - *", " - draw:plycap", 1))
			return err
		}, ErrPosition},
		{"ParsePosition placement", func() error {
			_, err := ParsePosition(strings.Replace(goodPosition(), "rF", "rX", 1))
			return err
		}, ErrSetup},
		{"State.UnmarshalText", func() error { var s State; return s.UnmarshalText([]byte("classic")) }, ErrSyntax},
		{"ParseView", func() error { _, err := ParseView(strings.TrimSuffix(goodView(), " - -") + " x -"); return err }, ErrSyntax},
		{"View.UnmarshalJSON syntax", func() error { var v View; return v.UnmarshalJSON([]byte(`{"rules":1}`)) }, ErrSyntax},
		{"View.UnmarshalJSON rules", func() error { var v View; return v.UnmarshalJSON([]byte(`{"rules":"classic,width=1"}`)) }, ErrRules},
		{"ParseRecord position tag: syntax", func() error { _, err := ParseRecord("[Position \"" + badRulesPosition() + "\"]\n*"); return err }, ErrSyntax},
		{"ParseRecord position tag: the cause", func() error { _, err := ParseRecord("[Position \"" + badRulesPosition() + "\"]\n*"); return err }, ErrRules},
		{"ParseRecord setup tag: the cause", func() error {
			_, err := ParseRecord("[Rules \"barrage\"]\n[RedSetup \"F........./........../........../..........\"]\n[BlueSetup \"F\"]\n*")
			return err
		}, ErrSetup},
		{"Game.UnmarshalText", func() error { var g Game; return g.UnmarshalText([]byte(setups + "1. c1-c3 *")) }, ErrBadDirection},
		{"ReadRecords", func() error {
			for _, err := range ReadRecords(strings.NewReader("[Rules \"chess\"]\n*")) {
				return err
			}
			return nil
		}, ErrSyntax},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := tc.f()
			if !errors.Is(err, tc.want) {
				t.Fatalf("err %v, want %v", err, tc.want)
			}
			checkPrefixOnce(t, err)
		})
	}
}

// checkPrefixOnce fails t unless the message of err, and of every error
// it wraps, starts with "stratego: " and holds it only there (errors of
// other packages, which a cause may be, are not checked).
func checkPrefixOnce(t *testing.T, err error) {
	t.Helper()
	msg := err.Error()
	if !strings.HasPrefix(msg, errPrefix) || strings.Count(msg, errPrefix) != 1 {
		t.Errorf("message %q: want the prefix %q once, at the start", msg, errPrefix)
	}
	var causes []error
	switch u := err.(type) {
	case interface{ Unwrap() error }:
		causes = append(causes, u.Unwrap())
	case interface{ Unwrap() []error }:
		causes = u.Unwrap()
	}
	for _, c := range causes {
		if c != nil && strings.HasPrefix(c.Error(), errPrefix) {
			checkPrefixOnce(t, c)
		}
	}
}

// goodPosition is the text of a Barrage start position.
func goodPosition() string {
	r := Barrage()
	setup := MustParseSetup(r, "FB12239X../........../........../..........")
	s, err := New(r, setup, setup)
	if err != nil {
		panic(err)
	}
	return s.Position().String()
}

// goodView is the text of Blue's view of a Barrage start.
func goodView() string {
	r := Barrage()
	setup := MustParseSetup(r, "FB12239X../........../........../..........")
	s, err := New(r, setup, setup)
	if err != nil {
		panic(err)
	}
	return s.View(Blue).String()
}

// badRulesPosition is goodPosition with rules that fail Validate.
func badRulesPosition() string {
	return strings.Replace(goodPosition(), "barrage", "barrage,width=1", 1)
}

// TestErrorCode checks that each sentinel of errors.go has its own code,
// that a wrapped error keeps it (a MoveError's included), and that an
// error of no sentinel has none.
func TestErrorCode(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "errors.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	var sentinels []string
	for _, d := range f.Decls {
		if g, ok := d.(*ast.GenDecl); ok && g.Tok == token.VAR {
			for _, sp := range g.Specs {
				for _, n := range sp.(*ast.ValueSpec).Names {
					if strings.HasPrefix(n.Name, "Err") {
						sentinels = append(sentinels, n.Name)
					}
				}
			}
		}
	}
	if len(sentinels) != len(errorCodes) {
		t.Errorf("errors.go declares %d sentinels %v, ErrorCode knows %d", len(sentinels), sentinels, len(errorCodes))
	}
	seen := map[string]bool{}
	for _, c := range errorCodes {
		if c.code == "" || seen[c.code] {
			t.Errorf("code %q of %v is empty or taken", c.code, c.err)
		}
		seen[c.code] = true
		if got := ErrorCode(fmt.Errorf("context: %w", c.err)); got != c.code {
			t.Errorf("ErrorCode(wrapped %v) = %q, want %q", c.err, got, c.code)
		}
	}
	if got := ErrorCode(State{}.Check(MustParseMove("a1-a2"))); got != "game-over" {
		t.Errorf("ErrorCode of a MoveError of ErrGameOver = %q", got)
	}
	if got := ErrorCode(errors.New("other")); got != "" {
		t.Errorf("ErrorCode of no sentinel = %q", got)
	}
}
