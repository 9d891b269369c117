// api.js: the JSON API of the server.

// ApiError is a refused request, with the server's explanation.
export class ApiError extends Error {
  constructor(status, body) {
    super(body && body.error ? body.error : `HTTP ${status}`);
    this.status = status;
    this.body = body || {};
  }
}

// call sends a request and returns the decoded JSON answer.
export async function call(method, path, {token, body, signal} = {}) {
  const headers = {};
  if (token) headers['Authorization'] = 'Bearer ' + token;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(path, {
    method, headers, signal,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  let data = null;
  const type = res.headers.get('Content-Type') || '';
  if (type.startsWith('application/json')) data = await res.json();
  else data = {text: await res.text()};
  if (!res.ok) throw new ApiError(res.status, data);
  return data;
}

// events follows the Server-Sent Events stream of a game's changes for
// the token, calling onState with each state; it returns when the
// stream ends (after the state of a finished game, or the server's
// limit) and throws an ApiError when it is refused. It reads the stream
// with fetch, so that the token travels in the Authorization header
// (an EventSource cannot send one) and never in an address.
export async function events(id, token, after, signal, onState) {
  const res = await fetch(`/api/v1/games/${encodeURIComponent(id)}/events` + (after >= 0 ? `?after=${after}` : ''), {
    headers: {'Authorization': 'Bearer ' + token, 'Accept': 'text/event-stream'}, signal,
  });
  if (!res.ok || !res.body) {
    let data = {};
    try { data = await res.json(); } catch (e) { /* not JSON */ }
    throw new ApiError(res.status, data);
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buf = '';
  for (;;) {
    const {value, done} = await reader.read();
    if (done) return;
    buf += value;
    let end;
    while ((end = buf.indexOf('\n\n')) >= 0) {
      const block = buf.slice(0, end);
      buf = buf.slice(end + 2);
      let name = 'message', data = '';
      for (const line of block.split('\n')) {
        if (line.startsWith('event:')) name = line.slice(6).trim();
        else if (line.startsWith('data:')) data += line.slice(5).trimStart();
      }
      if (name === 'state' && data) onState(JSON.parse(data));
    }
  }
}

export const api = {
  options: () => call('GET', '/api/v1/options'),
  rules: (rules) => call('POST', '/api/v1/rules', {body: {rules}}),
  randomSetup: (rules) => call('POST', '/api/v1/setup/random', {body: {rules}}),
  parseSetup: (rules, setup) => call('POST', '/api/v1/setup/parse', {body: {rules, setup}}),
  create: (req) => call('POST', '/api/v1/games', {body: req}),
  claim: (id, invite) => call('POST', `/api/v1/games/${encodeURIComponent(id)}/claim`, {body: {invite}}),
  state: (id, token, after, signal) =>
    call('GET', `/api/v1/games/${encodeURIComponent(id)}` + (after >= 0 ? `?after=${after}` : ''), {token, signal}),
  setup: (id, token, setup) => call('POST', `/api/v1/games/${encodeURIComponent(id)}/setup`, {token, body: {setup}}),
  move: (id, token, move) => call('POST', `/api/v1/games/${encodeURIComponent(id)}/move`, {token, body: {move}}),
  resign: (id, token) => call('POST', `/api/v1/games/${encodeURIComponent(id)}/resign`, {token, body: {}}),
  record: (id, token) => call('GET', `/api/v1/games/${encodeURIComponent(id)}/record`, {token}),
  replay: (text) => call('POST', '/api/v1/replay', {body: {text}}),
  events,
};
