// A whole random game in JavaScript, replayed by the Go library with the
// same result.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {engine, rng} from './helpers.js';

const root = fileURLToPath(new URL('../..', import.meta.url));

test('a whole random game replays in Go with the same result', async () => {
  const st = await engine();
  const rules = st.rules('classic,maxplies=2000');
  const random = rng(2026);
  const game = st.newGame(rules, st.randomSetup(rules, 11), st.randomSetup(rules, 12));
  let last = null;
  while (!game.over) {
    const moves = game.legalMoves();
    last = game.play(moves[Math.floor(random() * moves.length)]);
  }
  assert.ok(last.outcome.over);
  const record = game.record();
  const out = JSON.parse(execFileSync('go', ['run', './js/test/replay'], {cwd: root, input: record, encoding: 'utf8'}));
  assert.equal(out.outcome, game.outcome.text);
  assert.equal(out.recorded, game.outcome.text);
  assert.equal(out.moves, game.history().length);
  assert.equal(out.position, game.position());
});
