package apitest

import (
	"context"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"reflect"
	"runtime/debug"
	"strings"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
)

// TestNoPanics calls every function and method of the table (api) with
// arguments drawn from a few values per type — zero values, invalid
// rules, out-of-range squares, colors, ranks, moves and counts, and
// text that is not what a parser wants (see argValues) — and requires
// that none panics or hangs, and that a function with an error result
// called with invalid rules returns an error or only zero results. The
// k-th call of a function passes the k-th value of each argument's list
// (wrapping round), the first call all zero values, so every value of
// every argument is passed at least once. The Must… functions, which
// are documented to panic on bad input, are left out.
func TestNoPanics(t *testing.T) {
	for _, e := range api {
		if documentedPanic(e.name) {
			continue
		}
		fn := reflect.ValueOf(e.fn)
		ft := fn.Type()
		lists := make([][]reflect.Value, ft.NumIn())
		calls := 1
		for i := range lists {
			lists[i] = argValues(ft.In(i))
			calls = max(calls, len(lists[i]))
		}
		for k := range calls {
			args := make([]reflect.Value, len(lists))
			for i, l := range lists {
				args[i] = l[k%len(l)]
			}
			if msg := call(e.name, fn, args); msg != "" {
				t.Errorf("%s(%s): %s", e.name, showArgs(args), msg)
				break
			}
		}
	}
}

// documentedPanic reports whether the function is documented to panic on
// bad input: the Must… functions, for tests and constant input.
func documentedPanic(name string) bool {
	_, fn, _ := strings.Cut(name, ".")
	return strings.HasPrefix(fn, "Must")
}

// call calls fn with args and returns what is wrong: a panic, a call
// that did not return within 5 seconds, or results that hide invalid
// rules.
func call(name string, fn reflect.Value, args []reflect.Value) string {
	done := make(chan string, 1)
	go func() {
		defer func() {
			if v := recover(); v != nil {
				done <- fmt.Sprintf("panic: %v\n%s", v, stackTop(debug.Stack()))
			}
		}()
		var out []reflect.Value
		if fn.Type().IsVariadic() {
			out = fn.CallSlice(args)
		} else {
			out = fn.Call(args)
		}
		done <- checkResults(name, fn.Type(), args, out)
	}()
	select {
	case msg := <-done:
		return msg
	case <-time.After(5 * time.Second):
		return "did not return within 5 seconds"
	}
}

var errorType = reflect.TypeFor[error]()

// writesAnyRules are the functions documented to write the text of any
// Rules value without an error, valid or not (the text of invalid rules
// names what is wrong and parses to an error).
var writesAnyRules = map[string]bool{
	"stratego.Rules.AppendText":  true,
	"stratego.Rules.MarshalText": true,
}

// checkResults returns what is wrong with the results of a call: for a
// function whose last result is an error, called with invalid rules, a
// nil error with other results that are not zero.
func checkResults(name string, ft reflect.Type, args, out []reflect.Value) string {
	n := ft.NumOut()
	if writesAnyRules[name] {
		return ""
	}
	if n == 0 || ft.Out(n-1) != errorType || !out[n-1].IsNil() || !hasInvalidRules(args) {
		return ""
	}
	for _, v := range out[:n-1] {
		if !v.IsZero() {
			return fmt.Sprintf("invalid rules, but no error and a result %v", v)
		}
	}
	return ""
}

func hasInvalidRules(args []reflect.Value) bool {
	for _, a := range args {
		if r, ok := a.Interface().(stratego.Rules); ok && r.Validate() != nil {
			return true
		}
	}
	return false
}

// stackTop returns the frames of a panic's stack below the runtime's.
func stackTop(stack []byte) string {
	lines := strings.Split(string(stack), "\n")
	for i, l := range lines {
		if strings.HasPrefix(l, "panic(") && i+4 < len(lines) {
			return strings.Join(lines[i+2:i+6], "\n")
		}
	}
	return string(stack)
}

func showArgs(args []reflect.Value) string {
	var s []string
	for _, a := range args {
		text := fmt.Sprintf("%#v", a.Interface())
		if len(text) > 80 {
			text = text[:80] + "…"
		}
		s = append(s, text)
	}
	return strings.Join(s, ", ")
}

// game is a Classic game a few moves in, for the arguments that are
// states, views and positions.
var game = func() stratego.State {
	rng := rand.New(rand.NewPCG(9, 9))
	s, err := stratego.New(stratego.Classic(), stratego.RandomSetup(stratego.Classic(), rng), stratego.RandomSetup(stratego.Classic(), rng))
	if err != nil {
		panic(err)
	}
	for range 6 {
		ms := s.AppendLegalMoves(nil)
		s, _, _ = s.Apply(ms[rng.IntN(len(ms))])
	}
	return s
}()

