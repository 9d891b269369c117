// game.js: one game's page, for a player or a spectator: the setup
// phase, the moves, the end.

import {api, ApiError} from './api.js';
import {drawBoard, parseMove, parsePiece, parseSq, sqName, turnSq, capitalize, lostLabel, rankTable} from './board.js';

const $ = (id) => document.getElementById(id);
const other = (c) => (c === 'red' ? 'blue' : 'red');
const sleep = (ms) => new Promise((ok) => setTimeout(ok, ms));
const RESULT_WORDS = {'>': 'the attacker wins', '<': 'the defender wins', '=': 'both are removed'};

// describeKnown says in words what a list of knowledge flags means.
function describeKnown(known) {
  const out = [];
  if (known.includes('rank')) out.push('its rank was shown');
  if (known.includes('moved')) out.push('it has moved');
  if (known.includes('far')) out.push('it moved more than one square');
  if (known.includes('long')) out.push('it moved three squares or more in a line');
  if (known.includes('turn')) out.push('it made a turning move');
  return out;
}

// Game runs the page of one game.
export class Game {
  // backend answers the API's calls: api.js (the server), or offline.js
  // for a game that runs in the page.
  constructor(id, token, backend = api) {
    this.id = id;
    this.token = token;
    this.api = backend;
    this.state = null;
    this.stopped = false;
    this.abort = new AbortController();
    this.selected = null;     // the selected square in play
    this.rescueRank = null;   // the chosen rank of a due rescue
    this.placement = new Map(); // setup: square (owner's view) → rank
    this.traySel = null;      // setup: the rank chosen in the tray
    this.picked = null;       // setup: the placed piece picked up
    this.drag = null;
    this.suppressClick = false;
    this.placementFor = null; // the rules text the placement is for
    this.bindButtons();
  }

  // start loads the state and follows its changes.
  async start() {
    try {
      this.update(await this.api.state(this.id, this.token, -1));
    } catch (e) {
      this.status(e instanceof ApiError ? e.message : 'The server cannot be reached.');
      $('status').dataset.error = 'true';
      return;
    }
    // The long poll starts once the page has loaded: a request that
    // waits must not hold the load event (a headless screenshot waits
    // for it).
    if (document.readyState !== 'complete') {
      await new Promise((ok) => window.addEventListener('load', () => setTimeout(ok, 0), {once: true}));
    }
    this.poll();
  }

  stop() {
    this.stopped = true;
    this.abort.abort();
    this.endDrag();
  }

  // poll follows the game's changes: by its event stream, or, when the
  // stream cannot be had, by long polls.
  async poll() {
    let streamFailures = 0;
    $('game').dataset.followSince = String(performance.now()); // the tests compare it with the load event
    while (!this.stopped) {
      if (this.state.phase === 'over' && this.streamEnded) return;
      try {
        if (this.api.events && streamFailures < 3) {
          $('game').dataset.transport = 'events';
          this.streamEnded = false;
          await this.api.events(this.id, this.token, this.state.version, this.abort.signal, (st) => this.update(st));
          this.streamEnded = true;
          streamFailures = 0;
        } else {
          $('game').dataset.transport = 'poll';
          this.update(await this.api.state(this.id, this.token, this.state.version, this.abort.signal));
        }
      } catch (e) {
        if (this.stopped) return;
        if (e instanceof ApiError && e.status === 404) {
          this.status('This game is gone (it may have expired).');
          return;
        }
        streamFailures++;
        await sleep(1500);
      }
    }
  }

  // update takes a new state unless it is older than the one shown.
  update(st) {
    if (this.state && st.version < this.state.version) return;
    if (this.state && st.version !== this.state.version) this.confirmResign = false;
    this.state = st;
    this.render();
    // A new state keeps the selected piece while it can still move: an
    // update that arrives between the two clicks of a move (a poll
    // answering late) must not drop the first click.
    if (this.selected && !(this.legal || []).some((m) => m.from === this.selected)) {
      this.selected = null;
      this.renderBoard();
    }
  }

  get me() {
    const r = this.state && this.state.role;
    return r === 'red' || r === 'blue' ? r : null;
  }

  status(text) { $('status').textContent = text; }

  message(text, kind, rule) {
    const m = $('message');
    m.textContent = text || '';
    m.className = kind || '';
    if (rule) m.dataset.rule = rule; else delete m.dataset.rule;
  }

