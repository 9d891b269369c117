// Package gravoncmd is the gravon subcommand of the stratego command. It reads game files of the Gravon archive (StraDoS2): XML
// files and the older GSN text files. It replays each game under the rules
// of its type and reports, per file, the type, the players, the number of
// plies, the result and the first illegal move if there is one; or it
// converts the games to the package's game records or to Gravon XML; or it
// summarises a collection.
//
// Usage:
//
//	stratego gravon [flags] PATH...
//
// Each PATH is a game file or a directory, searched recursively for files
// ending in .xml or .gsn (in any letter case). A file named on the command
// line may have any name: an XML file starts with "<", a GSN file with
// "#".
//
// The flags are:
//
//	-convert record|xml   write each game as a game record (the package's
//	                      PGN-like text, stratego.Record) or as Gravon XML
//	-out DIR              with -convert: write DIR/<name>.rec or
//	                      DIR/<name>.xml per game and print the report; without
//	                      -out the converted games go to standard output
//	-badresults           import a game whose end code contradicts its winner
//	                      (a "tie agreed" with a winner) with its result
//	                      unknown and a warning in the report, instead of
//	                      refusing it (gravon.ImportOptions.BadResults)
//	-stats                print a summary instead of one line per file: games by
//	                      type, results by end code, plies, and the replay
//	                      failures by the package's sentinel error
//
// A record of a game that replays to its end is annotated with every
// combat (stratego.Record.Annotated); a game with an illegal move is
// written as its moves, the illegal one marked by a comment.
//
// The exit status is 0 when every file was read and replayed, 1 when some
// file could not be read or holds an illegal move or a result that its
// moves contradict (the report says which), and 2 for bad flags or a path
// that does not exist.
package gravoncmd

import (
	"bytes"
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
	"github.com/stratego-go/stratego/gravon"
)

// stderr receives the usage text of -h and of bad flags, and the errors
// of -convert without -out.
var stderr io.Writer = os.Stderr

// errFailed reports that some file failed; main exits with 1.
var errFailed error = &cli.Failure{Msg: "gravon: some games failed"}

// Run runs the subcommand with its arguments, writing to out.
func Run(args []string, out io.Writer) error {
	o, paths, err := parseFlags(args)
	if err != nil {
		return err
	}
	if o.outDir != "" {
		if err := os.MkdirAll(o.outDir, 0o755); err != nil {
			return err
		}
	}
	r := runner{options: o, out: out, tw: tabwriter.NewWriter(out, 0, 0, 2, ' ', 0), names: map[string]int{}}
	r.table = !o.stats && (o.convert == "" || o.outDir != "")
	if r.table {
		head := "file\ttype\tred\tblue\tplies\tresult\treplay"
		if o.outDir != "" {
			head += "\twrote"
		}
		fmt.Fprintln(r.tw, head)
	}
	// Games are handled one at a time, so that a large archive is never
	// held in memory.
	for _, p := range paths {
		if err := r.game(load(p, gravon.ImportOptions{BadResults: o.badResults})); err != nil {
			return err
		}
	}
	if r.table {
		if err := r.tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintf(out, "\n%d files, %d replayed, %d failed\n", r.sum.files, r.sum.ok, r.sum.files-r.sum.ok)
	}
	if o.stats {
		r.sum.print(out)
	}
	if failed := r.sum.files - r.sum.ok + r.sum.convertFailed; failed > 0 {
		return fmt.Errorf("%w: %d of %d files", errFailed, failed, r.sum.files)
	}
	return nil
}

// options are the command's flags.
type options struct {
	convert, outDir string
	stats           bool
	badResults      bool
}

