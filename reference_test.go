package stratego

import (
	"fmt"
	"slices"
	"testing"

	"github.com/stratego-go/stratego/internal/perft/suite"
)

// A slow reference implementation of the rules of RULES.md sections 4–6,
// written from the rule text and testdata/perft/README.md without
// looking at movegen.go or repetition.go, in the way the independent
// program that produced the perft numbers works: it keeps the whole move
// history of a game and recomputes everything from it every time it is
// asked — the board and piece identities by replaying every move, the
// Two-Squares runs (6.1) from the mover's own earlier moves, and the
// More-Squares chases (6.2, the formal form with its precise readings)
// by scanning the history from the first ply. It knows nothing of
// Captains that move two squares or of rescues (Ultimate Lightning);
// refSupports says which rules it covers.
//
// It uses the engine only for value types (Square, Piece, Rank, Move,
// Board, Rules fields) and nothing that decides legality.

// refSupports reports whether the reference implements every rule of r.
func refSupports(r Rules) bool { return !r.CaptainsMoveTwo && r.Rescues == 0 }

// refGame is a game as the reference sees it: the rules, the starting
// placement and side, and every move played since, in order.
type refGame struct {
	rules Rules
	start Board
	turn  Color
	moves []Move
}

// refPly is one replayed ply.
type refPly struct {
	color  Color
	id     int // identity of the moving piece
	move   Move
	attack bool
	after  Board // the board after the ply
}

// refPos is the position at the end of a refGame's history, rebuilt from
// scratch by replay.
type refPos struct {
	rules   Rules
	board   Board
	ids     [MaxSquares]int // identity of the piece on each square, -1 for none
	turn    Color
	plies   []refPly
	start   Board
	flagWon Color // side that captured a flag in the last ply, if any
}

// refCombat is the combat result of RULES.md section 5, as the reference
// reads it (see wantCombat in combat_test.go for the derivation).
func refCombat(r Rules, att, def Rank) Combat { return wantCombat(att, def, r.Ties, r.Bombs) }

// refOnBoard reports whether sq is a square of r's board that is not a
// lake (RULES.md 1).
func refOnBoard(r Rules, sq Square) bool {
	return sq.IsValid() && sq.File() < r.Width && sq.Row() < r.Height && !r.Lakes.Has(sq)
}

// refNeighbours returns the squares orthogonally next to sq on the 10×10
// grid.
func refNeighbours(sq Square) []Square {
	var out []Square
	f, r := sq.File(), sq.Row()
	for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
		if n := SquareAt(f+d[0], r+d[1]); n != NoSquare {
			out = append(out, n)
		}
	}
	return out
}

func refAdjacent(a, b Square) bool { return slices.Contains(refNeighbours(a), b) }

// refNextToEnemy reports whether a square next to sq holds a piece not of
// color c on board b (RULES.md 6.2: a threat; bombs and flags count).
func refNextToEnemy(b *Board, sq Square, c Color) bool {
	for _, n := range refNeighbours(sq) {
		if p := b.At(n); p != 0 && p.Color() != c {
			return true
		}
	}
	return false
}

// refPath returns the squares a move passes through, from the first square
// after From up to and including To, or nil when the move is not along a
// rank or file.
func refPath(m Move) []Square {
	df, dr := m.To.File()-m.From.File(), m.To.Row()-m.From.Row()
	if (df != 0) == (dr != 0) {
		return nil
	}
	sf, sr := sign(df), sign(dr)
	var out []Square
	for f, r := m.From.File()+sf, m.From.Row()+sr; ; f, r = f+sf, r+sr {
		q := SquareAt(f, r)
		out = append(out, q)
		if q == m.To {
			return out
		}
	}
}

func sign(x int) int {
	switch {
	case x > 0:
		return 1
	case x < 0:
		return -1
	}
	return 0
}

// refBoundary is the boundary between two adjacent squares, smaller index
// first.
type refBoundary [2]Square

// refCrossings returns the boundaries a move crosses (6.1: one per square
// stepped).
func refCrossings(m Move) []refBoundary {
	var out []refBoundary
	prev := m.From
	for _, q := range refPath(m) {
		a, b := prev, q
		if a > b {
			a, b = b, a
		}
		out = append(out, refBoundary{a, b})
		prev = q
	}
	return out
}

