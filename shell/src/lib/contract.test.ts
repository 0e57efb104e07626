import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTE_NAMESPACES, type RemoteName } from '../features/routing/route-map.ts';
import { CONTRACT_VERSION, SHELL_EVENTS } from './shell-events.ts';

// Remotes keep their own copy of the contract (they may not import the shell). Reading the copies
// as text keeps that rule while still failing when one drifts from the shell's definition.
const repo = join(import.meta.dirname, '..', '..', '..');
const remotes = ['mf-auth', 'mf-invoices', 'mf-customers', 'mf-salaries', 'mf-legacy'];

for (const remote of remotes) {
  const file = join(repo, remote, 'src', 'lib', 'shell-contract.ts');
  test(`${remote} uses the shell's contract v${CONTRACT_VERSION} event names`, { skip: !existsSync(file) }, () => {
    const text = readFileSync(file, 'utf8');
    assert.match(text, new RegExp(`CONTRACT_VERSION = ${CONTRACT_VERSION};`));
    for (const [key, name] of Object.entries(SHELL_EVENTS)) {
      assert.ok(text.includes(`${key}: '${name}'`), `${remote} is missing ${key}: '${name}'`);
    }
    const names = [...text.matchAll(/'(frilo:[a-z-]+)'/g)].map((match) => match[1]);
    const known = new Set<string>(Object.values(SHELL_EVENTS));
    assert.deepEqual(
      names.filter((name) => !known.has(name ?? '')),
      [],
      `${remote} uses events the shell does not know`,
    );
  });
}

// The shell fetches the URL's remote's texts early (route-map REMOTE_NAMESPACES): keep it in step.
for (const remote of remotes) {
  const file = join(repo, remote, 'src', 'app', 'namespace.ts');
  test(`the shell knows ${remote}'s i18next namespace`, { skip: !existsSync(file) }, () => {
    const declared = /NAMESPACE = '([^']+)'/.exec(readFileSync(file, 'utf8'))?.[1];
    assert.equal(REMOTE_NAMESPACES[remote as RemoteName], declared);
  });
}
