//go:build linux

package slurmtest

import (
	"bufio"
	"bytes"
	"crypto/rand"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"regexp"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stratego-go/stratego/cmd/stratego/internal/enginecmd"
)

// engineFlag makes the test binary an SBP engine (engine below): the
// built-in random player with seed 5 that, as array task K of a Slurm
// job where DIR/stall-K exists, stalls at its first move.
const engineFlag = "-slurmtest-engine"

// badSetupFlag makes the test binary an SBP engine whose every setup
// is "setup 123": it loses each game by its fault (a bad setup), and a
// shard or merge with such a game exits with status 1.
const badSetupFlag = "-slurmtest-badsetup"

func TestMain(m *testing.M) {
	switch {
	case len(os.Args) == 3 && os.Args[1] == engineFlag:
		os.Exit(engine(os.Args[2]))
	case len(os.Args) == 2 && os.Args[1] == badSetupFlag:
		os.Exit(badSetup())
	}
	os.Exit(m.Run())
}

// badSetup is the engine of badSetupFlag.
func badSetup() int {
	in := bufio.NewScanner(os.Stdin)
	for in.Scan() {
		switch strings.Fields(in.Text() + " x")[0] {
		case "sbp":
			fmt.Println("id name badsetup")
			fmt.Println("sbpok")
		case "isready":
			fmt.Println("readyok")
		case "newgame":
			fmt.Println("accept")
		case "setup":
			fmt.Println("setup 123")
		}
	}
	return 0
}

// engine is the engine of the test's tournaments. Stalled, it writes
// DIR/stalled-K and waits for ever; it ignores SIGTERM, so that the game
// ends by stratego's own end of it (interrupted), not by the engine's
// death (a crash) when Slurm signals every process of the job.
func engine(dir string) int {
	signal.Ignore(syscall.SIGTERM)
	task := os.Getenv("SLURM_ARRAY_TASK_ID")
	stall := false
	if task != "" {
		_, err := os.Stat(filepath.Join(dir, "stall-"+task))
		stall = err == nil
	}
	r, w := io.Pipe()
	in := bufio.NewScanner(os.Stdin)
	go func() {
		for in.Scan() {
			if stall && strings.HasPrefix(in.Text(), "go") {
				os.WriteFile(filepath.Join(dir, "stalled-"+task), nil, 0o644)
				for {
					time.Sleep(time.Hour)
				}
			}
			fmt.Fprintln(w, in.Text())
		}
		w.Close()
	}()
	if err := enginecmd.Run([]string{"-protocol", "sbp", "-bot", "random", "-seed", "5"}, r, os.Stdout); err != nil {
		fmt.Fprintln(os.Stderr, "engine:", err)
		return 2
	}
	return 0
}

// tools are the programs the test needs: the daemons and the commands.
var tools = []string{"munged", "slurmctld", "slurmd", "sbatch", "scontrol", "scancel", "squeue", "sinfo"}

// howTo says how to run the test by hand.
const howTo = "apt-get install -y slurm-wlm munge, then as root: go test -run TestSlurm -v ./cmd/stratego/internal/slurmtest/"

