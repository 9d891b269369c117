// Package reportcmd is the report subcommand of the stratego command: it
// reads game records (the -out directory of stratego match, or files of
// records) and reports, for each player, how its games ended and how it
// lost its pieces: the losses that decide games between programs, which
// a table of results does not show.
//
// Usage:
//
//	stratego report [flags] PATH...
//
// Each PATH is a file of one or more game records (stratego.ReadRecords)
// or a directory, whose files named *.txt or *.rec are read (and its
// subdirectories'). A player is the name of the record's Red or Blue tag
// (stratego match writes the engine's label there), or "Red" and "Blue"
// when the record has none. A game's end is read as the referee decided
// it (referee.RecordEnd, by the record's Profile tag as stratego match
// writes it: "ucc2012" or the library's rules).
//
// For each player the report gives its games won, drawn and lost and
// how they ended (referee.RecordEnd: a capture of the flag, no movable
// piece, a timeout and so on), and then its pieces lost in combat, split
// by what each side could see before the attack: a piece "shown" is one
// whose rank the opponent had seen (stratego.KnownRank), a "hidden" one
// not. A shown piece taken by a hidden one is counted again by how the
// taker came to stand next to it: the piece stepped next to it, it took
// a piece there and stayed, the taker stepped next to it and it was left
// there, or the taker struck from afar (a Scout). Then come the Marshal,
// the General and the Flag: what took them, and whether the taker was
// hidden. Last, the risks the shown Marshal and General took: their
// moves that ended next to enemy pieces whose ranks they had not seen,
// how many of those put them next to a hidden piece that beats them (a
// Spy for the Marshal), and how many would have by chance (each hidden
// neighbour drawn alike from the enemy's hidden pieces).
//
// The flags:
//
//	-player NAME   report only the players whose name contains NAME
//
// The exit status is 0 when every record was read and replayed, 1 when
// some could not be (the report of the others is printed, and the
// errors after it), and 2 for bad flags or a path that does not exist.
package reportcmd

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"text/tabwriter"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
	"github.com/stratego-go/stratego/referee"
)

// stderr receives the usage text of -h and of bad flags.
var stderr io.Writer = os.Stderr

// Run runs the subcommand.
func Run(args []string, _ io.Reader, out io.Writer) error {
	fs := flag.NewFlagSet("report", flag.ContinueOnError)
	fs.SetOutput(stderr)
	player := fs.String("player", "", "report only the players whose name contains `NAME`")
	fs.Usage = func() {
		fmt.Fprintln(fs.Output(), "Usage: stratego report [flags] PATH...\n\nReport how each player's games ended and how it lost its pieces, from game\nrecords: files of records, or directories of them (the -out of stratego match).\n\nFlags:")
		fs.PrintDefaults()
	}
	if err := fs.Parse(args); err != nil {
		return err
	}
	if fs.NArg() == 0 {
		fs.Usage()
		return errors.New("no records named: give files or directories of game records")
	}
	files, err := recordFiles(fs.Args())
	if err != nil {
		return err
	}
	t := newTally()
	var bad []string
	for _, f := range files {
		bad = append(bad, t.readFile(f)...)
	}
	t.write(out, *player)
	if len(bad) > 0 {
		for _, b := range bad {
			fmt.Fprintln(out, b)
		}
		return &cli.Failure{Msg: fmt.Sprintf("%d of the records could not be read or replayed", len(bad))}
	}
	return nil
}

// recordFiles returns the files that paths name: a file as it is, a
// directory's files named *.txt or *.rec (its subdirectories' too); a
// directory without one is an error.
func recordFiles(paths []string) ([]string, error) {
	var files []string
	for _, p := range paths {
		found, err := cli.Gather([]string{p}, func(f string) bool {
			ext := filepath.Ext(f)
			return ext == ".txt" || ext == ".rec"
		})
		if err != nil {
			return nil, err
		}
		if len(found) == 0 {
			return nil, fmt.Errorf("%s holds no record files (*.txt or *.rec)", p)
		}
		files = append(files, found...)
	}
	return files, nil
}

// How a shown piece came to stand next to the hidden piece that took it.
const (
	stepped = iota // the piece stepped next to it
	stayed         // the piece took a piece next to it and stayed
	left           // the taker stepped next to it, and it was left there
	afar           // the taker struck from afar (a Scout)
	other          // none of these (it stood there longer)
	numHows
)

