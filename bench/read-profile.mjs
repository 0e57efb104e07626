// Reads a CPU profile that bench/profile-create.ts wrote: CPU time by package or file, self time by function, and
// inclusive time, counting only samples inside the measured window (window.json) and leaving out idle and start-up.
// `node bench/read-profile.mjs <PROFILE_DIR> [rows] [inclusive rows]`. The profiler samples wall time: on a loaded
// machine, frames that make system calls (socket writes) collect the samples of the time the thread waits to run.
import { readFileSync, readdirSync } from 'node:fs';
const dir = process.argv[2];
const file = readdirSync(dir)
  .filter((f) => f.endsWith('.cpuprofile'))
  .map((f) => `${dir}/${f}`)
  .at(-1);
const p = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(p.nodes.map((n) => [n.id, n]));
const self = new Map();
const dt = p.timeDeltas;
const samples = p.samples;
let win = null;
try {
  win = JSON.parse(readFileSync(`${dir}/window.json`, 'utf8'));
} catch {
  // No window: every sample counts.
}
let ts = p.startTime;
const inWin = [];
for (let i = 0; i < samples.length; i++) {
  ts += dt[i];
  inWin.push(!win || (ts >= win[0] && ts <= win[1]));
}
for (let i = 0; i < samples.length; i++)
  if (inWin[i] && byId.get(samples[i]).callFrame.functionName !== '(idle)')
    self.set(samples[i], (self.get(samples[i]) ?? 0) + (dt[i] ?? 0));
const fn = new Map(),
  files = new Map();
let total = 0;
for (const [id, t] of self) {
  const n = byId.get(id);
  const cf = n.callFrame;
  total += t;
  const f = cf.url.replace(/.*node_modules\//, 'nm:').replace(/.*?\/(bff|bench)\//, '$1/');
  const k = `${cf.functionName || '(anon)'} ${f}:${cf.lineNumber + 1}`;
  fn.set(k, (fn.get(k) ?? 0) + t);
  const pk = f.startsWith('nm:')
    ? f
        .split('/')
        .slice(0, f.includes('@') ? 2 : 1)
        .join('/')
    : f || cf.functionName;
  files.set(pk, (files.get(pk) ?? 0) + t);
}
// inclusive times by function name+file
const parent = new Map();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const incl = new Map();
for (const [id, t] of self) {
  const seen = new Set();
  for (let cur = id; cur !== undefined; cur = parent.get(cur)) {
    const cf = byId.get(cur).callFrame;
    const k = `${cf.functionName || '(anon)'} ${cf.url.replace(/.*node_modules\//, 'nm:').replace(/.*?\/(bff|bench)\//, '$1/')}:${cf.lineNumber + 1}`;
    if (seen.has(k)) continue;
    seen.add(k);
    incl.set(k, (incl.get(k) ?? 0) + t);
  }
}
const top = (m, n) =>
  [...m]
    .sort((a, b) => b[1] - a[1])
    .slice(0, n)
    .map(([k, v]) => `${(v / 1000).toFixed(0).padStart(7)} ms ${((100 * v) / total).toFixed(1).padStart(5)}%  ${k}`)
    .join('\n');
console.log(`total ${(total / 1000).toFixed(0)} ms`);
console.log('--- by package/file');
console.log(top(files, Number(process.argv[3] ?? 40)));
console.log('--- self by function');
console.log(top(fn, Number(process.argv[3] ?? 40)));
console.log('--- inclusive');
console.log(top(incl, Number(process.argv[4] ?? 80)));
