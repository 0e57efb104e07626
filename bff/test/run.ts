// `npm test -w bff`: the BFF's test files, on one PostgreSQL (test/global-setup.ts), in a few long-lived Node processes
// instead of one process per file.
//
// Why: `node --test` starts a process for each of the ~135 files, and each start loads the whole app (MikroORM's
// metadata, the contract's validators, pdfkit's fonts): about 2.5 s of CPU per file, a third of the suite's CPU on a
// 2-core machine. Here the files are handed out in chunks to `workers` processes that run their chunk with
// `--test-isolation=none` (one process, the files one after another), so the app loads once per chunk. Each test file
// still has its own database and its own app (test/test-app.ts), so sharing a process shares only loaded code.
//
// A process that has run a few files runs the next ones faster (V8's optimised code, validators compiled on first use,
// fonts parsed once): the same 2 298 tests took 817 s of test time in 22 chunks of ≤ 8 files and 685 s in two processes
// of ~67 files. So chunks are few and long: the three longest files (the fuzzer, the authorization matrix, two processes
// killed and restarted: 60–140 s each) each alone, and the rest dealt round-robin by size into two chunks of about
// equal length (~200 s each). The three files go first, then the two chunks, to the workers as they come free, so they
// end close together. Two processes on two cores: a third filled the cores' waits on the suite alone (355 → 334 s) but
// not on CI, where the other lane fills them (BFF 430 → 447 s, the checks lane 90 → 116 s); the two big chunks first
// stretched each by 100 s side by side. A chunk's output is printed whole when it ends (never interleaved); the totals
// of every chunk are summed at the end. A chunk counts as failed when its process exits non-zero, reports a failed or
// cancelled test, or ends without its summary.
//
// `npm test -w bff -- FILE…` runs those files only. BFF_TEST_WORKERS sets the number of processes.
import { spawn } from 'node:child_process';
import { appendFileSync, globSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { relative, resolve } from 'node:path';
import { globalSetup, globalTeardown } from './global-setup.ts';

const bff = resolve(import.meta.dirname, '..');
const DEFAULT_PATTERNS = ['src/**/*.test.ts', 'test/**/*.test.ts'];
/** Files run alone and first, longest first: 60–140 s each (thousands of generated requests, processes killed). */
const LONG = ['test/proof/fuzz.test.ts', 'test/proof/authorization.test.ts', 'test/proof/two-processes.test.ts'];
/** Chunks for the rest of the files. */
const REST_CHUNKS = 2;

const patterns = process.argv.slice(2).length ? process.argv.slice(2) : DEFAULT_PATTERNS;
const files = [...new Set(patterns.flatMap((p) => globSync(p, { cwd: bff })))].map((f) =>
  relative(bff, resolve(bff, f)),
);
if (!files.length) throw new Error(`No test files match ${patterns.join(' ')}`);

const sizes = new Map(files.map((f) => [f, statSync(resolve(bff, f)).size]));
const rest = files.filter((f) => !LONG.includes(f)).sort((a, b) => sizes.get(b)! - sizes.get(a)!);
const dealt: string[][] = Array.from({ length: Math.min(REST_CHUNKS, rest.length) }, () => []);
rest.forEach((file, i) => dealt[i % dealt.length]!.push(file));
const chunks = [...LONG.filter((f) => files.includes(f)).map((f) => [f]), ...dealt];

const workers = Math.max(1, Number(process.env.BFF_TEST_WORKERS ?? Math.min(2, availableParallelism())));
const COUNTERS = ['tests', 'suites', 'pass', 'fail', 'cancelled', 'skipped', 'todo'] as const;
const totals = Object.fromEntries(COUNTERS.map((c) => [c, 0])) as Record<(typeof COUNTERS)[number], number>;
/** Each failed chunk: its label and problem, and what failed in it (`failureExcerpt`). */
const failedChunks: { what: string; excerpt: string }[] = [];
const timings: { files: string[]; seconds: number }[] = [];
/**
 * What a failed chunk's spec reporter lists under "failing tests" (each failed test with its error), else its output's
 * last lines: printed again at the end, and added to TEST_FAILURE_DIGEST's file when set (`npm test` prints that file
 * last, where CI's tail shows it, beside a lane that prints after this one).
 */
function failureExcerpt(output: string): string {
  const at = output.lastIndexOf('✖ failing tests:');
  // Node's own frames (the test runner's) say nothing about the failure.
  const lines = (at >= 0 ? output.slice(at) : output)
    .trimEnd()
    .split('\n')
    .filter((line) => !/^\s+at .*\(node:/.test(line));
  return (at >= 0 ? lines.slice(0, 80) : lines.slice(-40)).join('\n');
}
const label = (chunk: string[]) => (chunk.length === 1 ? chunk[0]! : `${chunk[0]} and ${chunk.length - 1} more files`);

function runChunk(chunk: string[]): Promise<void> {
  const started = performance.now();
  return new Promise((done) => {
    const child = spawn(
      process.execPath,
      ['--test', '--test-isolation=none', '--test-reporter=spec', '--test-reporter-destination=stdout', ...chunk],
      {
        cwd: bff,
        stdio: ['ignore', 'pipe', 'pipe'],
        // PASSWORD_HASH_COST: argon2id at 1 MiB and one pass instead of OWASP's 19 MiB and two (decision 0050): the
        // suite hashes about a thousand passwords, 38 s of CPU at OWASP's cost. passwords.test.ts checks that nothing
        // but a test harness outside production can ask for it. PASSWORD_HASH_COST=owasp runs the suite at full cost.
        env: { PASSWORD_HASH_COST: 'test', ...process.env, FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
      },
    );
    let output = '';
    child.stdout.on('data', (data: Buffer) => (output += data.toString()));
    child.stderr.on('data', (data: Buffer) => (output += data.toString()));
    child.on('close', (code, signal) => {
      const seconds = (performance.now() - started) / 1000;
      timings.push({ files: chunk, seconds });
      const counts = new Map<string, number>();
      for (const match of output.matchAll(/^ℹ (\w+) (\d+)$/gm)) counts.set(match[1]!, Number(match[2]));
      for (const counter of COUNTERS) totals[counter] += counts.get(counter) ?? 0;
      const problem =
        code !== 0 || signal
          ? `exit ${code ?? signal}`
          : !counts.has('tests')
            ? 'ended without its summary'
            : counts.get('fail') || counts.get('cancelled')
              ? `${counts.get('fail') ?? 0} failed, ${counts.get('cancelled') ?? 0} cancelled`
              : undefined;
      console.log(`── ${chunk.join(', ')} (${seconds.toFixed(0)} s)\n${output.trimEnd()}`);
      if (problem) {
        failedChunks.push({ what: `${label(chunk)}: ${problem}`, excerpt: failureExcerpt(output) });
        console.error(`✖ ${problem}: ${label(chunk)}`);
      }
      done();
    });
  });
}

const started = performance.now();
await globalSetup();
try {
  const queue = [...chunks];
  await Promise.all(
    Array.from({ length: Math.min(workers, chunks.length) }, async () => {
      for (let chunk = queue.shift(); chunk; chunk = queue.shift()) await runChunk(chunk);
    }),
  );
} finally {
  await globalTeardown();
}
const slowest = timings
  .sort((a, b) => b.seconds - a.seconds)
  .slice(0, 5)
  .map((t) => `  ${t.seconds.toFixed(0).padStart(4)} s  ${label(t.files)}`);
console.log(
  `\n${COUNTERS.map((c) => `ℹ ${c} ${totals[c]}`).join('\n')}\n` +
    `ℹ ${files.length} files in ${chunks.length} chunks on ${workers} processes, ` +
    `${((performance.now() - started) / 1000).toFixed(0)} s; the slowest chunks:\n${slowest.join('\n')}`,
);
if (failedChunks.length) {
  const failures = failedChunks.map((f) => `${f.what}\n${f.excerpt}`).join('\n\n');
  console.error(`\nFailed:\n${failedChunks.map((f) => `  ${f.what}`).join('\n')}\n\n${failures}`);
  if (process.env.TEST_FAILURE_DIGEST) appendFileSync(process.env.TEST_FAILURE_DIGEST, `BFF tests:\n${failures}\n`);
}
process.exit(failedChunks.length ? 1 : 0);
