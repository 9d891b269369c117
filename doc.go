// Package stratego is a rules engine for the board game Stratego: immutable
// game states, exact move legality including the tournament Two-Squares and
// More-Squares rules, combat resolution, variants and house rules as plain
// settings, setups, per-player views with sampling of the hidden pieces,
// text forms for everything. It uses only the standard library.
//
// Side concerns are packages of their own that use only this package's
// exported API: [github.com/stratego-go/stratego/gravon] reads and writes
// the Gravon archive's formats, and [github.com/stratego-go/stratego/learn]
// holds the action space and observation planes for learning agents.
//
// # Rules and variants
//
// A game is played under [Rules], a plain comparable struct: the board,
// the lakes, the setup zone, the army, the rank labels, and every rule
// that varies between published variants and house rules (scout strikes,
// ties, bombs, revealed information, two-square Captains, rescues, the
// repetition rules, move caps). Presets are functions that return a fresh
// value: [Classic] (ISF rules), [Gravon] (Classic as the Gravon server
// played it), [Barrage], [Duel], [DuelHasbro], [UltimateLightning],
// [QuickBattle] and [Vintage] (Milton Bradley); [Preset] finds one by
// name. A house rule is a preset with a field changed, and a custom
// variant any value that [Rules.Validate] accepts; the engine reads only
// the fields, never which preset a value came from.
//
// # Setups and games
//
// Each side places its army with a [Setup], written from its owner's
// chair (a1 is the owner's back-left corner, for Blue too): [ParseSetup]
// reads its one-line text form, [RandomSetup] draws one, and
// [Rules.CheckSetup] says what is wrong with one. [New] starts a game
// from two setups; [FromBoard] starts one from any placement ([Board]),
// for puzzles, endgame studies and analysis.
//
// A [State] is a position together with everything that decides what may
// happen next. [State.LegalMoves] yields the legal moves (an
// [iter.Seq]), [State.AppendLegalMoves] appends them without allocating,
// [State.Check] says why a move is illegal with an error wrapping a
// sentinel such as [ErrBlocked] or [ErrTwoSquares], and [State.Apply]
// returns the next state and an [Event]: what moved, the ranks and
// result of a combat ([Resolve] decides it, RULES.md section 5), and the
// [Outcome] after the move. For playouts and search, [State.RandomMove]
// draws a uniformly random legal move without a move list, and
// [State.Play] and [State.PlayRandom] play a move in place into a State
// the caller owns. [State.Resign] and [State.AgreeDraw] end a
// game by agreement. [State.Picture] draws the board for a terminal.
//
// A [Game] is a played game as a value: its start (the setups, or a
// start state), its moves and the current State. [NewGame] starts one,
// [Game.Apply] plays a move and returns the next Game (sharing the list
// of moves), [Game.Undo] and [Game.At] go back to any ply, and
// [Game.Record] writes the whole game as a [Record] in one call;
// [Record.Game] reads one back. A server, a referee or a terminal game
// keeps a Game per game; a search keeps States.
//
// [State.Equal] says whether two states are the same position with the
// same future; == does not compile on State or Game.
//
// # Rules followed
//
// The package implements the rules reference of the project (RULES.md):
// the 10×10 board with two lakes, the 40-piece army, Red moving first,
// scouts sliding and striking at distance, combat in the order flag, bomb,
// spy against marshal, strength, ties removing both. After each ply the
// engine checks, in this order, a captured flag (the taker wins), the move
// caps (a draw), and whether the side to move has a legal move (if not, it
// loses, or the game is drawn when the other side has no movable piece
// either); resignation and agreed draws come from the players.
//
// The Two-Squares Rule ([Rules.TwoSquares], 3 in Classic) is the boundary
// form: a player's run is his consecutive moves with one piece (followed
// by identity), and a move is illegal if a square boundary it crosses was
// crossed by each of the last N moves of the run; scout slides cross
// every boundary on their path, and attacks count like moves. The
// More-Squares Rule ([Rules.MoreSquares]) forbids a chasing move that
// recreates a board already reached in the current chase (boards compared
// by rank and color on each square), except the chaser's return to the
// square it just left. A player whose only moves are forbidden by these
// rules has no legal move and loses. Both rules are reproduced exactly
// against an independent implementation on a perft suite of 29
// positions.
//
// # Hidden information
//
// A [State] holds the full truth, for a referee. [State.Knowledge] says
// what the opponent has learned about a piece ([KnownRank] shown in
// combat, [KnownMoved] so no Bomb or Flag, [KnownFar] so a Scout, or
// where Captains move two squares a Scout or Captain that [KnownLong]
// and [KnownTurn] tell apart).
// [State.View] gives a [View]: what one player may know, and nothing
// more, with the player's legal moves and the last move as the player saw
// it. A game server may send a View to its player as it is: two states
// that differ only in ranks hidden from the player give equal views. The
// one thing a player learns only from the legal moves is documented on
// [View]: a More-Squares ban that two swapped hidden pieces lift.
// [State.ViewInto] reuses a View's storage; [View.Position] gives
// the same knowledge as a [Position].
//
// [View.Sample] draws a full State that agrees with everything a view
// shows (a determinization, for search and learning), every agreeing
// assignment of hidden ranks equally likely in a game from [New], with
// the repetition records rebuilt so that its legal moves are the real
// ones; [View.Sampler] draws many from one view.
//
// # Notation
//
// The values a program stores or sends have one text form each, written
// by String and AppendText (MarshalText for JSON) and read back by a
// Parse function and UnmarshalText. The grammars, in a small EBNF ("x"
// literal, [x] optional, {x} repeated):
//
//	square    = file row                     a1, j10 (file a–j, row 1–10)
//	move      = square ("-" | "x") square    a4-a5, b4xb5 (x: an attack)
//	          | square "-" square "-" square a turning Captain: c3-c4-d4
//	          | "+" rankname "@" square      a rescue: +general@d2
//	annotated = move ["(" label result label ")"]   b4xb5(6>3)
//	result    = ">" | "<" | "="              attacker wins | defender wins | both removed
//	setup     = row {"/" row}                owner's back row first, one label or "." per file
//	rules     = preset {"," key "=" value}   gravon,maxplies=2000
//	outcome   = "ongoing" | color " wins (" reason ")" | "draw (" reason ")"
//
// A label is a rank's one-character label in the rules' [Numbering]: ISF
// writes 1–9 for Spy to General and X for the Marshal (an annotation
// also reads the Marshal's printed label 10), Vintage 1–9 for Marshal
// to Scout and S for the Spy, both B for Bomb and F for Flag
// ([Numbering.Char]). An "x" in a move is a hint that [ParseMove]
// drops; a [Record] keeps and checks it ([RecordedMove]), and
// [View.ParseMove] refuses it onto a square without an enemy piece. A
// view writes its legal attacks with "x" ([View.AppendMove]). A rankname is
// a [Rank.String] ("general"). [ParseSquare], [ParseMove],
// [ParseAnnotatedMove], [ParseSetup], [ParseRules] (which lists the
// keys) and [ParseOutcome] read them.
//
// One case rule holds for every parser: letters are read in any case
// and written in the case the grammars show. That covers the names
// (colors, ranks, numberings, end reasons, outcomes, presets, rules keys
// and values, the reserved tag names of a record), squares ("J10" is
// j10), rank labels ("x" is the ISF Marshal, "b" a Bomb), the "x" of an
// attack and the letters of the position text ("R", "view:BLUE"). Free
// text keeps its case: a record's own tag names and values, comments.
// The Gravon formats (package gravon) read letters as the archive
// writes them. A record, which is often a file, may start with a UTF-8
// byte order mark, which [ParseRecord] and [ReadRecords] skip.
//
// A [Position] is the one-line form of a whole State, like chess's FEN:
// the rules, the board with what each side knows of each piece, the
// captures, the side to move, the counters, the repetition records and
// the outcome; [State.Position] and [Position.State] convert without
// loss, and a player's view prints with "?" ranks. A [Record] is a whole
// game in a PGN-like text: tags, the rules, the setups or a start
// position, the moves with their combat annotations and comments, and
// the result; [Record.Replay] plays it, [Record.Game] makes a [Game] of
// it, and [ReadRecords] reads a stream of many (a file of games, like a
// PGN file). A [Setup] marshals as its text (a JSON string). A [View]'s
// text is the position of the player's view followed by the last move as
// the player saw it and the player's legal moves ([View.AppendText], [ParseView]); its JSON
// form ([View.MarshalJSON]) has the same fields. The grammars of
// positions and views are in the next section; those of records at
// [Record].
//
// # Position text
//
// The one text grammar for a [Position] and a [View]: a view's text is
// a view position followed by two fields (see below). Fields are
// separated by one space:
//
//	position = rules board turn ply quiet captured runs chases history outcome [viewer]
//	rules    = the form of Rules.String             classic
//	board    = row {"/" row}       rows from the top (row Height) down to row 1
//	row      = cell {cell}         one cell per file, a first
//	cell     = "." | "~" | piece   empty, lake, piece
//	piece    = ("r" | "b") label ["!"] ["+"] ["*"] [">" | "%"] ["^"] [beat]
//	label    = a rank label in the rules' numbering, or "?" (hidden)
//	beat     = "<" label {label}  silent defense: attackers it beat
//	turn     = ("r" | "b") ["@"]   the side to move; "@": a rescue is due
//	ply      = decimal             plies since the start
//	quiet    = decimal             plies in a row without an attack
//	captured = "-" | piece {piece} pieces off the board, red first, by rank
//	runs     = moves "/" moves     red's and blue's Two-Squares runs
//	chases   = chase "/" chase "/" decimal
//	chase    = "-" | square "-" square ":" decimal
//	history  = moves
//	moves    = "-" | move {"," move}   oldest first
//	outcome  = "*" | ("red" | "blue" | "draw") ":" reason
//	reason   = "flag" | "nomove" | "neither" | "resign" | "agreed"
//	         | "plycap" | "quietcap" | "nomovable"
//	viewer   = "view:" ("red" | "blue")   whose view this is
//
//	view     = position last legal   the text of a View; position has a viewer
//	last     = "-" | annotated       the last move as the viewer saw it
//	legal    = "-" | move {"," move} the viewer's legal moves, in the order
//	                                 of View.LegalMoves, an attack written
//	                                 with "x" (View.AppendMove); "-" when it
//	                                 is not the viewer's turn
//
// The marks of a piece say what its opponent knows: "!" its rank (shown
// in combat), "+" that it has moved (so it is no Bomb or Flag), "*" that
// it once moved more than one square (a Scout, or where Captains move two
// squares a Scout or a Captain); where Captains move two squares, ">"
// that one of those moves went three or more squares in a line (a Scout)
// and "%" that one turned (a Captain); "^" marks a piece that has made a
// rescue (Ultimate Lightning), which may not make another; the number of
// rescues a side has made is the number of its marked pieces, less the
// rescue due when the turn field has "@" (its piece is marked already).
// Under silent defense ([InfoSilentDefense]) "<" and rank labels (of
// movable ranks, in rank order from the Spy to the Marshal, no label
// twice) mark a piece on the board that, with its rank hidden, won
// fights against attackers of those ranks: both players saw them, so the
// piece is one that beats each of them ([Resolve] gives DefenderWins).
// In ISF numbering "rB<27" is a Bomb that beat a Scout and a Major, and
// "b?+<5" in Red's view a moved blue piece that beat a Lieutenant. A
// piece whose rank is shown ("!") has no such mark, nor has a captured
// piece; the mark stays on the piece as it moves, and is in both
// players' views.
// In a view,
// an enemy piece shows its rank exactly when it has the "!" mark; the
// viewer's own pieces always show theirs.
//
// The repetition record: a run lists the last moves (at most
// Rules.TwoSquares) of the piece its side moved last, when that piece is
// still on the board; a chase is the chaser's last move and the number
// of boards its chase remembers (0 when Rules.MoreSquares is "game"),
// and the last number counts the boards remembered since the last attack
// under the "game" scope. The history lists the quiet moves that lead
// from the oldest remembered board to the current one (one fewer than
// the largest count), from which the parser rebuilds the boards. In a
// view these are public: they name squares, not ranks.
//
// The last move of a view is an annotated move (see [ParseAnnotatedMove])
// whose defender label is "?" when the defender survived unseen (silent
// defense); the side that made it is the side to move when a rescue is
// due and the other side otherwise, and a quiet move's piece is the one
// now on its target square. The legal moves are listed because the view
// alone does not always give them: the More-Squares Rule compares hidden
// ranks (see [View]).
//
// A Classic start position reads (rows shortened here):
//
//	classic b5b3b3…/…/rFrB…/r1r2… r 0 0 - -/- -/-/0 - *
//
// Blue's view position of it ends in " view:blue", and the text of
// Blue's [View] (no last move yet, no legal moves while Red is to move)
// reads:
//
//	classic b5b3b3…/…/r?r?…/r?r?… r 0 0 - -/- -/-/0 - * view:blue - -
//
// # Concurrency
//
// A State is an immutable value: no value method changes it, [State.Apply]
// returns a new one, and the histories that states share are never
// written after they are made (a chasing ply takes a fresh node from a
// block the state holds, claimed atomically, so copies of a state in
// different goroutines may play on at once, and states drawn from one
// [Sampler] share no written word); a [Game] is immutable in the same
// way. The pointer methods [State.Play] and [State.PlayRandom] change
// only the State their receiver points to. Any number of goroutines may
// read one State or Game at once without locking. [Rules], [Setup],
// [Move] and the other
// small types are plain values; a View may be read from many goroutines,
// and a [Sampler] used by many, each with its own [math/rand/v2.Rand].
//
// # Errors
//
// Bad input is reported, never a panic, and the package never logs or
// exits. Every error (but the I/O errors of a reader or writer the caller
// passes in) wraps a sentinel so that [errors.Is] works: the
// general ones ([ErrInvalid], [ErrSyntax], [ErrRules], [ErrSetup],
// [ErrPosition]), the move errors ([ErrGameOver], [ErrNoPiece],
// [ErrOffBoard], [ErrLake], [ErrBlocked], [ErrTwoSquares],
// [ErrMoreSquares], …), and [ErrHidden], [ErrMismatch] and
// [ErrInconsistentView]; each sentinel's comment says which functions
// return it. The typed errors [MoveError], [RulesError], [SetupError],
// [PositionError], [ParseError], [RecordError] and [ReplayError] carry
// the context (the move, the field, the square, the offset in the input,
// the record and line of a stream) for [errors.As]. An error keeps its
// cause: a parser that hands a part of its input to another parser
// returns a *ParseError that unwraps to [ErrSyntax] and to that parser's
// error, so that both errors.Is(err, ErrSyntax) and, for bad rules in a
// position, errors.Is(err, ErrRules) hold. A message names what was
// given and what was wanted, quoting at most 120 bytes of the input.
// Functions named Must… panic and are meant for tests and examples.
//
// # Performance
//
// Move generation and [State.RandomMove] do not allocate; nor do Apply,
// Play and PlayRandom, but for one block of 64 chase-history nodes in
// 64 chasing plies and a record of each fight a hidden defender wins
// under [InfoSilentDefense] (TestNoAllocs, TestNoAllocsPerPly). A State
// is a 496-byte value of fixed-size arrays (a padded 12×12 mailbox of
// piece ids, one byte of knowledge and flags per piece, bitboards of the
// pieces, the repetition records); what it shares with other states is
// never written: the ranks of a game's pieces, and the More-Squares
// history, an immutable list grown by one 24-byte node per ply of a
// running chase (and under [MoreSquaresGame] by every ply without an
// attack), the nodes taken 64 at a time from a block of the line of
// play. Random playouts under the full Classic rules take about 85 ns of
// CPU time a ply on one core with PlayRandom (BenchmarkPlayoutRandom),
// about 1,010 instructions, and 1,300 instructions with
// AppendLegalMoves and Play (BenchmarkPlayoutPlay); the README has the
// table and the method.
// [State.BoardHash] is a Zobrist hash of the placement, kept up to date
// by every move, for transposition tables.
package stratego
