// npm run build: the WebAssembly engine (stratego.wasm) from the Go
// package ../wasm with the local Go toolchain, and the Go distribution's
// wasm_exec.js that runs it, both beside this file.
import {execFileSync} from 'node:child_process';
import {copyFileSync, existsSync, statSync} from 'node:fs';
import {fileURLToPath} from 'node:url';
import {dirname, join} from 'node:path';
import {gzipSync} from 'node:zlib';
import {readFileSync} from 'node:fs';

const here = dirname(fileURLToPath(import.meta.url));
const go = process.env.GO || 'go';
const out = join(here, 'stratego.wasm');
execFileSync(go, ['build', '-trimpath', '-ldflags=-s', '-o', out, './wasm'], {
  cwd: join(here, '..'), stdio: 'inherit', env: {...process.env, GOOS: 'js', GOARCH: 'wasm'},
});
const root = execFileSync(go, ['env', 'GOROOT'], {encoding: 'utf8'}).trim();
let exec = join(root, 'lib', 'wasm', 'wasm_exec.js');
if (!existsSync(exec)) exec = join(root, 'misc', 'wasm', 'wasm_exec.js'); // Go before 1.24
copyFileSync(exec, join(here, 'wasm_exec.js'));
const raw = statSync(out).size;
const gz = gzipSync(readFileSync(out), {level: 9}).length;
console.log(`stratego.wasm: ${raw} bytes, ${gz} gzipped`);
