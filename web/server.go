package web

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"errors"
	"io/fs"
	"log"
	mrand "math/rand/v2"
	"net/http"
	"net/netip"
	"sort"
	"sync"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
)

// Config bounds what a Server holds, what one client may ask of it and
// how long it waits. The zero value of a field takes the default given
// in its comment.
type Config struct {
	// MaxGames is the number of live games (not yet over) held at once
	// (500). A new game is refused with 503 while the server is full.
	MaxGames int
	// ClientGames is the number of live games one client (one remote
	// address; an IPv6 /64) may hold at once (10); more is refused
	// with 429.
	ClientGames int
	// CreatePerMinute is the rate at which one client may make games
	// (10 a minute), with bursts of up to CreateBurst (10); more is
	// refused with 429 and a Retry-After header.
	CreatePerMinute int
	CreateBurst     int
	// MaxRecords is the number of finished games kept in memory for
	// their players to look at and download (1000), the oldest dropped
	// first. A game leaves the live games the moment it is over. With a
	// data directory (Open) a finished game stays on disk and is read
	// back when asked for.
	MaxRecords int
	// MaxAge is how long a live game is kept after it was made (24h).
	MaxAge time.Duration
	// IdleAge is how long a live game is kept after its last change
	// (2h). A game past MaxAge or IdleAge expires: it is dropped, from
	// the data directory too.
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
	// a change before it answers with the unchanged state (25s; at most
	// half of WriteTimeout).
	PollWait time.Duration

	// The connection limits of Serve: the http.Server's
	// ReadHeaderTimeout (5s), ReadTimeout (10s: the whole request,
	// body included), WriteTimeout (40s), IdleTimeout (60s) and
	// MaxHeaderBytes (16 KiB), and the number of connections open at
	// once (MaxConns, 1000; further ones wait to be accepted).
	ReadHeaderTimeout time.Duration
	ReadTimeout       time.Duration
	WriteTimeout      time.Duration
	IdleTimeout       time.Duration
	MaxHeaderBytes    int
	MaxConns          int

	// ClientConns is the share of one client (remote address, an IPv6
	// /64) of the connections Serve holds open (100, at most MaxConns):
	// a further connection of the client is answered 503 at once and
	// closed. ClientPolls is its share of the requests that wait for a
	// change, long polls and event streams together (20): a further
	// one is refused with 429. So one address cannot take the
	// connections of all.
	ClientConns int
	ClientPolls int

	// Log receives the server's errors (a game that could not be
	// saved, the http.Server's own); nil is log.Default(). It never
	// receives a secret.
	Log *log.Logger
	// Now returns the time; tests set it (time.Now).
	Now func() time.Time
	// Seed, when not 0, seeds the bots and the choice of a random color,
	// so that tests repeat their games; 0 draws them at random.
	Seed uint64
	// Wasm, when not nil, holds the WebAssembly engine of the
	// JavaScript package (js.WasmFile and js.ExecFile, as js.Build or
	// "npm run build" in js/ make them). The page then offers to play
	// the bot in the page itself, with no request to the server after
	// it has loaded (see WriteSite); nil offers no such game.
	Wasm fs.FS
}

