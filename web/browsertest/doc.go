// Package browsertest holds the browser tests of package web: they drive
// a headless Chromium (Debian's chromium) with chromedp against the web
// application and check the pages by their DOM and by screenshots.
//
// It is a module of its own (with a replace directive to the library in
// the folder above) so that the library's go.mod does not require
// chromedp. Run it from the repository's root with
//
//	go test ./... && (cd web/browsertest && go test ./...)
//
// Without a browser the tests skip, unless STRATEGO_BROWSER_TESTS is
// set (CI sets it), when a missing browser is a failure.
package browsertest
