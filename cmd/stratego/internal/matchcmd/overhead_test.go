package matchcmd

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/google/go-cmp/cmp"
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

// TestEngineOptions: an engine's own start time and overhead, and the
// options that are refused.
func TestEngineOptions(t *testing.T) {
	c, err := parse([]string{"-starttime", "1m", "-overhead", "5ms", "builtin,overhead=25ms,workers=2:random", "sbp,starttime=2m:prog -x", "ucc:prog"})
	if err != nil {
		t.Fatal(err)
	}
	es := c.engines
	if es[0].overhead != 25*time.Millisecond || es[0].workers != 2 || es[1].workers != 0 || es[1].startTime != 2*time.Minute || es[2].startTime != 0 || es[1].label != "sbp:prog" || es[1].args[1] != "-x" {
		t.Errorf("engines %+v", es)
	}
	for _, bad := range []string{"sbp,overhead=1s:prog", "builtin,starttime=x:random", "ucc,colour=red:prog", "sbp,starttime=-1s:prog", "ucc,workers=2:prog", "builtin,workers=0.5:search", "builtin,workers=-2:search"} {
		if _, err := parse([]string{"builtin:random", bad}); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestEngineParams: a built-in search's settings by name, and the labels
// that tell two parameter sets of one player apart.
func TestEngineParams(t *testing.T) {
	c, err := parse([]string{"builtin:search-500", "builtin,pursuit=0,chase=1.5:search-500", "builtin:search-500", "builtin:random"})
	if err != nil {
		t.Fatal(err)
	}
	es := c.engines
	if diff := cmp.Diff(map[string]float64{"pursuit": 0, "chase": 1.5}, es[1].params); diff != "" || es[0].params != nil {
		t.Errorf("params (-want +got):\n%s\n%v", diff, es[0].params)
	}
	var got []string
	for _, e := range es {
		got = append(got, e.label)
	}
	want := []string{"builtin:search-500#1", "builtin,pursuit=0,chase=1.5:search-500", "builtin:search-500#2", "builtin:random"}
	if diff := cmp.Diff(want, got); diff != "" {
		t.Errorf("labels (-want +got):\n%s", diff)
	}
	for _, bad := range []string{"builtin,pursuit=2:search", "builtin,pursuit=x:search", "sbp,pursuit=0:prog", "builtin,Pursuit=0:search"} {
		if _, err := parse([]string{"builtin:random", bad}); err == nil {
			t.Errorf("%q: no error", bad)
		}
	}
}

// TestEngineParamsReachPlayer: a built-in search's settings change its
// play. The same game, seed and node budget, once with the defaults and
// once with pool=8 (8 determinizations a move instead of 32), give two
// records that differ; were the settings dropped on the way to the
// player, they would be the same.
func TestEngineParamsReachPlayer(t *testing.T) {
	record := func(spec string) string {
		t.Helper()
		dir := t.TempDir()
		var out bytes.Buffer
		if err := Run([]string{"-games", "1", "-seed", "3", "-maxplies", "40", "-movetime", "1h", "-progress", "off", "-out", dir, spec, "builtin:search-500"}, nil, &out); err != nil {
			t.Fatalf("%s: %v\n%s", spec, err, out.String())
		}
		rec, err := os.ReadFile(filepath.Join(dir, "game-001.txt"))
		if err != nil {
			t.Fatal(err)
		}
		// The tags name the engines; the moves are what the settings change.
		return string(rec[bytes.Index(rec, []byte("\n\n")):])
	}
	def, pool := record("builtin:search-500"), record("builtin,pool=8:search-500")
	if def == pool {
		t.Errorf("pool=8 plays the moves of the default settings:\n%s", def)
	}
	if again := record("builtin:search-500"); again != def {
		t.Errorf("the same match twice gives two records: the test cannot tell settings from chance")
	}
}

// TestEngineStartTime: an engine's own start time bounds its handshake
// and setup, whatever -starttime says: a silent engine loses at once.
func TestEngineStartTime(t *testing.T) {
	var out bytes.Buffer
	err := Run([]string{"-games", "1", "-starttime", "1h", "builtin:random", strings.Replace(fake("sbp", "silent"), "sbp:", "sbp,starttime=300ms:", 1)}, nil, &out)
	if err == nil || !strings.Contains(out.String(), "timeout 1") {
		t.Errorf("got %v:\n%s", err, out.String())
	}
}
