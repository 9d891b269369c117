package web

import (
	"errors"
	"net/http"
	"strings"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/gravon"
)

// maxReplayPlies bounds the frames of one replay.
const maxReplayPlies = 20000

// replayRequest is a game to replay: a record in the library's text
// form, or a Gravon XML or GSN file.
type replayRequest struct {
	Text string `json:"text"`
}

// replayPayload is a game to step through: one board per position (the
// 100-letter Gravon field of gravon.Field, every rank shown),
// the moves in record notation, and the outcome. When the record stops
// at an illegal move, Error says why and the frames end there.
type replayPayload struct {
	Format  string      `json:"format"` // "record", "gravon-xml" or "gravon-gsn"
	Rules   rulesInfo   `json:"rules"`
	Tags    [][2]string `json:"tags"`
	Frames  []string    `json:"frames"`
	Moves   []string    `json:"moves"`
	Outcome string      `json:"outcome"`
	Error   string      `json:"error,omitempty"`
}

// readGame reads a record or a Gravon game file; it says which it was.
// gravon.Read checks a Gravon file (its layout, a byte order mark);
// the first character past white space and a byte order mark only
// chooses between the two readers and names the format for the page.
func readGame(text string) (stratego.Record, string, error) {
	head := strings.TrimLeft(text, " \t\r\n"+byteOrderMark)
	if !strings.HasPrefix(head, "<") && !strings.HasPrefix(head, "#") {
		rec, err := stratego.ParseRecord(text)
		return rec, "record", err
	}
	format := "gravon-xml"
	if head[0] == '#' {
		format = "gravon-gsn"
	}
	g, err := gravon.Read(strings.NewReader(text))
	if err != nil {
		return stratego.Record{}, format, err
	}
	rec, err := g.Record()
	return rec, format, err
}

// byteOrderMark is the UTF-8 byte order mark some editors write at the
// start of a file.
const byteOrderMark = "\ufeff"

// handleReplay turns a game file into frames to step through. The
// server keeps nothing of it.
func (s *Server) handleReplay(w http.ResponseWriter, r *http.Request) {
	var req replayRequest
	if !decode(w, r, maxReplayBody, &req) {
		return
	}
	rec, format, err := readGame(req.Text)
	if err != nil {
		fail(w, http.StatusBadRequest, "The game could not be read ("+formatNames[format]+"): "+words(err, stratego.Rules{}))
		return
	}
	if len(rec.Moves) > maxReplayPlies {
		fail(w, http.StatusBadRequest, "The game is too long to replay here.")
		return
	}
	out, err := replayOf(rec)
	if err != nil {
		fail(w, http.StatusBadRequest, "The game could not be replayed: "+words(err, stratego.Rules{}))
		return
	}
	out.Format = format
	writeJSON(w, http.StatusOK, out)
}

// replayOf plays rec and describes every position.
func replayOf(rec stratego.Record) (replayPayload, error) {
	states, err := rec.Replay()
	if len(states) == 0 {
		if err == nil {
			err = errors.New("no start position")
		}
		return replayPayload{}, err
	}
	r := states[0].Rules()
	out := replayPayload{Rules: infoOf(r), Frames: []string{}, Moves: []string{}, Tags: [][2]string{}}
	for _, t := range rec.Tags {
		out.Tags = append(out.Tags, [2]string{t.Name, t.Value})
	}
	for i, st := range states {
		out.Frames = append(out.Frames, gravon.Field(r, st.Board()))
		if i > 0 {
			a := stratego.Annotate(st.LastEvent())
			b, e := a.AppendNotation(nil, r.Numbering)
			if e != nil {
				b = []byte(a.Move.String())
			}
			out.Moves = append(out.Moves, string(b))
		}
	}
	out.Outcome = states[len(states)-1].Outcome().String()
	if err != nil {
		out.Error = words(err, r)
	}
	return out, nil
}
