// The stratego library in JavaScript: the Go engine and its built-in
// players compiled to WebAssembly (stratego.wasm, made by "npm run
// build"), with one API in Node and in the browser.
//
//   import {load} from '@stratego-go/stratego';
//   const st = await load();
//   const rules = st.rules('classic');
//   const game = st.newGame(rules, st.chooseSetup(rules, 1), st.chooseSetup(rules, 2));
//   game.play(game.legalMoves()[0]);
//
// Moves and squares are strings in the library's notation ("e4-e5",
// "a1"); views, records and positions are the library's JSON and text
// forms. A refused move or a bad text throws a StrategoError, whose
// message is the library's reason in words and whose code names it
// ("two-squares", "syntax", …).

const isNode = typeof process !== 'undefined' && !!(process.versions && process.versions.node) &&
  typeof window === 'undefined';

// StrategoError is an error of the library: message in words, code for
// programs.
export class StrategoError extends Error {
  constructor(message, code) {
    super(message);
    this.name = 'StrategoError';
    this.code = code || 'error';
  }
}

const loads = new Map();

// load starts the WebAssembly engine once per source and resolves to its
// API. options.wasm is where stratego.wasm is (a URL or path, or its
// bytes); by default beside this file.
export function load(options = {}) {
  const source = options.wasm || new URL('./stratego.wasm', import.meta.url);
  const key = source instanceof URL || typeof source === 'string' ? String(source) : source;
  if (!loads.has(key)) {
    const p = start(source);
    p.catch(() => loads.delete(key));
    loads.set(key, p);
  }
  return loads.get(key);
}

async function bytesOf(source) {
  if (source instanceof ArrayBuffer || ArrayBuffer.isView(source)) return source;
  if (isNode) {
    const url = source instanceof URL ? source : (/^[a-z]+:/i.test(source) ? new URL(source) : null);
    if (!url || url.protocol === 'file:') {
      const {readFile} = await import('node:fs/promises');
      return readFile(url || source);
    }
  }
  const res = await fetch(source);
  if (!res.ok) throw new StrategoError(`cannot load the engine from ${source}: HTTP ${res.status}`, 'load');
  return res.arrayBuffer();
}

async function start(source) {
  if (!globalThis.Go) await import('./wasm_exec.js');
  const go = new globalThis.Go();
  const {instance} = await WebAssembly.instantiate(await bytesOf(source), go.importObject);
  const before = globalThis.__strategoGo;
  go.run(instance); // runs main up to its wait: botMove is set
  const api = globalThis.__strategoGo;
  if (!api || api === before) throw new StrategoError('the engine did not start', 'load');
  return new Stratego({exports: instance.exports, botMove: api.botMove}, source);
}

const encoder = new TextEncoder();
const decoder = new TextDecoder();

// call runs one function of the engine and returns its value or throws.
// The call goes in as its name and arguments (strings and numbers)
// separated by NUL bytes, written into the engine's memory, and its
// JSON answer comes out the same way (see wasm/main.go).
export function call(raw, name, ...args) {
  const ex = raw.exports;
  const text = [name, ...args].map(String).join('\0');
  const input = encoder.encode(text);
  const p = ex.strategoIn(input.length);
  new Uint8Array(ex.mem.buffer, p, input.length).set(input);
  const n = ex.strategoCall(input.length);
  const out = JSON.parse(decoder.decode(new Uint8Array(ex.mem.buffer, ex.strategoOut(), n)));
  if ('e' in out) throw new StrategoError(out.e, out.c);
  return out.v;
}

const moveText = (m) => (typeof m === 'string' ? m : m && m.from && m.to ? `${m.from}-${m.to}` : String(m));
const rulesText = (r) => (typeof r === 'string' ? r : r.text);

const freeing = typeof FinalizationRegistry === 'function'
  ? new FinalizationRegistry(({raw, h}) => { try { call(raw, 'free', h); } catch { /* engine gone */ } })
  : null;

// Stratego is the API of one engine.
export class Stratego {
  constructor(raw, source) {
    this.raw = raw;
    this.source = source;
  }

  // presets lists the names of the rules presets.
  presets() { return call(this.raw, 'presets'); }

  // bots lists the built-in players: [{name, doc}].
  bots() { return call(this.raw, 'bots'); }

  // rules reads a preset name or a rules text ("classic,twosquares=5")
  // and describes the rules (board, army, settings).
  rules(text) { return new Rules(call(this.raw, 'rules', rulesText(text))); }

  // randomSetup draws a uniform random setup (its text) for the rules.
  randomSetup(rules, seed = 0) { return call(this.raw, 'randomSetup', rulesText(rules), seed); }

