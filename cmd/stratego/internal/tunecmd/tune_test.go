package tunecmd

import (
	"bytes"
	"io"
	"strings"
	"testing"
)

// tiny is a tuning run that completes in about a second.
var tiny = []string{"-steps", "2", "-games", "2", "-nodes", "60", "-maxplies", "200", "-rules", "barrage"}

func runTune(t *testing.T, args ...string) string {
	t.Helper()
	var out bytes.Buffer
	if err := Run(append(append([]string(nil), tiny...), args...), nil, &out); err != nil {
		t.Fatal(err)
	}
	return out.String()
}

// TestTuneReproducible: the same seed gives the same steps and result,
// whatever the games in parallel; another seed, another run.
func TestTuneReproducible(t *testing.T) {
	a := runTune(t, "-seed", "3")
	if b := runTune(t, "-seed", "3", "-j", "2"); a != b {
		t.Fatalf("seed 3 with -j 1:\n%s\nwith -j 2:\n%s", a, b)
	}
	if !strings.Contains(a, "\nresult ") || strings.Count(a, "\nstep ") != 2 {
		t.Fatalf("want 2 steps and a result:\n%s", a)
	}
	if c := runTune(t, "-seed", "4"); c == a {
		t.Fatalf("seeds 3 and 4 ran the same:\n%s", a)
	}
}

// TestTuneParamsAndStart: -params tunes only the named settings, from
// -start.
func TestTuneParamsAndStart(t *testing.T) {
	out := runTune(t, "-params", "open,shown", "-start", "open=20")
	if !strings.Contains(out, "start open=20,shown=0.85\n") {
		t.Fatalf("want the start open=20,shown=0.85:\n%s", out)
	}
	if strings.Contains(out, "pool=") {
		t.Fatalf("tuned a setting not asked for:\n%s", out)
	}
}

// TestTuneBadFlags: bad flags are errors that name what is wrong.
func TestTuneBadFlags(t *testing.T) {
	stderr = io.Discard
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"-params", "nosuch"}, "nosuch"},
		{[]string{"-start", "open=1000"}, "open"},
		{[]string{"-start", "open"}, "name=number"},
		{[]string{"-games", "3"}, "even"},
		{[]string{"-rules", "nonsense"}, ""},
		{[]string{"extra"}, "unexpected"},
	} {
		err := Run(c.args, nil, io.Discard)
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%q: %v, want an error naming %q", c.args, err, c.want)
		}
	}
}
