package matchcmd

import (
	"testing"
	"time"
)

// TestOverheadFlag: -overhead reaches the built-in players' options.
func TestOverheadFlag(t *testing.T) {
	c, err := parse([]string{"-overhead", "25ms", "builtin:random", "builtin:search"})
	if err != nil {
		t.Fatal(err)
	}
	if c.overhead != 25*time.Millisecond {
		t.Errorf("overhead %v, want 25ms", c.overhead)
	}
	if _, err := parse([]string{"-overhead", "soon", "builtin:random", "builtin:search"}); err == nil {
		t.Error("-overhead soon: no error")
	}
}