  bindButtons() {
    const on = (id, fn) => { $(id).onclick = fn; };
    on('setup-random', () => this.randomSetup());
    on('setup-last', () => this.lastSetup());
    on('setup-clear', () => { this.placement.clear(); this.picked = null; this.render(); });
    on('setup-ready', () => this.ready());
    on('setup-paste', () => this.pasteSetup());
    on('resign', () => this.resign());
    on('abandon', () => this.resign());
    on('download', () => this.download());
    on('replay-this', () => this.replayThis());
    on('copy-opponent', () => navigator.clipboard && navigator.clipboard.writeText($('link-opponent').value));
    on('copy-spectator', () => navigator.clipboard && navigator.clipboard.writeText($('link-spectator').value));
  }

  // render draws the whole page from the state.
  render() {
    const st = this.state;
    const rules = st.rules;
    this.ranks = rankTable(rules);
    const game = $('game');
    game.dataset.phase = st.phase;
    game.dataset.role = st.role;
    game.dataset.version = String(st.version);
    this.renderLinks();
    const inSetup = st.phase === 'setup';
    const editing = inSetup && this.me && !st.setup;
    $('setup-panel').hidden = !editing;
    $('captured-box').hidden = inSetup;
    $('moves-box').hidden = inSetup;
    $('resign').hidden = !(this.me && st.phase === 'play');
    $('resign').textContent = this.confirmResign ? 'Really resign? Click again' : 'Resign';
    $('abandon').hidden = !(this.me && st.phase === 'setup');
    $('abandon').textContent = this.confirmResign ? 'Really abandon? Click again' : 'Abandon the game';
    $('download').hidden = st.phase !== 'over';
    $('replay-this').hidden = st.phase !== 'over';
    const unplayed = !inSetup && !st.view; // a game that ended during its setup
    if (unplayed) {
      $('setup-panel').hidden = true;
      $('captured-box').hidden = true;
      $('moves-box').hidden = true;
      $('download').hidden = true;
      $('replay-this').hidden = true;
    }
    if (inSetup || unplayed) {
      $('rescue-panel').hidden = true;
      $('via-panel').hidden = true;
      $('combat').hidden = true;
      this.renderSetup(editing);
      if (!inSetup) this.status(`Game over: ${st.outcome}. ${st.notice ? capitalize(st.notice) + '.' : ''}` +
        (this.me ? (st.outcome.startsWith(this.me) ? ' You win.' : ' You lose.') : ''));
      return;
    }
    const view = JSON.parse(JSON.stringify(st.view));
    this.view = view;
    this.legal = (view.legalMoves || []).map(parseMove).filter(Boolean);
    game.dataset.turn = view.turn;
    game.dataset.myturn = String(this.me === view.turn && st.phase === 'play');
    this.renderStatus();
    this.renderBoard();
    this.renderCombat();
    this.renderCaptured();
    this.renderMoves();
    this.renderRescue();
  }

  renderLinks() {
    const saved = sessionStorage.getItem('stratego.links.' + this.id);
    const box = $('links');
    if (!saved || !this.me || this.state.phase === 'over') { box.hidden = true; return; }
    const links = JSON.parse(saved);
    const opp = this.state[other(this.me)];
    box.hidden = false;
    $('link-opponent').value = links.invite ? location.origin + links.invite : '';
    const hideOpp = opp.kind !== 'person' || opp.seated || !links.invite; // the opponent came
    $('link-opponent').parentElement.hidden = hideOpp;
    $('link-opponent').parentElement.previousElementSibling.hidden = hideOpp;
    $('link-spectator').value = location.origin + links.spectator;
  }

  // who names the player of a side for the status line.
  who(c) {
    if (c === this.me) return 'you';
    const s = this.state[c];
    return s.kind === 'bot' ? `the bot (${s.name})` : (this.me ? 'your opponent' : capitalize(c));
  }

  // watched names the side c for a spectator: "Red", or "the bot
  // (search) as Blue".
  watched(c) {
    const s = this.state[c];
    return s.kind === 'bot' ? `the bot (${s.name}) as ${capitalize(c)}` : capitalize(c);
  }