// parseFlags reads and checks the flags and gathers the files to read.
func parseFlags(args []string) (options, []string, error) {
	var o options
	fl := flag.NewFlagSet("gravon", flag.ContinueOnError)
	fl.SetOutput(stderr)
	fl.StringVar(&o.convert, "convert", "", "write each game as a `format`: record (the package's game record) or xml")
	fl.StringVar(&o.outDir, "out", "", "with -convert: write one file per game into this `directory`")
	fl.BoolVar(&o.stats, "stats", false, "print a summary instead of one line per file")
	fl.BoolVar(&o.badResults, "badresults", false, "import games whose end code contradicts the winner, with a warning")
	fl.Usage = func() {
		fmt.Fprintln(fl.Output(), "Usage: stratego gravon [-stats] [-badresults] [-convert record|xml [-out DIR]] PATH...")
		fl.PrintDefaults()
	}
	if err := fl.Parse(args); err != nil {
		return o, nil, err
	}
	switch o.convert {
	case "", "record", "xml":
	default:
		return o, nil, fmt.Errorf("-convert %q: want record or xml", o.convert)
	}
	if o.outDir != "" && o.convert == "" {
		return o, nil, errors.New("-out needs -convert")
	}
	if o.stats && o.convert != "" {
		return o, nil, errors.New("give -stats or -convert, not both")
	}
	if fl.NArg() == 0 {
		fl.Usage()
		return o, nil, errors.New("no files or directories given")
	}
	// Files as given, directories walked for .xml and .gsn files.
	paths, err := cli.Gather(fl.Args(), func(p string) bool { return kindOf(p, nil) != "" })
	if err != nil {
		return o, nil, err
	}
	if len(paths) == 0 {
		return o, nil, errors.New("no .xml or .gsn files found")
	}
	return o, paths, nil
}

// runner is the state of a run over the files.
type runner struct {
	options
	out   io.Writer
	tw    *tabwriter.Writer
	table bool // one table line per file
	names map[string]int
	sum   tally
}

// game handles one game: counts it, and prints its table line, its
// conversion, or (with -stats) nothing.
func (r *runner) game(g game) error {
	r.sum.add(g)
	switch {
	case r.stats:
	case !r.table:
		if g.failed() {
			fmt.Fprintf(stderr, "%s: %s\n", g.path, g.status())
		}
		text, err := g.convert(r.convert)
		if err != nil {
			if !g.failed() {
				fmt.Fprintf(stderr, "%s: %v\n", g.path, err)
				r.sum.convertFailed++
			}
			return nil
		}
		if _, err := r.out.Write(text); err != nil {
			return err
		}
	default:
		line := g.line()
		if r.outDir != "" {
			wrote, err := g.write(r.convert, r.outDir, r.names)
			if err != nil {
				r.tw.Flush()
				return err
			}
			line += "\t" + wrote
		}
		fmt.Fprintln(r.tw, line)
	}
	return nil
}

// kindOf returns "xml" or "gsn" for a path by its extension or, when
// the extension says nothing and the content is given, by its first
// byte; "" when neither tells.
func kindOf(path string, content []byte) string {
	switch strings.ToLower(filepath.Ext(path)) {
	case ".xml":
		return "xml"
	case ".gsn":
		return "gsn"
	}
	switch t := bytes.TrimLeft(content, " \t\r\n\ufeff"); {
	case len(t) == 0:
	case t[0] == '<':
		return "xml"
	case t[0] == '#':
		return "gsn"
	}
	return ""
}

// game is one file read and replayed.
type game struct {
	path    string
	kind    string // "xml" or "gsn"
	gg      gravon.Game
	rec     stratego.Record
	readErr error // the file could not be read or converted to a record
	// replayErr is the replay's error: a *stratego.ReplayError for an
	// illegal move, or an error wrapping ErrMismatch when the moves
	// contradict the result.
	replayErr error
	// warnings are what the import let through (gravon.Game.Import).
	warnings []error
}

func (g game) failed() bool { return g.readErr != nil || g.replayErr != nil }

// load reads, converts (under opt) and replays one file.
func load(path string, opt gravon.ImportOptions) game {
	g := game{path: path}
	data, err := os.ReadFile(path)
	if err != nil {
		g.readErr = err
		return g
	}
	g.kind = kindOf("", data) // by the content, as gravon.Read tells them
	if g.gg, err = gravon.Read(bytes.NewReader(data)); err != nil {
		g.readErr = err
		return g
	}
	if g.rec, g.warnings, err = g.gg.Import(opt); err != nil {
		g.readErr = err
		return g
	}
	_, g.replayErr = g.rec.Replay()
	return g
}

