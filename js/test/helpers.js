// Helpers of the package's tests.
import {load} from '../index.js';

// engine is the one engine the tests share.
export const engine = () => load();

// rng is a small seeded random source (mulberry32), so a test's random
// game is the same every run.
export function rng(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// movesFrom lists the legal moves of game from one square, sorted.
export const movesFrom = (game, sq) => game.legalMoves().filter((m) => m.startsWith(sq + '-')).sort();
