import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { REMOTES, remoteOfNamespace } from './remotes.ts';

const repo = join(import.meta.dirname, '..', '..');

test('every registered remote is a workspace with its texts in both languages', () => {
  const workspaces = (JSON.parse(readFileSync(join(repo, 'package.json'), 'utf8')) as { workspaces: string[] })
    .workspaces;
  for (const { name, namespace } of REMOTES) {
    assert.ok(workspaces.includes(name), `${name} is an npm workspace`);
    const pkg = JSON.parse(readFileSync(join(repo, name, 'package.json'), 'utf8')) as { name: string };
    assert.equal(pkg.name, `@frilo/${name}`);
    // The remote says the same of itself (its app/namespace.ts).
    const own = readFileSync(join(repo, name, 'src', 'app', 'namespace.ts'), 'utf8');
    assert.equal(/REMOTE_NAME = '([^']+)'/.exec(own)?.[1], name, `${name}: REMOTE_NAME`);
    assert.equal(/NAMESPACE = '([^']+)'/.exec(own)?.[1], namespace, `${name}: NAMESPACE`);
    for (const language of ['sv', 'en']) {
      assert.ok(existsSync(join(repo, name, 'src', 'locales', language, `${namespace}.json`)), `${name} ${language}`);
    }
  }
});

test('no remote is left out of the registry, and no two share a namespace', () => {
  const folders = readdirSync(repo).filter(
    (entry) => /^mf-/.test(entry) && existsSync(join(repo, entry, 'package.json')),
  );
  assert.deepEqual([...folders].sort(), REMOTES.map((remote) => remote.name).sort());
  assert.equal(new Set(REMOTES.map((remote) => remote.namespace)).size, REMOTES.length);
  assert.equal(remoteOfNamespace('customers'), 'mf-customers');
  assert.equal(remoteOfNamespace('shell'), undefined);
});
