package referee

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"os"
	"os/exec"
	"os/signal"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/stratego-go/stratego"
	"github.com/stratego-go/stratego/bot"
	"github.com/stratego-go/stratego/internal/syncbuf"
)

// The test binary doubles as a scripted fake engine: with REFEREE_FAKE
// set it runs ServeSBP or ServeUCC with a random player and a filter on
// its output that injects one fault at one reply. The spec is
// "PROTOCOL;K;ACTION[;ARG]": PROTOCOL sbp or ucc, K the index of the
// move reply to spoil (from 0), ACTION one of
//
//	reply    replace the reply with ARG ("\r" and "\t" escapes)
//	exit     exit instead of replying
//	stall    never reply (and keep reading nothing)
//	flood    write an endless line instead of the reply
//	info     write endless info lines instead of the reply (sbp)
//	slow     write the reply's first byte, wait ARG, write the rest
//	setup    replace the setup with ARG (ucc rows joined by "|")
//	accept   replace the accept line with ARG (sbp)
//	hello    replace the whole handshake answer with ARG (sbp)
//	quit     play on, then ignore quit, SIGTERM and the end of input
//	child    start a grandchild that sleeps, write its pid to ARG, play on
//	setsid   the same, the grandchild in a session of its own (setsid)
//	mute     write nothing, ever (the handshake or the setup times out)
//	hsflood  write an endless line at once, before the handshake
//	early    write the line ARG at once, before the handshake
//	exitnow  exit at once
//	setupstall  never send the setup
//	setupflood  write an endless line instead of the setup
//
// A spec "PROTOCOL;0;missing" is an engine program that does not exist
// (fakeSeat).
//
// REFEREE_FAKE=sleep just sleeps (the grandchild).
const fakeEnv = "REFEREE_FAKE"

func TestMain(m *testing.M) {
	if spec := os.Getenv(fakeEnv); spec != "" {
		os.Exit(runFake(spec))
	}
	code := m.Run()
	if kids := children(); len(kids) > 0 {
		fmt.Fprintf(os.Stderr, "child processes left after the tests: %v\n", kids)
		code = 1
	}
	os.Exit(code)
}

// children lists the live (not zombie) processes whose parent is this
// one.
func children() []int {
	dirs, _ := os.ReadDir("/proc")
	var kids []int
	me := os.Getpid()
	for _, d := range dirs {
		pid, err := strconv.Atoi(d.Name())
		if err != nil {
			continue
		}
		if ppid, state, ok := procStat(pid); ok && ppid == me && state != "Z" {
			kids = append(kids, pid)
		}
	}
	return kids
}

// procStat reads the parent and the state of a process from /proc.
func procStat(pid int) (ppid int, state string, ok bool) {
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return 0, "", false
	}
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, "", false
	}
	f := strings.Fields(s[i+1:])
	if len(f) < 2 {
		return 0, "", false
	}
	ppid, _ = strconv.Atoi(f[1])
	return ppid, f[0], true
}

// alive reports whether a process exists and is not a zombie.
func alive(pid int) bool {
	_, state, ok := procStat(pid)
	return ok && state != "Z"
}

// runFake is the fake engine's main.
func runFake(spec string) int {
	if spec == "sleep" {
		time.Sleep(time.Hour)
		return 0
	}
	f := strings.SplitN(spec, ";", 4)
	for len(f) < 4 {
		f = append(f, "")
	}
	k, _ := strconv.Atoi(f[1])
	arg := strings.NewReplacer(`\r`, "\r", `\t`, "\t").Replace(f[3])
	fw := &faultWriter{w: os.Stdout, proto: f[0], k: k, action: f[2], arg: arg}
	var in io.Reader = os.Stdin
	switch fw.action {
	case "quit":
		signal.Ignore(syscall.SIGTERM, syscall.SIGINT)
		in = &quitIgnorer{r: os.Stdin}
	case "child", "setsid":
		cmd := exec.Command(os.Args[0])
		cmd.Env = append(os.Environ(), fakeEnv+"=sleep")
		if fw.action != "child" {
			cmd.SysProcAttr = newSession()
		}
		if err := cmd.Start(); err != nil {
			return 5
		}
		os.WriteFile(arg, []byte(strconv.Itoa(cmd.Process.Pid)), 0o644)
	case "exitnow":
		return 3
	case "mute":
		io.Copy(io.Discard, os.Stdin)
		return 0
	case "hsflood":
		floodForever(os.Stdout)
		return 0
	case "early":
		io.WriteString(os.Stdout, arg+"\n")
	}
	p := fakePlayer{bot.NewRandom(uint64(len(spec)))}
	var err error
	if f[0] == "sbp" {
		err = ServeSBP(context.Background(), in, fw, p, ServeOptions{Log: os.Stderr})
	} else {
		r := UCC2012Rules()
		if text := os.Getenv("STRATEGO_RULES"); text != "" {
			r, _ = stratego.ParseRules(text)
		}
		err = ServeUCC(context.Background(), in, fw, p, ServeOptions{Rules: r, Log: os.Stderr})
	}
	if fw.action == "quit" {
		time.Sleep(time.Hour)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "fake:", err)
		return 4
	}
	return 0
}

// The setup of the transcripts of docs/ucc2012.md section 8.1, as each side sends
// it.
var transcriptRows = map[stratego.Color]string{
	stratego.Red:  "FB8sB479B8|BB31555583|6724898974|967B669999",
	stratego.Blue: "967B669999|6724898974|BB31555583|FB8sB479B8",
}

// fakePlayer is the random player, setting up as in the transcripts
// under a classic army, so that scripted replies know its pieces.
type fakePlayer struct{ *bot.Random }

