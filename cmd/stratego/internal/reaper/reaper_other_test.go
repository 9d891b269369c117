//go:build !linux

package reaper

import (
	"errors"
	"testing"
)

// TestSubreaper checks that Subreaper says it is Linux only.
func TestSubreaper(t *testing.T) {
	if err := Subreaper(); !errors.Is(err, errors.ErrUnsupported) {
		t.Errorf("Subreaper: %v, want ErrUnsupported", err)
	}
	if n := Reap(); n != 0 {
		t.Errorf("Reap found %d processes", n)
	}
}
