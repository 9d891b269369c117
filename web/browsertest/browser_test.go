package browsertest

import (
	"context"
	"flag"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// The browser tests drive a headless Chromium (Debian's chromium) with
// chromedp against an httptest server. Without a browser they skip,
// unless STRATEGO_BROWSER_TESTS is set (CI sets it), when a missing
// browser is a failure. STRATEGO_CHROMIUM names the browser's binary;
// otherwise the first of chromium, chromium-browser, google-chrome on
// PATH is used.
//
// The screenshots of the key screens are written to testdata/screens
// with -screens (go test ./web -run Browser -screens) and are checked
// structurally on every run: decoded, sized, and the colors of the
// squares named by the DOM sampled at their centers.
var updateScreens = flag.Bool("screens", false, "write the browser tests' screenshots to testdata/screens")

// findBrowser returns the path of the browser, or skips (or fails) the
// test when there is none.
func findBrowser(t *testing.T) string {
	t.Helper()
	required := os.Getenv("STRATEGO_BROWSER_TESTS") != ""
	if p := os.Getenv("STRATEGO_CHROMIUM"); p != "" {
		return p
	}
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome", "google-chrome-stable"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "no Chromium found (install Debian's chromium, or set STRATEGO_CHROMIUM); the browser tests are skipped"
	if required {
		t.Fatal("STRATEGO_BROWSER_TESTS is set but " + msg)
	}
	t.Skip(msg)
	return ""
}

// browser is one headless Chromium for a test; each tab is a chromedp
// context of it.
type browser struct {
	t     *testing.T
	alloc context.Context
	first context.Context // the first tab, which owns the browser process
}

// startBrowser starts a browser that ends with the test.
func startBrowser(t *testing.T) *browser {
	t.Helper()
	path := findBrowser(t)
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(path),
		chromedp.NoSandbox,
		chromedp.DisableGPU,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-sync", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1200, 860),
	)
	// A whole game by clicks on two busy shared cores has taken minutes:
	// the browser's deadline is far above any run seen (each wait has its own).
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Minute)
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	t.Cleanup(func() {
		cancelAlloc()
		cancel()
	})
	return &browser{t: t, alloc: alloc}
}

// tab is one page of the browser, watched for script errors.
type tab struct {
	t    *testing.T
	ctx  context.Context
	mu   sync.Mutex
	errs []string
}

// newTab opens a page; its script errors fail the test.
func (b *browser) newTab(t *testing.T) *tab {
	t.Helper()
	return b.open(t)
}

// newPerson opens a page in a browser context of its own (as another
// person's browser: no cookies, storage or cache shared with the other
// tabs).
func (b *browser) newPerson(t *testing.T) *tab {
	t.Helper()
	if b.first == nil {
		b.open(t) // the first tab owns the browser process
	}
	return b.open(t, chromedp.WithNewBrowserContext())
}

func (b *browser) open(t *testing.T, opts ...chromedp.ContextOption) *tab {
	t.Helper()
	parent := b.alloc
	if b.first != nil {
		parent = b.first // a new tab of the same browser
	}
	ctx, cancel := chromedp.NewContext(parent, opts...)
	if b.first == nil {
		b.first = ctx
	}
	tb := &tab{t: t, ctx: ctx}
	if err := chromedp.Do(ctx); err != nil { // starts the browser and the tab
		cancel()
		t.Fatalf("starting the browser: %v", err)
	}
	msgs := chromedp.Console(ctx)
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for m, err := range msgs {
			if err != nil {
				return
			}
			if m.IsException() || m.Type == "error" && m.Source != "network" {
				tb.mu.Lock()
				tb.errs = append(tb.errs, m.String())
				tb.mu.Unlock()
			}
		}
	}()
	t.Cleanup(func() {
		cancel()
		wg.Wait()
		tb.mu.Lock()
		defer tb.mu.Unlock()
		for _, e := range tb.errs {
			t.Errorf("page script error: %s", e)
		}
	})
	return tb
}

// do runs actions, failing the test with what it was doing.
func (tb *tab) do(what string, actions ...chromedp.Action[chromedp.Void]) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	if err := chromedp.Do(ctx, actions...); err != nil {
		tb.t.Fatalf("%s: %v", what, err)
	}
}

// click clicks the element of a CSS selector.
func (tb *tab) click(sel string) {
	tb.t.Helper()
	tb.do("click "+sel, chromedp.Click(chromedp.CSS(sel)))
}

// clickSquare clicks a square of a board.
func (tb *tab) clickSquare(board, sq string) {
	tb.t.Helper()
	tb.click(board + ` [data-square="` + sq + `"] rect.hit`)
}

// waitFor waits until a JavaScript expression is truthy, a minute at
// most (the poll's own limit of 30 s is off: a busy machine is slow).
func (tb *tab) waitFor(expr string) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(0))); err != nil {
		tb.t.Fatalf("waiting for %s: %v", expr, err)
	}
}

// text returns the text of an element.
func (tb *tab) text(sel string) string {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	s, err := chromedp.Run(ctx, chromedp.TextContent(chromedp.CSS(sel)))
	if err != nil {
		tb.t.Fatalf("text of %s: %v", sel, err)
	}
	return strings.TrimSpace(s)
}

// eval evaluates a JavaScript expression.
func eval[T any](tb *tab, expr string) T {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr))
	if err != nil {
		tb.t.Fatalf("evaluating %s: %v", expr, err)
	}
	return v
}

// screenshot takes a screenshot of the page, checks it with check and
// writes it to testdata/screens/name.png when -screens is given.
func (tb *tab) screenshot(name string, check func(*shot)) {
	tb.t.Helper()
	ctx, cancel := context.WithTimeout(tb.ctx, 60*time.Second)
	defer cancel()
	png, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
	if err != nil {
		tb.t.Fatalf("screenshot %s: %v", name, err)
	}
	if *updateScreens {
		dir := filepath.Join("testdata", "screens")
		if err := os.MkdirAll(dir, 0o755); err != nil {
			tb.t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(dir, name+".png"), png, 0o644); err != nil {
			tb.t.Fatal(err)
		}
	}
	s := decodeShot(tb, name, png)
	if check != nil {
		check(s)
	}
}
