// board.js: the board as SVG, and the helpers for squares, pieces and
// moves in the library's notation.

const NS = 'http://www.w3.org/2000/svg';
export const CELL = 60;
const MARGIN = 22;
const FILES = 'abcdefghij';

// sqName returns the name of the square on file f and row r (from 0).
export function sqName(f, r) { return FILES[f] + (r + 1); }

// parseSq returns the file and row (from 0) of a square name.
export function parseSq(s) { return {f: s.charCodeAt(0) - 97, r: parseInt(s.slice(1), 10) - 1}; }

// turnSq turns a square 180° within a board of W×H (Blue's chair).
export function turnSq(s, W, H) {
  const {f, r} = parseSq(s);
  return sqName(W - 1 - f, H - 1 - r);
}

// parseMove reads a move of the library's notation: "a4-a5", "a4xa5",
// "c3-c4-d4" (a turning Captain) or "+general@d2" (a rescue), with an
// optional annotation "(6>3)".
export function parseMove(text) {
  let m = /^\+([a-z]+)@([a-j](?:10|[1-9]))$/.exec(text);
  if (m) return {rescue: m[1], to: m[2], text};
  m = /^([a-j](?:10|[1-9]))[-x]([a-j](?:10|[1-9]))(?:[-x]([a-j](?:10|[1-9])))?(?:\((.)([<>=])(.)\))?$/.exec(text);
  if (!m) return null;
  const mv = {from: m[1], to: m[3] ? m[3] : m[2], via: m[3] ? m[2] : null, text};
  if (m[4]) mv.fight = {attacker: m[4], result: m[5], defender: m[6]};
  return mv;
}

// parsePiece reads "red marshal" into {color, rank}.
export function parsePiece(text) {
  const [color, rank] = text.split(' ');
  return {color, rank};
}

// capitalize returns s with its first letter in upper case.
export function capitalize(s) { return s ? s[0].toUpperCase() + s.slice(1) : s; }

// lostLabel is the label of a side's captured pieces, the same on the
// game and the replay page: "Red lost nothing", "Blue lost 3: ".
export function lostLabel(color, n) { return n ? `${capitalize(color)} lost ${n}: ` : `${capitalize(color)} lost nothing`; }

function el(name, attrs, parent) {
  const e = document.createElementNS(NS, name);
  for (const [k, v] of Object.entries(attrs || {})) e.setAttribute(k, v);
  if (parent) parent.appendChild(e);
  return e;
}