var howWords = [numHows]string{
	"it stepped next to the taker",
	"it took a piece next to the taker and stayed",
	"the taker stepped next to it and it was left",
	"the taker struck from afar",
	"it stood there longer",
}

// The kinds of loss in combat, by what the opponent saw of each piece.
const (
	takenShownByHidden = iota
	takenShownByShown
	takenHiddenByHidden
	takenHiddenByShown
	lostAttackingHidden
	lostAttackingShown
	numKinds
)

var kindWords = [numKinds]string{
	"taken while shown, by a hidden piece",
	"taken while shown, by a shown piece",
	"taken while hidden, by a hidden piece",
	"taken while hidden, by a shown piece",
	"lost attacking a hidden piece",
	"lost attacking a shown piece",
}

// stats is what the report counts of one player.
type stats struct {
	won, drawn, lost int
	// ends counts the player's won and lost games by the reason they
	// ended (referee.Reason.String).
	wonBy, lostBy map[string]int
	// lostKind counts the pieces lost in combat by kind and rank.
	lostKind [numKinds][stratego.NumRanks]int
	// how counts the shown pieces taken by hidden ones by how they came
	// next to the taker.
	how [numHows]int
	// top counts the losses of the Marshal, the General and the Flag
	// (topRanks) by what took them (a rank's name, with "hidden",
	// "shown" or "both fell").
	top [len(topRanks)]map[string]int
	// steps counts the moves of the shown Marshal (0) and General (1)
	// that end next to hidden enemy pieces (see step).
	steps [2]steps
}

// steps counts moves of a shown piece that end next to hidden enemy
// pieces: how many, how many of them put it next to a hidden piece that
// beats it (one that wins attacking it: the Spy for the Marshal), and the
// sum over them of the chance of that, were the neighbours drawn alike
// from the enemy's hidden pieces.
type steps struct {
	n, beside int
	chance    float64
}

// tally is the report of many records.
type tally struct {
	players map[string]*stats
	records int
}

func newTally() *tally { return &tally{players: map[string]*stats{}} }

func (t *tally) player(name string) *stats {
	s := t.players[name]
	if s == nil {
		s = &stats{wonBy: map[string]int{}, lostBy: map[string]int{}, top: [3]map[string]int{{}, {}, {}}}
		t.players[name] = s
	}
	return s
}

// readFile adds the records of the file f and returns a line for each
// record it could not read or replay.
func (t *tally) readFile(f string) []string {
	file, err := os.Open(f)
	if err != nil {
		return []string{err.Error()}
	}
	defer file.Close()
	var bad []string
	i := 0
	for rec, err := range stratego.ReadRecords(file) {
		i++
		if err == nil {
			err = t.add(rec)
		}
		if err != nil {
			bad = append(bad, fmt.Sprintf("%s, record %d: %v", f, i, err))
		}
	}
	return bad
}

