package web

import (
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// store keeps every game as one file, DIR/ID.json, rewritten on every
// change: written to a temporary file, synced, renamed over the old
// one, and the directory synced, so that a crash at any moment leaves
// either the old file or the new one.
type store struct {
	dir string
	// beforeWrite, when not nil, is called before each write of a
	// game's file (a test's hook).
	beforeWrite func(id string)
}

// gameFile is the form of a game on disk. The game itself is the text
// of its stratego.Game (its record); the secrets are kept as SHA-256
// hashes only, so that the directory holds nothing that opens a game.
type gameFile struct {
	Format      int         `json:"format"` // 1
	ID          string      `json:"id"`
	Created     time.Time   `json:"created"`
	Touched     time.Time   `json:"touched"`
	Version     int         `json:"version"`
	Owner       string      `json:"owner"`
	Rules       string      `json:"rules"`
	Seats       [3]seatFile `json:"seats"` // spectator, Red, Blue
	Bots        [3]string   `json:"bots"`  // indexed by Color; "" for a person
	ThinkMillis int64       `json:"thinkMillis,omitempty"`
	Setups      [3]string   `json:"setups"` // indexed by Color; "" until given
	Game        string      `json:"game,omitempty"`
	Resigned    string      `json:"resigned,omitempty"`  // the color that resigned
	Abandoned   string      `json:"abandoned,omitempty"` // the color that resigned during the setup
	Notice      string      `json:"notice,omitempty"`
}

type seatFile struct {
	Secret  string `json:"secret,omitempty"` // hex SHA-256
	Invite  string `json:"invite,omitempty"`
	Claimed bool   `json:"claimed,omitempty"`
}

// validID reports whether id has the form of a game's id (newToken(8)),
// so that no request names another file.
func validID(id string) bool {
	if len(id) != 16 {
		return false
	}
	_, err := hex.DecodeString(id)
	return err == nil && strings.ToLower(id) == id
}

func (st *store) path(id string) string { return filepath.Join(st.dir, id+".json") }

// write saves f atomically.
func (st *store) write(f *gameFile) error {
	b, err := json.Marshal(f)
	if err != nil {
		return err
	}
	tmp, err := os.CreateTemp(st.dir, f.ID+".*.tmp")
	if err != nil {
		return err
	}
	_, err = tmp.Write(b)
	if err == nil {
		err = tmp.Sync()
	}
	if e := tmp.Close(); err == nil {
		err = e
	}
	if err == nil {
		err = os.Rename(tmp.Name(), st.path(f.ID))
	}
	if err != nil {
		os.Remove(tmp.Name())
		return err
	}
	d, err := os.Open(st.dir)
	if err != nil {
		return err
	}
	err = d.Sync()
	if e := d.Close(); err == nil {
		err = e
	}
	return err
}

func (st *store) remove(id string) { os.Remove(st.path(id)) }

// fileOf returns the form on disk of g. The caller holds g.mu.
func (g *game) fileOf() (*gameFile, error) {
	f := &gameFile{
		Format: 1, ID: g.id, Created: g.created, Touched: g.touched, Version: g.version,
		Owner: g.owner, Rules: g.rules.String(), Notice: g.notice,
		ThinkMillis: g.botBudget.Time.Milliseconds(),
	}
	for i, s := range g.seats {
		if s.hasSecret {
			f.Seats[i].Secret = hex.EncodeToString(s.secret[:])
		}
		if s.hasInvite {
			f.Seats[i].Invite = hex.EncodeToString(s.invite[:])
			f.Seats[i].Claimed = s.claimed
		}
	}
	for _, c := range sides {
		f.Bots[c] = g.botNames[c]
		if g.setups[c] != nil {
			f.Setups[c] = g.setups[c].String()
		}
	}
	if g.abandoned.IsValid() {
		f.Abandoned = g.abandoned.String()
	} else if g.phase != phaseSetup {
		text, err := g.play.MarshalText()
		if err != nil {
			return nil, err
		}
		f.Game = string(text)
		if o := g.play.State().Outcome(); o.Reason == stratego.Resignation {
			f.Resigned = o.Winner.Opponent().String()
		}
	}
	return f, nil
}

// save writes g to the data directory, if there is one. The caller
// holds g.mu; save builds the file under it, releases it while the
// file is written (so that the game answers meanwhile and no other
// game waits) and takes it back. Of two saves of one game the newer
// file wins: a save whose file a newer one has replaced returns nil, as
// the newer file holds its change. When save returns, the game as the
// caller then sees it is on disk. A failure is logged and returned.
func (s *Server) save(g *game) error {
	if s.store == nil || g.gone.Load() {
		return nil
	}
	var err error
	for {
		var f *gameFile
		if f, err = g.fileOf(); err != nil {
			break
		}
		g.snapshot++
		n := g.snapshot
		g.mu.Unlock()
		err = s.store.writeNewest(g, f, n)
		g.mu.Lock()
		// While mu was released another request may have changed the
		// game: the caller answers from the game as it is now, so that
		// change is written too before save returns (an answer never
		// shows what a crash could lose).
		if err != nil || g.snapshot == n || g.gone.Load() {
			break
		}
	}
	if err != nil {
		err = fmt.Errorf("saving game %s: %w", g.id, err)
		s.cfg.Log.Print("stratego serve: ", err)
	}
	return err
}

// writeNewest writes f, the snapshot numbered n of g, unless a newer
// one is written; the file of a game that expired meanwhile is removed.
// The caller does not hold g.mu.
func (st *store) writeNewest(g *game, f *gameFile, n uint64) error {
	g.saveMu.Lock()
	defer g.saveMu.Unlock()
	if n <= g.written {
		return nil
	}
	if st.beforeWrite != nil {
		st.beforeWrite(g.id)
	}
	if err := st.write(f); err != nil {
		return err
	}
	g.written = n
	if g.gone.Load() { // the sweep removed the file before this write
		st.remove(g.id)
	}
	return nil
}

// errBadFile is the error of a game file that cannot be read back.
var errBadFile = errors.New("bad game file")

// load reads the game of id back from the data directory.
func (st *store) load(s *Server, id string) (*game, error) {
	b, err := os.ReadFile(st.path(id))
	if err != nil {
		return nil, err
	}
	g, err := s.gameOf(b)
	if err != nil {
		return nil, fmt.Errorf("%w %s: %v", errBadFile, st.path(id), err)
	}
	return g, nil
}

// Quarantined returns the game files that Open could not read and
// moved aside (renamed with the suffix ".corrupt"), for a person to
// look at.
func (s *Server) Quarantined() []string { return slices.Clone(s.quarantined) }

// gameOf rebuilds a game from its file.
func (s *Server) gameOf(b []byte) (*game, error) {
	var f gameFile
	if err := json.Unmarshal(b, &f); err != nil {
		return nil, err
	}
	if f.Format != 1 || !validID(f.ID) {
		return nil, fmt.Errorf("format %d, id %q", f.Format, f.ID)
	}
	rules, err := stratego.ParseRules(f.Rules)
	if err != nil {
		return nil, err
	}
	g := &game{
		id: f.ID, rules: rules, created: f.Created, owner: f.Owner,
		touched: f.Touched, version: f.Version, notice: f.Notice,
		changed: make(chan struct{}),
	}
	for i, sf := range f.Seats {
		if sf.Secret != "" {
			if err := unhex(&g.seats[i].secret, sf.Secret); err != nil {
				return nil, err
			}
			g.seats[i].hasSecret = true
		}
		if sf.Invite != "" {
			if err := unhex(&g.seats[i].invite, sf.Invite); err != nil {
				return nil, err
			}
			g.seats[i].hasInvite, g.seats[i].claimed = true, sf.Claimed
		}
	}
	g.botBudget = bot.Budget{Time: time.Duration(f.ThinkMillis) * time.Millisecond}
	for _, c := range sides {
		if name := f.Bots[c]; name != "" {
			p, err := bot.New(name, bot.Options{Seed: s.seed()})
			if err != nil {
				return nil, err
			}
			g.bots[c], g.botNames[c] = p, name
		}
		if f.Setups[c] != "" {
			su, err := stratego.ParseSetup(rules, f.Setups[c])
			if err != nil {
				return nil, err
			}
			g.setups[c] = &su
		}
	}
	if f.Abandoned != "" {
		c, err := stratego.ParseColor(f.Abandoned)
		if err != nil {
			return nil, err
		}
		g.abandoned, g.phase, g.bots = c, phaseOver, [3]bot.Player{}
		return g, nil
	}
	if f.Game == "" {
		return g, nil
	}
	if err := g.play.UnmarshalText([]byte(f.Game)); err != nil {
		return nil, err
	}
	if f.Resigned != "" && !g.play.State().Outcome().IsOver() {
		c, err := stratego.ParseColor(f.Resigned)
		if err != nil {
			return nil, err
		}
		if g.play, err = g.play.Resign(c); err != nil {
			return nil, err
		}
	}
	for i := 1; i <= g.play.Len(); i++ {
		at, _ := g.play.At(i)
		g.seen = append(g.seen, seenOf(at.State()))
	}
	g.phase = phasePlay
	if g.play.State().Outcome().IsOver() {
		g.phase, g.bots = phaseOver, [3]bot.Player{}
	}
	return g, nil
}

func unhex(dst *secret, s string) error {
	b, err := hex.DecodeString(s)
	if err != nil || len(b) != len(dst) {
		return fmt.Errorf("bad secret %q", s)
	}
	copy(dst[:], b)
	return nil
}

// Open returns a server with the configuration c that keeps every game
// in the directory dir (made if missing): each change is written to
// disk before it is answered, and the games found there are taken up
// again: live ones resume where they stopped, with the same seats and
// secrets (bots to move move again), finished ones can be looked at and
// downloaded. A game file that cannot be read is renamed ID.json.corrupt
// (Quarantined lists them) and the log says so; the server starts with
// the others. An error to read the directory, or to rename such a file,
// is an error of Open.
func Open(dir string, c Config) (*Server, error) {
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return nil, err
	}
	s := New(c)
	s.store = &store{dir: dir}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return nil, err
	}
	var resume []*game
	for _, e := range entries {
		name := e.Name()
		if strings.HasSuffix(name, ".tmp") { // a write that did not finish
			os.Remove(filepath.Join(dir, name))
			continue
		}
		id, ok := strings.CutSuffix(name, ".json")
		if !ok || !validID(id) {
			continue
		}
		g, err := s.store.load(s, id)
		if err != nil {
			if !errors.Is(err, errBadFile) {
				s.Close()
				return nil, err
			}
			// A file that cannot be read is kept aside for a person to
			// look at; the other games are served.
			from := filepath.Join(dir, name)
			if e := os.Rename(from, from+".corrupt"); e != nil {
				s.Close()
				return nil, fmt.Errorf("%w; moving it aside: %v", err, e)
			}
			s.quarantined = append(s.quarantined, from+".corrupt")
			s.cfg.Log.Printf("stratego serve: %v; moved to %s, the other games are served", err, from+".corrupt")
			continue
		}
		if g.phase != phaseOver {
			s.live[id] = g
			resume = append(resume, g)
		}
	}
	for _, g := range resume {
		s.startBots(g)
	}
	return s, nil
}
