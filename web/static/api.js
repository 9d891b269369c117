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

export const api = {
  options: () => call('GET', '/api/options'),
  rules: (rules) => call('POST', '/api/rules', {body: {rules}}),
  randomSetup: (rules) => call('POST', '/api/setup/random', {body: {rules}}),
  parseSetup: (rules, setup) => call('POST', '/api/setup/parse', {body: {rules, setup}}),
  create: (req) => call('POST', '/api/games', {body: req}),
  claim: (id, invite) => call('POST', `/api/games/${encodeURIComponent(id)}/claim`, {body: {invite}}),
  state: (id, token, after, signal) =>
    call('GET', `/api/games/${encodeURIComponent(id)}` + (after >= 0 ? `?after=${after}` : ''), {token, signal}),
  setup: (id, token, setup) => call('POST', `/api/games/${encodeURIComponent(id)}/setup`, {token, body: {setup}}),
  move: (id, token, move) => call('POST', `/api/games/${encodeURIComponent(id)}/move`, {token, body: {move}}),
  resign: (id, token) => call('POST', `/api/games/${encodeURIComponent(id)}/resign`, {token, body: {}}),
  record: (id, token) => call('GET', `/api/games/${encodeURIComponent(id)}/record`, {token}),
  replay: (text) => call('POST', '/api/replay', {body: {text}}),
};