// TestSlurm runs two tournaments through the scripts of docs/match/slurm
// (submit.sh, match.sh, merge.sh, rerun.sh, byte for byte; tournament.sh
// written here) on a real one-node Slurm:
//
//   - A: four engines, four shards; one engine loses every game by a
//     bad setup, so that every shard and the merge exit with status 1,
//     which the scripts count as done: every job ends COMPLETED with
//     ExitCode=0:0, and the merge's table and JSON summary equal one
//     local run of the tournament byte for byte.
//   - B: two engines, three shards, under a time limit of one minute
//     (SBATCH_TIMELIMIT). Shards 1 and 2 stall in their first game:
//     shard 1 runs into the time limit (TIMEOUT), shard 2 is stopped by
//     scancel --full --signal=TERM (FAILED); both exit 3, with their
//     game in progress recorded as interrupted by SIGTERM, and the merge
//     waits for ever (DependencyNeverSatisfied). rerun.sh plays them
//     again and points the merge at the new jobs: it runs, exits 0 and
//     equals one local run.
//
// Outside CI a machine without Slurm skips the test; in CI (CI set) that
// is a failure. It is skipped in -short mode.
func TestSlurm(t *testing.T) {
	start := time.Now()
	if testing.Short() {
		t.Skip("-short: the real-Slurm test runs in the full suite (" + howTo + ")")
	}
	var missing []string
	paths := map[string]string{}
	for _, tool := range tools {
		p, err := exec.LookPath(tool)
		if err != nil {
			if _, err := os.Stat("/usr/sbin/" + tool); err == nil {
				p = "/usr/sbin/" + tool
			}
		}
		if p == "" {
			missing = append(missing, tool)
		}
		paths[tool] = p
	}
	switch {
	case len(missing) > 0:
		skipOrFail(t, fmt.Sprintf("no %s: %s", strings.Join(missing, ", "), howTo))
	case os.Geteuid() != 0:
		skipOrFail(t, "not root (slurmd starts each job as its user, and this cluster's jobs run as root): "+howTo)
	}
	rep := newReport(t)
	root, err := os.MkdirTemp("", "slurmtest") // short: a socket's path has at most 107 bytes
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(root) })
	bin := filepath.Join(root, "stratego")
	if out, err := exec.Command("go", "build", "-o", bin, "github.com/stratego-go/stratego/cmd/stratego").CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	c := startCluster(t, root, paths)
	rep.logf("a one-node Slurm (%s) up in %.1fs: munged pid %d, slurmctld pid %d, slurmd pid %d", c.version, time.Since(start).Seconds(), c.daemons[0].cmd.Process.Pid, c.daemons[1].cmd.Process.Pid, c.daemons[2].cmd.Process.Pid)

	self, err := os.Executable()
	if err != nil {
		t.Fatal(err)
	}
	a := newTournament(t, root, "a", 4, bin, []string{"-seed", "7", "-games", "2", "-rules", "barrage", "-movetime", "1m", "-maxplies", "400"},
		[]string{"builtin:random", "builtin:greedy", "sbp:" + self + " " + engineFlag + " " + filepath.Join(root, "a"), "sbp:" + self + " " + badSetupFlag})
	b := newTournament(t, root, "b", 3, bin, []string{"-seed", "9", "-games", "6", "-rules", "barrage", "-movetime", "0", "-maxplies", "400"},
		[]string{"builtin:greedy", "sbp:" + self + " " + engineFlag + " " + filepath.Join(root, "b")})
	a.local(t, 1)
	b.local(t, 0)
	for _, k := range []string{"1", "2"} {
		if err := os.WriteFile(filepath.Join(b.dir, "stall-"+k), nil, 0o644); err != nil {
			t.Fatal(err)
		}
	}

	aShards, aMerge := a.submit(t, c)
	rep.logf("A: submit.sh: shards job %s (array 0-3), merge job %s", aShards, aMerge)
	bShards, bMerge := b.submit(t, c, "SBATCH_TIMELIMIT=1")
	rep.logf("B: SBATCH_TIMELIMIT=1 submit.sh: shards job %s (array 0-2), merge job %s", bShards, bMerge)

	// B's shard 2: stopped by scancel once it stalls.
	waitFor(t, c, 5*time.Minute, "B's shard 2 to stall", func() bool {
		_, err := os.Stat(filepath.Join(b.dir, "stalled-2"))
		return err == nil
	})
	c.run(t, "scancel", "--full", "--signal=TERM", bShards+"_2")
	rep.logf("B: shard 2 stalled; scancel --full --signal=TERM %s_2", bShards)

	// A: every shard and the merge exit 0, the merge equals one run.
	aEnd := c.waitJob(t, aMerge, 5*time.Minute)
	// stratego's own status 1 shows in each job's output.
	const faults = "lost to engine faults or not played"
	for _, j := range c.jobs(t, aShards) {
		out := readFile(filepath.Join(a.dir, "slurm-"+aShards+"_"+j["ArrayTaskId"]+".out"))
		rep.logf("A: shard %s: job %s %s ExitCode=%s, stratego said %q: %v", j["ArrayTaskId"], j["JobId"], j["JobState"], j["ExitCode"], faults, strings.Contains(out, faults))
		if j["JobState"] != "COMPLETED" || j["ExitCode"] != "0:0" || !strings.Contains(out, faults) {
			t.Errorf("A: shard %s: %s ExitCode=%s, want COMPLETED 0:0 after stratego's status 1:\n%s", j["ArrayTaskId"], j["JobState"], j["ExitCode"], out)
		}
	}
	out := readFile(filepath.Join(a.dir, "slurm-"+aMerge+".out"))
	rep.logf("A: merge: job %s %s ExitCode=%s, stratego said %q: %v", aMerge, aEnd["JobState"], aEnd["ExitCode"], faults, strings.Contains(out, faults))
	if aEnd["JobState"] != "COMPLETED" || aEnd["ExitCode"] != "0:0" || !strings.Contains(out, faults) {
		t.Errorf("A: merge %s ExitCode=%s, want COMPLETED 0:0 after stratego's status 1:\n%s", aEnd["JobState"], aEnd["ExitCode"], out)
	}
	a.sameAsLocal(t, rep, "A")

	// B: shard 0 done, shard 1 at its time limit, shard 2 cancelled; the
	// merge pending for ever.
	want := map[string][2]string{"0": {"COMPLETED", "0:0"}, "1": {"TIMEOUT", "3:0"}, "2": {"FAILED", "3:0"}}
	waitFor(t, c, 6*time.Minute, "B's shards to end", func() bool {
		for _, j := range c.jobs(t, bShards) {
			if j["JobState"] == "PENDING" || j["JobState"] == "RUNNING" || j["JobState"] == "COMPLETING" {
				return false
			}
		}
		return true
	})
	for _, j := range c.jobs(t, bShards) {
		k := j["ArrayTaskId"]
		rep.logf("B: shard %s: job %s %s Reason=%s ExitCode=%s RunTime=%s", k, j["JobId"], j["JobState"], j["Reason"], j["ExitCode"], j["RunTime"])
		if w := want[k]; j["JobState"] != w[0] || j["ExitCode"] != w[1] {
			t.Errorf("B: shard %s: %s ExitCode=%s, want %s %s:\n%s", k, j["JobState"], j["ExitCode"], w[0], w[1], readFile(filepath.Join(b.dir, "slurm-"+bShards+"_"+k+".out")))
		}
	}
	for _, k := range []int{1, 2} {
		b.checkInterrupted(t, rep, k)
	}
	waitFor(t, c, 2*time.Minute, "B's merge to wait for ever", func() bool {
		return c.job(t, bMerge)["Reason"] == "DependencyNeverSatisfied"
	})
	m := c.job(t, bMerge)
	rep.logf("B: merge: job %s %s Reason=%s Dependency=%s", bMerge, m["JobState"], m["Reason"], m["Dependency"])

	// rerun.sh: shards 1 and 2 again, the merge after them.
	for _, k := range []string{"1", "2"} {
		os.Remove(filepath.Join(b.dir, "stall-"+k))
	}
	out = c.run(t, filepath.Join(b.dir, "rerun.sh"), bMerge, "1,2")
	rep.logf("B: rerun.sh %s 1,2: %s", bMerge, strings.ReplaceAll(strings.TrimSpace(out), "\n", "; "))
	again := regexp.MustCompile(`shards 1,2: job (\d+)`).FindStringSubmatch(out)
	if again == nil || !strings.Contains(out, "merge: job "+bMerge+" (after job "+again[1]+")") {
		t.Fatalf("rerun.sh: %q, want the shards' job and the merge %s after it", out, bMerge)
	}
	bEnd := c.waitJob(t, bMerge, 5*time.Minute)
	for _, j := range c.jobs(t, again[1]) {
		rep.logf("B: shard %s again: job %s %s ExitCode=%s", j["ArrayTaskId"], j["JobId"], j["JobState"], j["ExitCode"])
		if j["JobState"] != "COMPLETED" || j["ExitCode"] != "0:0" {
			t.Errorf("B: shard %s again: %s ExitCode=%s, want COMPLETED 0:0", j["ArrayTaskId"], j["JobState"], j["ExitCode"])
		}
	}
	rep.logf("B: merge: job %s %s ExitCode=%s", bMerge, bEnd["JobState"], bEnd["ExitCode"])
	if bEnd["JobState"] != "COMPLETED" || bEnd["ExitCode"] != "0:0" {
		t.Errorf("B: merge %s ExitCode=%s, want COMPLETED 0:0:\n%s", bEnd["JobState"], bEnd["ExitCode"], readFile(filepath.Join(b.dir, "slurm-"+bMerge+".out")))
	}
	b.sameAsLocal(t, rep, "B")
	rep.logf("TestSlurm took %.1fs", time.Since(start).Seconds())
}