// position replays the whole history. It fails when a move of the history
// is not a move of a piece of the side to move onto an empty square or an
// enemy piece (the caller compares legality separately).
func (g *refGame) position() (*refPos, error) {
	p := &refPos{rules: g.rules, board: g.start, turn: g.turn, start: g.start}
	for i := range p.ids {
		p.ids[i] = -1
	}
	for i, pc := range g.start.pieces {
		if pc != 0 {
			p.ids[i] = i // identity: the index of the square it started on
		}
	}
	for i, m := range g.moves {
		if p.flagWon != NoColor {
			return nil, fmt.Errorf("ply %d (%v) after the flag was taken", i+1, m)
		}
		a := p.board.At(m.From)
		if a == 0 || a.Color() != p.turn || !m.To.IsValid() {
			return nil, fmt.Errorf("ply %d (%v): no piece of %v on the from-square", i+1, m, p.turn)
		}
		ply := refPly{color: p.turn, id: p.ids[m.From.Index()], move: m}
		d := p.board.At(m.To)
		if d != 0 && d.Color() == p.turn {
			return nil, fmt.Errorf("ply %d (%v): onto an own piece", i+1, m)
		}
		id := p.ids[m.From.Index()]
		p.board.Put(m.From, 0)
		p.ids[m.From.Index()] = -1
		if d == 0 {
			p.board.Put(m.To, a)
			p.ids[m.To.Index()] = id
		} else {
			ply.attack = true
			switch refCombat(g.rules, a.Rank(), d.Rank()) {
			case AttackerWins:
				p.board.Put(m.To, a)
				p.ids[m.To.Index()] = id
				if d.Rank() == Flag {
					p.flagWon = p.turn
				}
			case DefenderWins:
			case BothRemoved:
				p.board.Put(m.To, 0)
				p.ids[m.To.Index()] = -1
			default:
				return nil, fmt.Errorf("ply %d (%v): no combat result", i+1, m)
			}
		}
		ply.after = p.board
		p.plies = append(p.plies, ply)
		p.turn = p.turn.Opponent()
	}
	return p, nil
}

// movable reports whether c has a piece that can ever move (6.3: pieces
// that are walled in still count).
func (p *refPos) movable(c Color) bool {
	for _, pc := range p.board.pieces {
		if pc != 0 && pc.Color() == c && pc.Rank() != Bomb && pc.Rank() != Flag {
			return true
		}
	}
	return false
}

// pseudoMoves lists the moves of RULES.md section 4 for the side to move,
// before the repetition rules: one step orthogonally for every movable
// piece, any number of empty squares in a line for a Scout (and an attack
// at the end of the line when Scouts may move and strike), never onto or
// across a lake or a piece, never onto an own piece.
func (p *refPos) pseudoMoves() []Move {
	var out []Move
	r := p.rules
	for i, pc := range p.board.pieces {
		if pc == 0 || pc.Color() != p.turn || pc.Rank() == Bomb || pc.Rank() == Flag {
			continue
		}
		from := Square(i + 1)
		for _, d := range [4][2]int{{0, 1}, {1, 0}, {0, -1}, {-1, 0}} {
			for k := 1; ; k++ {
				to := SquareAt(from.File()+k*d[0], from.Row()+k*d[1])
				if !refOnBoard(r, to) {
					break
				}
				q := p.board.At(to)
				if q != 0 {
					if q.Color() != p.turn && (k == 1 || r.Scouts == ScoutMoveAndStrike) {
						out = append(out, Move{From: from, To: to})
					}
					break
				}
				out = append(out, Move{From: from, To: to})
				if pc.Rank() != Scout {
					break
				}
			}
		}
	}
	return out
}

