package bot

import (
	"fmt"
	"math"
	"sort"
)

// SearchParam is a setting of the search player (Search) that self-play
// tunes (the stratego command's tune): its name, its default and the
// range it is tuned in.
type SearchParam struct {
	Name     string
	Default  float64
	Min, Max float64
	Doc      string
	// Integer says whether the setting takes whole numbers (a value is
	// rounded).
	Integer bool
	set     func(*tuning, float64)
}

// searchParams are the tunable settings, by name.
var searchParams = []SearchParam{
	{Name: "pool", Default: poolSize, Min: 8, Max: 64, Integer: true,
		Doc: "determinizations searched a move", set: func(t *tuning, x float64) { t.poolSize = int(math.Round(x)) }},
	{Name: "rootmargin", Default: rootMargin, Min: 40, Max: 400,
		Doc: "points below a determinization's best root move where a root move's search stops with a bound", set: func(t *tuning, x float64) { t.rootMargin = x }},
	{Name: "shown", Default: shownFactor, Min: 0.6, Max: 1,
		Doc: "part of its value a piece keeps once its rank is shown", set: func(t *tuning, x float64) { t.shown = x }},
	{Name: "flag", Default: flagWeight, Min: 0, Max: 4,
		Doc: "points a square of distance between the nearest movable piece and the enemy flag", set: func(t *tuning, x float64) { t.flagW = x }},
	{Name: "threat", Default: 1, Min: 0.25, Max: 2.5,
		Doc: "scale of the threat of pieces near a flag", set: func(t *tuning, x float64) { t.threat = x }},
	{Name: "narrow", Default: 0, Min: 0, Max: 2,
		Doc: "how far below the best root move's average (rewards in -1 to 1) a root move stays in the deeper searches (0: all stay)", set: func(t *tuning, x float64) { t.narrow = x }},
	{Name: "open", Default: openCost, Min: 0, Max: 40,
		Doc: "points an open square next to the player's flag costs", set: func(t *tuning, x float64) { t.open = x }},
	{Name: "cap", Default: capHorizon, Min: 0, Max: 2000,
		Doc: "plies before a move cap (a draw) from which the evaluation's points shrink, linearly to none at the cap (at most half the cap's length; 0: never)", set: func(t *tuning, x float64) { t.capHorizon = x }},
	{Name: "chase", Default: chaseWeight, Min: 0, Max: 2,
		Doc: "part of a hunted shown piece's worth lost for each closed side of it", set: func(t *tuning, x float64) { t.chase = x }},
	{Name: "pursuit", Default: pursuitWeight, Min: 0, Max: 1,
		Doc: "part of a shown piece's worth lost to the nearest enemy piece that beats it (decaying with distance)", set: func(t *tuning, x float64) { t.pursuit = x }},
	{Name: "top", Default: topFactor, Min: 0.8, Max: 2,
		Doc: "factor on the worth of the Marshal and the General (both sides')", set: func(t *tuning, x float64) { t.top = x }},
	{Name: "deep", Default: deepWeight, Min: 0, Max: 1,
		Doc: "the pursuit's part again for a shown piece in the enemy's setup zone", set: func(t *tuning, x float64) { t.deep = x }},
	{Name: "prey", Default: preyWeight, Min: 0, Max: 1,
		Doc: "part of a moved hidden piece's worth lost to the nearest shown enemy piece that beats it and that no piece of its side beats (see preyhidden; decaying with distance)", set: func(t *tuning, x float64) { t.prey = x }},
	{Name: "preyhidden", Default: 1, Min: 0, Max: 1, Integer: true,
		Doc: "1: for prey, only a piece whose rank the enemy has not seen counts as beating a preying piece (a shown one it keeps away from)", set: func(t *tuning, x float64) { t.preyHidden = x > 0 }},
	{Name: "guard", Default: guardShare, Min: 0, Max: 1,
		Doc: "part of the threat of the enemy's nearest piece on the player's flag taken off while a piece of the player's that beats it needs fewer moves to the flag", set: func(t *tuning, x float64) { t.guard = x }},
	{Name: "guess", Default: 1, Min: 0, Max: 1, Integer: true,
		Doc: "1: the enemy's flag taken in the search by a move after the root's counts as a win only in the share of the determinizations that hold it on that square (0: a win in each)", set: func(t *tuning, x float64) { t.guess = x > 0 }},
	{Name: "hiddentop", Default: hiddenTopFactor, Min: 0, Max: 1,
		Doc: "part of its worth a Marshal or a General gains while its rank is hidden", set: func(t *tuning, x float64) { t.hiddenTop = x }},
	{Name: "stillscale", Default: stillScale, Min: 10, Max: 200,
		Doc: "enemy turns unmoved (though free) that make a hidden piece twice as likely a Bomb or the Flag", set: func(t *tuning, x float64) { t.stillScale = x }},
	{Name: "maxstill", Default: maxStill, Min: 1, Max: 12,
		Doc: "the most an unmoved piece's Bomb and Flag weight grows", set: func(t *tuning, x float64) { t.maxStill = x }},
	{Name: "reduce", Default: 0, Min: 0, Max: 4, Integer: true,
		Doc: "n > 0: a late quiet move of a node with n plies or more to go is searched a ply shallower first, at full depth only when it raises alpha (late move reductions); 0: none", set: func(t *tuning, x float64) { t.reduce = int(math.Round(x)) }},
	{Name: "scale", Default: rewardScale, Min: 20, Max: 600,
		Doc: fmt.Sprintf("points of the evaluation that make a reward of tanh(1) in the average over the determinizations (and in the exposure correction), in a move of %d nodes or %v or more; smaller moves squash more steeply, down to %g at %d nodes or %v",
			flatNodes, nodesTime(flatNodes), evalScale, steepNodes, nodesTime(steepNodes)), set: func(t *tuning, x float64) { t.scale = x }},
	{Name: "spyrisk", Default: 1, Min: 1, Max: 5,
		Doc: "the factor on the loss the beliefs expect of the player's shown Marshal next to a hidden piece that may take it: the Spy, and the enemy's Marshal where the attacker wins ties (the exposure correction; 1: the loss as it is)", set: func(t *tuning, x float64) { t.spyRisk = x }},
	{Name: "spygeneral", Default: spyGeneralBias, Min: 1, Max: 8,
		Doc: "how many times likelier a hidden piece that set up next to the enemy's seen General is the Spy (1: no clue)", set: func(t *tuning, x float64) { t.spyGeneral = x }},
}

