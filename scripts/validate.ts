// `npm test` (`npm run validate`): every check the project has, in stages, with each stage's time printed at the end
// (also when a stage fails), so the growth of any one shows. The checks that are single-threaded and independent (the
// contract, ESLint, the format check, the dependency rules and each workspace's type check) run two at a time on the machine's
// cores.
//
// Two lanes run side by side: the BFF's suite (about 1.7 of two cores busy: its tests wait on PostgreSQL and on the
// processes they kill and restart), and beside it the lint and type checks, the apps' unit tests, the build, the bundle
// budget, the `npm start` smoke and then the browser suite, which needs the build. Each lane leaves the cores idle
// while it waits (on PostgreSQL, on a browser, on a server it restarted); side by side they fill each other's waits:
// npm test 876–883 s with the browser suite after both lanes, 834–863 s beside the BFF (decision 0046).
//
// `VALIDATE_FROM=e2e npm test` starts at a stage (for a second run after a fix); `VALIDATE_ONLY=lint,bff` runs some
// (keys: lint, bff, unit, build, budget, smoke, e2e).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
/** A package.json: the root's, or a workspace's. */
const packageOf = (workspace?: string): { scripts?: Record<string, string>; workspaces?: string[] } =>
  JSON.parse(readFileSync(resolve(root, workspace ?? '', 'package.json'), 'utf8'));
const rootPackage = packageOf();
/** Where a suite that prints early (the BFF's runner) writes what failed, so it is printed again last (see the end). */
const digestDir = mkdtempSync(join(tmpdir(), 'frilo-validate-'));
const FAILURE_DIGEST = join(digestDir, 'failures.txt');
/** The workspaces of the root package.json, in its order. */
const WORKSPACES: string[] = rootPackage.workspaces ?? [];

interface Task {
  name: string;
  command: string;
  args: string[];
  /** Where it runs (a workspace's folder for its scripts); the repository's root when not given. */
  cwd?: string;
}

interface Stage {
  name: string;
  /** What VALIDATE_FROM and VALIDATE_ONLY call it (the start of its name works too). */
  key: string;
  /** Stages of the same phase run in their lanes side by side; a lane's stages one after the other. */
  phase: number;
  lane: string;
  /** Prints its output in whole blocks itself (the BFF's runner, a chunk at a time), so it need not be held back. */
  printsWholeBlocks?: boolean;
  /** Tasks run at most `parallel` at a time; their output is printed whole as each ends, so it never interleaves. */
  tasks: Task[];
  parallel?: number;
}

/**
 * A package.json script run as `npm run` runs it (by the shell, in its package's folder, with the package's and the
 * root's node_modules/.bin first on the PATH), without an npm process in between: npm itself costs about 0.6 s of CPU
 * a script, and the checks run about 27 of them. The script's text stays in package.json, its one source.
 */
function script(name: string, scriptName: string, workspace?: string): Task | undefined {
  const text = (workspace ? packageOf(workspace) : rootPackage).scripts?.[scriptName];
  return text === undefined
    ? undefined
    : { name, command: 'sh', args: ['-c', text], cwd: workspace ? resolve(root, workspace) : root };
}
function requiredScript(name: string, scriptName: string, workspace?: string): Task {
  const task = script(name, scriptName, workspace);
  if (!task) throw new Error(`${workspace ?? 'the root'}'s package.json has no "${scriptName}" script`);
  return task;
}
const bin = (name: string, tool: string, ...args: string[]): Task => ({ name, command: tool, args });
const typecheckOf = (workspace: string): Task | undefined => script(`tsc ${workspace}`, 'typecheck', workspace);
const present = (tasks: (Task | undefined)[]): Task[] => tasks.filter((task): task is Task => task !== undefined);

const STAGES: Stage[] = [
  {
    name: 'lint + typecheck',
    key: 'lint',
    phase: 1,
    lane: 'checks',
    parallel: Math.min(2, availableParallelism()),
    tasks: present([
      requiredScript('contract', 'check', 'openapi'),
      bin('eslint', 'eslint', '.'),
      bin('format (Biome)', 'biome', 'format', '--colors=off', '.'),
      requiredScript('dependency rules', 'deps'),
      requiredScript('tsc root', 'typecheck:root'),
      ...WORKSPACES.map(typecheckOf),
    ]),
  },
  {
    name: 'unit + integration (BFF)',
    key: 'bff',
    phase: 1,
    lane: 'bff',
    printsWholeBlocks: true,
    tasks: [requiredScript('bff', 'test', 'bff')],
  },
  {
    name: 'unit (apps, kit, contract)',
    key: 'unit',
    phase: 1,
    lane: 'checks',
    parallel: Math.min(2, availableParallelism()),
    tasks: present(WORKSPACES.filter((w) => w !== 'bff').map((w) => script(w, 'test', w))),
  },
  { name: 'build', key: 'build', phase: 1, lane: 'checks', tasks: [requiredScript('build', 'build')] },
  { name: 'bundle budget', key: 'budget', phase: 1, lane: 'checks', tasks: [requiredScript('budget', 'budget')] },
  { name: 'npm start smoke', key: 'smoke', phase: 1, lane: 'checks', tasks: [requiredScript('smoke', 'smoke')] },
  { name: 'end-to-end (browser)', key: 'e2e', phase: 1, lane: 'checks', tasks: [requiredScript('e2e', 'e2e')] },
];