// withDefaults fills in the zero fields.
func (c Config) withDefaults() Config {
	set := func(d *time.Duration, v time.Duration) {
		if *d <= 0 {
			*d = v
		}
	}
	seti := func(n *int, v int) {
		if *n <= 0 {
			*n = v
		}
	}
	seti(&c.MaxGames, 500)
	seti(&c.ClientGames, 10)
	seti(&c.CreatePerMinute, 10)
	seti(&c.CreateBurst, 10)
	seti(&c.MaxRecords, 1000)
	seti(&c.MaxPlies, 4000)
	seti(&c.MaxHeaderBytes, 16<<10)
	seti(&c.MaxConns, 1000)
	seti(&c.ClientConns, defaultClientConns)
	seti(&c.ClientPolls, defaultClientPolls)
	c.ClientConns = min(c.ClientConns, c.MaxConns)
	set(&c.MaxAge, 24*time.Hour)
	set(&c.IdleAge, 2*time.Hour)
	set(&c.MaxThink, 5*time.Second)
	set(&c.BotGrace, 2*time.Second)
	set(&c.PollWait, 25*time.Second)
	set(&c.ReadHeaderTimeout, 5*time.Second)
	set(&c.ReadTimeout, 10*time.Second)
	set(&c.WriteTimeout, 40*time.Second)
	set(&c.IdleTimeout, 60*time.Second)
	if c.PollWait > c.WriteTimeout/2 {
		c.PollWait = c.WriteTimeout / 2
	}
	if c.Log == nil {
		c.Log = log.Default()
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	return c
}

// Server is the web application: an http.Handler that serves the
// embedded pages and the JSON API, and holds the games. Make one with
// New (games in memory only) or Open (games kept in a directory), run
// it with Serve or behind an http.Server of your own, and stop it with
// Close.
type Server struct {
	cfg     Config
	mux     *http.ServeMux
	store   *store             // nil: games in memory only
	ctx     context.Context    // ends at Close: bots stop
	cancel  context.CancelFunc // ends ctx
	polls   context.Context    // ends at Close or when Serve shuts down: pollers answer
	endPoll context.CancelFunc
	wg      sync.WaitGroup // the bot goroutines
	// waiting, when not nil, is called when a request begins to wait for
	// a change of its game (a test's hook).
	waiting func()
	// botsMu orders startBots and Close: no bot goroutine is added to
	// wg once closed is set.
	botsMu sync.Mutex
	closed bool

	mu        sync.Mutex
	live      map[string]*game // games not over
	done      map[string]*game // finished games kept in memory
	doneOrder []string         // the keys of done, oldest first
	creations limiter          // per client
	rng       *mrand.Rand      // for Config.Seed; guarded by mu

	origins     *http.CrossOriginProtection // the same-origin check of guard
	waits       *shares                     // the waiting requests of each client
	quarantined []string                    // the game files Open moved aside
}

// New returns a server with the configuration c that keeps its games in
// memory only: they end with the process.
func New(c Config) *Server {
	s := &Server{cfg: c.withDefaults(), live: map[string]*game{}, done: map[string]*game{}}
	s.origins = http.NewCrossOriginProtection()
	s.waits = newShares(s.cfg.ClientPolls)
	s.creations = limiter{per: time.Minute / time.Duration(s.cfg.CreatePerMinute), burst: s.cfg.CreateBurst}
	if c.Seed != 0 {
		s.rng = mrand.New(mrand.NewPCG(c.Seed, 0x5e47e))
	}
	s.ctx, s.cancel = context.WithCancel(context.Background())
	s.polls, s.endPoll = context.WithCancel(s.ctx)
	s.routes()
	return s
}

// Close stops the server's built-in players, wakes the requests that
// wait for a change and waits for the players to return. The server
// answers requests after Close, but its bots no longer move. Every
// change is saved when it is made (Open), so nothing is left to write.
func (s *Server) Close() {
	s.botsMu.Lock()
	s.closed = true
	s.botsMu.Unlock()
	s.cancel()
	s.wg.Wait()
}

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; style-src 'self'; script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
	if !s.guard(w, r) {
		return
	}
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
	s.mux.Handle("GET /js/", http.StripPrefix("/js/", http.FileServerFS(jsFiles(s.cfg.Wasm))))
	s.apiRoutes()
}

// newToken returns n random bytes in hex.
func newToken(n int) string {
	b := make([]byte, n)
	rand.Read(b) // never fails (crypto/rand)
	return hex.EncodeToString(b)
}

// secret is what the server keeps of a token: its SHA-256, so that the
// data directory holds nothing a request could present.
type secret [sha256.Size]byte

func hashOf(token string) secret { return sha256.Sum256([]byte(token)) }

// matches compares in constant time.
func (h secret) matches(o secret) bool { return subtle.ConstantTimeCompare(h[:], o[:]) == 1 }

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

// The refusals of the game store.
var (
	errFull       = errors.New("the server holds as many games as it may; try again later")
	errClientFull = errors.New("you have as many games in progress as one player may; finish or resign one first")
	errNoGame     = errors.New("no such game (it may have expired)")
	errToken      = errors.New("this link's token is not valid for the game")
)

// clientOf returns the key of the client of r for the limits: its
// remote address, an IPv6 address cut to its /64.
func clientOf(r *http.Request) string {
	ap, err := netip.ParseAddrPort(r.RemoteAddr)
	if err != nil {
		return r.RemoteAddr
	}
	a := ap.Addr().Unmap()
	if a.Is6() {
		p, _ := a.Prefix(64)
		return p.String()
	}
	return a.String()
}

// limiter is a token bucket per client: a client earns one creation
// every per, up to burst. Its owner's mutex guards it.
type limiter struct {
	per     time.Duration
	burst   int
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time
}

// take spends one creation of client, or reports how long to wait.
func (l *limiter) take(client string, now time.Time) (bool, time.Duration) {
	if l.buckets == nil {
		l.buckets = map[string]*bucket{}
	}
	fill := func(b *bucket) {
		b.tokens = min(float64(l.burst), b.tokens+float64(now.Sub(b.at))/float64(l.per))
		b.at = now
	}
	if len(l.buckets) >= 4096 { // forget the clients whose bucket is full again
		for k, b := range l.buckets {
			if fill(b); b.tokens >= float64(l.burst) {
				delete(l.buckets, k)
			}
		}
	}
	b, ok := l.buckets[client]
	if !ok {
		b = &bucket{tokens: float64(l.burst), at: now}
		l.buckets[client] = b
	}
	fill(b)
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) * float64(l.per))
}

