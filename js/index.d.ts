// Types of the stratego JavaScript package (index.js).

/** A side: "red" moves first. */
export type Color = 'red' | 'blue';
/** A square in the library's notation: "a1" … "j10". */
export type Square = string;
/** A move in the library's notation: "e4-e5"; a Captain's two-square move with its turn "e4-e5-f5"; a rescue "e10+4-e3" … */
export type Move = string;
/** A rank name as the library writes it: "spy", "scout", … "marshal", "bomb", "flag"; "unknown" in a view. */
export type Rank = string;
/** A piece: "red marshal", "blue unknown". */
export type Piece = string;

/** An error of the library: the message is its reason in words (no package prefix), code names it. */
export class StrategoError extends Error {
  name: 'StrategoError';
  /** "two-squares", "more-squares", "game-over", "no-piece", "not-your-piece", "immovable", "bad-direction",
   * "blocked", "own-piece", "no-strike", "lake", "off-board", "rescue", "no-attack", "syntax", "rules", "setup",
   * "position", "hidden", "mismatch", "inconsistent-view", "invalid", "unknown-player", "no-move", "handle",
   * "worker", "load", "error". */
  code: string;
}

export interface Outcome {
  over: boolean;
  winner?: Color;
  /** The reason an ended game ended: "flag captured", "no legal move", … */
  reason?: string;
  /** The outcome's text form: "ongoing", "red wins (flag captured)", … */
  text: string;
}

export interface RankInfo {
  rank: Rank;
  /** The one-character label of the text forms. */
  char: string;
  /** The label printed on the piece. */
  label: string;
  /** Pieces of the rank in an army. */
  count: number;
  movable: boolean;
}

/** Rules by their text form, with their description. */
export class Rules {
  /** The rules text: "classic", "classic,twosquares=5". */
  text: string;
  width: number;
  height: number;
  lakes: Square[];
  /** The squares of a side's setup zone, as its owner sees the board. */
  zone: Square[];
  fillZone: boolean;
  numbering: string;
  ranks: RankInfo[];
  info: string;
  twoSquares: number;
  moreSquares: string;
  captainsMoveTwo: boolean;
  rescues: number;
  /** The ply cap, 0 for none. */
  maxPlies: number;
  toString(): string;
}

export interface SetupPieces {
  /** The setup's text form. */
  text: string;
  /** Its pieces on the squares of the zone (owner's view). */
  pieces: {square: Square; rank: Rank}[];
}

/** What happened in one move. */
export interface MoveEvent {
  move: Move;
  /** The move in record notation, with the combat: "b4xb5(6<8)". */
  notation: string;
  color: Color;
  piece: Piece;
  attack: boolean;
  defender?: Piece;
  /** "attacker wins", "defender wins", "both removed". */
  combat?: string;
  outcome: Outcome;
}

/** The library's View JSON (see the package doc of stratego, "View JSON"). */
export interface ViewJSON {
  rules: string;
  viewer: Color;
  turn: Color;
  rescueDue?: boolean;
  ply: number;
  pliesWithoutAttack: number;
  outcome: string;
  board: {square: Square; piece: Piece; known?: string[]; rescuer?: boolean; beat?: Rank[]}[];
  captured?: {piece: Piece; known?: string[]; rescuer?: boolean}[];
  runs?: Partial<Record<Color, Move[]>>;
  chases?: Partial<Record<Color, {move: Move; boards: number}>>;
  boards?: number;
  history?: Move[];
  /** The last move as the viewer saw it: "b4xb5(6<?)". */
  last?: string;
  /** The viewer's legal moves, sorted, an attack written with "x". */
  legalMoves: string[];
}

export interface GameInfo {
  rules: string;
  turn: Color;
  ply: number;
  moves: number;
  rescueDue: boolean;
  outcome: Outcome;
}

