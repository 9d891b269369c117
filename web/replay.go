package web

import (
	"net/http"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/internal/pageinfo"
)

// replayRequest is a game to replay: a record in the library's text
// form, or a Gravon XML or GSN file.
type replayRequest struct {
	Text string `json:"text"`
}

// handleReplay turns a game file into frames to step through. The
// server keeps nothing of it.
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	var req replayRequest
	if !decode(w, r, maxReplayBody, &req) {
		return
	}
	rec, format, err := pageinfo.ReadGame(req.Text)
	if err != nil {
		fail(w, http.StatusBadRequest, "The game could not be read ("+formatNames[format]+"): "+words(err, stratego.Rules{}))
		return
	}
	if len(rec.Moves) > pageinfo.MaxReplayPlies {
		fail(w, http.StatusBadRequest, "The game is too long to replay here.")
		return
	}
	out, err := pageinfo.ReplayOf(rec, words)
	if err != nil {
		fail(w, http.StatusBadRequest, "The game could not be replayed: "+words(err, stratego.Rules{}))
		return
	}
	out.Format = format
	writeJSON(w, http.StatusOK, out)
}