// skipOrFail skips the test, or fails it in CI.
func skipOrFail(t *testing.T, msg string) {
	t.Helper()
	if os.Getenv("CI") != "" {
		t.Fatal("CI: " + msg)
	}
	t.Skip(msg)
}

// report logs the run's figures, and appends them to the file
// STRATEGO_SLURM_REPORT names (CI prints it).
type report struct {
	t    *testing.T
	file string
}

func newReport(t *testing.T) *report {
	return &report{t: t, file: os.Getenv("STRATEGO_SLURM_REPORT")}
}

func (r *report) logf(format string, args ...any) {
	r.t.Helper()
	line := fmt.Sprintf(format, args...)
	r.t.Log(line)
	if r.file != "" {
		f, err := os.OpenFile(r.file, os.O_APPEND|os.O_CREATE|os.O_WRONLY, 0o644)
		if err == nil {
			fmt.Fprintln(f, "TestSlurm: "+line)
			f.Close()
		}
	}
}

// cluster is the one-node Slurm the test started.
type cluster struct {
	dir     string
	conf    string
	paths   map[string]string
	daemons []*daemon
	version string
}

// daemon is a daemon the test started, in the foreground.
type daemon struct {
	name string
	cmd  *exec.Cmd
	log  string
	done chan struct{}
}

