package stratego

import (
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestREADMEExample checks that the Go code in README.md is the body of
// the example it names, word for word, so that the two cannot drift.
func TestREADMEExample(t *testing.T) {
	readme := readFile(t, "README.md")
	_, rest, ok := strings.Cut(readme, "From `")
	name, _, ok2 := strings.Cut(rest, "`")
	_, code, ok3 := strings.Cut(rest, "```go\n")
	code, _, ok4 := strings.Cut(code, "```")
	if !ok || !ok2 || !ok3 || !ok4 {
		t.Fatal("README.md: want \"From `ExampleX`\" followed by a ```go block")
	}
	src := readFile(t, "examples_test.go")
	_, body, ok := strings.Cut(src, "\nfunc "+name+"() {\n")
	body, _, ok2 = strings.Cut(body, "\n}\n")
	if !ok || !ok2 {
		t.Fatalf("examples_test.go has no func %s", name)
	}
	var want strings.Builder
	for line := range strings.SplitSeq(body, "\n") {
		want.WriteString(strings.TrimPrefix(line, "\t"))
		want.WriteByte('\n')
	}
	if diff := cmp.Diff(want.String(), code); diff != "" {
		t.Errorf("README.md code differs from %s (-want +got):\n%s", name, diff)
	}
}

func readFile(t *testing.T, name string) string {
	t.Helper()
	b, err := os.ReadFile(name)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestREADMEGoVersion checks that the Go version the README asks for is
// the one go.mod names.
func TestREADMEGoVersion(t *testing.T) {
	mod := readFile(t, "go.mod")
	_, rest, ok := strings.Cut(mod, "\ngo ")
	if !ok {
		t.Fatal("go.mod names no Go version")
	}
	version, _, _ := strings.Cut(rest, "\n")
	version = strings.Join(strings.Split(version, ".")[:2], ".") // 1.25.0 → 1.25
	if want := "(Go " + version + " or newer"; !strings.Contains(readFile(t, "README.md"), want) {
		t.Errorf("README.md does not say %q, the version of go.mod", want)
	}
}
