package web

import (
	_ "embed"
	"net/http"
)

// openAPI is the OpenAPI 3.1 document of the HTTP API v1, served at
// /api/v1/openapi.json.
//
//go:embed openapi.json
var openAPI []byte

// route is one operation of the HTTP API: its method, its path below
// /api/v1 and its handler.
type route struct {
	method, path string
	handler      func(*Server, http.ResponseWriter, *http.Request)
	v1Only       bool // no alias under /api
}

// apiRoutes are the operations of the HTTP API v1, each also under its
// old path without the version (/api/...), an alias kept until the
// next major version. openapi.json declares each of them.
var apiRoutes = []route{
	{"GET", "/options", (*Server).handleOptions, false},
	{"POST", "/rules", (*Server).handleRules, false},
	{"POST", "/setup/random", (*Server).handleRandomSetup, false},
	{"POST", "/setup/parse", (*Server).handleParseSetup, false},
	{"POST", "/games", (*Server).handleCreate, false},
	{"POST", "/games/{id}/claim", (*Server).handleClaim, false},
	{"GET", "/games/{id}", (*Server).handleState, false},
	{"GET", "/games/{id}/events", (*Server).handleEvents, true},
	{"POST", "/games/{id}/setup", (*Server).handleSetup, false},
	{"POST", "/games/{id}/move", (*Server).handleMove, false},
	{"POST", "/games/{id}/resign", (*Server).handleResign, false},
	{"GET", "/games/{id}/record", (*Server).handleRecord, false},
	{"POST", "/replay", (*Server).handleReplay, false},
	{"GET", "/openapi.json", (*Server).handleOpenAPI, true},
}

// apiRoutes registers the operations of the HTTP API.
func (s *Server) apiRoutes() {
	for _, rt := range apiRoutes {
		h := func(w http.ResponseWriter, r *http.Request) { rt.handler(s, w, r) }
		s.mux.HandleFunc(rt.method+" /api/v1"+rt.path, h)
		if !rt.v1Only {
			s.mux.HandleFunc(rt.method+" /api"+rt.path, h)
		}
	}
}

// handleOpenAPI serves the OpenAPI document.
func (s *Server) handleOpenAPI(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Header().Set("Access-Control-Allow-Origin", "*") // a public description: any page may read it
	w.Write(openAPI)
}