  renderStatus() {
    const st = this.state, view = this.view, me = this.me;
    const intro = me ? `You play ${capitalize(me)} against ${this.who(other(me))}. ` : `You watch ${this.watched('red')} against ${this.watched('blue')}. `;
    let text;
    if (st.phase === 'over') {
      text = 'Game over: ' + st.outcome + '.';
      const w = view.outcome.startsWith('red wins') ? 'red' : view.outcome.startsWith('blue wins') ? 'blue' : null;
      if (me) text += w === me ? ' You win!' : w ? ' You lose.' : ' A draw.';
      if (st.notice) text += ' (' + st.notice + ')';
    } else if (me && view.turn === me) {
      text = view.rescueDue ? 'Your move: a rescue is due.' : 'Your move.';
    } else if (st.thinking) {
      text = 'The bot is thinking…';
    } else {
      text = me ? `Waiting for ${this.who(view.turn)} to move.` : `${capitalize(view.turn)} to move.`;
    }
    this.status(intro + text + ` Ply ${view.ply}.`);
  }

  // pieceSpec describes a piece of the view for the board.
  pieceSpec(entry, reveal) {
    const {color, rank} = parsePiece(reveal || entry.piece);
    const hidden = rank === 'unknown';
    const info = this.ranks.byName.get(rank);
    const mine = color === this.me;
    const known = entry.known || [];
    const spec = {
      color, rank, hidden, mine, known, rescuer: entry.rescuer,
      label: info ? info.label : '?', name: capitalize(rank),
      beat: (entry.beat || []).map((r) => (this.ranks.byName.get(r) || {}).char || '?'),
    };
    const words = describeKnown(known);
    if (mine) {
      spec.title = `Your ${capitalize(rank)}. ` + (words.length ? 'The enemy knows: ' + words.join(', ') + '.' : 'The enemy knows nothing of it.');
    } else if (hidden) {
      const can = (this.state.canBe || {})[entry.square] || [];
      spec.title = `${capitalize(color)} piece of hidden rank. ` + (words.length ? capitalize(words.join(', ')) + '. ' : '') +
        (can.length ? 'It may be: ' + can.map(capitalize).join(', ') + '.' : '');
    } else {
      spec.title = `${capitalize(color)} ${capitalize(rank)}` + (words.length ? ': ' + words.join(', ') : '') + '.';
    }
    return spec;
  }

  renderBoard() {
    const st = this.state, view = this.view, rules = st.rules;
    const pieces = new Map();
    const reveal = new Map((st.reveal || []).map((p) => [p.square, p.piece]));
    for (const entry of view.board) pieces.set(entry.square, this.pieceSpec(entry, reveal.get(entry.square)));
    const last = view.last ? parseMove(view.last) : null;
    const targets = new Map();
    const myTurn = this.me && view.turn === this.me && st.phase === 'play';
    if (myTurn && this.selected) {
      for (const m of this.legal) {
        if (m.from === this.selected) targets.set(m.to, pieces.has(m.to) ? 'attack' : 'move');
      }
    }
    if (myTurn && view.rescueDue && this.rescueRank) {
      for (const m of this.legal) if (m.rescue === this.rescueRank) targets.set(m.to, 'move');
    }
    drawBoard($('board'), {
      width: rules.width, height: rules.height, flip: this.me === 'blue',
      lakes: new Set(rules.lakes), zone: null, pieces,
      selected: myTurn ? this.selected : null, targets,
      last: last ? {from: last.from, to: last.to, via: last.via} : null,
      fight: last && last.fight ? last.to : null,
      onSquare: (sq) => this.clickPlay(sq),
    });
  }

  // mover returns the side that made the last move of the view.
  mover() {
    const v = this.view;
    return v.rescueDue ? v.turn : other(v.turn);
  }

  renderCombat() {
    const box = $('combat');
    const last = this.view.last ? parseMove(this.view.last) : null;
    if (!last || !last.fight) { box.hidden = true; return; }
    const a = this.mover(), d = other(a);
    // A fight in the words of the terminal game: sides capitalized,
    // ranks in lower case ("Blue's scout (2) attacked your flag (F)").
    const name = (ch, c) => {
      if (ch === '?') return `a hidden ${capitalize(c)} piece (it stayed hidden: silent defense)`;
      const r = this.ranks.byChar.get(ch);
      return r ? `${c === this.me ? 'your' : capitalize(c) + "'s"} ${r.rank} (${r.label})` : ch;
    };
    box.hidden = false;
    box.dataset.result = last.fight.result;
    box.textContent = `Fight on ${last.to}: ${capitalize(name(last.fight.attacker, a))} attacked ${name(last.fight.defender, d)}; ${RESULT_WORDS[last.fight.result]}.`;
  }

