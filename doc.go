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
// name. No preset has a ply cap (MaxPlies and MaxPliesWithoutAttack
// are 0): a game ends only by its rules, and a loop of random moves may
// run for thousands of plies; set r.MaxPlies, or write
// "classic,maxplies=2000", for a draw after that many plies. A house
// rule is a preset with a field changed, and a custom
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
// Rescues ([Rules.Rescues], Ultimate Lightning): when a piece other
// than a Scout ends a move (an attack it survives included) on the
// enemy's back row, the side has a captured piece other than the Flag,
// and its own half of the board (the rows nearer to it than the middle:
// row < Height/2 for Red) has an empty square, the same side's next
// action is a rescue: [Move] {To: sq, Rescue: rank} puts one captured
// piece of that rank back on the empty square sq of its own half. The
// rescue is compulsory in this library (the published rules say "may"):
// while it is due ([State.RescueDue]) rescues are the only legal moves.
// A piece that has made a rescue never makes another one (the published
// "one piece cannot make both rescues"); a piece once rescued may be
// rescued again if it is captured again. A rescue is a ply of its own
// for Ply and the caps.
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
// that differ only in ranks hidden from the player give equal views.
// [State.ViewInto] reuses a View's storage; [View.Position] gives
// the same knowledge as a [Position].
//
// One thing a player learns only through the legal moves: the
// More-Squares Rule (RULES.md 6.2) compares boards by the rank on every
// square, hidden ones included. When two hidden enemy pieces of different
// ranks have traded squares during a chase, a board that looks repeated
// to the chaser is not, and the chasing move it expected to be forbidden
// is legal. The view lists the moves the referee accepts, so in that rare
// position the list tells the chaser that those pieces differ; a player
// who tried the move would learn the same. This is also why there is no
// View for a bare view position: the legal moves cannot always be worked
// out from it.
//
// # Sampling
//
// [View.Sample] draws a full State that agrees with everything a view
// shows (a determinization, for search and learning); [View.Sampler]
// draws many from one view, and [View.WeightedSampler] draws by prior
// weights on the hidden ranks. A drawn state has the player's own pieces
// as they are, the enemy's shown pieces as shown, and each hidden enemy
// piece a rank from [View.HiddenArmy] (the enemy's army less its
// captured and shown pieces, so no piece the army lacks is ever
// invented) that [View.Ranks] allows: no Bomb or Flag if it has moved, a
// Scout (or a Captain, where Captains move two squares) if it moved more
// than one square, only a Scout if it moved three or more squares in a
// line and only a Captain if it turned ([KnownLong], [KnownTurn]), a rank
// that beats every attacker it beat while hidden under silent defense
// ([View.Beaten]). The state carries the view's counters, outcome, last
// move, Knowledge flags, captures and rescues, and the repetition records
// rebuilt from the view's public history (the Two-Squares runs, the
// More-Squares chases and their boards, whose hidden ranks follow each
// piece back along the moves it made), so its view for the player equals
// the view and its legal moves are the real ones. The state is a fresh
// game: its pieces' identities and the order of [State.LegalMoves] may
// differ from the real game's.
//
// Distribution: when the enemy's pieces on the board plus its captured
// pieces make up its whole army (every game from [New]), every assignment
// of ranks to the hidden pieces that agrees with the view is equally
// likely. The hidden pieces are filled most constrained first (long
// movers, turners, far movers, then movers, then the rest), each from the
// pieces still unplaced that it may be, which gives every assignment that
// agrees with the pieces' moves the same probability; a hidden defender
// of the last fight is drawn first, weighted by the number of ways to
// complete the others. Under silent defense, a draw that gives another
// hidden piece a rank that does not beat an attacker it beat earlier is
// drawn again (up to 10000 times in a row): a uniform draw kept only when
// it agrees stays uniform among the agreeing ones. In a game from
// [FromBoard] with fewer pieces than the army, the army's pieces count as
// distinct: every agreeing choice of which of them stand on the hidden
// squares, and where, is equally likely (the Flag is always among them;
// a rank with more pieces left is likelier). Draws whose legal moves
// differ from the view's (the More-Squares case above) are redrawn, up to
// 1000 times, and so are draws that would leave the side to move without
// a legal move in a game the view shows going on (or with one in a game
// it shows lost for want of one), which keeps the draw uniform among the
// agreeing ones. When no state agrees, or no draw of those tries does,
// the error wraps [ErrInconsistentView].
//
// A weighted draw is exact, not approximate: every agreeing assignment is
// drawn with probability proportional to the product of its pieces'
// weights, all ones give the distribution of [View.Sampler] (though not
// the same states for a seed), a rank of weight 0 is never drawn for
// that piece, and only the ratios of a piece's weights matter. In a game
// from [FromBoard] with fewer pieces than the army, each assignment's
// product counts once for every choice of the army's distinct pieces (the
// Flag is always among them). The redraws above keep the distribution
// proportional to the weights among the agreeing states. Its set-up
// takes time and memory proportional to the product, over the ranks of
// the hidden army, of one more than the number of its pieces of that
// rank: 9,072,000 numbers (72 MB, a fraction of a second) for a whole
// hidden Classic army, far fewer once pieces are shown or taken; a draw
// then costs a few operations per hidden piece and rank, but reads the
// table at random (cache misses, when it is large).
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
// ([Numbering.Char]). The labels of an annotation are the attacker's and
// the defender's: in ISF numbering b4xb5(6>3) is a Captain taking a
// Miner, b4xb5(3<6) a Miner dying on a Captain, e5xe6(5=5) two
// Lieutenants trading, and c3xc4(1>X), also read as c3xc4(1>10) (the
// Marshal's printed label, [Numbering.Label]), the Spy taking the
// Marshal. An "x" in a move is a hint that [ParseMove]
// drops; a [Record] keeps and checks it ([RecordedMove]), and
// [View.ParseMove] refuses it onto a square without an enemy piece. A
// view writes its legal attacks with "x" ([View.AppendMove]). A rankname is
// a [Rank.String] ("general"). [ParseSquare], [ParseMove],
// [ParseAnnotatedMove], [ParseSetup], [ParseRules] (the keys are in the
// section "Rules text") and [ParseOutcome] read them.
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
// the player saw it and the player's legal moves ([View.AppendText],
// [ParseView]). The grammars of positions and views are in the next
// section, that of records in "Record text", and the members of a view's
// JSON form in "View JSON".
//
// # Rules text
//
// The text form of [Rules] ([Rules.String], [ParseRules]) is a preset
// name and the settings that differ from it, each one field:
//
//	rules  = preset { "," key "=" value }   classic, gravon,twosquares=3
//	preset = "classic" | "gravon" | "barrage" | "duel" | "duel-hasbro"
//	       | "ultimate-lightning" | "quick-battle" | "vintage"
//
//	key          value                            field
//	width        2–10                             Width
//	height       2–10                             Height
//	lakes        squares joined by "+", or "-"    Lakes
//	zone         squares joined by "+", or "-"    Zone
//	fill         "true" | "false"                 FillZone
//	army         rankname ":" count joined by "+"    Army (ranks in order, Spy first)
//	numbering    "isf" | "vintage"                Numbering
//	scouts       "strike" | "adjacent"            Scouts
//	ties         "both" | "attacker"              Ties
//	bombs        "permanent" | "onetime"          Bombs
//	info         "standard" | "silent" | "open"   Info
//	captains     "true" | "false"                 CaptainsMoveTwo
//	rescues      count                            Rescues
//	twosquares   0–8                              TwoSquares
//	moresquares  "off" | "chase" | "game"         MoreSquares
//	maxplies     count                            MaxPlies
//	maxquiet     count                            MaxPliesWithoutAttack
//	attrition    "true" | "false"                 Attrition
//
// Counts are decimal without sign or leading zeros. Each key appears at
// most once, in any order; [Rules.String] writes the keys in the order
// above and takes, of presets that give equally short texts, the first
// above.
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
//	view     = position last legal   the text of a View; position has a
//	                                 viewer, or none for a spectator's view
//	last     = "-" | annotated       the last move as the viewer saw it
//	legal    = "-" | move {"," move} the viewer's legal moves, in the order
//	                                 of View.LegalMoves, an attack written
//	                                 with "x" (View.AppendMove); "-" when it
//	                                 is not the viewer's turn, and in a
//	                                 spectator's view
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
// viewer's own pieces always show theirs. In a spectator's view
// ([State.SpectatorView]: no viewer field, and "?" on every piece of
// either side without the "!" mark) the pieces of both sides show their
// rank exactly when they have the mark; a position without a viewer that
// has a "?" is a spectator's view, and one without a "?" a full
// position.
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
// ranks (the section "Hidden information").
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
// # Record text
//
// The text form of a [Record] ([Record.String], [ParseRecord]):
//
//	record   = {tag} movetext
//	tag      = "[" name " " quoted "]" newline
//	movetext = [comment] {turn} result
//	turn     = [number] move [rescue] [comment]
//	number   = digits "." | digits "..."   before Red's and Blue's move
//	move     = an annotated move in the rules' numbering ([AnnotatedMove]);
//	           "x" between its squares claims an attack ([RecordedMove])
//	rescue   = "+" rankname "@" square     (its own comment may follow)
//	comment  = "{" text without "}" "}"
//	result   = "1-0" | "0-1" | "1/2-1/2" | "*"
//
// Tags with a meaning: Rules (the form of [Rules.String]; required unless
// a Position tag gives the rules), Numbering ("isf" or "vintage", the
// rank labels of the record; written always, and checked against the
// rules), RedSetup and BlueSetup (the form of [Setup.String], each in
// its owner's view), Position (a start position instead of setups),
// Result and Termination (the winner as above and the [EndReason] of the
// end, as in [EndReason.String]; the movetext's closing result must
// agree). A record of a game that ended in its setup phase (a side sent
// no setup, or one the rules refuse) has no moves and omits the setup
// tag of each side without a setup: its field is the zero [Setup], and
// the record reads back equal but cannot be replayed. Any other tag
// (Event, Site, Date, Round, Red, Blue for the
// players' names, …) is kept in [Record.Tags] in order. Move numbers
// count turns: Red's move and Blue's reply share a number; a rescue
// belongs to the turn whose move earned it. Numbers are optional when
// reading; when present they must be right.
//
// Example:
//
//	[Event "Club night"]
//	[Red "Alice"]
//	[Blue "Bob"]
//	[Rules "classic"]
//	[Numbering "isf"]
//	[RedSetup "…/…/…/…"]
//	[BlueSetup "…/…/…/…"]
//	[Result "1-0"]
//	[Termination "flag captured"]
//
//	1. a4-a5 j7-j6
//	2. a5xa6(6>3) {a good trade} …
//	1-0
//
// A stream of records ([ReadRecords]), such as a file of many games
// (like a PGN file), is record texts one after another, each ending with
// its result ("1-0", "0-1", "1/2-1/2" or "*"), with any white space
// between them: the texts of [Record.String] written one after another.
// A record ends at its result, or where a tag begins after its moves
// when its result is missing. A UTF-8 byte order mark at the start of
// the stream is skipped.
//
// # View JSON
//
// The JSON form of a [View] ([View.MarshalJSON], [View.UnmarshalJSON])
// is an object whose members are the fields of the text form, with
// squares, moves, colors, pieces, rules and outcomes as strings in their
// text forms ("a1", "b4-b5", "red", "blue unknown", "classic", "red wins
// (flag captured)"):
//
//	rules               the rules, as Rules.String
//	viewer, turn        "red" or "blue"; no viewer in a spectator's view
//	rescueDue           true when the side to move must place a rescued piece
//	ply                 plies played
//	pliesWithoutAttack  plies in a row without an attack
//	outcome             the outcome, as Outcome.String
//	board               [{"square", "piece", "known", "rescuer", "beat"}], in square
//	                    order; known lists the marks "!", "+", "*", ">", "%"
//	                    as "rank", "moved", "far", "long", "turn"; rescuer
//	                    is true for a piece that made a rescue ("^");
//	                    beat lists the ranks of the "<" mark ("scout")
//	captured            [{"piece", "known", "rescuer"}], in the order of the
//	                    text form
//	runs                {"red": [move…], "blue": […]}: the Two-Squares runs
//	chases              {"red": {"move", "boards"}, …}: the More-Squares chases
//	boards              boards of the game-wide More-Squares record
//	history             recent public moves, oldest first
//	last                the last move, as in the text form ("b4xb5(6<?)"),
//	                    absent at the start
//	legalMoves          the viewer's legal moves, sorted, an attack
//	                    written with "x" ("b4xb5"); [] in a spectator's view
//
// Members that are empty are left out, but for board and legalMoves.
//
// # Concurrency
//
// A State is an immutable value: no value method changes it, [State.Apply]
// returns a new one, and the histories that states share are never
// written after they are made. Copies of a state share nothing that is
// ever written but one counter: the More-Squares records of a line of
// play take their nodes from a block that the copies played on share
// until its nodes are taken (4 in a line's first block, 64 in the next
// ones; each node claimed atomically by one move, then never written
// again), after which each takes a block of its
// own; the states of [New], [FromBoard], [Position.State] and
// [Sampler.Sample] start with none, so copies of a state in different
// goroutines may play on at once, and states drawn from one [Sampler]
// share no written word at all. A [Game] is immutable in the same way:
// no method changes it, and the games made from one share its list of
// moves, which is never written after it is made, so a program may keep
// the Games of earlier plies, or branch two different games from one. The pointer methods [State.Play] and [State.PlayRandom] change
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
// Play and PlayRandom, but for a block of chase-history nodes for the
// first 4 chasing plies of a line of play, one for each 64 after, and a
// record of each fight a hidden defender wins under [InfoSilentDefense]
// (TestNoAllocs, TestNoAllocsPerPly). A State
// is a 496-byte value of fixed-size arrays (a padded 12×12 mailbox of
// piece ids, one byte of knowledge and flags per piece, bitboards of the
// pieces, the repetition records); what it shares with other states is
// never written: the ranks of a game's pieces, and the More-Squares
// history, an immutable list grown by one 24-byte node per ply of a
// running chase (and under [MoreSquaresGame] by every ply without an
// attack), the nodes taken from a block of the line of play, 4 then 64
// at a time. What a ply of a random playout under the full Classic rules
// costs, with PlayRandom (BenchmarkPlayoutRandom) and with
// AppendLegalMoves and Play (BenchmarkPlayoutPlay), is in
// docs/performance.md, with the method.
// [State.BoardHash] is a Zobrist hash of the placement, kept up to date
// by every move, for transposition tables. A [Game] keeps the moves and,
// every 32 moves, a copy of the state, so that [Game.Apply] costs what
// State.Apply costs plus one allocation (BenchmarkGamePlayout), and [Game.At] walks
// back along the moves and replays at most 31 of them.
package stratego