// drawBoard draws a board into svg. spec holds:
//   width, height     the board size
//   flip              true to draw it from Blue's chair
//   lakes, zone       Sets of square names (zone may be null)
//   pieces            Map square → {color, rank, label, name, hidden,
//                     known: [], beat: [], rescuer, mine, title}
//   selected          a square or null
//   targets           Map square → "move" | "attack"
//   last              {from, to, via} or null
//   fight             the square of the last fight, or null
//   onSquare(sq, ev)  called for a click on a square
//   onPointerDown(sq, ev)  called when a press starts on a square
export function drawBoard(svg, spec) {
  const W = spec.width, H = spec.height;
  svg.replaceChildren();
  svg.setAttribute('viewBox', `0 0 ${MARGIN + W * CELL + 4} ${H * CELL + MARGIN + 4}`);
  svg.dataset.flip = spec.flip ? 'true' : 'false';
  const pos = (sq) => {
    const {f, r} = parseSq(sq);
    const col = spec.flip ? W - 1 - f : f;
    const row = spec.flip ? r : H - 1 - r;
    return {x: MARGIN + col * CELL, y: 2 + row * CELL};
  };
  for (let i = 0; i < W; i++) {
    const f = spec.flip ? W - 1 - i : i;
    el('text', {class: 'coord', x: MARGIN + i * CELL + CELL / 2, y: H * CELL + MARGIN / 2 + 3}, svg).textContent = FILES[f];
  }
  for (let i = 0; i < H; i++) {
    const r = spec.flip ? i : H - 1 - i;
    el('text', {class: 'coord', x: MARGIN / 2, y: 2 + i * CELL + CELL / 2}, svg).textContent = String(r + 1);
  }
  for (let r = 0; r < H; r++) {
    for (let f = 0; f < W; f++) {
      const sq = sqName(f, r);
      const {x, y} = pos(sq);
      const g = el('g', {class: 'cell', 'data-square': sq}, svg);
      let cls = 'sq' + ((f + r) % 2 ? ' alt' : '');
      if (spec.lakes.has(sq)) cls = 'sq lake';
      else if (spec.zone && spec.zone.has(sq)) cls += ' zone';
      el('rect', {class: cls, x, y, width: CELL, height: CELL}, g);
      const p = spec.pieces.get(sq);
      if (p) {
        drawPiece(g, x, y, p);
        g.dataset.piece = `${p.color} ${p.hidden ? 'unknown' : p.rank}`;
      }
      if (spec.last && (spec.last.from === sq || spec.last.to === sq || spec.last.via === sq)) {
        el('rect', {class: 'last', x: x + 2, y: y + 2, width: CELL - 4, height: CELL - 4}, g);
        g.dataset.last = spec.last.from === sq ? 'from' : spec.last.to === sq ? 'to' : 'via';
      }
      if (spec.fight === sq) {
        el('rect', {class: 'fight', x: x + 6, y: y + 6, width: CELL - 12, height: CELL - 12}, g);
        g.dataset.fight = 'true';
      }
      if (spec.selected === sq) {
        el('rect', {class: 'selected-sq', x: x + 3, y: y + 3, width: CELL - 6, height: CELL - 6}, g);
        g.dataset.selected = 'true';
      }
      const t = spec.targets && spec.targets.get(sq);
      if (t === 'attack') {
        el('rect', {class: 'target attack', x: x + 8, y: y + 8, width: CELL - 16, height: CELL - 16, rx: 8}, g);
      } else if (t) {
        el('circle', {class: 'target', cx: x + CELL / 2, cy: y + CELL / 2, r: 9}, g);
      }
      if (t) g.dataset.target = t;
      const hit = el('rect', {class: 'hit', x, y, width: CELL, height: CELL}, g);
      if (p && p.title) el('title', {}, hit).textContent = p.title;
      if (spec.onSquare) hit.addEventListener('click', (ev) => spec.onSquare(sq, ev));
      if (spec.onPointerDown) hit.addEventListener('pointerdown', (ev) => spec.onPointerDown(sq, ev));
    }
  }
}

// drawPiece draws one piece in the cell at x, y.
function drawPiece(g, x, y, p) {
  let cls = `piece ${p.color}`;
  if (p.hidden) cls += ' hidden';
  if (p.mine) cls += ' mine';
  if (!p.mine && !p.hidden && (p.known || []).includes('rank')) cls += ' shown';
  const pg = el('g', {class: cls}, g);
  el('rect', {class: 'body', x: x + 4, y: y + 4, width: CELL - 8, height: CELL - 8, rx: 7}, pg);
  if (p.hidden) {
    el('rect', {class: 'back', x: x + 11, y: y + 11, width: CELL - 22, height: CELL - 22, rx: 4}, pg);
    el('text', {class: 'qm', x: x + CELL / 2, y: y + CELL / 2 + 1}, pg).textContent = '?';
  } else {
    el('text', {class: 'label', x: x + CELL / 2, y: y + CELL / 2 - 3}, pg).textContent = p.label;
    el('text', {class: 'name', x: x + CELL / 2, y: y + CELL - 9}, pg).textContent = p.name;
  }
  const known = p.known || [];
  if (known.includes('moved')) el('circle', {class: 'mark moved', cx: x + 12, cy: y + 12, r: 3.5}, pg);
  if (known.includes('far')) {
    el('path', {class: 'mark far', d: `M${x + 18} ${y + 8} l6 4 l-6 4 z M${x + 24} ${y + 8} l6 4 l-6 4 z`}, pg);
  }
  if (p.mine && known.includes('rank')) {
    el('ellipse', {class: 'mark eye', cx: x + CELL - 14, cy: y + 12, rx: 6, ry: 4}, pg);
    el('circle', {class: 'mark', cx: x + CELL - 14, cy: y + 12, r: 1.6}, pg);
  }
  if (p.beat && p.beat.length) {
    el('text', {class: 'mark-text', x: x + 8, y: y + CELL - 7}, pg).textContent = '<' + p.beat.join('');
  }
  if (p.rescuer) el('text', {class: 'mark-text', x: x + CELL - 14, y: y + CELL - 7}, pg).textContent = '^';
}

// rankTable indexes the ranks of a rules description by name and by
// one-character label.
export function rankTable(rules) {
  const byName = new Map(), byChar = new Map();
  for (const r of rules.ranks) {
    byName.set(r.rank, r);
    byChar.set(r.char, r);
  }
  return {byName, byChar};
}
