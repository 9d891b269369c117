// The worker of a Bot (index.js): a Web Worker in the browser, a
// worker_thread in Node. It runs an engine of its own and answers the
// messages {id, op, …} with {id, value} or {id, error, code}; the only
// thing it is sent of a game is the bot's own view.

import {load, call as engineCall, StrategoError} from './index.js';

const isNode = typeof process !== 'undefined' && !!(process.versions && process.versions.node) &&
  typeof window === 'undefined' && typeof WorkerGlobalScope === 'undefined';

let port;
if (isNode) {
  const {parentPort} = await import('node:worker_threads');
  port = {post: (m) => parentPort.postMessage(m), on: (f) => parentPort.on('message', f)};
} else {
  port = {post: (m) => self.postMessage(m), on: (f) => { self.onmessage = (ev) => f(ev.data); }};
}

let st = null;
let h = 0;

const call = (name, ...args) => engineCall(st.raw, name, ...args);

// Messages are answered in order: a move waits for the one before.
let queue = Promise.resolve();

async function handle(msg) {
  switch (msg.op) {
    case 'init':
      st = await load({wasm: msg.wasm});
      h = call('botNew', msg.name, msg.seed || 0);
      return null;
    case 'setup':
      return call('botSetup', h, msg.rules, msg.color);
    case 'move': {
      const out = JSON.parse(await st.raw.botMove(h, msg.view, msg.time || 0, msg.iterations || 0));
      if ('e' in out) throw new StrategoError(out.e, out.c);
      return out.v;
    }
  }
  throw new StrategoError(`unknown request ${msg.op}`, 'error');
}

port.on((msg) => {
  queue = queue.then(() => handle(msg)).then(
    (value) => port.post({id: msg.id, value}),
    (e) => port.post({id: msg.id, error: e.message || String(e), code: e.code || 'error'}),
  );
});