// startCluster writes the configuration and starts munged, slurmctld
// and slurmd; the test's cleanup cancels every job and stops exactly
// these three processes.
func startCluster(t *testing.T, root string, paths map[string]string) *cluster {
	t.Helper()
	dir := filepath.Join(root, "slurm")
	for _, d := range []string{dir, filepath.Join(dir, "state"), filepath.Join(dir, "spool")} {
		if err := os.MkdirAll(d, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	os.Chmod(root, 0o755)
	key := make([]byte, 1024)
	rand.Read(key)
	if err := os.WriteFile(filepath.Join(dir, "munge.key"), key, 0o600); err != nil {
		t.Fatal(err)
	}
	c := &cluster{dir: dir, conf: filepath.Join(dir, "slurm.conf"), paths: paths}
	sock := filepath.Join(dir, "munge.sock")
	ctlPort, dPort := freePort(t), freePort(t)
	for ctlPort == dPort {
		dPort = freePort(t)
	}
	conf := fmt.Sprintf(`# A one-node cluster on 127.0.0.1 for TestSlurm.
ClusterName=strategotest
SlurmctldHost=localhost(127.0.0.1)
SlurmctldPort=%d
SlurmdPort=%d
SlurmUser=root
SlurmdUser=root
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=%s
StateSaveLocation=%s/state
SlurmdSpoolDir=%s/spool
SlurmctldPidFile=%s/slurmctld.pid
SlurmdPidFile=%s/slurmd.pid
SlurmctldLogFile=%s/slurmctld.log
SlurmdLogFile=%s/slurmd.log
PlugStackConfig=%s/plugstack.conf
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
SchedulerType=sched/builtin
AccountingStorageType=accounting_storage/none
JobAcctGatherType=jobacct_gather/none
JobCompType=jobcomp/none
MpiDefault=none
ReturnToService=2
SlurmdParameters=config_overrides
KillWait=30
MinJobAge=3600
NodeName=localhost NodeAddr=127.0.0.1 CPUs=8 State=UNKNOWN
PartitionName=test Nodes=localhost Default=YES MaxTime=INFINITE State=UP
`, ctlPort, dPort, sock, dir, dir, dir, dir, dir, dir, dir)
	if err := os.WriteFile(c.conf, []byte(conf), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "plugstack.conf"), nil, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.stop(t) })
	c.start(t, "munged", "-F", "-f", "-S", sock, "--key-file="+filepath.Join(dir, "munge.key"),
		"--log-file="+filepath.Join(dir, "munged.log"), "--pid-file="+filepath.Join(dir, "munged.pid"),
		"--seed-file="+filepath.Join(dir, "munged.seed"))
	waitFor(t, c, time.Minute, "munged's socket", func() bool {
		_, err := os.Stat(sock)
		return err == nil
	})
	c.start(t, "slurmctld", "-D", "-i", "-f", c.conf)
	c.start(t, "slurmd", "-D", "-N", "localhost", "-f", c.conf)
	waitFor(t, c, 2*time.Minute, "the node to be idle", func() bool {
		out, err := c.cmd("sinfo", "-h", "-o", "%T").Output()
		return err == nil && strings.TrimSpace(string(out)) == "idle"
	})
	out, _ := c.cmd("sinfo", "-V").Output()
	c.version = strings.TrimSpace(string(out))
	return c
}

