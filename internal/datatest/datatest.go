// Package datatest gives tests the large real data sets that live next to
// the module, in ../shared/data (Gravon setups and starting fields; see
// its README.md). They are not part of the module, so a test that reads
// them skips when they are absent and says so, naming the file and
// [Env]; with Env set to "1" (as .ci/run sets it) a missing file fails
// the test instead.
package datatest

import (
	"os"
	"testing"
)

// Env is the environment variable that, set to "1", makes the real data
// sets required: a test that cannot read one fails instead of skipping.
const Env = "STRATEGO_REQUIRE_DATA"

// Required reports whether the real data sets are required (see [Env]).
func Required() bool { return os.Getenv(Env) == "1" }

// ReadFile returns the contents of the data file at path (relative to
// the test's package directory). When the file cannot be read it skips
// tb, or fails it when the data sets are required.
func ReadFile(tb testing.TB, path string) []byte {
	tb.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		missing(tb, err)
	}
	return b
}

// Open opens the data file at path for reading and closes it when tb
// ends; a missing file is handled as by [ReadFile].
func Open(tb testing.TB, path string) *os.File {
	tb.Helper()
	f, err := os.Open(path)
	if err != nil {
		missing(tb, err)
	}
	tb.Cleanup(func() { f.Close() })
	return f
}

func missing(tb testing.TB, err error) {
	tb.Helper()
	if Required() {
		tb.Fatalf("real data required (%s=1) but not readable: %v", Env, err)
	}
	tb.Skipf("SKIP: real data not present (%v): the test needs ../shared/data next to the module; set %s=1 to make this a failure", err, Env)
}
