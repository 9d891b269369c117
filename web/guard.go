package web

import (
	"fmt"
	"mime"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"
)

// The defaults of the per-client shares of Config.
const (
	defaultClientConns = 100
	defaultClientPolls = 20
)

// guard refuses a request that changes something unless it comes with a
// JSON body and from the server's own origin: a page of another origin
// can make a visitor's browser send a text/plain, form or bodiless POST
// without asking (no CORS preflight), and such a request would spend the
// visitor's quota. A request the browser marks as cross-site
// (Sec-Fetch-Site) or whose Origin names another host is refused with
// 403; one without a JSON Content-Type with 415. A program that is no
// browser sends neither header and is served. It reports whether the
// request may go on.
func (s *Server) guard(w http.ResponseWriter, r *http.Request) bool {
	switch r.Method {
	case http.MethodGet, http.MethodHead, http.MethodOptions:
		return true
	}
	if err := s.origins.Check(r); err != nil {
		fail(w, http.StatusForbidden, "This request comes from a page of another site; only the server's own pages may change games.")
		return false
	}
	mt, _, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || mt != "application/json" {
		fail(w, http.StatusUnsupportedMediaType, `Send the request's body as JSON, with the header "Content-Type: application/json".`)
		return false
	}
	return true
}

// bearer returns the token of the Authorization header "Bearer TOKEN",
// the scheme in any case (RFC 9110, 11.1), or "" without one.
func bearer(r *http.Request) string {
	scheme, token, ok := strings.Cut(strings.TrimSpace(r.Header.Get("Authorization")), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return ""
	}
	return strings.TrimSpace(token)
}

// shares counts what each client holds at once (connections, waiting
// requests), refusing a client more than max.
type shares struct {
	mu  sync.Mutex
	max int
	n   map[string]int
}

func newShares(max int) *shares { return &shares{max: max, n: map[string]int{}} }

// take counts one more for client, unless it holds max already.
func (sh *shares) take(client string) bool {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.n[client] >= sh.max {
		return false
	}
	sh.n[client]++
	return true
}

// give counts one less for client.
func (sh *shares) give(client string) {
	sh.mu.Lock()
	defer sh.mu.Unlock()
	if sh.n[client]--; sh.n[client] <= 0 {
		delete(sh.n, client)
	}
}

// takeWait counts a request of r's client that waits for a change (a
// long poll, an event stream), or answers 429 when the client has its
// share of them already and reports false. The caller gives the share
// back with the returned function.
func (s *Server) takeWait(w http.ResponseWriter, r *http.Request) (func(), bool) {
	client := clientOf(r)
	if !s.waits.take(client) {
		tooMany(w, http.StatusTooManyRequests, 5*time.Second,
			fmt.Sprintf("you have %d requests waiting for a change already, as many as one client may", s.cfg.ClientPolls))
		return nil, false
	}
	return func() { s.waits.give(client) }, true
}

// clientOfAddr is clientOf for a connection's remote address.
func clientOfAddr(a net.Addr) string {
	if a == nil {
		return ""
	}
	return clientOf(&http.Request{RemoteAddr: a.String()})
}

// refuseConn answers a connection beyond its client's share with 503
// and closes it, without reading a request beyond what arrives at
// once (so that the close does not reset the answer away).
func refuseConn(c net.Conn) {
	defer c.Close()
	body := `{"error":"your address has as many connections open as one client may; close one and try again"}` + "\n"
	c.SetDeadline(time.Now().Add(2 * time.Second))
	fmt.Fprintf(c, "HTTP/1.1 503 Service Unavailable\r\nContent-Type: application/json; charset=utf-8\r\nRetry-After: 5\r\nConnection: close\r\nContent-Length: %d\r\n\r\n%s", len(body), body)
	if tc, ok := c.(interface{ CloseWrite() error }); ok {
		tc.CloseWrite()
	}
	var buf [4096]byte
	for {
		if _, err := c.Read(buf[:]); err != nil {
			return
		}
	}
}
