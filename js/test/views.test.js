// Views, records and positions: the library's JSON and text forms, and
// their round trips.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {engine} from './helpers.js';

test('a view hides what its player may not know, and lists the same legal moves', async () => {
  const st = await engine();
  const rules = st.rules('classic');
  const game = st.newGame(rules, st.chooseSetup(rules, 3), st.chooseSetup(rules, 4));
  const view = game.view('red');
  assert.equal(view.viewer, 'red');
  assert.equal(view.board.length, 80);
  for (const p of view.board) {
    if (p.piece.startsWith('blue')) assert.equal(p.piece, 'blue unknown', p.square);
  }
  const fromView = view.legalMoves.map((m) => m.replace('x', '-')).sort();
  assert.deepEqual(fromView, game.legalMoves().slice().sort());
  assert.deepEqual(st.legalMoves(view).sort(), game.legalMoves().slice().sort());
  assert.deepEqual(st.legalMoves(game.viewText('red')).sort(), game.legalMoves().slice().sort());
  assert.deepEqual(st.legalMoves(game.position()).sort(), game.legalMoves().slice().sort());
  // Blue's view of Red's turn lists no move of its own.
  assert.deepEqual(game.view('blue').legalMoves, []);
});

test('view text and View JSON round trips', async () => {
  const st = await engine();
  const rules = st.rules('classic');
  const game = st.newGame(rules, st.chooseSetup(rules, 5), st.chooseSetup(rules, 6));
  for (let i = 0; i < 40 && !game.over; i++) game.play(game.legalMoves()[i % game.legalMoves().length]);
  for (const c of ['red', 'blue']) {
    const text = game.viewText(c);
    assert.deepEqual(st.parseView(text), game.view(c));
    assert.equal(st.viewText(game.view(c)), text);
    assert.equal(st.viewText(st.parseView(text)), text);
  }
});

test('record and position round trips', async () => {
  const st = await engine();
  const rules = st.rules('classic');
  const game = st.newGame(rules, st.chooseSetup(rules, 7), st.chooseSetup(rules, 8));
  for (let i = 0; i < 60 && !game.over; i++) {
    const moves = game.legalMoves();
    game.play(moves[(i * 7) % moves.length]);
  }
  const record = game.record();
  const again = st.replay(record);
  assert.equal(again.record(), record);
  assert.equal(again.position(), game.position());
  assert.deepEqual(again.history(), game.history());
  assert.equal(st.formatRecord(record), record);
  const pos = game.position();
  assert.equal(st.fromPosition(pos).position(), pos);
  assert.ok(again.undo());
  assert.equal(again.ply, game.ply - 1);
  again.free();
  assert.throws(() => again.position(), {code: 'handle'});
});