// add counts the record rec.
func (t *tally) add(rec stratego.Record) error {
	states, err := rec.Replay()
	if err != nil {
		return err
	}
	var names [2]string
	for i, tag := range [2]string{"Red", "Blue"} {
		names[i] = tag
		if v, ok := rec.Tag(tag); ok && v != "" {
			names[i] = v
		}
	}
	t.records++
	seat := func(c stratego.Color) *stats {
		if c == stratego.Blue {
			return t.player(names[1])
		}
		return t.player(names[0])
	}
	reason := rec.Result.Reason.String()
	profile := referee.ProfileLibrary
	if v, _ := rec.Tag("Profile"); v == referee.ProfileUCC2012.String() {
		profile = referee.ProfileUCC2012
	}
	if r, _, err := referee.RecordEnd(rec, profile); err == nil {
		reason = r.String()
	}
	switch w := rec.Result.Winner; {
	case !rec.Result.IsOver():
		// An unfinished game counts its combats only.
	case w == stratego.NoColor:
		seat(stratego.Red).drawn++
		seat(stratego.Blue).drawn++
	default:
		seat(w).won++
		seat(w).wonBy[reason]++
		seat(w.Opponent()).lost++
		seat(w.Opponent()).lostBy[reason]++
	}
	for j := 1; j < len(states); j++ {
		before, ev := states[j-1], states[j].LastEvent()
		step(seat(ev.Color), before, states[j])
		if !ev.IsAttack() {
			continue
		}
		atkShown := before.Knowledge(ev.Move.From)&stratego.KnownRank != 0
		defShown := before.Knowledge(ev.Move.To)&stratego.KnownRank != 0
		atk, def := seat(ev.Piece.Color()), seat(ev.Defender.Color())
		lose := func(s *stats, kind int, pc stratego.Piece) { s.lostKind[kind][pc.Rank()]++ }
		if ev.Combat == stratego.DefenderWins || ev.Combat == stratego.BothRemoved {
			kind := lostAttackingHidden
			if defShown {
				kind = lostAttackingShown
			}
			lose(atk, kind, ev.Piece)
			topLoss(atk, ev.Piece, ev.Defender, defShown, ev.Combat == stratego.BothRemoved)
		}
		if ev.Combat == stratego.AttackerWins || ev.Combat == stratego.BothRemoved {
			var kind int
			switch {
			case defShown && !atkShown:
				kind = takenShownByHidden
			case defShown:
				kind = takenShownByShown
			case !atkShown:
				kind = takenHiddenByHidden
			default:
				kind = takenHiddenByShown
			}
			lose(def, kind, ev.Defender)
			topLoss(def, ev.Defender, ev.Piece, atkShown, ev.Combat == stratego.BothRemoved)
			if kind == takenShownByHidden && ev.Combat == stratego.AttackerWins {
				def.how[cameNext(states, j)]++
			}
		}
	}
	return nil
}

// step counts in s the move from before to after when it is one of a
// shown Marshal or General that ends with the piece on its target square
// next to enemy pieces whose ranks it has not seen (a capture included:
// the piece stays there).
func step(s *stats, before, after stratego.State) {
	ev := after.LastEvent()
	i := topIndex(ev.Piece.Rank())
	if i < 0 || i >= len(s.steps) || before.Knowledge(ev.Move.From)&stratego.KnownRank == 0 || after.Outcome().IsOver() {
		return
	}
	if pc, ok := after.At(ev.Move.To); !ok || pc != ev.Piece {
		return // it fell
	}
	r := after.Rules()
	me := ev.Piece.Color()
	hiddenEnemy := func(q stratego.Square) (stratego.Piece, bool) {
		pc, ok := after.At(q)
		return pc, ok && pc.Color() != me && after.Knowledge(q)&stratego.KnownRank == 0
	}
	beats := func(pc stratego.Piece) bool {
		return pc.Rank().Movable() && stratego.Resolve(r, pc.Rank(), ev.Piece.Rank()) == stratego.AttackerWins
	}
	hidden, beaters := 0, 0
	for q := range r.Squares().All() {
		if pc, ok := hiddenEnemy(q); ok {
			hidden++
			if beats(pc) {
				beaters++
			}
		}
	}
	to := ev.Move.To
	none, near, beside := 1.0, 0, false
	for q := range r.Neighbors(to) {
		if pc, ok := hiddenEnemy(q); ok {
			near++
			none *= 1 - float64(beaters)/float64(hidden)
			beside = beside || beats(pc)
		}
	}
	if near == 0 {
		return
	}
	st := &s.steps[i]
	st.n++
	st.chance += 1 - none
	if beside {
		st.beside++
	}
}

// topRanks are the ranks whose losses the report tells apart, in the
// order of stats.top (and, the first two, of stats.steps).
var topRanks = [3]stratego.Rank{stratego.Marshal, stratego.General, stratego.Flag}

// topIndex returns the index of rk in topRanks, -1 when it is not there.
func topIndex(rk stratego.Rank) int {
	for i, r := range topRanks {
		if r == rk {
			return i
		}
	}
	return -1
}

// topLoss counts in s the loss of its piece pc, when it is a Marshal, a
// General or the Flag, to the piece by (shown says whether its rank was seen
// before the combat; trade that both fell).
func topLoss(s *stats, pc, by stratego.Piece, shown, trade bool) {
	i := topIndex(pc.Rank())
	if i < 0 {
		return
	}
	what := rankName(by.Rank())
	switch {
	case trade:
		what += ", both fell"
	case by.Rank() == stratego.Bomb:
	case shown:
		what += ", shown"
	default:
		what += ", hidden"
	}
	s.top[i][what]++
}

