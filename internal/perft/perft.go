package perft

// counts are the four counters of a perft row.
type counts struct {
	nodes, attacks, flags, ended int64
}

func (c *counts) add(d counts) {
	c.nodes += d.nodes
	c.attacks += d.attacks
	c.flags += d.flags
	c.ended += d.ended
}

// leaf returns the counts of the one line that ends with ev.
func leaf(ev stratego.Event) counts {
	c := counts{nodes: 1}
	if ev.IsAttack() {
		c.attacks = 1
	}
	if ev.Outcome.Reason == stratego.FlagCaptured {
		c.flags = 1
	}
	if ev.Outcome.Over() {
		c.ended = 1
	}
	return c
}

// counter counts move trees with one move buffer per depth, so that the
// count allocates nothing beyond what Apply does.
type counter struct {
	bufs [][]stratego.Move
	err  error // a legal move that Apply rejected: an engine bug
}

func newCounter(depth int) *counter {
	c := &counter{bufs: make([][]stratego.Move, depth+1)}
	for i := range c.bufs {
		c.bufs[i] = make([]stratego.Move, 0, 128)
	}
	return c
}

// count returns the counts of the lines of depth ≥ 1 moves from s.
func (c *counter) count(s stratego.State, depth int) counts {
	var total counts
	moves := s.AppendLegalMoves(c.bufs[depth][:0])
	c.bufs[depth] = moves
	for _, m := range moves {
		next, ev, err := s.Apply(m)
		if err != nil {
			c.fail(m, err)
			return total
		}
		if depth == 1 {
			total.add(leaf(ev))
		} else {
			total.add(c.count(next, depth-1))
		}
	}
	return total
}

func (c *counter) fail(m stratego.Move, err error) {
	if c.err == nil {
		c.err = fmt.Errorf("engine bug: legal move %v rejected: %w", m, err)
	}
}

// split is one divide line: a first move and the counts below it.
type split struct {
	move stratego.Move
	counts
}

// divide counts the lines of depth ≥ 1 moves from s, split by first move
// in square-index order.
func (c *counter) divide(s stratego.State, depth int) ([]split, counts) {
	var (
		total  counts
		splits []split
	)
	for _, m := range s.AppendLegalMoves(nil) {
		next, ev, err := s.Apply(m)
		if err != nil {
			c.fail(m, err)
			break
		}
		sub := leaf(ev)
		if depth > 1 {
			sub = c.count(next, depth-1)
		}
		splits = append(splits, split{m, sub})
		total.add(sub)
	}
	sortSplits(splits)
	return splits, total
}

// sortSplits orders divide lines by from square, then to square, by
// square index (a1 = 0), then by the move's text (for Captains' turns and
// rescues, which may share both squares).
func sortSplits(splits []split) {
	key := func(m stratego.Move) (int, int, string) {
		return m.From.Index(), m.To.Index(), m.String()
	}
	for i := 1; i < len(splits); i++ {
		for j := i; j > 0; j-- {
			af, at, as := key(splits[j-1].move)
			bf, bt, bs := key(splits[j].move)
			if af < bf || af == bf && (at < bt || at == bt && as <= bs) {
				break
			}
			splits[j-1], splits[j] = splits[j], splits[j-1]
		}
	}
}

