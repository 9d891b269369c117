package referee

import (
	"fmt"
	"strings"
	"time"
)

// TimeControl is the clock of a game. A zero field is no bound of that
// kind; the zero TimeControl gives every reply unlimited time (a game can
// still be stopped through its context).
type TimeControl struct {
	// MoveTime caps every reply (a setup too, unless Game.SetupTime).
	MoveTime time.Duration
	// Base is each side's time for the whole game (Fischer), and
	// Increment the time added after each of its moves.
	Base, Increment time.Duration
}

// limit returns the time a reply may take with left on the side's game
// clock.
func (tc TimeControl) limit(left time.Duration) time.Duration {
	l := tc.MoveTime
	if tc.Base > 0 && (l == 0 || left < l) {
		l = max(left, time.Millisecond)
	}
	return l
}

// String returns the time control in the form ParseTimeControl reads:
// "move=2s", "base=5m,inc=2s", "none".
func (tc TimeControl) String() string {
	s := ""
	add := func(k string, d time.Duration) {
		if d > 0 {
			if s != "" {
				s += ","
			}
			s += k + "=" + d.String()
		}
	}
	add("base", tc.Base)
	add("inc", tc.Increment)
	add("move", tc.MoveTime)
	if s == "" {
		return "none"
	}
	return s
}

// ParseTimeControl reads a time control: "none", or comma-separated
// key=duration pairs with keys move, base and inc ("base=5m,inc=2s",
// "move=500ms").
func ParseTimeControl(s string) (TimeControl, error) {
	var tc TimeControl
	if s == "none" || s == "" {
		return tc, nil
	}
	for len(s) > 0 {
		var kv string
		kv, s, _ = strings.Cut(s, ",")
		k, v, ok := strings.Cut(kv, "=")
		d, err := time.ParseDuration(v)
		if !ok || err != nil || d < 0 {
			return TimeControl{}, fmt.Errorf("referee: time control %q: want key=duration", kv)
		}
		switch k {
		case "move":
			tc.MoveTime = d
		case "base":
			tc.Base = d
		case "inc":
			tc.Increment = d
		default:
			return TimeControl{}, fmt.Errorf("referee: time control key %q: want move, base or inc", k)
		}
	}
	return tc, nil
}
