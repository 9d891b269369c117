// offline.js: games against a built-in player that run in the page: the
// engine (the WebAssembly build of the JavaScript package, under js/)
// in the page and the bot in a Web Worker, so no request reaches the
// server once the page and the engine have loaded. It answers the calls
// of the server's API that the pages make (api.js), with the same
// answers, for games whose id starts with "local-"; a static copy of
// the site ("stratego static DIR"), which has no server at all, plays
// only such games.

import {ApiError} from './api.js';

const base = new URL('./js/', import.meta.url);
const MAX_PLIES = 4000; // as the server's default cap
const INFOS = [
  {name: 'standard', doc: 'both pieces of a fight are shown'},
  {name: 'silent', doc: 'silent defense: a defender is shown only when it loses'},
  {name: 'open', doc: 'open face: every rank is shown'},
];
const other = (c) => (c === 'red' ? 'blue' : 'red');
const seed = () => Math.floor(Math.random() * 2 ** 31);

let lib = null; // the promise of {mod, st}: the package and its engine
function engine() {
  if (!lib) {
    lib = import(new URL('index.js', base).href).then(async (mod) => ({mod, st: await mod.load()}));
    lib.catch(() => { lib = null; });
  }
  return lib;
}

// refusal turns an error of the engine into the server's kind of
// refusal: a sentence, and the short name of the rule.
function refusal(e, status = 409, move) {
  if (e instanceof ApiError) return e;
  const text = String(e && e.message || e);
  return new ApiError(status, {error: text.charAt(0).toUpperCase() + text.slice(1) + (/[.!?]$/.test(text) ? '' : '.'), rule: e && e.code, move});
}

const games = new Map();

// LocalGame is one game in the page: a person against a built-in player.
class LocalGame {
  constructor(st, mod, saved) {
    this.st = st;
    this.mod = mod;
    Object.assign(this, saved); // id, rules, me, botName, think, setups, moves
    this.rulesInfo = st.rules(this.rules);
    this.version = this.version || 1;
    this.thinking = false;
    this.notice = this.notice || '';
    this.seen = [];
    this.waiters = [];
    this.game = null;
    if (this.setups.red && this.setups.blue) {
      this.game = st.newGame(this.rules, this.setups.red, this.setups.blue);
      for (const m of this.moves) this.played(this.game.play(m));
      if (this.resigned) this.game.resign(this.resigned);
    }
    this.bot = mod.Bot.create(this.botName, {seed: seed()});
    this.bot.catch(() => {});
  }

  get botColor() { return other(this.me); }

  get phase() {
    if (!this.game) return 'setup';
    return this.game.over ? 'over' : 'play';
  }

  // played notes a move: as the person saw it, and for a reload.
  played(ev) {
    this.seen.push(this.game.view(this.me).last || ev.move);
  }

  side(c) {
    const ready = !!this.setups[c];
    return c === this.botColor ? {kind: 'bot', name: this.botName, seated: true, ready} : {kind: 'person', seated: true, ready};
  }

  payload() {
    const p = {
      role: this.me, phase: this.phase, version: this.version, rules: {...this.rulesInfo},
      red: this.side('red'), blue: this.side('blue'), moves: [], thinking: this.thinking,
      notice: this.notice || undefined, outcome: 'ongoing', local: true,
    };
    if (this.setups[this.me]) p.setup = this.setups[this.me];
    if (!this.game) return p;
    p.outcome = this.game.outcome.text;
    p.moves = this.seen.slice();
    p.view = this.game.view(this.me);
    p.canBe = this.game.canBe(this.me);
    if (this.game.over) p.reveal = this.game.board();
    return p;
  }

  // bump records a change: the version grows, waiting requests answer,
  // and the game is saved for a reload of the page.
  bump() {
    this.version++;
    const waiters = this.waiters;
    this.waiters = [];
    for (const w of waiters) w();
    if (this.phase === 'over' && !this.closed) {
      this.closed = true;
      this.bot.then((b) => b.close(), () => {});
    }
    try {
      sessionStorage.setItem('stratego.local.' + this.id, JSON.stringify({
        id: this.id, rules: this.rules, me: this.me, botName: this.botName, think: this.think,
        setups: this.setups, moves: this.moves, resigned: this.resigned, notice: this.notice, version: this.version,
      }));
    } catch { /* no storage: the game lives until the page goes */ }
  }

  // changed resolves at the next change, or rejects when signal aborts.
  changed(signal) {
    return new Promise((ok, fail) => {
      const done = () => { if (signal) signal.removeEventListener('abort', stop); ok(); };
      const stop = () => {
        this.waiters = this.waiters.filter((w) => w !== done);
        fail(new DOMException('aborted', 'AbortError'));
      };
      if (signal) {
        if (signal.aborted) { stop(); return; }
        signal.addEventListener('abort', stop, {once: true});
      }
      this.waiters.push(done);
    });
  }

  async start() {
    if (!this.setups[this.botColor]) {
      const bot = await this.bot;
      this.setups[this.botColor] = await bot.setup(this.rules, this.botColor);
      this.begin();
      this.bump();
    }
    this.runBot();
  }

  setup(text) {
    if (this.game) throw new ApiError(409, {error: 'The game is not in that phase.'});
    if (this.setups[this.me]) throw new ApiError(409, {error: 'Your setup is in already.'});
    let s;
    try { s = this.st.parseSetup(this.rules, text); } catch (e) { throw refusal(e, 400); }
    this.setups[this.me] = s.text;
    this.begin();
    this.bump();
    this.runBot();
  }

