package main

import (
	"bytes"
	"strings"
	"testing"
)

func TestRunPlaysAGameToTheEnd(t *testing.T) {
	for _, preset := range []string{"classic", "barrage", "ultimate-lightning", "quick-battle", "vintage"} {
		t.Run(preset, func(t *testing.T) {
			var out bytes.Buffer
			if err := run([]string{"-seed", "3", "-rules", preset, "-max-plies", "3000"}, &out); err != nil {
				t.Fatal(err)
			}
			text := out.String()
			for _, want := range []string{"seed 3", "plies ", "result "} {
				if !strings.Contains(text, want) {
					t.Errorf("output lacks %q:\n%s", want, text)
				}
			}
			if strings.Contains(text, "result ongoing") {
				t.Errorf("game did not end:\n%s", text)
			}
		})
	}
}

func TestRunIsRepeatable(t *testing.T) {
	var a, b bytes.Buffer
	if err := run([]string{"-seed", "11", "-moves"}, &a); err != nil {
		t.Fatal(err)
	}
	if err := run([]string{"-seed", "11", "-moves"}, &b); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Error("two runs with the same seed differ")
	}
}

func TestRunRejectsUnknownRules(t *testing.T) {
	if err := run([]string{"-rules", "chess"}, &bytes.Buffer{}); err == nil {
		t.Error("unknown preset accepted")
	}
}