// freePort returns a TCP port of 127.0.0.1 that was free a moment ago.
func freePort(t *testing.T) int {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port
}

// start starts a daemon in the foreground, its output in a file.
func (c *cluster) start(t *testing.T, name string, args ...string) {
	t.Helper()
	d := &daemon{name: name, log: filepath.Join(c.dir, name+".out"), done: make(chan struct{})}
	f, err := os.Create(d.log)
	if err != nil {
		t.Fatal(err)
	}
	d.cmd = c.cmd(name, args...)
	d.cmd.Stdout, d.cmd.Stderr = f, f
	// Should the test binary die before its cleanup (go test's
	// timeout), the daemons get SIGTERM.
	d.cmd.SysProcAttr = &syscall.SysProcAttr{Pdeathsig: syscall.SIGTERM}
	if err := d.cmd.Start(); err != nil {
		f.Close()
		t.Fatalf("%s: %v", name, err)
	}
	go func() {
		d.cmd.Wait()
		f.Close()
		close(d.done)
	}()
	c.daemons = append(c.daemons, d)
}

// cmd is a command of the cluster: a Slurm tool by its path, with
// SLURM_CONF naming the test's configuration.
func (c *cluster) cmd(name string, args ...string) *exec.Cmd {
	if p := c.paths[name]; p != "" {
		name = p
	}
	cmd := exec.Command(name, args...)
	cmd.Env = append(os.Environ(), "SLURM_CONF="+c.conf)
	return cmd
}

// run runs a command of the cluster and returns its standard output.
func (c *cluster) run(t *testing.T, name string, args ...string) string {
	t.Helper()
	cmd := c.cmd(name, args...)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("%s %q: %v\n%s%s", name, args, err, out, errOut.String())
	}
	return string(out)
}

// stop cancels every job of the cluster, waits for them to end, and
// stops the daemons the test started, the last first; a daemon that
// does not end on SIGTERM within a minute is killed.
func (c *cluster) stop(t *testing.T) {
	if out, err := c.cmd("squeue", "-h", "-o", "%A").Output(); err == nil && len(bytes.TrimSpace(out)) > 0 {
		c.cmd("scancel", strings.Fields(string(out))...).Run()
		for deadline := time.Now().Add(2 * time.Minute); time.Now().Before(deadline); time.Sleep(time.Second) {
			out, err := c.cmd("squeue", "-h", "-o", "%A").Output()
			if err != nil || len(bytes.TrimSpace(out)) == 0 {
				break
			}
		}
	}
	for i := len(c.daemons) - 1; i >= 0; i-- {
		d := c.daemons[i]
		d.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-d.done:
		case <-time.After(time.Minute):
			t.Errorf("%s (pid %d) did not end on SIGTERM: killed", d.name, d.cmd.Process.Pid)
			d.cmd.Process.Kill()
			<-d.done
		}
	}
}

