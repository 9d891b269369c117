// Package web is the web application of "stratego serve": a server that
// holds games of Stratego and the pages that play them in a browser,
// built on the stratego library's exported API only.
//
// A person plays against a built-in player of package bot (any preset or
// rules text, any information rule), or against another person who opens
// a second link; a third link lets spectators watch. Each link carries a
// secret token that says whose page it is. The server holds the states:
// a player's page receives only that player's stratego.View (its JSON
// form) and what follows from it (the moves as the player saw them, the
// ranks each hidden piece may have), and a spectator's page only what
// both players were shown. The full board and the record are sent once
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
// The JSON API, under /api (a game's requests carry the token as
// "Authorization: Bearer TOKEN"):
//
//	GET  /api/options              presets, information rules, bots
//	POST /api/rules                {"rules"} → the board, army and settings
//	POST /api/setup/random         {"rules"} → a random setup
//	POST /api/setup/parse          {"rules","setup"} → the setup checked
//	POST /api/games                {"rules","opponent","bot","thinkMillis","color"} → id, token, links
//	GET  /api/games/{id}[?after=N] the state for the token (waits for a version past N)
//	POST /api/games/{id}/setup     {"setup"}
//	POST /api/games/{id}/move      {"move"} → the state, or a refusal that says why
//	POST /api/games/{id}/resign
//	GET  /api/games/{id}/record    the game record, once the game is over
//	POST /api/replay               {"text"} → the positions of a record or Gravon file
//
// Memory is bounded: Config limits the number of games, their age and
// idle time, and the plies of a game; requests have size limits; tokens
// are compared in constant time.
package web

import "embed"

// static holds the pages.
//
//go:embed static
var static embed.FS