  // chooseSetup draws a setup as people make them (bot.ChooseSetup).
  chooseSetup(rules, seed = 0) { return call(this.raw, 'chooseSetup', rulesText(rules), seed); }

  // parseSetup reads a setup's text: {text, pieces: [{square, rank}]}.
  parseSetup(rules, text) { return call(this.raw, 'parseSetup', rulesText(rules), text); }

  // newGame starts a game from the two setups (their text forms).
  newGame(rules, red, blue) {
    return new Game(this, call(this.raw, 'newGame', rulesText(rules), red, blue));
  }

  // replay reads a game record's text and plays it: the game at its end.
  replay(recordText) { return new Game(this, call(this.raw, 'gameFromRecord', recordText)); }

  // fromPosition starts a game at a position (the text form of a state).
  fromPosition(text) { return new Game(this, call(this.raw, 'gameFromPosition', text)); }

  // fromBoard starts a game from a placement: pieces maps squares to
  // pieces ({e4: 'red major', j10: 'blue flag'}), turn is the side to
  // move (for puzzles, endgames and studies).
  fromBoard(rules, pieces, turn = 'red') {
    return new Game(this, call(this.raw, 'fromBoard', rulesText(rules), JSON.stringify(pieces), turn));
  }

  // legalMoves lists the legal moves of a position: a state's text form,
  // or a view's text or JSON form (an object is taken as View JSON).
  legalMoves(position) {
    return call(this.raw, 'legalOf', typeof position === 'string' ? position : JSON.stringify(position));
  }

  // parseView reads a view's text (or JSON) form into the View JSON.
  parseView(text) { return call(this.raw, 'parseView', typeof text === 'string' ? text : JSON.stringify(text)); }

  // viewText writes a view given as View JSON in its text form.
  viewText(view) { return call(this.raw, 'viewTextOf', typeof view === 'string' ? view : JSON.stringify(view)); }

  // formatRecord reads a record and writes it in the library's form.
  formatRecord(text) { return call(this.raw, 'parseRecord', text); }

  // replayData describes every position of a record or a Gravon file
  // (XML or GSN), as the replay page of "stratego serve" shows them:
  // {format, rules, tags, frames (100-letter Gravon fields), moves, outcome, error}.
  replayData(text) { return call(this.raw, 'replay', text); }

  // playouts plays random games (a 2000-ply cap) for at least plies
  // plies inside the engine: {plies, games, millis}.
  playouts(rules, plies, seed = 7) { return call(this.raw, 'playouts', rulesText(rules), plies, seed); }
}

// Rules are rules by their text form, with their description: width,
// height, lakes, zone (squares of the owner's zone), ranks ({rank, char,
// label, count, movable}), twoSquares, moreSquares, info, maxPlies, ….
export class Rules {
  constructor(info) { Object.assign(this, info); }
  toString() { return this.text; }
}

// Game is a game in progress: its state and its history. Its methods
// change it in place; clone branches off a copy. free releases it at
// once (else the garbage collector does).
export class Game {
  constructor(st, handle) {
    this.st = st;
    this.h = handle;
    this.cached = null; // the info, until the game changes
    if (freeing) freeing.register(this, {raw: st.raw, h: handle}, this);
  }

  c(name, ...args) {
    if (this.h === 0) throw new StrategoError('the game was freed', 'handle');
    return call(this.st.raw, name, this.h, ...args);
  }

  // change runs a call that changes the game: the info is read again.
  change(name, ...args) {
    this.cached = null;
    return this.c(name, ...args);
  }

  // info: {rules, turn, ply, moves, rescueDue, outcome: {over, winner, reason, text}}.
  info() {
    if (!this.cached) this.cached = this.c('info');
    return {...this.cached, outcome: {...this.cached.outcome}};
  }
  get turn() { return this.info().turn; }
  get ply() { return this.info().ply; }
  get outcome() { return this.info().outcome; }
  get over() { if (!this.cached) this.info(); return this.cached.outcome.over; }

  // legalMoves lists the moves of the side to move ("e4-e5").
  legalMoves() { return this.c('legal'); }

  // check returns null when the move is legal, else the StrategoError
  // that play would throw.
  check(move) {
    try { this.c('check', moveText(move)); return null; } catch (e) { if (e instanceof StrategoError) return e; throw e; }
  }

  // play makes a move ("e4-e5", or {from, to}) and returns what happened:
  // {move, notation, color, piece, attack, defender, combat, outcome}.
  // A refused move throws a StrategoError and changes nothing.
  play(move) {
    const ev = this.change('play', moveText(move));
    this.cached = ev.info;
    delete ev.info;
    return ev;
  }