function runTask(task: Task, buffered: boolean): Promise<{ code: number; output: string; seconds: number }> {
  const started = performance.now();
  return new Promise((done) => {
    const cwd = task.cwd ?? root;
    const child = spawn(task.command, task.args, {
      cwd,
      stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit',
      env: {
        ...process.env,
        // As npm run sets it: the package's own tools, then the root's (where `node` is the Node the project pins).
        PATH: [...new Set([resolve(cwd, 'node_modules/.bin'), resolve(root, 'node_modules/.bin')])]
          .concat(process.env.PATH ?? '')
          .join(delimiter),
        FORCE_COLOR: process.env.FORCE_COLOR ?? '0',
        // V8's compiled code (and Node's stripped TypeScript) kept on disk between the hundreds of Node processes the
        // suites start (each test file, each server a test kills and restarts, the browser tests' server): about
        // 1.3 s of CPU saved per process that loads the BFF. Keyed by each file's contents, so never stale.
        NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? resolve(root, '.cache/node-compile'),
        TEST_FAILURE_DIGEST: FAILURE_DIGEST,
      },
    });
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('close', (code, signal) =>
      done({ code: code ?? (signal ? 1 : 0), output, seconds: (performance.now() - started) / 1000 }),
    );
  });
}

async function runStage(stage: Stage, besideAnother: boolean): Promise<{ ok: boolean; lines: string[] }> {
  const parallel = stage.parallel ?? 1;
  const buffered = besideAnother || (parallel > 1 && stage.tasks.length > 1);
  const queue = [...stage.tasks];
  const lines: string[] = [];
  let ok = true;
  const worker = async () => {
    for (let task = queue.shift(); task && ok; task = queue.shift()) {
      const result = await runTask(task, buffered);
      if (buffered) {
        const text = result.output.trimEnd();
        console.log(`── ${task.name} (${result.seconds.toFixed(0)} s)${text ? `\n${text}` : ''}`);
      }
      lines.push(`    ${task.name.padEnd(26)} ${result.seconds.toFixed(0).padStart(5)} s`);
      if (result.code !== 0) {
        ok = false;
        console.error(`✖ ${task.name} failed (exit ${result.code})`);
      }
    }
  };
  await Promise.all(Array.from({ length: parallel }, worker));
  return { ok, lines };
}

const from = process.env.VALIDATE_FROM;
const only = process.env.VALIDATE_ONLY?.split(',').map((s) => s.trim());
/** A stage by its key, else by the start of its name (`unit` is the apps' unit tests, not the BFF's). */
const isCalled = (stage: Stage, word: string) =>
  STAGES.some((s) => s.key === word) ? stage.key === word : stage.name.startsWith(word);
const firstIndex = from ? STAGES.findIndex((s) => isCalled(s, from)) : 0;
if (firstIndex < 0) throw new Error(`VALIDATE_FROM=${from}: no such stage (${STAGES.map((s) => s.key)})`);
const chosen = STAGES.slice(firstIndex).filter((s) => !only || only.some((o) => isCalled(s, o)));

const report: string[] = [];
const started = performance.now();
let failed: string | undefined;
for (const phase of [...new Set(chosen.map((s) => s.phase))]) {
  const inPhase = chosen.filter((s) => s.phase === phase);
  const lanes = [...new Set(inPhase.map((s) => s.lane))].map((lane) => inPhase.filter((s) => s.lane === lane));
  const phaseStarted = performance.now();
  await Promise.all(
    lanes.map(async (stages) => {
      for (const stage of stages) {
        if (failed) return;
        console.log(`\n▶ ${stage.name}`);
        const stageStarted = performance.now();
        // A lane that shares the machine with another buffers its output, so the two never interleave line by line.
        const { ok, lines } = await runStage(stage, lanes.length > 1 && !stage.printsWholeBlocks);
        const seconds = ((performance.now() - stageStarted) / 1000).toFixed(0).padStart(5);
        report.push(`  ${stage.name.padEnd(30)} ${seconds} s${lanes.length > 1 ? `  (beside the other lane)` : ''}`);
        if (stage.tasks.length > 1) report.push(...lines);
        if (!ok) failed ??= stage.name;
      }
    }),
  );
  if (lanes.length > 1)
    report.push(
      `  ${'these lanes together'.padEnd(30)} ${((performance.now() - phaseStarted) / 1000).toFixed(0).padStart(5)} s`,
    );
  if (failed) break;
}
const total = ((performance.now() - started) / 1000).toFixed(0);
console.log(`\nStage times (npm test):\n${report.join('\n')}\n  ${'total'.padEnd(30)} ${total.padStart(5)} s`);
// CI keeps the output's tail: the other lane's output may come after a failed suite's, so what failed comes again here.
const digest = existsSync(FAILURE_DIGEST) ? readFileSync(FAILURE_DIGEST, 'utf8').trimEnd() : '';
rmSync(digestDir, { recursive: true, force: true });
if (digest) console.error(`\nWhat failed:\n${digest.split('\n').slice(0, 150).join('\n')}`);
if (failed) {
  console.error(`\nFailed at: ${failed}`);
  process.exit(1);
}