// allowCreate spends one of the client's creations.
func (s *Server) allowCreate(client string) (bool, time.Duration) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.creations.take(client, s.now())
}

// add stores a new live game of client, after the sweep, unless the
// server or the client holds as many as it may.
func (s *Server) add(g *game) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sweepLocked()
	if len(s.live) >= s.cfg.MaxGames {
		return errFull
	}
	n := 0
	for _, o := range s.live {
		if o.owner == g.owner {
			n++
		}
	}
	if n >= s.cfg.ClientGames {
		return errClientFull
	}
	s.live[g.id] = g
	return nil
}

// remove drops a game that could not be saved.
func (s *Server) remove(g *game) {
	s.mu.Lock()
	delete(s.live, g.id)
	s.mu.Unlock()
}

// sweepLocked moves the finished games to the records and drops the
// live games past their age. The caller holds s.mu. It never waits for
// a game's lock: a game in use is left for the next sweep.
func (s *Server) sweepLocked() {
	now := s.now()
	for id, g := range s.live {
		if !g.mu.TryLock() {
			continue
		}
		over := g.phase == phaseOver
		expired := !over && s.expired(g, now)
		switch {
		case over:
			delete(s.live, id)
			g.bots = [3]bot.Player{} // a record needs no player
			s.keepLocked(g)
		case expired:
			delete(s.live, id)
			g.gone.Store(true)
			if s.store != nil {
				s.store.remove(id)
			}
		}
		g.mu.Unlock()
	}
}

// expired reports whether the live game g is past its age or idle
// time. The caller holds g.mu.
func (s *Server) expired(g *game, now time.Time) bool {
	return now.Sub(g.created) > s.cfg.MaxAge || now.Sub(g.touched) > s.cfg.IdleAge
}

// keepLocked adds a finished game to the records kept in memory,
// dropping the oldest beyond Config.MaxRecords. The caller holds s.mu.
func (s *Server) keepLocked(g *game) {
	if _, ok := s.done[g.id]; ok {
		return
	}
	s.done[g.id] = g
	s.doneOrder = append(s.doneOrder, g.id)
	for len(s.doneOrder) > s.cfg.MaxRecords {
		delete(s.done, s.doneOrder[0])
		s.doneOrder = s.doneOrder[1:]
	}
}

// Games returns the number of live games the server holds: those neither
// over nor expired, and, for the moment a bot or a request still holds
// it, a game that has just ended or expired (the sweep that moves such a
// game out never waits for a game in use; a call after it is let go
// counts it no more).
func (s *Server) Games() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.sweepLocked()
	return len(s.live)
}

// find returns the game of id: a live one, a finished one in memory, or
// one read back from the data directory.
func (s *Server) find(id string) (*game, error) {
	s.mu.Lock()
	g, live := s.live[id]
	if !live {
		g = s.done[id]
	}
	s.mu.Unlock()
	if live {
		g.mu.Lock()
		expired := g.phase != phaseOver && s.expired(g, s.now())
		g.mu.Unlock()
		if !expired {
			return g, nil
		}
		s.mu.Lock()
		s.sweepLocked()
		s.mu.Unlock()
		return nil, errNoGame
	}
	if g != nil {
		return g, nil
	}
	if s.store == nil || !validID(id) {
		return nil, errNoGame
	}
	g, err := s.store.load(s, id)
	if err != nil || g.phase != phaseOver { // live games are all read at Open
		return nil, errNoGame
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if o, ok := s.done[id]; ok {
		return o, nil
	}
	s.keepLocked(g)
	return g, nil
}

// lookup finds the game of id and the role of token in it. The token's
// hash is compared with every seat's in constant time, all three
// always, so the time taken does not tell which matched.
func (s *Server) lookup(id, token string) (*game, role, error) {
	g, err := s.find(id)
	if err != nil {
		return nil, roleNone, err
	}
	if token == "" {
		return nil, roleNone, errToken
	}
	h := hashOf(token)
	found := roleNone
	g.mu.Lock()
	for i, st := range g.seats {
		if h.matches(st.secret) && st.hasSecret {
			found = [3]role{roleSpectator, roleRed, roleBlue}[i]
		}
	}
	g.mu.Unlock()
	if found == roleNone {
		return nil, roleNone, errToken
	}
	return g, found, nil
}

// startBots runs the built-in players of g in the background until a
// person is to move.
func (s *Server) startBots(g *game) {
	s.botsMu.Lock()
	defer s.botsMu.Unlock()
	if s.closed {
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
