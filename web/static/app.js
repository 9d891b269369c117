// app.js: the pages of "stratego serve": the start page, a game, a replay.

import {api} from './api.js';
import {Game} from './game.js';
import {Replay} from './replay.js';
import {offline} from './offline.js';

const $ = (id) => document.getElementById(id);
let current = null;
let replay = null;

// claim takes the seat of an invitation ("#g=ID&i=INVITE") and puts the
// page at its own link, with the fresh token only this browser holds.
// The browser remembers the seat it took, so that the invitation opened
// again leads to it.
async function claim(id, invite) {
  $('game').hidden = false;
  $('status').textContent = 'Taking your seat…';
  const key = 'stratego.claimed.' + id + '.' + invite;
  try {
    const c = await api.claim(id, invite);
    try { localStorage.setItem(key, c.links.player); } catch (e) { /* private mode: not remembered */ }
    history.replaceState(null, '', `#g=${c.id}&t=${c.token}`);
    route();
  } catch (e) {
    $('game').hidden = true;
    showNotice(e, localStorage.getItem(key));
  }
}

// showNotice explains a refused invitation in words, with what to do
// next: the seat this browser took, the spectators' link, a game of
// one's own.
function showNotice(e, mine) {
  const next = [];
  const item = (text, href, label) => {
    const li = document.createElement('li');
    li.append(text);
    if (href) {
      const a = document.createElement('a');
      a.href = href;
      a.textContent = label;
      a.id = 'notice-' + label.split(' ')[0].toLowerCase();
      li.append(a);
    }
    next.push(li);
  };
  let title, text;
  if (e.status === 409) {
    title = 'This invitation has been used';
    text = 'Someone has taken the seat it offered, and an invitation seats one person only.';
    if (mine) item('You took the seat in this browser: ', mine, 'Open your game');
    else item('If you took it on another device or browser, continue there: the game is at the address the page moved to when you took the seat.', null, null);
    item('To watch the game, ask the person who invited you for the spectators’ link.', null, null);
  } else if (e.status === 404) {
    title = 'This game is gone';
    text = 'It may have ended long ago, or expired after a time without moves.';
  } else if (e.status === 403) {
    title = 'This invitation is not valid';
    text = 'The link is not complete or not for this game: check that the whole link was copied.';
  } else {
    title = 'The invitation could not be opened';
    text = e.message || 'The server cannot be reached.';
  }
  item('Or ', '/#', 'start a game of your own');
  $('notice-title').textContent = title;
  $('notice-text').textContent = text;
  $('notice-next').replaceChildren(...next);
  $('notice').hidden = false;
  $('notice').dataset.kind = e.status === 409 ? 'used' : 'refused';
}

// route shows the page the address names: "#g=ID&t=TOKEN" a game,
// "#g=ID&i=INVITE" an invitation to claim, "#replay" the replay page,
// anything else the start page.
function route() {
  if (current) { current.stop(); current = null; }
  if (replay) replay.stop();
  const hash = location.hash.slice(1);
  for (const id of ['lobby', 'game', 'replay', 'notice']) $(id).hidden = true;
  if (hash.startsWith('g=') && new URLSearchParams(hash).get('i')) {
    const p = new URLSearchParams(hash);
    claim(p.get('g') || '', p.get('i'));
  } else if (hash.startsWith('g=')) {
    const p = new URLSearchParams(hash);
    $('game').hidden = false;
    current = new Game(p.get('g') || '', p.get('t') || '', offline.isLocal(p.get('g') || '') ? offline : api);
    current.start();
  } else if (hash === 'replay') {
    $('replay').hidden = false;
    if (!replay) replay = new Replay(offline.only ? offline : api);
    replay.enter();
  } else {
    $('lobby').hidden = false;
  }
}

// rulesText is the rules the start page describes.
function rulesText() {
  const text = $('rules-text').value.trim();
  if (text) return text;
  const info = $('info').value;
  return $('preset').value + (info && info !== 'standard' ? ',info=' + info : '');
}

// rulesAsked counts describeRules's requests: an answer that comes after
// a later request's was asked for is stale (the answers of a busy server
// can come out of order) and is dropped.
let rulesAsked = 0;

async function describeRules() {
  const hint = $('rules-hint');
  const asked = ++rulesAsked;
  try {
    const r = await (offline.only ? offline : api).rules(rulesText());
    if (asked !== rulesAsked) return;
    const n = r.ranks.reduce((a, x) => a + x.count, 0);
    hint.textContent = `${r.text}: ${r.width}×${r.height} board, ${n} pieces a side, ` +
      `Two-Squares ${r.twoSquares || 'off'}, More-Squares ${r.moreSquares}, information ${r.info}` +
      (r.maxPlies ? `, a draw after ${r.maxPlies} plies` : '') + '.';
    hint.className = 'hint';
  } catch (e) {
    if (asked !== rulesAsked) return;
    hint.textContent = e.message;
    hint.className = 'hint error';
  }
}

async function lobby() {
  let opts;
  try { opts = await api.options(); } catch (e) {
    // No server (a static copy of the site): the games run in the page.
    offline.only = await offline.available();
    if (!offline.only) { $('lobby-error').textContent = 'The server cannot be reached.'; return; }
    opts = await offline.options();
  }
  offerOffline();
  const fill = (sel, items) => {
    sel.replaceChildren();
    for (const it of items) {
      const o = document.createElement('option');
      o.value = it.name;
      o.textContent = it.name;
      o.title = it.doc || '';
      sel.appendChild(o);
    }
  };
  fill($('preset'), opts.presets);
  fill($('info'), opts.infos);
  fill($('bot'), opts.bots);
  // One line per bot in the list; the chosen one's description beside it.
  const botDoc = () => {
    const b = opts.bots.find((x) => x.name === $('bot').value);
    $('bot-hint').textContent = b && b.doc ? b.doc : '';
  };
  $('bot').onchange = botDoc;
  // The strongest bot first: search when there is one.
  for (const name of ['search', 'greedy']) {
    if (opts.bots.some((b) => b.name === name)) { $('bot').value = name; break; }
  }
  botDoc();
  for (const id of ['preset', 'info']) $(id).onchange = describeRules;
  $('rules-text').oninput = describeRules;
  describeRules();
  $('new-game').onsubmit = async (ev) => {
    ev.preventDefault();
    $('lobby-error').textContent = '';
    const opponent = document.querySelector('input[name=opponent]:checked').value;
    const color = document.querySelector('input[name=color]:checked').value;
    try {
      const g = await (opponent === 'local' ? offline : api).create({
        rules: rulesText(), opponent, color,
        bot: opponent !== 'person' ? $('bot').value : undefined,
        thinkMillis: opponent !== 'person' ? parseInt($('think').value, 10) : undefined,
      });
      if (g.links && g.links.spectator) sessionStorage.setItem('stratego.links.' + g.id, JSON.stringify(g.links));
      location.hash = `g=${g.id}&t=${g.token}`;
    } catch (e) {
      $('lobby-error').textContent = e.message;
    }
  };
}

// offerOffline shows the choice of a game in the page when the engine
// is there; with no server it is the only choice.
async function offerOffline() {
  if (!offline.only && !(await offline.available())) return;
  $('opp-local-box').hidden = false;
  if (offline.only) {
    $('opp-bot-box').hidden = true;
    $('opp-person-box').hidden = true;
    $('opp-local').checked = true;
  }
}

window.addEventListener('hashchange', route);
lobby();
route();