func (p fakePlayer) Setup(ctx context.Context, r stratego.Rules, c stratego.Color) (stratego.Setup, error) {
	if r.Army != stratego.Classic().Army || r.Zone != stratego.Classic().Zone {
		return p.Random.Setup(ctx, r, c)
	}
	var rows [4]string
	copy(rows[:], strings.Split(transcriptRows[c], "|"))
	return parseUCCSetup(r, c, rows)
}

// quitIgnorer passes input on, except quit lines, and never ends.
type quitIgnorer struct{ r io.Reader }

func (q *quitIgnorer) Read(p []byte) (int, error) {
	n, err := q.r.Read(p)
	if s := string(p[:n]); strings.Contains(s, "quit") || strings.Contains(s, "QUIT") {
		time.Sleep(time.Hour)
	}
	if err != nil {
		time.Sleep(time.Hour)
	}
	return n, nil
}

// faultWriter is the output filter of a fake engine.
type faultWriter struct {
	w      io.Writer
	proto  string
	k      int
	action string
	arg    string
	lines  int // lines written
	moves  int // move replies seen
	buf    []byte
}

func (f *faultWriter) Write(p []byte) (int, error) {
	f.buf = append(f.buf, p...)
	for {
		i := bytes.IndexByte(f.buf, '\n')
		if i < 0 {
			return len(p), nil
		}
		line := string(f.buf[:i])
		f.buf = f.buf[i+1:]
		if err := f.line(line); err != nil {
			return 0, err
		}
	}
}

// line passes one line on, or spoils it.
func (f *faultWriter) line(line string) error {
	defer func() { f.lines++ }()
	out := func(s string) error {
		_, err := io.WriteString(f.w, s+"\n")
		return err
	}
	isMove := f.proto == "ucc" && f.lines >= 4 || f.proto == "sbp" && (strings.HasPrefix(line, "bestmove") || line == "resign")
	isSetup := f.proto == "ucc" && f.lines == 0 || f.proto == "sbp" && strings.HasPrefix(line, "setup ")
	switch {
	case f.action == "setupstall" && isSetup:
		time.Sleep(time.Hour)
	case f.action == "setupflood" && isSetup:
		return floodForever(f.w)
	case f.action == "setup" && f.proto == "ucc" && f.lines < 4:
		if f.lines == 0 {
			for _, row := range strings.Split(f.arg, "|") {
				if err := out(row); err != nil {
					return err
				}
			}
		}
		return nil
	case f.action == "setup" && f.proto == "sbp" && strings.HasPrefix(line, "setup "):
		return out(f.arg)
	case f.action == "accept" && line == "accept":
		return out(f.arg)
	case f.action == "hello" && f.proto == "sbp" && strings.HasPrefix(line, "id name"):
		return out(f.arg)
	case f.action == "hello" && (strings.HasPrefix(line, "id ") || strings.HasPrefix(line, "feature") || line == "sbpok"):
		return nil
	case !isMove:
		return out(line)
	}
	f.moves++
	if f.moves-1 != f.k {
		return out(line)
	}
	switch f.action {
	case "reply":
		return out(f.arg)
	case "exit":
		os.Exit(3)
	case "stall":
		time.Sleep(time.Hour)
	case "flood":
		return floodForever(f.w)
	case "info":
		for {
			if err := out("info depth 1"); err != nil {
				return err
			}
		}
	case "slow":
		d, _ := time.ParseDuration(f.arg)
		io.WriteString(f.w, line[:1])
		time.Sleep(d)
		return out(line[1:])
	}
	return out(line)
}

// floodForever writes an endless line, until a write fails.
func floodForever(w io.Writer) error {
	chunk := bytes.Repeat([]byte("x"), 4096)
	for {
		if _, err := w.Write(chunk); err != nil {
			return err
		}
	}
}

// fakeSeat starts the test binary as a fake engine with spec.
func fakeSeat(t *testing.T, spec string, o UCCOptions) (Seat, *syncbuf.Buffer) {
	t.Helper()
	var stderr syncbuf.Buffer
	c := fakeCommand(spec, &stderr)
	if strings.HasSuffix(spec, ";missing") {
		c.Args = []string{"/nonexistent/engine"}
	}
	if strings.HasPrefix(spec, "sbp") {
		hs := generous
		if strings.Contains(spec, ";mute") {
			hs = 300 * time.Millisecond // the fault: silence at the handshake
		}
		s, err := StartSBP(context.Background(), c, SBPOptions{Name: "fake", HandshakeTime: hs})
		if err != nil {
			return NotStarted("fake", err), &stderr
		}
		return s, &stderr
	}
	o.Name = "fake"
	s, err := StartUCC(context.Background(), c, o)
	if err != nil {
		t.Fatal(err)
	}
	return s, &stderr
}

// generous is the time of a reply, a handshake or a setup in the tests
// that do not test a timeout: far more than any of them takes on a
// loaded machine, so that only a fault can end a game.
const generous = 2 * time.Minute

// fakeCommand is the command of a fake engine with spec. Its quit wait
// is short (a fake that ignores quit costs that much); a write to it
// has the default time.
func fakeCommand(spec string, stderr io.Writer) Command {
	return Command{Args: []string{os.Args[0], "-test.run=^$"}, Env: []string{fakeEnv + "=" + spec}, Stderr: stderr, QuitWait: 300 * time.Millisecond}
}

// seatPid returns the process id of an engine seat, 0 for none.
func seatPid(s Seat) int {
	switch s := s.(type) {
	case *sbpSeat:
		if p, ok := s.conn.(*proc); ok {
			return p.pid()
		}
	case *uccSeat:
		if p, ok := s.conn.(*proc); ok {
			return p.pid()
		}
	}
	return 0
}