// status describes how the replay went.
func (g game) status() string {
	if g.readErr != nil {
		return "unreadable: " + g.readErr.Error()
	}
	var re *stratego.ReplayError
	switch {
	case errors.As(g.replayErr, &re):
		return fmt.Sprintf("illegal move at ply %d (%d. %v %v, Gravon %s): %v",
			re.Index+1, re.Number, re.Color, re.Move.Move, gravon.Move(re.Move.Move), re.Err)
	case g.replayErr != nil:
		return "result mismatch: " + g.replayErr.Error()
	case len(g.warnings) > 0:
		return "ok; warning: " + errors.Join(g.warnings...).Error()
	}
	return "ok"
}

// result describes the recorded result: the outcome and the end code.
func (g game) result() string {
	if g.readErr != nil && g.gg.Type == "" {
		return "-"
	}
	o, err := gravon.Outcome(g.gg.End, g.gg.Winner)
	if err != nil {
		return fmt.Sprintf("code %d winner %d", g.gg.End, g.gg.Winner)
	}
	return fmt.Sprintf("%v [%d]", o, g.gg.End)
}

// line returns the report line of a game, tab-separated.
func (g game) line() string {
	typ, red, blue, plies := "-", "-", "-", "-"
	if g.gg.Type != "" {
		typ, red, blue, plies = g.gg.Type, g.gg.Names[stratego.Red], g.gg.Names[stratego.Blue], fmt.Sprint(len(g.gg.Moves))
	}
	return fmt.Sprintf("%s\t%s\t%s\t%s\t%s\t%s\t%s", g.path, typ, red, blue, plies, g.result(), g.status())
}

// write converts a game into a file of dir and returns the path written
// or why it was not; the error is for a file that cannot be written.
func (g game) write(format, dir string, names map[string]int) (string, error) {
	text, err := g.convert(format)
	if err != nil {
		return "not converted: " + err.Error(), nil
	}
	path := filepath.Join(dir, outName(g.path, format, names))
	if err := os.WriteFile(path, text, 0o644); err != nil {
		return "", err
	}
	return path, nil
}

// outName is the name of a converted file: the input's base name with
// the format's extension, numbered when two inputs share a name.
func outName(path, format string, names map[string]int) string {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	ext := ".rec"
	if format == "xml" {
		ext = ".xml"
	}
	names[base]++
	if n := names[base]; n > 1 {
		base = fmt.Sprintf("%s-%d", base, n)
	}
	return base + ext
}

// convert returns the text of the game in format, "record" or "xml".
func (g game) convert(format string) ([]byte, error) {
	if g.readErr != nil {
		return nil, g.readErr
	}
	if format == "xml" {
		var buf bytes.Buffer
		if err := g.gg.WriteXML(&buf); err != nil {
			return nil, err
		}
		if !bytes.HasSuffix(buf.Bytes(), []byte("\n")) {
			buf.WriteByte('\n')
		}
		return buf.Bytes(), nil
	}
	rec := g.rec
	rec.Tags = append(rec.Tags[:len(rec.Tags):len(rec.Tags)], stratego.Tag{Name: "Source", Value: filepath.Base(g.path)})
	if ann, err := rec.Annotated(); err == nil && g.replayErr == nil {
		rec = ann
	} else {
		var re *stratego.ReplayError
		if errors.As(g.replayErr, &re) {
			rec.Moves = append([]stratego.RecordedMove(nil), rec.Moves...)
			rec.Moves[re.Index].Comment = "illegal: " + strings.ReplaceAll(re.Err.Error(), "}", ")")
		}
		if g.replayErr != nil {
			rec.Comment = "does not replay: " + strings.ReplaceAll(g.replayErr.Error(), "}", ")")
		}
	}
	text, err := rec.AppendText(nil)
	if err != nil {
		return nil, err
	}
	return append(text, '\n'), nil
}

// sentinels are the package's named errors, most specific first, for
// -stats to sort failures by.
var sentinels = []struct {
	name string
	err  error
}{
	{"ErrGameOver", stratego.ErrGameOver},
	{"ErrOffBoard", stratego.ErrOffBoard},
	{"ErrNoPiece", stratego.ErrNoPiece},
	{"ErrNotYourPiece", stratego.ErrNotYourPiece},
	{"ErrImmovable", stratego.ErrImmovable},
	{"ErrBadDirection", stratego.ErrBadDirection},
	{"ErrBlocked", stratego.ErrBlocked},
	{"ErrOwnPiece", stratego.ErrOwnPiece},
	{"ErrNoStrike", stratego.ErrNoStrike},
	{"ErrTwoSquares", stratego.ErrTwoSquares},
	{"ErrMoreSquares", stratego.ErrMoreSquares},
	{"ErrRescue", stratego.ErrRescue},
	{"ErrMismatch", stratego.ErrMismatch},
	{"ErrSetup", stratego.ErrSetup},
	{"ErrRules", stratego.ErrRules},
	{"ErrSyntax", stratego.ErrSyntax},
	{"ErrInvalid", stratego.ErrInvalid},
}