// logs is the end of every daemon's output, for a failure's message.
func (c *cluster) logs() string {
	var b strings.Builder
	for _, name := range []string{"munged.out", "slurmctld.out", "slurmd.out"} {
		text := readFile(filepath.Join(c.dir, name))
		if len(text) > 3000 {
			text = "…" + text[len(text)-3000:]
		}
		fmt.Fprintf(&b, "--- %s\n%s\n", name, text)
	}
	return b.String()
}

// waitFor polls cond once a second until it holds; past the limit, or
// three minutes before the test's deadline, it fails the test.
func waitFor(t *testing.T, c *cluster, limit time.Duration, what string, cond func() bool) {
	t.Helper()
	deadline := time.Now().Add(limit)
	if d, ok := t.Deadline(); ok && d.Add(-3*time.Minute).Before(deadline) {
		deadline = d.Add(-3 * time.Minute) // time for the cleanup, before go test's timeout
	}
	for ; !cond(); time.Sleep(time.Second) {
		if time.Now().After(deadline) {
			t.Fatalf("waited %v for %s\n%s", limit, what, c.logs())
		}
	}
}

// jobs returns the jobs scontrol shows for id (an array: every task),
// each as its fields.
func (c *cluster) jobs(t *testing.T, id string) []map[string]string {
	t.Helper()
	out := c.run(t, "scontrol", "-o", "show", "job", id)
	var js []map[string]string
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		j := map[string]string{}
		for _, f := range strings.Fields(line) {
			if k, v, ok := strings.Cut(f, "="); ok {
				j[k] = v
			}
		}
		js = append(js, j)
	}
	return js
}

// job returns the fields of the one job id.
func (c *cluster) job(t *testing.T, id string) map[string]string {
	t.Helper()
	js := c.jobs(t, id)
	if len(js) != 1 {
		t.Fatalf("scontrol show job %s: %d jobs", id, len(js))
	}
	return js[0]
}

// waitJob waits for job id to end and returns its fields.
func (c *cluster) waitJob(t *testing.T, id string, limit time.Duration) map[string]string {
	t.Helper()
	var j map[string]string
	waitFor(t, c, limit, "job "+id+" to end", func() bool {
		j = c.job(t, id)
		switch j["JobState"] {
		case "PENDING", "RUNNING", "COMPLETING", "CONFIGURING":
			return false
		}
		return true
	})
	return j
}

// tournament is one tournament of the test: the scripts of
// docs/match/slurm in a folder of their own, with a tournament.sh of
// the test's flags and engines.
type tournament struct {
	dir     string
	shards  int
	bin     string
	flags   []string
	engines []string
	// table and summary are the one local run's.
	table, summary string
}

// newTournament copies the scripts and writes tournament.sh.
func newTournament(t *testing.T, root, name string, shards int, bin string, flags, engines []string) *tournament {
	t.Helper()
	tr := &tournament{dir: filepath.Join(root, name), shards: shards, bin: bin, flags: flags, engines: engines}
	if err := os.MkdirAll(tr.dir, 0o755); err != nil {
		t.Fatal(err)
	}
	for _, s := range []string{"match.sh", "merge.sh", "submit.sh", "rerun.sh"} {
		b, err := os.ReadFile(filepath.Join("..", "..", "..", "..", "docs", "match", "slurm", s))
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(tr.dir, s), b, 0o755); err != nil {
			t.Fatal(err)
		}
	}
	var sh strings.Builder
	fmt.Fprintf(&sh, "shards=%d\nresults=%s\ntournament() {\n\t%s match %s -progress off \"$@\"", shards, filepath.Join(tr.dir, "results"), quote(bin), quoteAll(flags))
	for _, e := range engines {
		sh.WriteString(" " + quote(e))
	}
	sh.WriteString("\n}\n")
	if err := os.WriteFile(filepath.Join(tr.dir, "tournament.sh"), []byte(sh.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	return tr
}

// quote quotes a word for the shell.
func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func quoteAll(ws []string) string {
	q := make([]string, len(ws))
	for i, w := range ws {
		q[i] = quote(w)
	}
	return strings.Join(q, " ")
}

// local plays the tournament in one run, outside Slurm, and keeps its
// table and summary; the run exits with status.
func (tr *tournament) local(t *testing.T, status int) {
	t.Helper()
	sum := filepath.Join(tr.dir, "local.json")
	args := append(append(append([]string{"match"}, tr.flags...), "-progress", "off", "-json", sum), tr.engines...)
	cmd := exec.Command(tr.bin, args...)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if cmd.ProcessState == nil || cmd.ProcessState.ExitCode() != status {
		t.Fatalf("the local run: %v, want status %d\n%s%s", err, status, out, errOut.String())
	}
	tr.table, tr.summary = string(out), readFile(sum)
}

// submit runs submit.sh with the environment env and returns the job
// ids of the shards and of the merge.
func (tr *tournament) submit(t *testing.T, c *cluster, env ...string) (shards, merge string) {
	t.Helper()
	cmd := c.cmd(filepath.Join(tr.dir, "submit.sh"))
	cmd.Env = append(cmd.Env, env...)
	var errOut bytes.Buffer
	cmd.Stderr = &errOut
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("submit.sh: %v\n%s%s", err, out, errOut.String())
	}
	m := regexp.MustCompile(`(?m)^shards: job (\d+) .*\nmerge: job (\d+) `).FindStringSubmatch(string(out))
	if m == nil {
		t.Fatalf("submit.sh said %q", out)
	}
	return m[1], m[2]
}

