package web

import (
	"context"
	"errors"
	"net"
	"net/http"
	"sync"
)

// Serve answers the connections of ln with the server until ctx ends,
// then shuts down gracefully: it stops accepting, answers the requests
// that wait for a change at once, lets the requests in flight finish
// (for at most Config.WriteTimeout), and stops the bots (Close). Every
// change is on disk when it is answered (Open), so nothing is left to
// flush.
//
// The http.Server it runs has the timeouts and the header limit of
// Config, and at most Config.MaxConns connections are open at once; a
// further one waits in the listener's queue until one closes. One
// client holds at most Config.ClientConns of them: a further connection
// of its address is answered 503 and closed at once.
func (s *Server) Serve(ctx context.Context, ln net.Listener) error {
	c := s.cfg
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: c.ReadHeaderTimeout,
		ReadTimeout:       c.ReadTimeout,
		WriteTimeout:      c.WriteTimeout,
		IdleTimeout:       c.IdleTimeout,
		MaxHeaderBytes:    c.MaxHeaderBytes,
		ErrorLog:          c.Log,
	}
	done := make(chan error, 1)
	go func() { done <- hs.Serve(limitListener(ln, c.MaxConns, c.ClientConns)) }()
	select {
	case err := <-done:
		s.Close()
		return err
	case <-ctx.Done():
	}
	s.endPoll()
	sctx, cancel := context.WithTimeout(context.Background(), c.WriteTimeout)
	defer cancel()
	err := hs.Shutdown(sctx)
	s.Close()
	if e := <-done; err == nil && !errors.Is(e, http.ErrServerClosed) {
		err = e
	}
	return err
}

// limitListener accepts at most n connections open at once, and at
// most perClient of one client (clientOf): a further connection of a
// client that holds its share is refused (refuseConn).
func limitListener(ln net.Listener, n, perClient int) net.Listener {
	return &limited{Listener: ln, sem: make(chan struct{}, n), closed: make(chan struct{}), clients: newShares(perClient)}
}

type limited struct {
	net.Listener
	sem       chan struct{}
	closed    chan struct{}
	closeOnce sync.Once
	clients   *shares
}

func (l *limited) Accept() (net.Conn, error) {
	for {
		select {
		case l.sem <- struct{}{}:
		case <-l.closed:
			return nil, net.ErrClosed
		}
		c, err := l.Listener.Accept()
		if err != nil {
			<-l.sem
			return nil, err
		}
		client := clientOfAddr(c.RemoteAddr())
		if !l.clients.take(client) {
			<-l.sem
			go refuseConn(c)
			continue
		}
		// The client's share goes back before the slot: an Accept
		// waiting for the slot then finds the share free too (the
		// other order refused a client's connection at its share).
		return &limitedConn{Conn: c, release: func() { l.clients.give(client); <-l.sem }}, nil
	}
}

func (l *limited) Close() error {
	l.closeOnce.Do(func() { close(l.closed) })
	return l.Listener.Close()
}

type limitedConn struct {
	net.Conn
	once    sync.Once
	release func()
}

func (c *limitedConn) Close() error {
	err := c.Conn.Close()
	c.once.Do(c.release)
	return err
}
