// `npm run build`: the contract first (the apps import its generated types), then the UI kit's
// gallery, the shell and every remote in the registry (openapi/src/remotes.ts), in one npm call
// so a new remote is built by being registered.
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { REMOTE_NAMES } from '../openapi/src/remotes.ts';

const root = resolve(import.meta.dirname, '..');
const run = (workspaces: string[]) =>
  execFileSync('npm', ['run', 'build', ...workspaces.flatMap((name) => ['-w', name])], { cwd: root, stdio: 'inherit' });

run(['openapi']);
run(['ui', 'shell', ...REMOTE_NAMES]);
