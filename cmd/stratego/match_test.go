package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

// TestMatchCommand builds the command once and plays the built-in
// random player against "stratego engine" over the UCC and the SBP wire,
// under Classic and Barrage, with the engines found on PATH as a user
// would type them.
func TestMatchCommand(t *testing.T) {
	if testing.Short() {
		t.Skip("builds the command")
	}
	dir := t.TempDir()
	bin := filepath.Join(dir, "stratego")
	if out, err := exec.Command("go", "build", "-o", bin, ".").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	path := dir + string(os.PathListSeparator) + os.Getenv("PATH")
	for _, rules := range []string{"classic", "barrage"} {
		for _, proto := range []string{"ucc", "sbp"} {
			cmd := exec.Command(bin, "match", "-games", "2", "-rules", rules, "builtin:random", proto+":stratego engine -bot random -protocol "+proto)
			cmd.Env = append(os.Environ(), "PATH="+path)
			out, err := cmd.CombinedOutput()
			if err != nil {
				t.Fatalf("%s over %s: %v\n%s", rules, proto, err, out)
			}
			if !strings.Contains(string(out), "2 games, rules "+rules) || !strings.Contains(string(out), proto+":stratego") {
				t.Errorf("%s over %s:\n%s", rules, proto, out)
			}
		}
	}
}
