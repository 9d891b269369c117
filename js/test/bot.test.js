// The built-in players, in a worker and in the caller's engine.
import {test} from 'node:test';
import assert from 'node:assert/strict';
import {Bot} from '../index.js';
import {engine} from './helpers.js';

test('a bot in a worker thread moves within its time while this thread runs', async () => {
  const st = await engine();
  const rules = st.rules('classic');
  const game = st.newGame(rules, st.chooseSetup(rules, 1), st.chooseSetup(rules, 2));
  const bot = await Bot.create('search', {seed: 1});
  try {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 10);
    const move = await bot.move(game, {time: 1000});
    clearInterval(timer);
    assert.ok(game.legalMoves().includes(move), move);
    // The search spends about half its time; this thread was free.
    assert.ok(ticks >= 5, `only ${ticks} timer ticks while the bot thought`);
    game.play(move);
    // The worker sees only the view it is sent: a setup and a move of
    // Blue's.
    const setup = await bot.setup(rules, 'blue');
    assert.equal(st.parseSetup(rules, setup).pieces.length, 40);
    const blue = await bot.move(game.viewText('blue'), {time: 200});
    assert.ok(game.legalMoves().includes(blue), blue);
  } finally {
    await bot.close();
  }
});

test('a bot with an iteration budget moves the same in a worker and inline', async () => {
  const st = await engine();
  const rules = st.rules('classic');
  const game = st.newGame(rules, st.chooseSetup(rules, 5), st.chooseSetup(rules, 6));
  for (let i = 0; i < 10; i++) game.play(game.legalMoves()[0]);
  const inWorker = await Bot.create('search', {seed: 4});
  const inline = await Bot.create('search', {seed: 4, worker: false});
  try {
    const a = await inWorker.move(game, {iterations: 300});
    const b = await inline.move(game, {iterations: 300});
    assert.equal(a, b);
    assert.ok(game.legalMoves().includes(a));
  } finally {
    await inWorker.close();
    await inline.close();
  }
});

test('an unknown bot and a move with no legal move are refused', async () => {
  await assert.rejects(Bot.create('deep-blue', {worker: false}), {code: 'unknown-player'});
  const st = await engine();
  const rules = st.rules('classic');
  const game = st.newGame(rules, st.chooseSetup(rules, 1), st.chooseSetup(rules, 2));
  const bot = await Bot.create('random', {seed: 1});
  try {
    await assert.rejects(bot.move(game.viewText('blue'), {time: 100}), {code: 'no-move'});
  } finally {
    await bot.close();
  }
});