// SearchParams returns the search player's tunable settings, sorted by
// name (Options.Params sets them).
func SearchParams() []SearchParam {
	out := append([]SearchParam(nil), searchParams...)
	sort.Slice(out, func(i, j int) bool { return out[i].Name < out[j].Name })
	return out
}

// CheckParams returns an error for a setting that SearchParams does not
// name or a value out of its range.
func CheckParams(params map[string]float64) error {
	for name, x := range params {
		p, ok := findParam(name)
		if !ok {
			return fmt.Errorf("%w: no search setting %q", ErrUnknown, name)
		}
		if !(x >= p.Min && x <= p.Max) {
			return fmt.Errorf("search setting %s=%g: want %g to %g", name, x, p.Min, p.Max)
		}
	}
	return nil
}

// findParam returns the setting of a name.
func findParam(name string) (SearchParam, bool) {
	for _, p := range searchParams {
		if p.Name == name {
			return p, true
		}
	}
	return SearchParam{}, false
}

// tuningOf returns the default tuning with the settings of params (the
// names CheckParams accepts; others, and values out of range, are left
// at their defaults).
func tuningOf(params map[string]float64) tuning {
	t := defaultTuning
	for name, x := range params {
		if p, ok := findParam(name); ok && x >= p.Min && x <= p.Max {
			p.set(&t, x)
		}
	}
	return t
}
