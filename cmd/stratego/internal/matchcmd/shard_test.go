package matchcmd

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
	"github.com/stratego-go/stratego/cmd/stratego/internal/cli"
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

// TestMergeRefusesAnotherCommandLine plays a tournament as two shards
// and merges it with command lines that differ from the shards' in one
// field each: another seed, none, another clock, fewer or more games a
// pair, another start time, other rules, another ply cap, the UCC 2012
// profile, the engines in another order, an engine more or less. Each
// merge fails with a usage error (exit status 2) that names the field;
// the shards' own command line merges.
func TestMergeRefusesAnotherCommandLine(t *testing.T) {
	flags := []string{"-games", "4", "-rules", "barrage", "-movetime", "1m", "-maxplies", "300"}
	engines := []string{"builtin:random", "builtin:greedy", "builtin:random"}
	root := t.TempDir()
	var dirs []string
	for k := range 2 {
		d := filepath.Join(root, fmt.Sprintf("shard-%d", k))
		dirs = append(dirs, d)
		args := append(append(append([]string(nil), flags...), "-seed", "7", "-shard", fmt.Sprintf("%d/2", k), "-out", d), engines...)
		if err := Run(args, nil, io.Discard); err != nil {
			t.Fatalf("shard %d: %v", k, err)
		}
	}
	merge := func(extra []string, engines []string) error {
		args := append(append(append([]string(nil), flags...), "-merge", strings.Join(dirs, ",")), extra...)
		return Run(append(args, engines...), nil, io.Discard)
	}
	if err := merge([]string{"-seed", "7"}, engines); err != nil {
		t.Fatalf("the shards' own command line: %v", err)
	}
	for _, tc := range []struct {
		name    string
		extra   []string
		engines []string
		want    string
	}{
		{"another seed", []string{"-seed", "8"}, engines, "seed (-seed) is 7, the command line's 8"},
		{"no seed", nil, engines, "seed (-seed) is 7, the command line's none"},
		{"another clock", []string{"-seed", "7", "-movetime", "5s"}, engines, `clock (-movetime, -tc) is "move=1m0s", the command line's "move=5s"`},
		{"a game clock", []string{"-seed", "7", "-tc", "base=5m"}, engines, `clock (-movetime, -tc) is "move=1m0s"`},
		{"fewer games", []string{"-seed", "7", "-games", "3"}, engines, `games a pair (-games) is "4", the command line's "3"`},
		{"more games", []string{"-seed", "7", "-games", "6"}, engines, `games a pair (-games) is "4", the command line's "6"`},
		{"another start time", []string{"-seed", "7", "-starttime", "1m"}, engines, `start time (-starttime) is "30s"`},
		{"other rules", []string{"-seed", "7", "-rules", "classic"}, engines, "rules (-rules, -maxplies, -turncap) is barrage,maxplies=300, the command line's classic,maxplies=300"},
		{"another ply cap", []string{"-seed", "7", "-maxplies", "200"}, engines, "rules (-rules, -maxplies, -turncap) is barrage,maxplies=300"},
		{"the UCC 2012 profile", []string{"-seed", "7", "-rules", "ucc2012"}, engines, `profile (-rules ucc2012 or not) is "library", the command line's "ucc2012"`},
		{"another order", []string{"-seed", "7"}, []string{"builtin:greedy", "builtin:random", "builtin:random"}, `engine 1 is "builtin:random", the command line's "builtin:greedy"`},
		{"another engine", []string{"-seed", "7"}, []string{"builtin:random", "builtin:greedy", "builtin:search"}, `engine 3 is "builtin:random", the command line's "builtin:search"`},
		{"an engine less", []string{"-seed", "7"}, engines[:2], "engines is more than 2"},
		{"an engine more", []string{"-seed", "7"}, append(slices.Clone(engines), "builtin:greedy"), `engine 4 is none, the command line's "builtin:greedy"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := merge(tc.extra, tc.engines)
			var f *cli.Failure
			if err == nil || errors.As(err, &f) || !errors.Is(err, ErrOtherTournament) {
				t.Fatalf("merge %q %q: %v, want a usage error (status 2) wrapping ErrOtherTournament", tc.extra, tc.engines, err)
			}
			if !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "shard-0"+string(filepath.Separator)+"game-001.txt") {
				t.Errorf("merge %q %q:\n%v\nwant it to name the record and say %q", tc.extra, tc.engines, err, tc.want)
			}
		})
	}
}

// TestMergeUCC2012 merges shards played under -rules ucc2012, whose
// records hold the rules with the turn cap as their ply cap.
func TestMergeUCC2012(t *testing.T) {
	flags := []string{"-games", "2", "-rules", "ucc2012", "-turncap", "200", "-seed", "3", "-movetime", "1m"}
	engines := []string{"builtin:random", "builtin:greedy"}
	root := t.TempDir()
	var one, merged bytes.Buffer
	if err := Run(append(append(slices.Clone(flags), "-out", filepath.Join(root, "one")), engines...), nil, &one); err != nil {
		t.Fatal(err)
	}
	dirs := []string{filepath.Join(root, "s0"), filepath.Join(root, "s1")}
	for k, d := range dirs {
		if err := Run(append(append(slices.Clone(flags), "-shard", fmt.Sprintf("%d/2", k), "-out", d), engines...), nil, io.Discard); err != nil {
			t.Fatal(err)
		}
	}
	if err := Run(append(append(slices.Clone(flags), "-merge", strings.Join(dirs, ",")), engines...), nil, &merged); err != nil {
		t.Fatalf("merge: %v", err)
	}
	if diff := cmp.Diff(one.String(), merged.String()); diff != "" {
		t.Errorf("the merged table differs from the one run's (-one +merged):\n%s", diff)
	}
}

// slurmDir is the folder of the Slurm job scripts.
const slurmDir = "../../../../docs/match/slurm"

// TestSlurmScriptsQuoted checks that docs/match/sharding.md quotes each
// script of docs/match/slurm whole, as it is, and quotes no script that
// is not there; and that the job scripts are job scripts: #SBATCH lines,
// a job name, an array for the shards.
func TestSlurmScriptsQuoted(t *testing.T) {
	doc, err := os.ReadFile("../../../../docs/match/sharding.md")
	if err != nil {
		t.Fatal(err)
	}
	blocks := map[string]bool{}
	for _, part := range strings.Split(string(doc), "```sh\n")[1:] {
		block, _, ok := strings.Cut(part, "```\n")
		if !ok {
			t.Fatalf("an unclosed sh block in sharding.md: %.80q", part)
		}
		blocks[block] = false
	}
	files, _ := filepath.Glob(filepath.Join(slurmDir, "*.sh"))
	if len(files) < 5 {
		t.Fatalf("scripts %v, want tournament.sh, match.sh, merge.sh, submit.sh and rerun.sh", files)
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		if _, ok := blocks[string(b)]; !ok {
			t.Errorf("sharding.md does not quote %s as it is", filepath.Base(f))
		}
		blocks[string(b)] = true
		fi, _ := os.Stat(f)
		if x := fi.Mode()&0o111 != 0; x != (filepath.Base(f) != "tournament.sh") {
			t.Errorf("%s: executable %v, want every script but tournament.sh (sourced) executable", filepath.Base(f), x)
		}
	}
	for b, quoted := range blocks {
		if !quoted {
			t.Errorf("sharding.md quotes a script that is in no file of docs/match/slurm:\n%s", b)
		}
	}
	for name, want := range map[string][]string{
		"match.sh":  {"#SBATCH --job-name=", "#SBATCH --array=0-", "#SBATCH --time=", "trap : TERM", `-shard "$k/$shards"`},
		"merge.sh":  {"#SBATCH --job-name=", "#SBATCH --time=", "-merge "},
		"submit.sh": {"sbatch --parsable --array=", "sbatch --parsable --dependency=\"afterok:$array\" merge.sh"},
		"rerun.sh":  {"sbatch --parsable --array=\"$2\" match.sh", "scontrol update JobId=\"$1\" Dependency=\"afterok:$again\""},
	} {
		b, _ := os.ReadFile(filepath.Join(slurmDir, name))
		for _, w := range want {
			if !strings.Contains(string(b), w) {
				t.Errorf("%s lacks %q", name, w)
			}
		}
	}
}

// TestSlurmTournament reads docs/match/slurm/tournament.sh: its
// command parses as a shard (K/N with N its shards) and as a merge of
// N folders, and match.sh's array has N tasks.
func TestSlurmTournament(t *testing.T) {
	b, err := os.ReadFile(filepath.Join(slurmDir, "tournament.sh"))
	if err != nil {
		t.Fatal(err)
	}
	text := string(b)
	m := regexp.MustCompile(`(?m)^shards=(\d+)$`).FindStringSubmatch(text)
	if m == nil {
		t.Fatal("tournament.sh sets no shards=N")
	}
	_, body, _ := strings.Cut(text, "tournament() {\n")
	body, _, _ = strings.Cut(body, "\n}\n")
	line := strings.TrimSpace(strings.ReplaceAll(body, "\\\n", " "))
	for _, extra := range []string{`-shard 3/` + m[1] + ` -out /results/shard-3`, "-merge " + strings.Repeat("/r,", 7) + "/r"} {
		args, err := splitCommand(strings.Replace(line, `"$@"`, extra, 1))
		if err != nil || len(args) < 2 || args[0] != "stratego" || args[1] != "match" {
			t.Fatalf("tournament.sh runs %q (%v), want stratego match", line, err)
		}
		c, err := parse(args[2:])
		if err != nil {
			t.Fatalf("%q: %v", args, err)
		}
		if c.merge == nil && fmt.Sprint(c.shards) != m[1] || !c.seedSet {
			t.Errorf("%q: shard %d/%d, seed given %v", args, c.shard, c.shards, c.seedSet)
		}
	}
	mb, _ := os.ReadFile(filepath.Join(slurmDir, "match.sh"))
	n, _ := strconv.Atoi(m[1])
	if want := fmt.Sprintf("#SBATCH --array=0-%d\n", n-1); !strings.Contains(string(mb), want) {
		t.Errorf("match.sh lacks %q for shards=%d", want, n)
	}
}