  // undo takes back the last move; false at the start.
  undo() { return this.change('undo'); }
  resign(color) { this.change('resign', color); }
  agreeDraw() { this.change('agreeDraw'); }

  // view is what color may know, as the library's View JSON.
  view(color) { return this.c('view', color); }
  // viewText is the same view in its text form (what a bot reads).
  viewText(color) { return this.c('viewText', color); }
  // canBe maps each hidden enemy piece of color's view to the ranks it
  // may still have.
  canBe(color) { return this.c('canBe', color); }

  // board is every piece: [{square, piece}] (the whole truth: not for a
  // player's eyes).
  board() { return this.c('board'); }
  // history is the moves played, in record notation ("b4xb5(6<8)").
  history() { return this.c('history'); }
  // record is the game record's text; position the state's text form.
  record() { return this.c('record'); }
  position() { return this.c('position'); }
  picture() { return this.c('picture'); }

  clone() { return new Game(this.st, this.c('clone')); }
  free() {
    if (this.h === 0) return;
    if (freeing) freeing.unregister(this);
    call(this.st.raw, 'free', this.h);
    this.h = 0;
  }
}

// Bot is a built-in player (bot.New's names: "search", "greedy",
// "random", …) that thinks in a worker: a Web Worker in the browser, a
// worker_thread in Node, so the caller's thread never waits. With
// {worker: false} it thinks in the caller's engine (which then blocks
// its thread while it thinks).
export class Bot {
  // create makes a player: name, {seed, worker, wasm}.
  static async create(name = 'search', options = {}) {
    const b = new Bot(name, options);
    await b.ready;
    return b;
  }

  constructor(name, {seed = 0, worker = true, wasm} = {}) {
    this.name = name;
    this.pending = new Map();
    this.nextId = 1;
    if (!worker) {
      this.ready = load(wasm ? {wasm} : {}).then((st) => {
        this.st = st;
        this.h = call(st.raw, 'botNew', name, seed);
      });
      return;
    }
    const source = wasm || new URL('./stratego.wasm', import.meta.url);
    this.ready = this.startWorker().then(() => this.send('init', {name, seed, wasm: String(source)}));
  }

  async startWorker() {
    const url = new URL('./worker.js', import.meta.url);
    const answer = (msg) => {
      const p = this.pending.get(msg.id);
      if (!p) return;
      this.pending.delete(msg.id);
      if (msg.error) p.reject(new StrategoError(msg.error, msg.code));
      else p.resolve(msg.value);
    };
    const broken = (err) => {
      for (const p of this.pending.values()) p.reject(new StrategoError('the bot\'s worker failed: ' + (err && err.message || err), 'worker'));
      this.pending.clear();
    };
    if (isNode) {
      const {Worker} = await import('node:worker_threads');
      this.worker = new Worker(url);
      this.worker.on('message', answer);
      this.worker.on('error', broken);
    } else {
      this.worker = new Worker(url, {type: 'module'});
      this.worker.onmessage = (ev) => answer(ev.data);
      this.worker.onerror = (ev) => broken(ev.message || ev);
    }
  }

  send(op, args) {
    return new Promise((resolve, reject) => {
      const id = this.nextId++;
      this.pending.set(id, {resolve, reject});
      this.worker.postMessage({id, op, ...args});
    });
  }

  // setup returns the player's setup (text) for the rules and color.
  async setup(rules, color) {
    await this.ready;
    if (this.worker) return this.send('setup', {rules: rulesText(rules), color});
    return call(this.st.raw, 'botSetup', this.h, rulesText(rules), color);
  }

  // move returns the player's move in a view (its text or JSON form, or
  // a Game: the view of the side to move) within the budget {time}
  // (milliseconds, default 1000) or {iterations}.
  async move(view, budget = {}) {
    await this.ready;
    if (view instanceof Game) view = view.viewText(view.turn);
    else if (typeof view !== 'string') view = JSON.stringify(view);
    const time = budget.time === undefined && !budget.iterations ? 1000 : budget.time || 0;
    const iterations = budget.iterations || 0;
    if (this.worker) return this.send('move', {view, time, iterations});
    const out = JSON.parse(await this.st.raw.botMove(this.h, view, time, iterations));
    if ('e' in out) throw new StrategoError(out.e, out.c);
    return out.v;
  }

  // close stops the worker (or frees the player).
  async close() {
    if (this.worker) {
      const w = this.worker;
      this.worker = null;
      if (isNode) await w.terminate(); else w.terminate();
    } else if (this.st) {
      call(this.st.raw, 'free', this.h);
    }
  }
}
