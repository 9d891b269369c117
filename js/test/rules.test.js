// Rules, setups, moves and refusals.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {StrategoError} from '../index.js';
import {engine, movesFrom} from './helpers.js';

test('rules by preset name and by rules text', async () => {
  const st = await engine();
  assert.ok(st.presets().includes('classic'));
  const classic = st.rules('classic');
  assert.equal(classic.text, 'classic');
  assert.equal(classic.width, 10);
  assert.equal(classic.lakes.length, 8);
  assert.equal(classic.ranks.find((r) => r.rank === 'scout').count, 8);
  const custom = st.rules('classic,twosquares=5');
  assert.equal(custom.twoSquares, 5);
  assert.equal(st.rules(custom.text).text, custom.text);
  assert.throws(() => st.rules('chess'), (e) => e instanceof StrategoError && !e.message.includes('stratego:'));
});

test('setups: drawn, chosen like people, read back from their text', async () => {
  const st = await engine();
  const rules = st.rules('classic');
  for (const seed of [1, 2, 3]) {
    for (const text of [st.randomSetup(rules, seed), st.chooseSetup(rules, seed)]) {
      const back = st.parseSetup(rules, text);
      assert.equal(back.text, text);
      assert.equal(back.pieces.length, 40);
    }
  }
  assert.equal(st.chooseSetup(rules, 9), st.chooseSetup(rules, 9));
  assert.throws(() => st.parseSetup(rules, 'nonsense'), {name: 'StrategoError'});
});

test('a refused move is a StrategoError with the reason in words, and changes nothing', async () => {
  const st = await engine();
  const rules = st.rules('classic');
  const game = st.newGame(rules, st.chooseSetup(rules, 1), st.chooseSetup(rules, 2));
  const before = game.position();
  assert.throws(() => game.play('a1-a2'), (e) => {
    assert.ok(e instanceof StrategoError && e instanceof Error);
    assert.equal(e.code, 'own-piece');
    assert.match(e.message, /^destination holds own piece: move a1-a2$/);
    return true;
  });
  assert.throws(() => game.play('e4-f5'), {code: 'bad-direction'});
  assert.throws(() => game.play('c5-c6'), {code: 'lake'});
  assert.throws(() => game.play('z9-z8'), {code: 'syntax'});
  assert.equal(game.position(), before);
  assert.equal(game.check('a1-a2').code, 'own-piece');
  assert.equal(game.check(game.legalMoves()[0]), null);
});

// The Go test TestTwoSquares_Example_J4J5Shuttle (repetition_test.go):
// RULES.md 6.1, Red j4-j5, j5-j4, j4-j5: now j5-j4 is illegal, j5-j6
// and j5-i5 are legal. Blue's sergeants on a8 and b8 make the tempo
// moves.
test('Two-Squares: the j4-j5 shuttle of RULES.md 6.1', async () => {
  const st = await engine();
  const game = st.fromBoard('classic', {
    j1: 'red flag', j10: 'blue flag', a8: 'blue sergeant', b8: 'blue sergeant', j4: 'red major',
  }, 'red');
  for (const m of ['j4-j5', 'a8-a7', 'j5-j4', 'b8-b7', 'j4-j5', 'a7-a8']) game.play(m);
  assert.throws(() => game.play('j5-j4'), (e) => e.code === 'two-squares' && /two-squares rule/.test(e.message));
  assert.deepEqual(movesFrom(game, 'j5'), ['j5-i5', 'j5-j6']);
  game.play('j5-j6');
});

// TestTwoSquares_Example_ScoutA3A6A4A6: Red scout a3-a6, a6-a4, a4-a6:
// a6-a5 … a6-a1 are illegal, a6-b6 and a6-a7 legal.
test('Two-Squares: the scout a3-a6, a6-a4, a4-a6 of RULES.md 6.1', async () => {
  const st = await engine();
  const game = st.fromBoard('classic', {
    j1: 'red flag', j10: 'blue flag', a8: 'blue sergeant', b8: 'blue sergeant', a3: 'red scout',
  }, 'red');
  for (const m of ['a3-a6', 'a8-a7', 'a6-a4', 'b8-b7', 'a4-a6', 'a7-a8']) game.play(m);
  for (const m of ['a6-a5', 'a6-a4', 'a6-a3', 'a6-a2', 'a6-a1']) assert.equal(game.check(m)?.code, 'two-squares', m);
  assert.equal(game.check('a6-b6'), null);
  assert.equal(game.check('a6-a7'), null);
});

// TestMoreSquares_Example_StraDeV: RULES.md 6.2's worked example, Red
// colonel b2, Blue major b4 between its bombs a4, b5 and e4: 1. b2-b3
// b4-c4 2. b3-c3 c4-d4 3. c3-d3 d4-c4 4. d3-c3 c4-b4 5. c3-b3 is
// illegal; c3-c2 and c3-d3 are legal; with the rule off c3-b3 is legal.
test('More-Squares: the StraDeV example of RULES.md 6.2', async () => {
  const st = await engine();
  const board = {j1: 'red flag', b2: 'red colonel', a4: 'blue bomb', b4: 'blue major', e4: 'blue bomb', b5: 'blue bomb', j10: 'blue flag'};
  const line = ['b2-b3', 'b4-c4', 'b3-c3', 'c4-d4', 'c3-d3', 'd4-c4', 'd3-c3', 'c4-b4'];
  for (const scope of ['chase', 'game']) {
    const game = st.fromBoard('classic,moresquares=' + scope, board, 'red');
    for (const m of line) game.play(m);
    const err = game.check('c3-b3');
    assert.equal(err?.code, 'more-squares', scope);
    assert.match(err.message, /more-squares rule/);
    assert.equal(game.check('c3-c2'), null);
    assert.equal(game.check('c3-d3'), null);
  }
  const off = st.fromBoard('classic,moresquares=off', board, 'red');
  for (const m of line) off.play(m);
  assert.equal(off.check('c3-b3'), null);
});
