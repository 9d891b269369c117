// npm run bench: the engine's speed in Node against native Go on the
// same machine, side by side. In the WebAssembly engine: random
// playouts inside the engine (the workload of the root package's
// BenchmarkPlayoutRandom: Classic, random setups, a 2000-ply cap, one
// State.PlayRandom a ply), the same driven move by move through the
// JavaScript API (legalMoves and play, each a call into the engine),
// and the search player with 20,000 nodes a move in a fixed view (the
// view of BenchmarkSearchView in bench_test.go). With --go it then runs
// the two Go benchmarks and prints the ratios.
import {execFileSync} from 'node:child_process';
import {fileURLToPath} from 'node:url';
import {load, Bot} from './index.js';

const st = await load();
const root = fileURLToPath(new URL('..', import.meta.url));
const out = {};

// Playouts inside the engine: 2 s to warm up, then at least 2 s.
for (const t0 = performance.now(); performance.now() - t0 < 2000;) st.playouts('classic', 100000, 1);
let plies = 0;
let ms = 0;
while (ms < 2000) {
  const r = st.playouts('classic', 500000, 7 + plies);
  plies += r.plies;
  ms += r.millis;
}
out.playouts = plies / (ms / 1000);
console.log(`playouts in the engine:      ${Math.round(out.playouts).toLocaleString('en')} plies/s`);

// Playouts through the API: 2 s to warm up (the JavaScript engine
// compiles the module's hot code again, optimized, while it runs), then
// 3 s measured.
{
  const rules = st.rules('classic,maxplies=2000');
  let seed = 1;
  const run = (millis) => {
    let n = 0;
    const t0 = performance.now();
    while (performance.now() - t0 < millis) {
      const g = st.newGame(rules, st.randomSetup(rules, seed), st.randomSetup(rules, seed + 1));
      seed += 2;
      for (let i = 0; !g.over && performance.now() - t0 < millis; i++) {
        const moves = g.legalMoves();
        g.play(moves[(i * 7919) % moves.length]);
        n++;
      }
      g.free();
    }
    return n / ((performance.now() - t0) / 1000);
  };
  run(2000);
  out.api = run(3000);
  console.log(`playouts through the JS API: ${Math.round(out.api).toLocaleString('en')} plies/s`);
}

// The bot: search, 20,000 nodes a move, in the caller's engine.
{
  const g = st.newGame('classic', st.chooseSetup('classic', 1), st.chooseSetup('classic', 2));
  for (let i = 0; i < 60; i++) {
    const moves = g.legalMoves();
    g.play(moves[(i * 7) % moves.length]);
  }
  const view = g.viewText(g.turn);
  const bot = await Bot.create('search', {seed: 1, worker: false});
  for (let i = 0; i < 3; i++) await bot.move(view, {iterations: 20000});
  const reps = 5;
  const t0 = performance.now();
  for (let i = 0; i < reps; i++) await bot.move(view, {iterations: 20000});
  const secs = (performance.now() - t0) / 1000;
  out.search = (20000 * reps) / secs;
  console.log(`search, 20,000 nodes a move: ${Math.round(out.search).toLocaleString('en')} nodes/s (${(1000 * secs / reps).toFixed(0)} ms a move)`);
  await bot.close();
}

if (process.argv.includes('--go')) {
  const bench = (pkg, name, unit) => {
    const text = execFileSync('go', ['test', '-run', 'XXX', '-bench', `^${name}$`, '-benchtime', '2s', pkg], {cwd: root, encoding: 'utf8'});
    const m = text.match(new RegExp(`([0-9.e+]+) ${unit}`));
    if (!m) throw new Error('no ' + unit + ' in\n' + text);
    return Number(m[1]);
  };
  const goPlayouts = bench('.', 'BenchmarkPlayoutRandom', 'plies/s');
  const goSearch = bench('./js', 'BenchmarkSearchView', 'nodes/s');
  console.log(`native Go playouts:          ${Math.round(goPlayouts).toLocaleString('en')} plies/s (go test -run XXX -bench PlayoutRandom .)`);
  console.log(`native Go search:            ${Math.round(goSearch).toLocaleString('en')} nodes/s (go test -run XXX -bench SearchView ./js)`);
  console.log(`Node / native: playouts ${(out.playouts / goPlayouts).toFixed(2)}, through the API ${(out.api / goPlayouts).toPrecision(2)}, search ${(out.search / goSearch).toFixed(2)}`);
}
