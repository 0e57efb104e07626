// `npm start`: builds whatever part of the web app is missing or older than its sources, then starts
// the BFF, which serves the API, the shell and every remote from one port.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { REMOTE_NAMES } from '../openapi/src/remotes.ts';

const root = resolve(import.meta.dirname, '..');
/** The shell and every registered remote. */
const frontends: string[] = ['shell', ...REMOTE_NAMES];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let max = stat.mtimeMs;
  for (const entry of readdirSync(path)) {
    if (entry === 'node_modules' || entry === 'dist' || entry === 'e2e') continue;
    max = Math.max(max, newest(join(path, entry)));
  }
  return max;
}

function run(args: string[]): void {
  execFileSync('npm', args, { cwd: root, stdio: 'inherit' });
}

const contractSources = Math.max(
  newest(join(root, 'openapi', 'modules')),
  newest(join(root, 'openapi', 'components.yaml')),
);
if (
  !existsSync(join(root, 'openapi', 'dist', 'docs.html')) ||
  newest(join(root, 'openapi', 'dist', 'docs.html')) < contractSources
) {
  run(['run', 'build', '-w', 'openapi']);
}
const contractBuilt = newest(join(root, 'openapi', 'generated'));
const stale = frontends.filter((name) => {
  const output = join(root, name, 'dist', name === 'shell' ? 'index.html' : 'mf-manifest.json');
  if (!existsSync(output)) return true;
  const built = statSync(output).mtimeMs;
  return newest(join(root, name)) > built || contractBuilt > built;
});
if (stale.length) {
  console.log(`Building ${stale.join(', ')} …`);
  run(['run', 'build', ...stale.flatMap((name) => ['-w', name])]);
}
const { main } = await import('../bff/src/server.ts');
await main();
