package suite

// suiteCase is one block of a perft suite file.
type suiteCase struct {
	name   string
	line   int // the line of its "position"
	rules  stratego.Rules
	field  string
	moves  []string
	depths []suiteRow
	divide []suiteSplit
}

// suiteRow is one "depth" line.
type suiteRow struct {
	depth int
	want  counts
}

// suiteSplit is one "divide" line.
type suiteSplit struct {
	move  string
	nodes int64
}

// readSuite parses a perft suite file (see the README of the Stratego
// perft suite): blocks of position, note, rules, field, moves, depth and
// divide lines, each closed by "end". Errors name the line.
func readSuite(name string, r io.Reader) ([]suiteCase, error) {
	var (
		cases []suiteCase
		cur   *suiteCase
		seen  = map[string]bool{}
	)
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	n := 0
	for sc.Scan() {
		n++
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		bad := func(format string, args ...any) error {
			return fmt.Errorf("%s:%d: %s", name, n, fmt.Sprintf(format, args...))
		}
		w := strings.Fields(line)
		if w[0] != "position" && cur == nil {
			return nil, bad("%q outside a block (want \"position <name>\" first)", w[0])
		}
		switch w[0] {
		case "position":
			if cur != nil {
				return nil, bad("position %q before the \"end\" of %q", strings.Join(w[1:], " "), cur.name)
			}
			if len(w) != 2 {
				return nil, bad("want \"position <name>\"")
			}
			if seen[w[1]] {
				return nil, bad("position %q given twice", w[1])
			}
			seen[w[1]] = true
			cases = append(cases, suiteCase{name: w[1], line: n, rules: stratego.Classic()})
			cur = &cases[len(cases)-1]
		case "note":
		case "rules":
			r, err := suiteRules(w[1:])
			if err != nil {
				return nil, bad("%v", err)
			}
			cur.rules = r
		case "field":
			if len(w) != 2 {
				return nil, bad("want \"field <100 letters>\"")
			}
			cur.field = w[1]
		case "moves":
			if len(w) < 2 {
				return nil, bad("want \"moves <m1> <m2> ...\" or \"moves -\"")
			}
			if !(len(w) == 2 && w[1] == "-") {
				cur.moves = w[1:]
			}
		case "depth":
			row, err := suiteDepth(w)
			if err != nil {
				return nil, bad("%v", err)
			}
			if k := len(cur.depths); k > 0 && row.depth <= cur.depths[k-1].depth {
				return nil, bad("depth %d after depth %d (want increasing depths)", row.depth, cur.depths[k-1].depth)
			}
			cur.depths = append(cur.depths, row)
		case "divide":
			if len(w) != 3 {
				return nil, bad("want \"divide <move> <count>\"")
			}
			nodes, err := strconv.ParseInt(w[2], 10, 64)
			if err != nil || nodes < 0 {
				return nil, bad("divide count %q: want a number", w[2])
			}
			cur.divide = append(cur.divide, suiteSplit{w[1], nodes})
		case "end":
			if cur.field == "" {
				return nil, bad("block %q has no field", cur.name)
			}
			if len(cur.depths) == 0 {
				return nil, bad("block %q has no depth line", cur.name)
			}
			cur = nil
		default:
			return nil, bad("unknown line %q", w[0])
		}
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("%s: %w", name, err)
	}
	if cur != nil {
		return nil, fmt.Errorf("%s: block %q has no \"end\"", name, cur.name)
	}
	if len(cases) == 0 {
		return nil, fmt.Errorf("%s: no position blocks", name)
	}
	return cases, nil
}

// suiteRules reads the settings of a "rules" line, key value pairs on top
// of Classic.
func suiteRules(w []string) (stratego.Rules, error) {
	r := stratego.Classic()
	if len(w)%2 != 0 {
		return r, fmt.Errorf("rules: want key value pairs")
	}
	for i := 0; i < len(w); i += 2 {
		key, val := w[i], w[i+1]
		num := func() (int, error) {
			v, err := strconv.Atoi(val)
			if err != nil || v < 0 {
				return 0, fmt.Errorf("rules: %s %q: want a number", key, val)
			}
			return v, nil
		}
		var err error
		switch key {
		case "two-squares":
			r.TwoSquares, err = num()
		case "more-squares":
			switch val {
			case "on":
				r.MoreSquares = stratego.MoreSquaresChase
			case "off":
				r.MoreSquares = stratego.MoreSquaresOff
			default:
				err = fmt.Errorf("rules: more-squares %q: want on or off", val)
			}
		case "max-plies":
			r.MaxPlies, err = num()
		case "max-plies-without-attack":
			r.MaxPliesWithoutAttack, err = num()
		default:
			err = fmt.Errorf("rules: unknown setting %q", key)
		}
		if err != nil {
			return r, err
		}
	}
	if err := r.Validate(); err != nil {
		return r, fmt.Errorf("rules: %w", err)
	}
	return r, nil
}

// suiteDepth reads "depth d nodes X attacks Y flags Z ended W".
func suiteDepth(w []string) (suiteRow, error) {
	var row suiteRow
	if len(w) != 10 || w[2] != "nodes" || w[4] != "attacks" || w[6] != "flags" || w[8] != "ended" {
		return row, fmt.Errorf("want \"depth <d> nodes <X> attacks <Y> flags <Z> ended <W>\"")
	}
	d, err := strconv.Atoi(w[1])
	if err != nil || d < 1 || d > maxDepth {
		return row, fmt.Errorf("depth %q: want 1 to %d", w[1], maxDepth)
	}
	row.depth = d
	for i, p := range []*int64{&row.want.nodes, &row.want.attacks, &row.want.flags, &row.want.ended} {
		v, err := strconv.ParseInt(w[3+2*i], 10, 64)
		if err != nil || v < 0 {
			return row, fmt.Errorf("%s %q: want a number", w[2+2*i], w[3+2*i])
		}
		*p = v
	}
	return row, nil
}

