// `npm run screenshots`: pictures of the first-use screens (profile, customers: list, form and the
// card view, sign-up, the dashboard) at phone and desktop widths in Swedish and English, for people
// to look at. Produced, never committed: they go to `screenshots/` (ignored by git) or SHOTS_DIR.
// Needs a build (`npm run build`); runs one browser at a time to spare the machine.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { repoRoot } from '../bench/lib.ts';

const dir = process.env['SHOTS_DIR'] ?? join(repoRoot, 'screenshots');
const specs = [
  'mf-auth/e2e/screenshots.spec.ts',
  'mf-customers/e2e/screenshots.spec.ts',
  'mf-invoices/e2e/start-screenshots.spec.ts',
];
const run = spawnSync('npx', ['playwright', 'test', ...specs, '--workers=1'], {
  cwd: repoRoot,
  env: { ...process.env, SHOTS_DIR: dir },
  stdio: 'inherit',
});
if (run.status === 0) console.log(`Screenshots in ${dir}`);
process.exit(run.status ?? 1);