// twoSquaresForbids applies RULES.md 6.1 to a move of the side to move:
// the run is the mover's own most recent moves with one piece, followed
// by identity; a move of that piece is illegal when some boundary it
// crosses was crossed by each of the run's last N moves.
func (p *refPos) twoSquaresForbids(m Move) bool {
	n := p.rules.TwoSquares
	if n == 0 {
		return false
	}
	id := p.ids[m.From.Index()]
	var run []refPly // most recent first
	for i := len(p.plies) - 1; i >= 0 && len(run) < n; i-- {
		h := p.plies[i]
		if h.color != p.turn {
			continue
		}
		if h.id != id {
			break
		}
		run = append(run, h)
	}
	if len(run) < n {
		return false
	}
	for _, b := range refCrossings(m) {
		all := true
		for _, h := range run {
			if !slices.Contains(refCrossings(h.move), b) {
				all = false
				break
			}
		}
		if all {
			return true
		}
	}
	return false
}

// refChase is one side's chase as the chaser (6.2).
type refChase struct {
	on       bool
	boards   []Board
	from, to Square // the chaser's last move
}

// chases scans the whole history and returns each side's chase as it
// stands now, and the boards since the last attack (the initial board
// first when there was none).
func (p *refPos) chases() (ch [3]refChase, sinceAttack []Board) {
	sinceAttack = []Board{p.start}
	for _, h := range p.plies {
		c, o := h.color, h.color.Opponent()
		if h.attack {
			// Any attack ends both chases and forgets their boards; one whose
			// destination square is next to an enemy piece on the board after
			// it is the first threat of a new chase, whoever survived.
			ch[Red], ch[Blue] = refChase{}, refChase{}
			sinceAttack = []Board{h.after}
			if refNextToEnemy(&h.after, h.move.To, c) {
				ch[c] = refChase{on: true, boards: []Board{h.after}, from: h.move.From, to: h.move.To}
			}
			continue
		}
		sinceAttack = append(sinceAttack, h.after)
		// An evasion in o's chase: a move away from a square next to where
		// o's last move ended. Anything else ends o's chase.
		if ch[o].on {
			if refAdjacent(h.move.From, ch[o].to) {
				ch[o].boards = append(ch[o].boards, h.after)
			} else {
				ch[o] = refChase{}
			}
		}
		// A threat in c's own chase: the destination is next to an enemy.
		if refNextToEnemy(&h.after, h.move.To, c) {
			if !ch[c].on {
				ch[c] = refChase{on: true}
			}
			ch[c].from, ch[c].to = h.move.From, h.move.To
			ch[c].boards = append(ch[c].boards, h.after)
		} else {
			ch[c] = refChase{}
		}
	}
	return ch, sinceAttack
}

// moreSquaresForbids applies RULES.md 6.2 to a quiet move of the side to
// move.
func (p *refPos) moreSquaresForbids(m Move, ch *refChase, sinceAttack []Board) bool {
	if p.rules.MoreSquares == MoreSquaresOff || !ch.on {
		return false
	}
	if m.From == ch.to && m.To == ch.from {
		return false // the chasing piece goes back where it came from
	}
	after := p.board
	after.Put(m.To, after.At(m.From))
	after.Put(m.From, 0)
	if !refNextToEnemy(&after, m.To, p.turn) {
		return false
	}
	list := ch.boards
	if p.rules.MoreSquares == MoreSquaresGame {
		list = sinceAttack
	}
	return slices.Contains(list, after)
}

// forbidden returns the sentinel of the repetition rule that forbids a
// pseudo-legal move, or nil.
func (p *refPos) forbidden(m Move, ch *[3]refChase, sinceAttack []Board) error {
	if p.twoSquaresForbids(m) {
		return ErrTwoSquares
	}
	if p.board.At(m.To) == 0 && p.moreSquaresForbids(m, &ch[p.turn], sinceAttack) {
		return ErrMoreSquares
	}
	return nil
}

// legalIgnoringEnd returns the moves of the side to move that sections 4
// and 6.1–6.2 allow, ignoring whether the game is over.
func (p *refPos) legalIgnoringEnd() []Move {
	ch, since := p.chases()
	var out []Move
	for _, m := range p.pseudoMoves() {
		if p.forbidden(m, &ch, since) == nil {
			out = append(out, m)
		}
	}
	return out
}

