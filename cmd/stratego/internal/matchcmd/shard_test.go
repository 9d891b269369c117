package matchcmd

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// TestShardsMergeEqualOneRun plays a tournament once in one run and
// once as four shards, and merges the shards' records: the games are the
// same game for game (the same record files), and the merge gives the
// one run's table and JSON byte for byte. The players are random and
// greedy, built in and as an SBP engine with a fixed seed: their moves
// depend on their seeds only, never on a clock.
func TestShardsMergeEqualOneRun(t *testing.T) {
	engines := []string{"builtin:random", "builtin:greedy", "sbp:" + os.Args[0] + " -protocol sbp -bot random -seed 5"}
	flags := []string{"-games", "3", "-rules", "barrage", "-seed", "11", "-movetime", "1m", "-maxplies", "400"}
	root := t.TempDir()
	run := func(extra ...string) string {
		t.Helper()
		var out bytes.Buffer
		args := append(append(append([]string(nil), flags...), extra...), engines...)
		if err := Run(args, nil, &out); err != nil {
			t.Fatalf("%q: %v\n%s", extra, err, out.String())
		}
		return out.String()
	}
	single := filepath.Join(root, "single")
	table := run("-out", single, "-json", filepath.Join(root, "single.json"))
	var dirs []string
	for k := range 4 {
		d := filepath.Join(root, fmt.Sprintf("shard-%d", k))
		dirs = append(dirs, d)
		run("-shard", fmt.Sprintf("%d/4", k), "-out", d)
	}
	merged := run("-merge", strings.Join(dirs, ","), "-json", filepath.Join(root, "merged.json"))
	if diff := cmp.Diff(table, merged); diff != "" {
		t.Errorf("the merged table differs from the one run's (-one +merged):\n%s", diff)
	}
	a, _ := os.ReadFile(filepath.Join(root, "single.json"))
	b, _ := os.ReadFile(filepath.Join(root, "merged.json"))
	if diff := cmp.Diff(string(a), string(b)); diff != "" || len(a) == 0 {
		t.Errorf("the merged JSON differs from the one run's (-one +merged):\n%s", diff)
	}
	// Game for game: each game in exactly one shard, with the one run's
	// record and log.
	for n := 1; n <= 9; n++ {
		for _, ext := range []string{".txt", ".log"} {
			name := fmt.Sprintf("game-%03d%s", n, ext)
			want, err := os.ReadFile(filepath.Join(single, name))
			if err != nil {
				t.Fatal(err)
			}
			var in []string
			for _, d := range dirs {
				got, err := os.ReadFile(filepath.Join(d, name))
				if err != nil {
					continue
				}
				in = append(in, d)
				if !bytes.Equal(got, want) {
					t.Errorf("%s of %s differs from the one run's", name, d)
				}
			}
			if len(in) != 1 || in[0] != dirs[(n-1)%4] {
				t.Errorf("%s is in the shards %v, want %s", name, in, dirs[(n-1)%4])
			}
		}
	}
	// A merge with a shard missing reports the games not started.
	var out bytes.Buffer
	err := Run(append(append(append([]string(nil), flags...), "-merge", strings.Join(dirs[:3], ",")), engines...), nil, &out)
	if err == nil || !strings.Contains(out.String(), "interrupted: 2 games not started") {
		t.Errorf("merge without shard 3: %v\n%s", err, out.String())
	}
	// A shard twice is an error.
	if err := Run(append(append(append([]string(nil), flags...), "-merge", dirs[0]+","+dirs[0]), engines...), nil, &out); err == nil {
		t.Errorf("a merge of a shard twice succeeded")
	}
}

// TestKubernetesManifest checks the Indexed Job of docs/match: its
// shard command parses as a match with -shard K/N for N the Job's
// completions, and the merge Job runs the same flags and engines.
func TestKubernetesManifest(t *testing.T) {
	b, err := os.ReadFile("../../../../docs/match/kubernetes-job.yaml")
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	commands := map[string][]string{}
	for _, job := range strings.Split(text, "\n---\n") {
		_, script, ok := strings.Cut(job, "- |\n")
		if !ok {
			t.Fatalf("no script in a Job of the manifest")
		}
		line, _, _ := strings.Cut(strings.ReplaceAll(script, "\\\n", " "), "\n")
		line = strings.ReplaceAll(line, "$JOB_COMPLETION_INDEX", "3")
		line = strings.NewReplacer(`"$(echo `, `"`, ` | tr ' ' ,)"`, `"`).Replace(line)
		args, err := splitCommand(line)
		if err != nil || len(args) < 2 || args[0] != "stratego" || args[1] != "match" {
			t.Fatalf("script %q: %v", line, err)
		}
		args = args[2:]
		for i, a := range args {
			if a == "-merge" { // the shell's list, joined as tr does
				args[i+1] = strings.Join(strings.Fields(args[i+1]), ",")
			}
		}
		c, err := parse(args)
		if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		key := "shard"
		if c.merge != nil {
			key = "merge"
			if len(c.merge) != c.shards && c.shards != 0 {
				t.Errorf("merge of %d directories", len(c.merge))
			}
			commands["merge dirs"] = c.merge
		} else if want := fmt.Sprintf("completions: %d\n", c.shards); c.shard != 3 || !strings.Contains(text, want) {
			t.Errorf("shard %d/%d, the Job lacks %q", c.shard, c.shards, want)
		} else {
			commands["shards"] = []string{fmt.Sprint(c.shards)}
		}
		var same []string
		for i := 0; i < len(args); i++ {
			switch args[i] {
			case "-shard", "-out", "-json", "-merge", "-progress":
				i++
			default:
				same = append(same, args[i])
			}
		}
		commands[key] = same
	}
	if diff := cmp.Diff(commands["shard"], commands["merge"]); diff != "" {
		t.Errorf("the shard and merge commands differ (-shard +merge):\n%s", diff)
	}
	if n := commands["shards"]; len(n) != 1 || fmt.Sprint(len(commands["merge dirs"])) != n[0] {
		t.Errorf("%v shards, %d merged", n, len(commands["merge dirs"]))
	}
}
