import { test } from 'node:test';
import assert from 'node:assert/strict';
import { sameSitePath, withQueryParam } from './same-site-path.ts';

test('same-site paths are kept as they are', () => {
  assert.equal(sameSitePath('/quotations/create'), '/quotations/create');
  assert.equal(sameSitePath('/quotations/edit/42?step=0#top'), '/quotations/edit/42?step=0#top');
});

test('anything that could leave the site is refused', () => {
  for (const target of [
    null,
    undefined,
    '',
    'https://evil.example/',
    '//evil.example/x',
    '/\\evil.example',
    '/\tevil',
    'javascript:alert(1)',
    'quotations/create',
    '/x\\y',
  ]) {
    assert.equal(sameSitePath(target), null, String(target));
  }
});

test('the recipient goes into the return path', () => {
  assert.equal(withQueryParam('/quotations/create', 'recipient', 'u-1'), '/quotations/create?recipient=u-1');
  assert.equal(
    withQueryParam('/quotations/edit/7?step=0&recipient=old', 'recipient', 'u-2'),
    '/quotations/edit/7?step=0&recipient=u-2',
  );
});