  // begin starts the game once both setups are in.
  begin() {
    if (this.game || !this.setups.red || !this.setups.blue) return;
    this.game = this.st.newGame(this.rules, this.setups.red, this.setups.blue);
  }

  move(text) {
    if (this.phase !== 'play') throw new ApiError(409, {error: 'The game is not in that phase.'});
    if (this.game.turn !== this.me) throw new ApiError(409, {error: "It is not your turn: wait for your opponent's move.", rule: 'turn'});
    let ev;
    try { ev = this.game.play(text); } catch (e) { throw refusal(e, 409, text); }
    this.moves.push(ev.move);
    this.played(ev);
    this.bump();
    this.runBot();
  }

  resign() {
    if (this.phase !== 'play') throw new ApiError(409, {error: 'The game is not in that phase.'});
    this.game.resign(this.me);
    this.resigned = this.me;
    this.bump();
  }

  // runBot lets the bot move while it is its turn.
  async runBot() {
    if (this.thinking) return;
    const bot = await this.bot.catch((e) => { this.notice = `the bot could not start (${e.message})`; return null; });
    while (bot && this.phase === 'play' && this.game.turn === this.botColor) {
      this.thinking = true;
      this.bump();
      const ply = this.game.ply;
      let m = null;
      try {
        m = await bot.move(this.game.viewText(this.botColor), {time: this.think});
      } catch (e) {
        this.notice = `the ${this.botColor} bot failed (${e.message}) and resigns`;
      }
      this.thinking = false;
      if (this.phase !== 'play' || this.game.ply !== ply) { this.bump(); return; }
      try {
        if (m === null) throw new Error(this.notice);
        const ev = this.game.play(m);
        this.moves.push(ev.move);
        this.played(ev);
      } catch (e) {
        if (!this.notice) this.notice = `the ${this.botColor} bot failed (${e.message}) and resigns`;
        this.game.resign(this.botColor);
        this.resigned = this.botColor;
      }
      this.bump();
    }
  }
}

// find returns the local game of id, read back after a reload.
async function find(id) {
  if (games.has(id)) return games.get(id);
  const saved = sessionStorage.getItem('stratego.local.' + id);
  if (!saved) throw new ApiError(404, {error: 'This game is gone (it lived in a page that was closed).'});
  const {st, mod} = await engine();
  const g = new LocalGame(st, mod, JSON.parse(saved));
  games.set(id, g);
  g.start();
  return g;
}

// offline answers the calls of api.js in the page.
export const offline = {
  // only is true when no server answers (a static copy of the site).
  only: false,

  // available reports whether the engine can be loaded.
  async available() {
    try {
      const res = await fetch(new URL('stratego.wasm', base), {method: 'HEAD'});
      return res.ok;
    } catch {
      return false;
    }
  },

  isLocal: (id) => String(id).startsWith('local-'),

  async options() {
    const {st} = await engine();
    return {presets: st.presets().map((name) => ({name})), infos: INFOS, bots: st.bots(), maxThinkMillis: 5000};
  },

  async rules(text) {
    const {st} = await engine();
    try { return {...st.rules(text)}; } catch (e) { throw refusal(e, 400); }
  },

  async randomSetup(rules) {
    const {st} = await engine();
    try { return st.parseSetup(rules, st.chooseSetup(rules, seed())); } catch (e) { throw refusal(e, 400); }
  },

  async parseSetup(rules, text) {
    const {st} = await engine();
    try { return st.parseSetup(rules, text.trim()); } catch (e) { throw refusal(e, 400); }
  },

  async create(req) {
    const {st, mod} = await engine();
    let r;
    try { r = st.rules(req.rules); } catch (e) { throw refusal(e, 400); }
    let rules = r.text;
    if (!r.maxPlies) rules = st.rules(rules + ',maxplies=' + MAX_PLIES).text;
    const me = req.color === 'blue' || req.color === 'red' ? req.color : (Math.random() < 0.5 ? 'red' : 'blue');
    const bots = st.bots().map((b) => b.name);
    const botName = req.bot || 'search';
    if (!bots.includes(botName)) throw new ApiError(400, {error: `There is no bot named "${botName}".`});
    const think = Math.max(10, Math.min(5000, req.thinkMillis || 1000));
    const id = 'local-' + Math.random().toString(36).slice(2, 10);
    const g = new LocalGame(st, mod, {id, rules, me, botName, think, setups: {}, moves: []});
    games.set(id, g);
    g.bump();
    g.start().catch((e) => { g.notice = `the bot could not set up (${e.message})`; g.bump(); });
    return {id, color: me, token: '', links: {}};
  },

  async state(id, token, after, signal) {
    const g = await find(id);
    if (after >= 0 && after >= g.version) await g.changed(signal);
    return g.payload();
  },

  async setup(id, token, setup) {
    const g = await find(id);
    g.setup(setup);
    return g.payload();
  },

  async move(id, token, move) {
    const g = await find(id);
    g.move(move);
    return g.payload();
  },

  async resign(id) {
    const g = await find(id);
    g.resign();
    return g.payload();
  },

  async record(id) {
    const g = await find(id);
    if (g.phase !== 'over') throw new ApiError(409, {error: 'The record is there once the game is over.'});
    return {text: g.game.record()};
  },

  async replay(text) {
    const {st} = await engine();
    try { return st.replayData(text); } catch (e) { throw refusal(e, 400); }
  },

  async claim() {
    throw new ApiError(404, {error: 'Invitations need the server: this page plays only against its bot.'});
  },
};
