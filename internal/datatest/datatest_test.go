package datatest

import (
	"os"
	"os/exec"
	"strings"
	"testing"
)

// TestMissingFileSkipsOrFails runs this package's helper test in a child
// process, with and without Env, against a file that does not exist:
// without Env the test skips and says why, with Env=1 it fails.
func TestMissingFileSkipsOrFails(t *testing.T) {
	if os.Getenv("DATATEST_CHILD") == "1" {
		t.Skip("the child runs only TestChildReadsMissingFile")
	}
	exe, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	for _, tc := range []struct {
		env      string
		wantFail bool
		want     string
	}{
		{"", false, "SKIP: real data not present"},
		{"1", true, "real data required"},
	} {
		cmd := exec.Command(exe, "-test.run=^TestChildReadsMissingFile$", "-test.v")
		cmd.Env = append(os.Environ(), "DATATEST_CHILD=1", Env+"="+tc.env)
		out, err := cmd.CombinedOutput()
		if failed := err != nil; failed != tc.wantFail {
			t.Errorf("%s=%q: failed %v, want %v\n%s", Env, tc.env, failed, tc.wantFail, out)
		}
		if !strings.Contains(string(out), tc.want) {
			t.Errorf("%s=%q: output lacks %q:\n%s", Env, tc.env, tc.want, out)
		}
	}
}

// TestChildReadsMissingFile is the child of TestMissingFileSkipsOrFails.
func TestChildReadsMissingFile(t *testing.T) {
	if os.Getenv("DATATEST_CHILD") != "1" {
		t.Skip("run by TestMissingFileSkipsOrFails")
	}
	ReadFile(t, "testdata/no-such-file")
	t.Error("ReadFile returned for a missing file")
}

// TestCIRequiresTheData checks that the CI script sets Env, so that CI
// runs the tests of the real data sets rather than skipping them.
func TestCIRequiresTheData(t *testing.T) {
	b, err := os.ReadFile("../../.ci/run")
	if err != nil {
		t.Fatal(err)
	}
	if want := "\nexport " + Env + "=${" + Env + ":-1}\n"; !strings.Contains(string(b), want) {
		t.Errorf(".ci/run does not contain %q", strings.TrimSpace(want))
	}
}