// sameAsLocal checks the merge's table and summary against the local
// run's, byte for byte.
func (tr *tournament) sameAsLocal(t *testing.T, rep *report, name string) {
	t.Helper()
	table := readFile(filepath.Join(tr.dir, "results", "table.txt"))
	summary := readFile(filepath.Join(tr.dir, "results", "summary.json"))
	if table != tr.table || table == "" {
		t.Errorf("%s: the merge's table differs from the local run's:\n%s\nlocal:\n%s", name, table, tr.table)
	}
	if summary != tr.summary || summary == "" {
		t.Errorf("%s: the merge's JSON summary differs from the local run's:\n%s\nlocal:\n%s", name, summary, tr.summary)
	}
	var sum struct {
		Games []json.RawMessage `json:"games"`
	}
	json.Unmarshal([]byte(summary), &sum)
	rep.logf("%s: the merge's table (%d bytes) and summary (%d bytes, %d games) equal the local run's byte for byte: %v", name, len(table), len(summary), len(sum.Games), table == tr.table && summary == tr.summary)
}

// checkInterrupted checks shard k's first game recorded as interrupted
// by SIGTERM, its summary interrupted with its other game not started.
func (tr *tournament) checkInterrupted(t *testing.T, rep *report, k int) {
	t.Helper()
	name := fmt.Sprintf("game-%03d.txt", k+1)
	rec := readFile(filepath.Join(tr.dir, "results", fmt.Sprintf("shard-%d", k), name))
	for _, want := range []string{`[Result "*"]`, `[Referee "aborted: interrupted by SIGTERM"]`} {
		if !strings.Contains(rec, want) {
			t.Errorf("shard %d: %s lacks %s:\n%s", k, name, want, rec)
		}
	}
	var sum struct {
		Interrupted bool `json:"interrupted"`
		NotStarted  int  `json:"notStarted"`
	}
	b := readFile(filepath.Join(tr.dir, "results", fmt.Sprintf("shard-%d.json", k)))
	if err := json.Unmarshal([]byte(b), &sum); err != nil || !sum.Interrupted || sum.NotStarted != 1 {
		t.Errorf("shard %d: summary %s (%v), want interrupted, 1 game not started", k, b, err)
	}
	rep.logf("B: shard %d: %s has [Result \"*\"] and [Referee \"aborted: interrupted by SIGTERM\"]: %v; shard-%d.json: interrupted %v, %d not started", k, name, strings.Contains(rec, `[Referee "aborted: interrupted by SIGTERM"]`), k, sum.Interrupted, sum.NotStarted)
}

// readFile returns a file's text, or "" when it cannot be read.
func readFile(path string) string {
	b, _ := os.ReadFile(path)
	return string(b)
}