// outcome returns the end of the game at this position by RULES.md 6.3,
// assuming the game was not over before the last ply: the flag first,
// then the caps, then a side to move without a legal move.
func (p *refPos) outcome() Outcome {
	if p.flagWon != NoColor {
		return Outcome{Winner: p.flagWon, Reason: FlagCaptured}
	}
	r := p.rules
	if r.MaxPlies > 0 && len(p.plies) >= r.MaxPlies {
		return Outcome{Reason: PlyCap}
	}
	quiet := 0
	for i := len(p.plies) - 1; i >= 0 && !p.plies[i].attack; i-- {
		quiet++
	}
	if r.MaxPliesWithoutAttack > 0 && quiet >= r.MaxPliesWithoutAttack {
		return Outcome{Reason: NoAttackCap}
	}
	if len(p.legalIgnoringEnd()) > 0 {
		return Outcome{}
	}
	if !p.movable(p.turn.Opponent()) {
		return Outcome{Reason: NeitherCanMove}
	}
	return Outcome{Winner: p.turn.Opponent(), Reason: NoLegalMove}
}

// legal returns the legal moves at the end of the history, sorted by
// from-square then to-square, and the outcome.
func (g *refGame) legal() ([]Move, Outcome, error) {
	p, err := g.position()
	if err != nil {
		return nil, Outcome{}, err
	}
	o := p.outcome()
	if o.IsOver() {
		return nil, o, nil
	}
	ms := p.legalIgnoringEnd()
	sortMoves(ms)
	return ms, o, nil
}

// why returns the sentinel the reference gives for rejecting m at the end
// of the history: nil when m is legal.
func (g *refGame) why(m Move) error {
	p, err := g.position()
	if err != nil {
		return err
	}
	if p.outcome().IsOver() {
		return ErrGameOver
	}
	if !slices.Contains(p.pseudoMoves(), m) {
		return ErrInvalid // some movement error; the caller does not look closer
	}
	ch, since := p.chases()
	return p.forbidden(m, &ch, since)
}

// refPerft counts perft with the reference alone: every node rebuilds its
// position from the start of the game.
func refPerft(t *testing.T, g *refGame, depth int) suite.Counts {
	t.Helper()
	var r suite.Counts
	ms, o, err := g.legal()
	if err != nil {
		t.Fatalf("reference: %v", err)
	}
	if o.IsOver() {
		return r
	}
	for _, m := range ms {
		child := &refGame{rules: g.rules, start: g.start, turn: g.turn, moves: append(g.moves[:len(g.moves):len(g.moves)], m)}
		if depth == 1 {
			r.Nodes++
			p, err := child.position()
			if err != nil {
				t.Fatalf("reference: %v", err)
			}
			if last := p.plies[len(p.plies)-1]; last.attack {
				r.Attacks++
			}
			co := p.outcome()
			if co.Reason == FlagCaptured {
				r.Flags++
			}
			if co.IsOver() {
				r.Ended++
			}
			continue
		}
		sub := refPerft(t, child, depth-1)
		r.Add(sub)
	}
	return r
}

// TestReference_Perft checks the reference itself against the perft
// suite, on the depths small enough for its slowness: the reference is
// only worth comparing the engine with if it reproduces the numbers.
func TestReference_Perft(t *testing.T) {
	limit := int64(10000)
	if testing.Short() {
		limit = 300
	}
	cases, err := suite.ReadFiles(func(text string) error {
		_, err := ParseRules(text)
		return err
	}, "testdata/perft/perft.txt", "testdata/perft/project.txt")
	if err != nil {
		t.Fatalf("perft files: %v", err)
	}
	for _, c := range cases {
		t.Run(c.Name, func(t *testing.T) {
			r, err := ParseRules(c.Rules)
			if err != nil {
				t.Fatal(err)
			}
			b, err := letterField(r, c.Field)
			if err != nil {
				t.Fatal(err)
			}
			g := &refGame{rules: r, start: b, turn: Red}
			for _, ms := range c.Moves {
				m := MustParseMove(ms)
				if err := g.why(m); err != nil {
					t.Fatalf("listed move %v: reference says %v", m, err)
				}
				g.moves = append(g.moves, m)
			}
			for _, want := range c.Depths {
				if want.Want.Nodes > limit {
					break
				}
				if got := refPerft(t, g, want.Depth); got != want.Want {
					t.Errorf("depth %d: got %+v, want %+v", want.Depth, got, want.Want)
				}
			}
		})
	}
}
