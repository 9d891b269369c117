// Package web is the web application of "stratego serve": a server that
// holds games of Stratego and the pages that play them in a browser,
// built on the stratego library's exported API only.
//
// A person plays against a built-in player of package bot (any preset or
// rules text, any information rule), or against another person who opens
// an invitation link; a third link lets spectators watch. Each page's
// link carries a secret token that says whose page it is.
//
// Seats belong to whoever sits in them. The creator of a game receives
// its own token and the spectators' link, never a token of another
// seat. A person's seat is given by an invitation that is claimed once:
// the claimant receives a fresh token that nobody else sees, and a
// second claim is refused. A bot's seat has no token at all. The server
// keeps only the SHA-256 of each token (so a data directory opens no
// game), compares in constant time and logs no secret. The server holds the states:
// a player's page receives only that player's stratego.View (its JSON
// form) and what follows from it (the moves as the player saw them, the
// ranks each hidden piece may have), and a spectator's page only what
// both players were shown (stratego.State.SpectatorView). The full board and the record are sent once
// the game is over.
//
// The pages are plain HTML, CSS and JavaScript modules embedded in the
// binary, with the board drawn as SVG: the setup phase (place pieces by
// click or drag, draw a random setup, paste one in the library's text
// form, take the last one again), the game (legal targets of the selected
// piece, the last move, combat reveals, captured pieces, the move list in
// record notation, refusals explained in words), and a replay of any
// record or Gravon game file with step controls.
//
// With an engine (Config.Wasm: the library compiled to WebAssembly, the
// JavaScript package of module folder js, served under /js/) the start
// page also offers a game against a built-in player that runs in the
// page: the engine in the page, the bot in a Web Worker, with no request
// to the server once the page has loaded (web/static/offline.js).
// WriteSite writes that page as a static site, which plays only such
// games ("stratego static").
//
// The HTTP API v1, under /api/v1, declared in the OpenAPI 3.1 document
// openapi.json and served at /api/v1/openapi.json (the same paths under
// /api, without the version, are aliases kept until the next major
// version; a game's requests carry the token as "Authorization: Bearer
// TOKEN"):
//
//	GET  /api/v1/options              presets, information rules, bots
//	POST /api/v1/rules                {"rules"} → the board, army and settings
//	POST /api/v1/setup/random         {"rules","draw"} → a random setup: "typical" (the default, as people set up) or "uniform"
//	POST /api/v1/setup/parse          {"rules","setup"} → the setup checked
//	POST /api/v1/games                {"rules","opponent","bot","thinkMillis","color"} → id, color, token, links (player, invite, spectator)
//	POST /api/v1/games/{id}/claim     {"invite"} → the invited seat's color and a fresh token (once)
//	GET  /api/v1/games/{id}[?after=N] the state for the token (waits for a version past N)
//	GET  /api/v1/games/{id}/events    the states for the token as Server-Sent Events, one after every change
//	POST /api/v1/games/{id}/setup     {"setup"}
//	POST /api/v1/games/{id}/move      {"move"} → the state, or a refusal that says why
//	POST /api/v1/games/{id}/resign    {}
//	GET  /api/v1/games/{id}/record    the game record, once the game is over
//	POST /api/v1/replay               {"text"} → the positions of a record or Gravon file
//	GET  /api/v1/openapi.json         the OpenAPI document
//
// A refusal is a JSON object {"error": "..."} that says what is wrong in
// words, naming the JSON field; 429 and 503 come with Retry-After. The
// scheme "Bearer" is read in any case. A request that changes something
// (every POST) must send its body as "Content-Type: application/json"
// (else 415) and, from a browser, come from the server's own origin: a
// request marked cross-site by Sec-Fetch-Site, or whose Origin names
// another host, is refused with 403, so that a page of another site
// cannot act in a visitor's name. A program that is no browser sends
// neither header and is served.
//
// A player may resign in the setup phase too: the game is over, the
// opponent wins, and nothing was played.
//
// # Limits
//
// Config bounds everything one client may ask: the games it makes a
// minute and how many of them are live at once (by remote address),
// the live games of the server, their age and idle time, the plies of
// a game, a bot's think time, the size of every request and, in Serve,
// the time a request may take to arrive, the time an answer may take
// and the connections open at once. One client has a share of those
// connections (Config.ClientConns) and of the requests that wait for a
// change (Config.ClientPolls), so that one address cannot hold them
// all. A game leaves the live games the
// moment it is over; it stays readable (its final state, its record)
// among the records kept in memory, and with a data directory on disk.
//
// # Persistence
//
// Open keeps every game in a directory, one file a game rewritten
// atomically (temporary file, fsync, rename, fsync of the directory)
// before each change is answered, so that an acknowledged move survives
// a crash or kill -9; Open on the same directory resumes every live
// game with the same seats and tokens, and serves the finished ones.
// New keeps them in memory only.
//
// # Load
//
// The load tests (load_test.go) run the server in a child process on
// loopback with clients of their own source addresses; in the ordinary
// run they are small and bounded by counts. At full size:
//
//	go test ./web -run TestLoad -load -v -timeout 30m
//
// What they measured, and how to read it, is in docs/serving.md
// ("Load").
package web

import "embed"

// static holds the pages.
//
//go:embed static
var static embed.FS
