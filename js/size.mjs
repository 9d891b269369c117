// node size.mjs [FILE]: what takes the space in a WebAssembly build of
// the engine that keeps its name section (built without -ldflags=-s:
//   GOOS=js GOARCH=wasm go build -trimpath -o /tmp/full.wasm ./wasm).
// It prints the sections' sizes, and the code's size by Go package
// (the function bodies of the code section, named by the name
// section), largest first. go tool nm does not read WebAssembly.
import {readFileSync} from 'node:fs';

const buf = readFileSync(process.argv[2] || '/tmp/full.wasm');
let pos = 8;
const uleb = () => {
  let result = 0, shift = 0, b;
  do { b = buf[pos++]; result += (b & 0x7f) * 2 ** shift; shift += 7; } while (b & 0x80);
  return result;
};
const str = () => { const n = uleb(); const s = buf.toString('utf8', pos, pos + n); pos += n; return s; };
const NAMES = ['custom', 'type', 'import', 'function', 'table', 'memory', 'global', 'export', 'start', 'element', 'code', 'data', 'data count'];
const sections = [];
let imported = 0;
let bodies = [];
const names = new Map();
while (pos < buf.length) {
  const id = buf[pos++];
  const size = uleb();
  const end = pos + size;
  let name = NAMES[id] || String(id);
  if (id === 0) {
    name = 'custom ' + str();
    if (name === 'custom name') {
      while (pos < end) {
        const sub = buf[pos++];
        const subEnd = pos + uleb();
        if (sub === 1) for (let n = uleb(); n > 0; n--) { const i = uleb(); names.set(i, str()); }
        pos = subEnd;
      }
    }
  } else if (id === 2) {
    for (let n = uleb(); n > 0; n--) {
      str(); str();
      const kind = buf[pos++];
      if (kind === 0) { uleb(); imported++; } else if (kind === 1) { pos++; const f = uleb(); uleb(); if (f & 1) uleb(); } else if (kind === 2) { const f = uleb(); uleb(); if (f & 1) uleb(); } else { pos += 2; }
    }
  } else if (id === 10) {
    for (let n = uleb(); n > 0; n--) { const s = uleb(); bodies.push(s); pos += s; }
  }
  sections.push([name, size]);
  pos = end;
}
const kb = (n) => (n / 1024).toFixed(0).padStart(6) + ' KiB';
console.log(`${buf.length} bytes`);
for (const [name, size] of sections.sort((a, b) => b[1] - a[1])) if (size > 1024) console.log(kb(size), ' section', name);
const byPkg = new Map();
bodies.forEach((size, i) => {
  const fn = names.get(i + imported) || '?';
  // The name section writes "/" and "-" of a package path as "_".
  const dot = fn.indexOf('.', fn.startsWith('github.com') ? 10 : 0);
  const pkg = dot < 0 ? fn : fn.slice(0, dot);
  byPkg.set(pkg, (byPkg.get(pkg) || 0) + size);
});
console.log("code by package:");
for (const [pkg, size] of [...byPkg].sort((a, b) => b[1] - a[1]).slice(0, Number(process.argv[3] || 20))) console.log(kb(size), ' ', pkg);
