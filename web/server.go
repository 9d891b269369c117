package web

import (
	"context"
	"crypto/rand"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"io/fs"
	mrand "math/rand/v2"
	"net/http"
	"sort"
	"sync"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// Config bounds what a Server holds and how long it waits. The zero
// value of a field takes the default given in its comment.
type Config struct {
	// MaxGames is the number of games held at once (500). A new game is
	// refused while the server is full of games that have not expired.
	MaxGames int
	// MaxAge is how long a game is kept after it was made (24h).
	MaxAge time.Duration
	// IdleAge is how long a game is kept after its last change (2h).
	IdleAge time.Duration
	// MaxPlies caps every game: rules without a cap, or with a larger
	// one, get this cap (Rules.MaxPlies, a draw) so that no game grows
	// without bound (4000).
	MaxPlies int
	// MaxThink is the longest think time a game may give its bot (5s).
	MaxThink time.Duration
	// BotGrace is how long past its think time a bot's move may take
	// before it is cancelled (2s).
	BotGrace time.Duration
	// PollWait is how long a request for the state of a game waits for
	// a change before it answers with the unchanged state (25s).
	PollWait time.Duration
	// Now returns the time; tests set it (time.Now).
	Now func() time.Time
	// Seed, when not 0, seeds the bots and the choice of a random color,
	// so that tests repeat their games; 0 draws them at random.
	Seed uint64
}

// withDefaults fills in the zero fields.
func (c Config) withDefaults() Config {
	set := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	if c.MaxGames <= 0 {
		c.MaxGames = 500
	}
	if c.MaxPlies <= 0 {
		c.MaxPlies = 4000
	}
	set(&c.MaxAge, 24*time.Hour)
	set(&c.IdleAge, 2*time.Hour)
	set(&c.MaxThink, 5*time.Second)
	set(&c.BotGrace, 2*time.Second)
	set(&c.PollWait, 25*time.Second)
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Server is the web application: an http.Handler that serves the
// embedded pages and the JSON API, and holds the games. Make one with
// New and stop it with Close.
type Server struct {
	cfg    Config
	mux    *http.ServeMux
	ctx    context.Context // ends at Close: bots stop, pollers answer
	cancel context.CancelFunc
	wg     sync.WaitGroup // the bot goroutines

	mu    sync.Mutex
	games map[string]*game
	rng   *mrand.Rand // for Config.Seed; guarded by mu
}

// New returns a server with the configuration c.
func New(c Config) *Server {
	s := &Server{cfg: c.withDefaults(), games: map[string]*game{}}
	if c.Seed != 0 {
		s.rng = mrand.New(mrand.NewPCG(c.Seed, 0x5e47e))
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.routes()
	return s
}

// Close stops the server's built-in players, wakes the requests that
// wait for a change and waits for the players to return. The server
// answers requests after Close, but its bots no longer move.
func (s *Server) Close() {
	s.cancel()
	s.wg.Wait()
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
	s.mux.ServeHTTP(w, r)
}

func (s *Server) now() time.Time { return s.cfg.Now() }

// routes registers the handlers.
func (s *Server) routes() {
	s.mux = http.NewServeMux()
	sub, err := fs.Sub(static, "static")
	if err != nil {
		panic(err) // the embedded tree is part of the binary
	}
	files := http.FileServerFS(sub)
	s.mux.Handle("GET /", files)
	s.mux.HandleFunc("GET /api/options", s.handleOptions)
	s.mux.HandleFunc("POST /api/rules", s.handleRules)
	s.mux.HandleFunc("POST /api/setup/random", s.handleRandomSetup)
	s.mux.HandleFunc("POST /api/setup/parse", s.handleParseSetup)
	s.mux.HandleFunc("POST /api/games", s.handleCreate)
	s.mux.HandleFunc("GET /api/games/{id}", s.handleState)
	s.mux.HandleFunc("POST /api/games/{id}/setup", s.handleSetup)
	s.mux.HandleFunc("POST /api/games/{id}/move", s.handleMove)
	s.mux.HandleFunc("POST /api/games/{id}/resign", s.handleResign)
	s.mux.HandleFunc("GET /api/games/{id}/record", s.handleRecord)
	s.mux.HandleFunc("POST /api/replay", s.handleReplay)
}

// newToken returns n random bytes in hex.
func newToken(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// seed returns a seed for a bot or a choice: from Config.Seed when set,
// else at random.
func (s *Server) seed() uint64 {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.rng != nil {
		return s.rng.Uint64()
	}
	return mrand.Uint64()
}

// errFull and errNoGame are the refusals of the game store.
var (
	errFull   = errors.New("the server holds as many games as it may; try again later")
	errNoGame = errors.New("no such game (it may have expired)")
	errToken  = errors.New("this link's token is not valid for the game")
)

// add stores a new game, first dropping the expired ones.
func (s *Server) add(g *game) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sweepLocked()
	if len(s.games) >= s.cfg.MaxGames {
		return errFull
	}
	s.games[g.id] = g
	return nil
}

// sweepLocked drops the games past their age. The caller holds s.mu.
func (s *Server) sweepLocked() {
	now := s.now()
	for id, g := range s.games {
		g.mu.Lock()
		expired := now.Sub(g.created) > s.cfg.MaxAge || now.Sub(g.touched) > s.cfg.IdleAge
		g.mu.Unlock()
		if expired {
			delete(s.games, id)
		}
	}
}

// Games returns the number of games the server holds, expired ones
// dropped first.
func (s *Server) Games() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sweepLocked()
	return len(s.games)
}

// lookup finds the game of id and the role of token in it. The token is
// compared with each of the game's tokens in constant time, all three
// always, so the time taken does not tell which matched.
func (s *Server) lookup(id, token string) (*game, role, error) {
	s.mu.Lock()
	g, ok := s.games[id]
	if ok {
		now := s.now()
		g.mu.Lock()
		if now.Sub(g.created) > s.cfg.MaxAge || now.Sub(g.touched) > s.cfg.IdleAge {
			delete(s.games, id)
			ok = false
		}
		g.mu.Unlock()
	}
	s.mu.Unlock()
	if !ok {
		return nil, roleNone, errNoGame
	}
	found := roleNone
	for i, t := range g.tokens {
		if subtle.ConstantTimeCompare([]byte(t), []byte(token)) == 1 {
			found = role(i + 1)
		}
	}
	if found == roleNone {
		return nil, roleNone, errToken
	}
	return g, found, nil
}

// startBots runs the built-in players of g in the background until a
// person is to move.
func (s *Server) startBots(g *game) {
	if s.ctx.Err() != nil {
		return
	}
	s.wg.Add(1)
	go func() {
		defer s.wg.Done()
		s.runBots(s.ctx, g)
	}()
}

// botNames returns the built-in players to offer, sorted.
func botNames() []string {
	names := bot.Names()
	sort.Strings(names)
	return names
}

// capRules applies the server's ply cap to r.
func (s *Server) capRules(r stratego.Rules) stratego.Rules {
	if r.MaxPlies == 0 || r.MaxPlies > s.cfg.MaxPlies {
		r.MaxPlies = s.cfg.MaxPlies
	}
	return r
}
