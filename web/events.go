package web

import (
	"bytes"
	"encoding/json"
	"net/http"
	"strconv"
	"time"
)

// maxStream is the longest an event stream stays open; the client then
// opens another from the version it has (Last-Event-ID or ?after).
const maxStream = time.Hour

// handleEvents streams the changes of a game for the token's party as
// Server-Sent Events: one event "state" with the party's state (the
// answer of GET /api/v1/games/{id}, nothing more) at once, and one
// after every change, its id the state's version. With ?after=N, or
// the header Last-Event-ID of a reconnecting EventSource, the first
// event is the first state past version N. A comment line keeps the
// connection alive every Config.PollWait. The stream ends after the
// state of a finished game, when the server shuts down, and after an
// hour. It counts among the client's waiting requests
// (Config.ClientPolls).
func (s *Server) handleEvents(w http.ResponseWriter, r *http.Request) {
	g, ro, ok := s.game(w, r)
	if !ok {
		return
	}
	after := -1
	a := r.URL.Query().Get("after")
	if a == "" {
		a = r.Header.Get("Last-Event-ID")
	}
	if a != "" {
		n, err := strconv.Atoi(a)
		if err != nil || n < 0 {
			fail(w, http.StatusBadRequest, "after: want a version number")
			return
		}
		after = n
	}
	give, ok := s.takeWait(w, r)
	if !ok {
		return
	}
	defer give()

	rc := http.NewResponseController(w)
	h := w.Header()
	h.Set("Content-Type", "text/event-stream; charset=utf-8")
	h.Set("Cache-Control", "no-store")
	h.Set("X-Accel-Buffering", "no") // a proxy passes each event on at once
	w.WriteHeader(http.StatusOK)
	// send writes one block and flushes it; it reports false when the
	// client is gone.
	send := func(b []byte) bool {
		rc.SetWriteDeadline(time.Now().Add(s.cfg.WriteTimeout)) // not supported by every ResponseWriter: then the server's own limit holds
		if _, err := w.Write(b); err != nil {
			return false
		}
		return rc.Flush() == nil
	}
	if !send([]byte("retry: 2000\n\n")) {
		return
	}
	beat := time.NewTicker(s.cfg.PollWait)
	defer beat.Stop()
	end := time.NewTimer(maxStream)
	defer end.Stop()
	for {
		g.mu.Lock()
		var ev []byte
		var err error
		over := false
		if g.version > after {
			var p statePayload
			if p, err = g.payload(ro); err == nil {
				ev, err = sseEvent("state", g.version, p)
			}
			after, over = g.version, g.phase == phaseOver
		}
		ch := g.changed
		g.mu.Unlock()
		if err != nil {
			send([]byte("event: error\ndata: {\"error\":\"internal error\"}\n\n"))
			return
		}
		if ev != nil && !send(ev) {
			return
		}
		if over {
			return
		}
		select {
		case <-ch:
		case <-beat.C:
			if !send([]byte(": still here\n\n")) {
				return
			}
		case <-end.C:
			return
		case <-r.Context().Done():
			return
		case <-s.polls.Done():
			return
		}
	}
}

// sseEvent writes an event of the stream: its name, its id and v as
// JSON on one data line.
func sseEvent(name string, id int, v any) ([]byte, error) {
	data, err := json.Marshal(v)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("event: ")
	b.WriteString(name)
	b.WriteString("\nid: ")
	b.WriteString(strconv.Itoa(id))
	b.WriteString("\ndata: ")
	b.Write(data) // JSON has no raw newline
	b.WriteString("\n\n")
	return b.Bytes(), nil
}
