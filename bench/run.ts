// `npm run bench`: prints the product's speed figures, each beside its baseline where it has one.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot, table } from './lib.ts';
import { benchSession } from './session.ts';
import { benchStartup } from './startup.ts';

const only = process.argv.slice(2);
const wanted = (name: string) => only.length === 0 || only.includes(name);

if (!existsSync(join(repoRoot, 'shell', 'dist', 'index.html'))) {
  console.log('Building the web app first (not timed) …');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

if (wanted('startup')) {
  console.log('\n## Start-up');
  table(await benchStartup());
}

if (wanted('session')) {
  console.log('\n## getSession under load');
  table(await benchSession());
}
