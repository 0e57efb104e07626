import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_NAMESPACES, type RemoteName } from '../features/routing/route-map.ts';

const repo = join(import.meta.dirname, '..', '..', '..');
const remotes = ['mf-auth', 'mf-invoices', 'mf-customers', 'mf-salaries', 'mf-legacy'];

// The shell fetches the URL's remote's texts early (route-map REMOTE_NAMESPACES): keep it in step.
for (const remote of remotes) {
  const file = join(repo, remote, 'src', 'app', 'namespace.ts');
  test(`the shell knows ${remote}'s i18next namespace`, { skip: !existsSync(file) }, () => {
    const declared = /NAMESPACE = '([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1];
    assert.equal(REMOTE_NAMESPACES[remote as RemoteName], declared);
  });
}