  renderCaptured() {
    const box = $('captured');
    box.replaceChildren();
    for (const c of ['red', 'blue']) {
      const row = document.createElement('div');
      row.className = 'captured-row';
      row.dataset.color = c;
      const lost = (this.view.captured || []).map((e) => parsePiece(e.piece)).filter((p) => p.color === c);
      const label = document.createElement('span');
      label.textContent = lostLabel(c, lost.length);
      row.appendChild(label);
      for (const p of lost) {
        const s = document.createElement('span');
        const info = this.ranks.byName.get(p.rank);
        s.className = `cap ${c}`;
        s.dataset.rank = p.rank;
        s.title = capitalize(p.rank);
        s.textContent = info ? info.label : '?';
        row.appendChild(s);
      }
      box.appendChild(row);
    }
  }

  renderMoves() {
    const list = $('movelist');
    list.replaceChildren();
    const moves = this.state.moves;
    for (let i = 0; i < moves.length; i += 2) {
      const li = document.createElement('li');
      for (const m of moves.slice(i, i + 2)) {
        const s = document.createElement('span');
        s.textContent = m;
        li.appendChild(s);
      }
      list.appendChild(li);
    }
    list.scrollTop = list.scrollHeight;
  }

  renderRescue() {
    const panel = $('rescue-panel');
    const due = this.me && this.view.rescueDue && this.view.turn === this.me && this.state.phase === 'play';
    panel.hidden = !due;
    if (!due) { this.rescueRank = null; return; }
    const box = $('rescue-choices');
    box.replaceChildren();
    const ranks = [...new Set(this.legal.filter((m) => m.rescue).map((m) => m.rescue))];
    for (const r of ranks) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.rank = r;
      b.textContent = capitalize(r);
      if (r === this.rescueRank) b.className = 'primary';
      b.onclick = () => { this.rescueRank = r; this.render(); };
      box.appendChild(b);
    }
  }

  // clickPlay handles a click on a square during the game.
  clickPlay(sq) {
    const st = this.state, view = this.view;
    if (!this.me || st.phase !== 'play') return;
    if (view.turn !== this.me) { this.message('It is not your turn: wait for ' + this.who(view.turn) + '.', 'error'); return; }
    if (view.rescueDue) {
      const m = this.legal.find((m) => m.rescue === this.rescueRank && m.to === sq);
      if (m) this.send(m.text);
      else this.message('Choose the piece to rescue first, then one of the marked squares.', 'error');
      return;
    }
    const entry = view.board.find((e) => e.square === sq);
    if (entry && parsePiece(entry.piece).color === this.me) {
      this.selected = this.selected === sq ? null : sq;
      this.message('');
      $('via-panel').hidden = true;
      this.renderBoard();
      return;
    }
    if (!this.selected) { this.message('Select one of your pieces first.', 'error'); return; }
    const options = this.legal.filter((m) => m.from === this.selected && m.to === sq);
    if (options.length > 1) { this.chooseVia(options); return; }
    this.send(options.length ? options[0].text : `${this.selected}-${sq}`);
  }

  chooseVia(options) {
    const panel = $('via-panel'), box = $('via-choices');
    box.replaceChildren();
    for (const m of options) {
      const b = document.createElement('button');
      b.type = 'button';
      b.textContent = m.via ? `${m.from} → ${m.via} → ${m.to}` : `${m.from} → ${m.to}`;
      b.onclick = () => { panel.hidden = true; this.send(m.text); };
      box.appendChild(b);
    }
    panel.hidden = false;
  }

  async send(move) {
    try {
      const st = await this.api.move(this.id, this.token, move);
      this.selected = null;
      this.rescueRank = null;
      this.message('');
      this.update(st);
    } catch (e) {
      if (e instanceof ApiError) this.message(e.message, 'error', e.body.rule);
      else this.message('The server cannot be reached.', 'error');
    }
  }

  // resign asks once more on the button itself, then resigns.
  async resign() {
    if (!this.confirmResign) {
      this.confirmResign = true;
      $('resign').textContent = 'Really resign? Click again';
      $('abandon').textContent = 'Really abandon? Click again';
      return;
    }
    try { this.update(await this.api.resign(this.id, this.token)); } catch (e) { this.message(e.message, 'error'); }
  }

  async recordText() {
    const res = await this.api.record(this.id, this.token);
    return res.text;
  }

  async download() {
    try {
      const text = await this.recordText();
      const a = document.createElement('a');
      a.href = URL.createObjectURL(new Blob([text], {type: 'text/plain'}));
      a.download = `stratego-${this.id}.txt`;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(a.href), 10000);
    } catch (e) { this.message(e.message, 'error'); }
  }

  async replayThis() {
    try {
      sessionStorage.setItem('stratego.replay', await this.recordText());
      location.hash = 'replay';
    } catch (e) { this.message(e.message, 'error'); }
  }

  // --- the setup phase ---

  zone() { return new Set(this.state.rules.zone); }

  remaining(rank) {
    const info = this.ranks.byName.get(rank);
    let n = info ? info.count : 0;
    for (const r of this.placement.values()) if (r === rank) n--;
    return n;
  }

  setupText() {
    const rules = this.state.rules;
    let maxRow = 0;
    for (const sq of rules.zone) maxRow = Math.max(maxRow, parseSq(sq).r);
    const rows = [];
    for (let r = 0; r <= maxRow; r++) {
      let row = '';
      for (let f = 0; f < rules.width; f++) {
        const rank = this.placement.get(sqName(f, r));
        row += rank ? this.ranks.byName.get(rank).char : '.';
      }
      rows.push(row);
    }
    return rows.join('/');
  }

  renderSetup(editing) {
    const st = this.state, rules = st.rules, me = this.me;
    if (this.placementFor !== rules.text) { this.placement.clear(); this.placementFor = rules.text; }
    const color = me || 'red';
    const lakes = new Set(rules.lakes.map((sq) => (me === 'blue' ? turnSq(sq, rules.width, rules.height) : sq)));
    const pieces = new Map();
    let shown = this.placement;
    if (!editing && st.setup) shown = this.parseOwnSetup(st.setup);
    for (const [sq, rank] of shown) {
      const info = this.ranks.byName.get(rank);
      pieces.set(sq, {color, rank, mine: true, label: info.label, name: capitalize(rank), known: [], title: capitalize(rank)});
    }
    drawBoard($('board'), {
      width: rules.width, height: rules.height, flip: false, lakes, zone: editing ? this.zone() : null,
      pieces, selected: editing ? this.picked : null, targets: new Map(), last: null, fight: null,
      onSquare: editing ? (sq) => this.clickSetup(sq) : null,
      onPointerDown: editing ? (sq, ev) => this.pressSquare(sq, ev) : null,
    });
    $('game').dataset.myturn = 'false';
    if (me && !editing) {
      const opp = st[other(me)];
      this.status(opp.ready ? 'Both setups are in.' : !opp.seated ? 'Your setup is in. Waiting for your opponent to open the invitation link.' :
        `Your setup is in. Waiting for ${this.who(other(me))} to set up.`);
    } else if (!me) {
      this.status(`Waiting for the setups (Red ${st.red.ready ? 'ready' : 'setting up'}, Blue ${st.blue.ready ? 'ready' : 'setting up'}).`);
    } else {
      this.status(`Set up your army (${capitalize(me)}): ${rules.fillZone ? 'fill' : 'use'} the light squares of your zone.`);
    }
    if (!editing) return;
    this.renderTray(color);
    $('setup-text').value = this.setupText();
    $('setup-last').disabled = !localStorage.getItem('stratego.setup.' + rules.text);
  }

  // parseOwnSetup reads the setup text the server holds for this player.
  parseOwnSetup(text) {
    const out = new Map();
    text.split('/').forEach((row, r) => {
      [...row].forEach((ch, f) => {
        const info = this.ranks.byChar.get(ch.toUpperCase());
        if (ch !== '.' && info) out.set(sqName(f, r), info.rank);
      });
    });
    return out;
  }

  renderTray(color) {
    const tray = $('tray');
    tray.replaceChildren();
    for (const info of this.state.rules.ranks) {
      if (!info.count) continue;
      const left = this.remaining(info.rank);
      const b = document.createElement('button');
      b.type = 'button';
      b.className = `tray-piece ${color}` + (this.traySel === info.rank ? ' selected' : '');
      b.dataset.rank = info.rank;
      b.dataset.left = String(left);
      b.disabled = left <= 0;
      b.textContent = `${info.label} ×${left}`;
      const small = document.createElement('small');
      small.textContent = capitalize(info.rank);
      b.appendChild(small);
      b.onclick = () => {
        if (this.suppressClick) { this.suppressClick = false; return; }
        this.traySel = info.rank;
        this.picked = null;
        this.render();
      };
      b.onpointerdown = (ev) => this.startDrag(ev, {rank: info.rank}, b);
      tray.appendChild(b);
    }
  }

  // place puts rank on sq, or moves the piece of from there.
  place(sq, {rank, from}) {
    if (!this.zone().has(sq)) { this.message('Pieces go on the light squares of your zone.', 'error'); return; }
    this.message('');
    if (from) {
      if (from === sq) return;
      const moving = this.placement.get(from), there = this.placement.get(sq);
      this.placement.set(sq, moving);
      if (there) this.placement.set(from, there); else this.placement.delete(from);
      return;
    }
    if (this.remaining(rank) <= 0) return;
    this.placement.set(sq, rank);
    if (this.remaining(rank) <= 0) this.traySel = null;
  }

  clickSetup(sq) {
    if (this.suppressClick) { this.suppressClick = false; return; }
    if (this.traySel) {
      this.place(sq, {rank: this.traySel});
    } else if (this.picked) {
      if (this.picked !== sq) this.place(sq, {from: this.picked});
      this.picked = null;
    } else if (this.placement.has(sq)) {
      this.picked = sq;
    }
    this.render();
  }

  pressSquare(sq, ev) {
    if (this.placement.has(sq) && !this.traySel) this.startDrag(ev, {from: sq}, null);
  }

  // startDrag follows a press; once it moves a few pixels it is a drag
  // that drops a piece where it is released.
  startDrag(ev, what, button) {
    if (ev.button !== 0) return;
    const x0 = ev.clientX, y0 = ev.clientY;
    const drag = {what, moved: false, ghost: null};
    this.drag = drag;
    const move = (e) => {
      if (!drag.moved && Math.hypot(e.clientX - x0, e.clientY - y0) < 6) return;
      if (!drag.moved) {
        drag.moved = true;
        drag.ghost = document.createElement('div');
        drag.ghost.className = `ghost cap ${this.me || 'red'}`;
        const rank = what.rank || this.placement.get(what.from);
        drag.ghost.textContent = this.ranks.byName.get(rank).label;
        document.body.appendChild(drag.ghost);
        $('board').classList.add('dragging');
      }
      drag.ghost.style.left = (e.clientX - 12) + 'px';
      drag.ghost.style.top = (e.clientY - 12) + 'px';
    };
    const up = (e) => {
      this.endDrag();
      if (!drag.moved) return;
      this.suppressClick = true;
      setTimeout(() => { this.suppressClick = false; }, 0);
      const target = document.elementFromPoint(e.clientX, e.clientY);
      const cell = target && target.closest && target.closest('#board [data-square]');
      if (cell) this.place(cell.dataset.square, what);
      else if (what.from) this.placement.delete(what.from);
      this.picked = null;
      this.render();
    };
    drag.cleanup = () => {
      window.removeEventListener('pointermove', move);
      window.removeEventListener('pointerup', up);
      if (drag.ghost) drag.ghost.remove();
      $('board').classList.remove('dragging');
    };
    window.addEventListener('pointermove', move);
    window.addEventListener('pointerup', up);
  }

  endDrag() {
    if (this.drag && this.drag.cleanup) this.drag.cleanup();
    this.drag = null;
  }

  setPlacement(pieces) {
    this.placement.clear();
    for (const p of pieces) this.placement.set(p.square, p.rank);
    this.picked = null;
    this.traySel = null;
  }

  async randomSetup() {
    try {
      const s = await this.api.randomSetup(this.state.rules.text);
      this.setPlacement(s.pieces);
      this.message('');
      this.render();
    } catch (e) { this.message(e.message, 'error'); }
  }

  async pasteSetup() {
    await this.useText($('setup-text').value);
  }

  async lastSetup() {
    const text = localStorage.getItem('stratego.setup.' + this.state.rules.text);
    if (text) await this.useText(text);
  }

  async useText(text) {
    try {
      const s = await this.api.parseSetup(this.state.rules.text, text);
      this.setPlacement(s.pieces);
      this.message('');
      this.render();
    } catch (e) { this.message(e.message, 'error'); }
  }

  async ready() {
    const text = this.setupText();
    try {
      const st = await this.api.setup(this.id, this.token, text);
      localStorage.setItem('stratego.setup.' + this.state.rules.text, text);
      this.message('');
      this.update(st);
    } catch (e) { this.message(e.message, 'error'); }
  }
}
