// replay.js: step through a record or a Gravon game file.

import {api} from './api.js';
import {drawBoard, parseMove, sqName, capitalize, lostLabel, rankTable} from './board.js';

const $ = (id) => document.getElementById(id);

// The ranks in the order of the Gravon letters B–M (Red) and N–Y (Blue).
const GRAVON_ORDER = ['bomb', 'spy', 'scout', 'miner', 'sergeant', 'lieutenant', 'captain', 'major', 'colonel', 'general', 'marshal', 'flag'];

// decodeField reads a 100-letter Gravon field into a Map square → {color, rank}.
export function decodeField(field) {
  const out = new Map();
  for (let i = 0; i < field.length && i < 100; i++) {
    const c = field.charCodeAt(i);
    const sq = sqName(i % 10, Math.floor(i / 10));
    if (c >= 66 && c <= 77) out.set(sq, {color: 'red', rank: GRAVON_ORDER[c - 66]});
    else if (c >= 78 && c <= 89) out.set(sq, {color: 'blue', rank: GRAVON_ORDER[c - 78]});
  }
  return out;
}

// Replay runs the replay page.
export class Replay {
  // backend reads the game: api.js (the server) or offline.js.
  constructor(backend = api) {
    this.api = backend;
    this.data = null;
    this.ply = 0;
    this.flip = false;
    this.timer = null;
    $('replay-load').onsubmit = (ev) => { ev.preventDefault(); this.load($('replay-text').value); };
    $('replay-file').onchange = () => {
      const f = $('replay-file').files[0];
      if (!f) return;
      f.text().then((t) => { $('replay-text').value = t; this.load(t); });
    };
    $('rp-first').onclick = () => this.show(0);
    $('rp-prev').onclick = () => this.show(this.ply - 1);
    $('rp-next').onclick = () => this.show(this.ply + 1);
    $('rp-last').onclick = () => this.show(this.data.frames.length - 1);
    $('rp-flip').onclick = () => { this.flip = !this.flip; this.show(this.ply); };
    $('rp-play').onclick = () => this.toggle();
    $('rp-range').oninput = () => this.show(parseInt($('rp-range').value, 10));
    document.addEventListener('keydown', (ev) => {
      if ($('replay').hidden || !this.data || ev.target.tagName === 'TEXTAREA' || ev.target.tagName === 'INPUT') return;
      if (ev.key === 'ArrowLeft') this.show(this.ply - 1);
      if (ev.key === 'ArrowRight') this.show(this.ply + 1);
    });
  }

  // enter opens the page, with a game handed over by the game page.
  enter() {
    const handed = sessionStorage.getItem('stratego.replay');
    if (handed) {
      sessionStorage.removeItem('stratego.replay');
      $('replay-text').value = handed;
      this.load(handed);
    }
  }

  stop() { this.pause(); }

  async load(text) {
    this.pause();
    $('replay-error').textContent = '';
    try {
      this.data = await this.api.replay(text);
    } catch (e) {
      $('replay-error').textContent = e.message;
      $('replay-view').hidden = true;
      $('replay-load-box').open = true;
      return;
    }
    this.ranks = rankTable(this.data.rules);
    const d = this.data;
    const tags = Object.fromEntries(d.tags || []);
    const title = [tags.Red && tags.Blue ? `${tags.Red} (Red) against ${tags.Blue} (Blue)` : '', tags.Event || '', tags.Date || '']
      .filter(Boolean).join(', ');
    $('rp-title').textContent = `${title ? title + ' — ' : ''}${d.rules.text}, ${d.moves.length} plies (${d.format}).`;
    $('replay-error').textContent = d.error ? 'The record stops at an illegal move: ' + d.error : '';
    const list = $('rp-moves');
    list.replaceChildren();
    for (let i = 0; i < d.moves.length; i += 2) {
      const li = document.createElement('li');
      for (let j = i; j < Math.min(i + 2, d.moves.length); j++) {
        const s = document.createElement('span');
        s.textContent = d.moves[j];
        s.dataset.ply = String(j + 1);
        s.onclick = () => this.show(j + 1);
        li.appendChild(s);
      }
      list.appendChild(li);
    }
    $('rp-range').max = String(d.frames.length - 1);
    $('replay-view').hidden = false;
    $('replay-load-box').open = false;
    this.show(0);
  }

  show(i) {
    const d = this.data;
    if (!d) return;
    i = Math.max(0, Math.min(d.frames.length - 1, i));
    this.ply = i;
    const rules = d.rules;
    const board = decodeField(d.frames[i]);
    const pieces = new Map();
    for (const [sq, p] of board) {
      const info = this.ranks.byName.get(p.rank);
      pieces.set(sq, {color: p.color, rank: p.rank, label: info.label, name: capitalize(p.rank), known: [], title: `${capitalize(p.color)} ${capitalize(p.rank)}`});
    }
    const last = i > 0 ? parseMove(d.moves[i - 1]) : null;
    drawBoard($('replay-board'), {
      width: rules.width, height: rules.height, flip: this.flip, lakes: new Set(rules.lakes), zone: null,
      pieces, selected: null, targets: new Map(),
      last: last ? {from: last.from, to: last.to, via: last.via} : null,
      fight: last && last.fight ? last.to : null,
    });
    $('replay-view').dataset.ply = String(i);
    $('rp-range').value = String(i);
    $('rp-ply').textContent = i === 0 ? `Start position (of ${d.moves.length} plies).` : `Ply ${i} of ${d.moves.length}: ${d.moves[i - 1]}`;
    $('rp-outcome').textContent = i === d.frames.length - 1 ? 'Result: ' + d.outcome + '.' : '';
    for (const s of $('rp-moves').querySelectorAll('span')) s.classList.toggle('current', s.dataset.ply === String(i));
    this.renderCaptured(board);
  }

  renderCaptured(board) {
    const box = $('rp-captured');
    box.replaceChildren();
    for (const color of ['red', 'blue']) {
      const row = document.createElement('div');
      row.className = 'captured-row';
      row.dataset.color = color;
      const count = new Map();
      for (const p of board.values()) if (p.color === color) count.set(p.rank, (count.get(p.rank) || 0) + 1);
      const label = document.createElement('span');
      const lost = [];
      for (const info of this.data.rules.ranks) {
        for (let k = count.get(info.rank) || 0; k < info.count; k++) lost.push(info);
      }
      label.textContent = lostLabel(color, lost.length);
      row.appendChild(label);
      for (const info of lost) {
        const s = document.createElement('span');
        s.className = `cap ${color}`;
        s.dataset.rank = info.rank;
        s.title = capitalize(info.rank);
        s.textContent = info.label;
        row.appendChild(s);
      }
      box.appendChild(row);
    }
  }

  toggle() {
    if (this.timer) { this.pause(); return; }
    if (this.ply >= this.data.frames.length - 1) this.show(0);
    $('rp-play').textContent = 'Pause';
    this.timer = setInterval(() => {
      if (this.ply >= this.data.frames.length - 1) { this.pause(); return; }
      this.show(this.ply + 1);
    }, 600);
  }

  pause() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    $('rp-play').textContent = 'Play';
  }
}