// sentinelOf names the sentinel that err wraps, or "other".
func sentinelOf(err error) string {
	for _, s := range sentinels {
		if errors.Is(err, s.err) {
			return s.name
		}
	}
	return "other"
}

// tally counts games for the report's last line and for -stats.
type tally struct {
	files, ok, convertFailed int
	kinds                    map[string]int // "xml", "gsn"
	types                    map[string]int // game types
	codes                    map[int]int    // games by end code
	winners                  map[int][4]int // by end code: games by winner 1–3, [0] other
	readFail, replayFail     map[string]int // by sentinel name
	counted, plies, maxPlies int            // games read, their plies
}

func (t *tally) add(g game) {
	if t.kinds == nil {
		t.kinds, t.types, t.codes = map[string]int{}, map[string]int{}, map[int]int{}
		t.winners, t.readFail, t.replayFail = map[int][4]int{}, map[string]int{}, map[string]int{}
	}
	t.files++
	if g.kind != "" {
		t.kinds[g.kind]++
	}
	if g.gg.Type != "" {
		t.types[g.gg.Type]++
		t.codes[int(g.gg.End)]++
		w := t.winners[int(g.gg.End)]
		if g.gg.Winner >= 1 && g.gg.Winner <= 3 {
			w[g.gg.Winner]++
		} else {
			w[0]++
		}
		t.winners[int(g.gg.End)] = w
		t.counted++
		t.plies += len(g.gg.Moves)
		t.maxPlies = max(t.maxPlies, len(g.gg.Moves))
	}
	switch {
	case g.readErr != nil:
		t.readFail[sentinelOf(g.readErr)]++
	case g.replayErr != nil:
		t.replayFail[sentinelOf(g.replayErr)]++
	default:
		t.ok++
	}
}

// print writes the summary of -stats.
func (t *tally) print(out io.Writer) {
	fmt.Fprintf(out, "files: %d (xml %d, gsn %d)\n", t.files, t.kinds["xml"], t.kinds["gsn"])
	fmt.Fprintf(out, "replayed: %d ok, %d unreadable, %d failed\n", t.ok, sum(t.readFail), sum(t.replayFail))
	if t.counted > 0 {
		fmt.Fprintf(out, "plies: %d in all, %.1f a game, at most %d\n", t.plies, float64(t.plies)/float64(t.counted), t.maxPlies)
	}
	section(out, "games by type", t.types)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "\nresults by end code\tgames\tred\tblue\tdraw\tother")
	var cs []int
	for c := range t.codes {
		cs = append(cs, c)
	}
	sort.Ints(cs)
	for _, c := range cs {
		name := "unknown"
		if e := gravon.End(c); e.IsValid() {
			name = e.String()
		}
		w := t.winners[c]
		fmt.Fprintf(tw, "  %d %s\t%d\t%d\t%d\t%d\t%d\n", c, name, t.codes[c], w[1], w[2], w[3], w[0])
	}
	tw.Flush()
	section(out, "unreadable by sentinel", t.readFail)
	section(out, "replay failures by sentinel", t.replayFail)
}

// section prints a titled table of counts, nothing when it is empty.
func section(out io.Writer, title string, counts map[string]int) {
	if len(counts) == 0 {
		return
	}
	fmt.Fprintf(out, "\n%s\n", title)
	tw := tabwriter.NewWriter(out, 0, 0, 2, ' ', 0)
	for _, k := range sortedKeys(counts) {
		fmt.Fprintf(tw, "  %s\t%d\n", k, counts[k])
	}
	tw.Flush()
}

func sum(m map[string]int) int {
	n := 0
	for _, v := range m {
		n += v
	}
	return n
}

func sortedKeys(m map[string]int) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