/** A game: its state and history. Its methods change it in place; clone branches off. */
export class Game {
  info(): GameInfo;
  readonly turn: Color;
  readonly ply: number;
  readonly outcome: Outcome;
  readonly over: boolean;
  /** The legal moves of the side to move. */
  legalMoves(): Move[];
  /** null when the move is legal, else the error play would throw. */
  check(move: Move | {from: Square; to: Square}): StrategoError | null;
  /** Makes a move; throws a StrategoError (and changes nothing) when it is refused. */
  play(move: Move | {from: Square; to: Square}): MoveEvent;
  /** Takes back the last move; false at the start. */
  undo(): boolean;
  resign(color: Color): void;
  agreeDraw(): void;
  /** What color may know, as View JSON. */
  view(color: Color): ViewJSON;
  /** The same view in the library's text form (what a Bot reads). */
  viewText(color: Color): string;
  /** The ranks each hidden enemy piece of color's view may still have. */
  canBe(color: Color): Record<Square, Rank[]>;
  /** Every piece (the whole truth). */
  board(): {square: Square; piece: Piece}[];
  /** The moves played, in record notation. */
  history(): string[];
  /** The game record's text form. */
  record(): string;
  /** The state's text form (a position). */
  position(): string;
  /** The board drawn in text. */
  picture(): string;
  clone(): Game;
  /** Releases the game at once (else the garbage collector does). */
  free(): void;
}

/** The API of one engine. */
export class Stratego {
  presets(): string[];
  bots(): {name: string; doc: string}[];
  /** Rules by preset name or rules text. */
  rules(text: string): Rules;
  /** A uniform random setup's text. */
  randomSetup(rules: Rules | string, seed?: number): string;
  /** A setup as people make them (the bots' bot.ChooseSetup). */
  chooseSetup(rules: Rules | string, seed?: number): string;
  parseSetup(rules: Rules | string, text: string): SetupPieces;
  /** A new game from the two setups' text forms. */
  newGame(rules: Rules | string, red: string, blue: string): Game;
  /** Plays a game record's text: the game at its end. */
  replay(recordText: string): Game;
  /** A game from a position (a state's text form). */
  fromPosition(text: string): Game;
  /** A game from a placement: {e4: 'red major', …}. */
  fromBoard(rules: Rules | string, pieces: Record<Square, Piece>, turn?: Color): Game;
  /** The legal moves of a state's text form, or of a view's text or JSON form. */
  legalMoves(position: string | ViewJSON): Move[];
  /** A view's text (or JSON) form read into View JSON. */
  parseView(text: string | ViewJSON): ViewJSON;
  /** A view's text form. */
  viewText(view: string | ViewJSON): string;
  /** A record read and written in the library's form. */
  formatRecord(text: string): string;
  /** Every position of a record or a Gravon file (XML or GSN), as the replay page shows them. */
  replayData(text: string): {
    format: 'record' | 'gravon-xml' | 'gravon-gsn';
    rules: Rules;
    tags: [string, string][];
    /** One 100-letter Gravon field a position. */
    frames: string[];
    moves: string[];
    outcome: string;
    /** Why the record stops early, at an illegal move. */
    error?: string;
  };
  /** Random games (a 2000-ply cap) inside the engine, for at least plies plies. */
  playouts(rules: Rules | string, plies: number, seed?: number): {plies: number; games: number; millis: number};
}

export interface LoadOptions {
  /** Where stratego.wasm is (a URL or a path), or its bytes; by default beside index.js. */
  wasm?: string | URL | BufferSource;
}

/** Starts the engine (once per source). */
export function load(options?: LoadOptions): Promise<Stratego>;

export interface BotOptions {
  seed?: number;
  /** Think in a Web Worker (a worker_thread in Node): the default. false: in the caller's thread. */
  worker?: boolean;
  wasm?: string | URL;
}

export interface Budget {
  /** Milliseconds; 1000 when neither field is given. */
  time?: number;
  iterations?: number;
}

/** A built-in player ("search", "greedy", "random", "mcts", …). */
export class Bot {
  static create(name?: string, options?: BotOptions): Promise<Bot>;
  readonly name: string;
  setup(rules: Rules | string, color: Color): Promise<string>;
  /** A move in a view (text, JSON, or a Game: the view of its side to move). */
  move(view: string | ViewJSON | Game, budget?: Budget): Promise<Move>;
  close(): Promise<void>;
}
