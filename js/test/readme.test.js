// The README's JavaScript example, word for word between the markers
// (TestREADMEJavaScript in ../embed_test.go compares them).
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {load, Bot} from '../index.js';

test('the README example', async () => {
  let refusal;
  // README:begin
  const st = await load();
  const rules = st.rules('classic');
  const game = st.newGame(rules, st.chooseSetup(rules, 1), st.chooseSetup(rules, 2));
  const event = game.play(game.legalMoves()[0]);  // {move: 'a4-a5', …}
  try { game.play('a1-a2'); } catch (e) { refusal = e.message; }  // in words
  const bot = await Bot.create('search');         // thinks in a worker
  const reply = await bot.move(game, {time: 200}); // sent Blue's view only
  game.play(reply);
  console.log(refusal, game.view('red').last, game.ply);
  await bot.close();
  // README:end
  assert.match(event.move, /^[a-j]\d+-[a-j]\d+$/);
  assert.equal(refusal, 'piece belongs to the opponent: move a1-a2');
  assert.equal(game.ply, 2);
  assert.equal(game.history()[1].split('(')[0].replace('x', '-'), reply);
});
