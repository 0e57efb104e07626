import { test } from 'node:test';
import { join } from 'node:path';
import { assertLocalesComplete, assertUsedKeysExist } from '../../../tools/testing/locale-completeness.ts';

const workspace = join(import.meta.dirname, '..', '..');

test('the invoices namespace is complete in Swedish and English, and every key the code uses exists', () => {
  const keys = assertLocalesComplete(workspace, 'invoices');
  assertUsedKeysExist(workspace, keys);
});