// cameNext returns how the piece taken by the move that led to
// states[j] came to stand next to its taker.
func cameNext(states []stratego.State, j int) int {
	ev := states[j].LastEvent()
	from, to := ev.Move.From, ev.Move.To
	if abs(from.File()-to.File())+abs(from.Row()-to.Row()) > 1 {
		return afar
	}
	if j >= 2 {
		if prev := states[j-1].LastEvent(); prev.Move.To == to {
			if prev.IsAttack() {
				return stayed
			}
			return stepped
		}
	}
	if j >= 3 {
		if prev := states[j-2].LastEvent(); prev.Move.To == from {
			return left
		}
	}
	return other
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// rankName is the name of a rank with a capital letter ("Marshal").
func rankName(r stratego.Rank) string {
	s := r.String()
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// write prints the report of the players whose names contain filter.
func (t *tally) write(out io.Writer, filter string) {
	var names []string
	for name := range t.players {
		if strings.Contains(name, filter) {
			names = append(names, name)
		}
	}
	sort.Strings(names)
	fmt.Fprintf(out, "%d records\n", t.records)
	for _, name := range names {
		s := t.players[name]
		fmt.Fprintf(out, "\n%s: %d won, %d drawn, %d lost\n", name, s.won, s.drawn, s.lost)
		fmt.Fprintf(out, "  won by:  %s\n", counts(s.wonBy))
		fmt.Fprintf(out, "  lost by: %s\n", counts(s.lostBy))
		fmt.Fprintln(out, "  pieces lost in combat (shown: the opponent had seen the rank):")
		tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
		for k := range numKinds {
			n := 0
			for _, c := range s.lostKind[k] {
				n += c
			}
			if n == 0 {
				fmt.Fprintf(tw, "    %s\t%d\n", kindWords[k], n)
				continue
			}
			fmt.Fprintf(tw, "    %s\t%d\t%s\n", kindWords[k], n, byRank(s.lostKind[k]))
		}
		tw.Flush()
		taken := 0
		for _, c := range s.how {
			taken += c
		}
		if taken > 0 {
			fmt.Fprintln(out, "  shown pieces taken by hidden ones, by how they came next to the taker:")
			tw = tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
			for h := range numHows {
				if s.how[h] > 0 {
					fmt.Fprintf(tw, "    %s\t%d\n", howWords[h], s.how[h])
				}
			}
			tw.Flush()
		}
		for i, r := range topRanks {
			if len(s.top[i]) > 0 {
				fmt.Fprintf(out, "  %s lost to: %s\n", rankName(r), counts(s.top[i]))
			}
		}
		for i, st := range s.steps {
			if st.n > 0 {
				fmt.Fprintf(out, "  moves of the shown %s next to hidden pieces: %d, next to one that beats it %d (%.1f%%; by chance %.1f%%)\n",
					rankName(topRanks[i]), st.n, st.beside, 100*float64(st.beside)/float64(st.n), 100*st.chance/float64(st.n))
			}
		}
	}
}

// counts writes the counts of m as "a 3, b 1", largest first, or "none".
func counts(m map[string]int) string {
	if len(m) == 0 {
		return "none"
	}
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Slice(keys, func(i, j int) bool {
		if m[keys[i]] != m[keys[j]] {
			return m[keys[i]] > m[keys[j]]
		}
		return keys[i] < keys[j]
	})
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = fmt.Sprintf("%s %d", k, m[k])
	}
	return strings.Join(parts, "; ")
}

// byRank writes the counts of the ranks from the Marshal down ("Marshal
// 2, Scout 5"), those of none left out.
func byRank(c [stratego.NumRanks]int) string {
	var parts []string
	for r := stratego.Marshal; r >= stratego.Spy; r-- {
		if c[r] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", rankName(r), c[r]))
		}
	}
	for _, r := range []stratego.Rank{stratego.Bomb, stratego.Flag} {
		if c[r] > 0 {
			parts = append(parts, fmt.Sprintf("%s %d", rankName(r), c[r]))
		}
	}
	return strings.Join(parts, ", ")
}
