package bot

import (
	"errors"
	"testing"
)

// TestSearchParamsDefaults: setting every tunable to its default is the
// default tuning, and each setting moves its own field.
func TestSearchParamsDefaults(t *testing.T) {
	all := map[string]float64{}
	for _, p := range SearchParams() {
		all[p.Name] = p.Default
		if p.Default < p.Min || p.Default > p.Max {
			t.Errorf("%s: default %g outside [%g, %g]", p.Name, p.Default, p.Min, p.Max)
		}
	}
	if err := CheckParams(all); err != nil {
		t.Fatal(err)
	}
	if got := tuningOf(all); got != defaultTuning {
		t.Fatalf("the defaults give %+v, want %+v", got, defaultTuning)
	}
	for _, p := range SearchParams() {
		x := p.Max
		if x == p.Default {
			x = p.Min
		}
		if tuningOf(map[string]float64{p.Name: x}) == defaultTuning {
			t.Errorf("setting %s to %g changes nothing", p.Name, x)
		}
	}
	s := NewSearch(Options{Params: map[string]float64{"pool": 8, "open": 3}})
	if s.tune.poolSize != 8 || s.tune.open != 3 {
		t.Fatalf("Options.Params not applied: %+v", s.tune)
	}
}

// TestCheckParams: unknown names and values out of range are errors.
func TestCheckParams(t *testing.T) {
	if err := CheckParams(map[string]float64{"nosuch": 1}); !errors.Is(err, ErrUnknown) {
		t.Errorf("unknown name: %v, want ErrUnknown", err)
	}
	if err := CheckParams(map[string]float64{"pool": 1000}); err == nil {
		t.Error("pool=1000 accepted")
	}
	if got := tuningOf(map[string]float64{"pool": 1000}); got != defaultTuning {
		t.Errorf("an out-of-range value changed the tuning: %+v", got)
	}
}