// invalidRules are rules that Validate rejects, each for another reason.
var invalidRules = func() []stratego.Rules {
	negative := stratego.Rules{Width: -5, Height: 3}
	huge := stratego.Classic()
	huge.Width, huge.Height = 200, 1<<20
	noArmy := stratego.Classic()
	noArmy.Army = stratego.Army{}
	badEnum := stratego.Classic()
	badEnum.Numbering, badEnum.Info, badEnum.MoreSquares = 99, 99, 99
	badCounts := stratego.Classic()
	badCounts.TwoSquares, badCounts.MaxPlies, badCounts.Rescues = -1, -1, -1
	return []stratego.Rules{negative, huge, noArmy, badEnum, badCounts}
}()

// argValues returns the values passed for an argument of type t, the
// zero value first.
func argValues(t reflect.Type) []reflect.Value {
	vals := func(xs ...any) []reflect.Value {
		out := []reflect.Value{reflect.Zero(t)}
		for _, x := range xs {
			out = append(out, reflect.ValueOf(x).Convert(t))
		}
		return out
	}
	switch t {
	case reflect.TypeFor[stratego.State]():
		return vals(game)
	case reflect.TypeFor[stratego.View]():
		return vals(game.View(stratego.Red), game.View(stratego.Blue))
	case reflect.TypeFor[stratego.Position]():
		turn := game.Position()
		turn.Turn = 7
		viewer := game.Position()
		viewer.Viewer = 9
		badRules := game.Position()
		badRules.Rules = invalidRules[0]
		return vals(game.Position(), turn, viewer, badRules)
	case reflect.TypeFor[stratego.Setup]():
		return vals(stratego.NewSetup(stratego.Classic()), stratego.NewSetup(invalidRules[0]))
	case reflect.TypeFor[stratego.Rules]():
		var xs []any
		for _, r := range invalidRules {
			xs = append(xs, r)
		}
		return vals(append(xs, stratego.Classic())...)
	case reflect.TypeFor[stratego.Move]():
		return vals(stratego.Move{From: 255, To: 0}, stratego.Move{From: 1, To: 200, Via: 150, Rescue: 99},
			stratego.Move{From: 1, To: 2, Rescue: stratego.Marshal}, stratego.Move{From: 100, To: 99})
	case reflect.TypeFor[*rand.Rand]():
		// nil is the global source, wherever a source is taken.
		return []reflect.Value{reflect.Zero(t), reflect.ValueOf(rand.New(rand.NewPCG(1, 2)))}
	case reflect.TypeFor[io.Reader]():
		return []reflect.Value{reflect.ValueOf(io.Reader(strings.NewReader("\xff<garbage>{")))}
	case reflect.TypeFor[io.Writer]():
		return []reflect.Value{reflect.ValueOf(io.Writer(io.Discard))}
	case reflect.TypeFor[context.Context]():
		ctx, cancel := context.WithCancel(context.Background())
		cancel()
		return []reflect.Value{reflect.ValueOf(context.Context(ctx))}
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return vals(-1, -5, 100, 1000, math.MinInt8)
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		// Squares, colors, ranks, pieces and the enums are uint8 types.
		return vals(3, 99, 101, 200, 255)
	case reflect.Float32, reflect.Float64:
		return vals(-1.0, math.NaN(), math.Inf(1))
	case reflect.String:
		return vals("garbage", "\xff", "classic,width=-5", "a11-a12", strings.Repeat("x", 300))
	case reflect.Bool:
		return vals(true)
	case reflect.Slice:
		if t == reflect.TypeFor[[]byte]() {
			return vals([]byte("\xff{"), []byte("null"), []byte(`{"rules":"classic","viewer":"red"}`))
		}
		out := []reflect.Value{reflect.Zero(t)}
		for _, e := range argValues(t.Elem())[1:] {
			s := reflect.MakeSlice(t, 1, 1)
			s.Index(0).Set(e)
			out = append(out, s)
		}
		return out
	case reflect.Pointer:
		var out []reflect.Value
		for _, e := range argValues(t.Elem()) {
			p := reflect.New(t.Elem())
			p.Elem().Set(e)
			out = append(out, p)
		}
		return out
	}
	// Structs (the zero State, View, Position, …), arrays, maps, funcs
	// and other interfaces: the zero value.
	return []reflect.Value{reflect.Zero(t)}
}
