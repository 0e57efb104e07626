// Reads the on-CPU samples bench/profile-create.ts recorded with PROFILER=perf: CPU time by thread, by package or
// file (self), by function (self) and inclusive, from `perf script` with V8's perf map for JavaScript frames.
// `node bench/read-perf.mjs <PROFILE_DIR> [rows] [inclusive rows]`. Unlike V8's profiler these samples count only
// time on a CPU: a busy machine makes them fewer, not misplaced.
import { execFileSync } from 'node:child_process';
const dir = process.argv[2];
const rows = Number(process.argv[3] ?? 40);
const inclusiveRows = Number(process.argv[4] ?? 60);
const text = execFileSync('perf', ['script', '-i', `${dir}/perf.data`, '-F', 'comm,tid,ip,sym,dso'], {
  encoding: 'utf8',
  maxBuffer: 1 << 30,
  stdio: ['ignore', 'pipe', 'ignore'],
});
const add = (map, key, n = 1) => map.set(key, (map.get(key) ?? 0) + n);
const threads = new Map();
const selfPackage = new Map();
const selfFunction = new Map();
const inclusive = new Map();
const inclusivePackage = new Map();
let total = 0;
/** A frame's package: node_modules/<name>, the project's file, node's own JavaScript, or the native library. */
function where(sym, dso) {
  const file = /(?:file:\/\/)?(\/[^\s:]+\.(?:m?js|ts|cjs))/.exec(sym)?.[1];
  if (file) {
    const nm = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
    if (nm) return `nm:${nm[1]}`;
    const own = /\/(bff|bench|openapi)\/(.*)$/.exec(file);
    return own ? `${own[1]}/${own[2]}` : file;
  }
  if (/node:|^\w+ node:/.test(sym)) return `node:${/node:([\w/]+)/.exec(sym)?.[1] ?? 'internal'}`;
  if (/^(Builtin|Bytecode|Stub|Handler|RegExp):/.test(sym)) return `v8:${sym.split(':')[0]}`;
  if (/kernel|vmlinux/.test(dso)) return 'kernel';
  const lib = /([^/]+?)(?:\.so[.\d]*)?\)?$/.exec(dso)?.[1] ?? dso;
  return `native:${lib}`;
}
function isJs(sym) {
  return /(?:\/[^\s:]+\.(?:m?js|ts|cjs)|node:[\w/]+):\d+/.test(sym);
}
function fname(sym) {
  return sym
    .replace(/^(JS|LazyCompile|Function|Builtin|Bytecode|Stub|Handler):[*~^]?/, '')
    .replace(/^[+'*~^]+/, '')
    .replace(/file:\/\/\/.*node_modules\//, 'nm:')
    .replace(/file:\/\/\/.*?\/(bff|bench)\//, '$1/')
    .slice(0, 140);
}
for (const block of text.split('\n\n')) {
  const lines = block.split('\n').filter(Boolean);
  if (!lines.length) continue;
  const header = lines[0].trim();
  const thread = header.replace(/\s+\d+\s*$/, '').trim() || header;
  const frames = lines.slice(1).map((line) => {
    const m = /^\s*([0-9a-f]+)\s+(.*?)\s+\(([^)]*)\)\s*$/.exec(line);
    return m ? { sym: m[2], dso: m[3] } : { sym: line.trim(), dso: '' };
  });
  if (!frames.length) continue;
  total++;
  add(threads, thread);
  // Native code (V8's builtins, the kernel's system calls) counts for the JavaScript function that called it.
  const top = frames.find((frame) => isJs(frame.sym)) ?? frames[0];
  add(selfPackage, where(top.sym, top.dso));
  add(selfFunction, `${fname(top.sym)}  [${where(top.sym, top.dso)}]`);
  const seen = new Set();
  const seenPackage = new Set();
  for (const frame of frames) {
    const key = `${fname(frame.sym)}  [${where(frame.sym, frame.dso)}]`;
    if (!seen.has(key)) {
      seen.add(key);
      add(inclusive, key);
    }
    const pkg = where(frame.sym, frame.dso);
    if (!seenPackage.has(pkg)) {
      seenPackage.add(pkg);
      add(inclusivePackage, pkg);
    }
  }
}
const show = (title, map, n) => {
  console.log(`--- ${title}`);
  for (const [key, count] of [...map].sort((a, b) => b[1] - a[1]).slice(0, n))
    console.log(`${String(count).padStart(7)} ${((100 * count) / total).toFixed(1).padStart(5)}%  ${key}`);
};
console.log(`${total} samples (1999 Hz: ${(total / 1999).toFixed(2)} CPU s)`);
show('by thread', threads, 10);
show('self by package', selfPackage, rows);
show('inclusive by package', inclusivePackage, rows);
show('self by function', selfFunction, rows);
show('inclusive by function', inclusive, inclusiveRows);
