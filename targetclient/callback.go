package targetclient

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"sync"
	"time"
)

// Callback is one redirect callback the suite received.
type Callback struct {
	Method string
	Query  url.Values
}

// CallbackListener receives redirect callbacks on a loopback URL.
// Each scenario expects its callback on a path of its own. It is safe for
// concurrent use.
type CallbackListener struct {
	srv  *http.Server
	base string

	mu      sync.Mutex               // guards waiting
	waiting map[string]chan Callback // by path
}

// NewCallbackListener listens on 127.0.0.1 on a free port.
func NewCallbackListener() (*CallbackListener, error) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return nil, err
	}
	l := &CallbackListener{base: "http://" + ln.Addr().String(), waiting: map[string]chan Callback{}}
	l.srv = &http.Server{Handler: http.HandlerFunc(l.serve), ReadHeaderTimeout: 10 * time.Second}
	go func() { _ = l.srv.Serve(ln) }()
	return l, nil
}

// Close stops the listener at once: it is closed when the run is over, when
// a callback still on its way has no scenario left to wait for it. (A
// graceful Shutdown would wait for a connection the target dialled but never
// used, which net/http counts as idle only after 5 s.)
func (l *CallbackListener) Close() {
	_ = l.srv.Close()
}

// Expect registers a callback path for id and returns the callBackUrl to
// hand to the target.
func (l *CallbackListener) Expect(id string) string {
	path := "/callback/" + url.PathEscape(id)
	l.mu.Lock()
	defer l.mu.Unlock()
	l.waiting[path] = make(chan Callback, 1)
	return l.base + path
}

// Wait returns the callback received for id, or an error when none came
// before ctx ended.
func (l *CallbackListener) Wait(ctx context.Context, id string) (Callback, error) {
	path := "/callback/" + url.PathEscape(id)
	l.mu.Lock()
	ch, ok := l.waiting[path]
	l.mu.Unlock()
	if !ok {
		return Callback{}, fmt.Errorf("no callback expected for %s", id)
	}
	select {
	case cb := <-ch:
		return cb, nil
	case <-ctx.Done():
		return Callback{}, errors.New("no redirect callback arrived within the call allowance")
	}
}

func (l *CallbackListener) serve(w http.ResponseWriter, r *http.Request) {
	l.mu.Lock()
	ch, ok := l.waiting[r.URL.Path]
	l.mu.Unlock()
	if !ok {
		http.NotFound(w, r)
		return
	}
	select {
	case ch <- Callback{Method: r.Method, Query: r.URL.Query()}:
	default: // a second callback for the same payment is ignored
	}
	w.WriteHeader(http.StatusOK)
}
