import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { assertLocalesComplete } from '../../../tools/testing/locale-completeness.ts';
import { kitText } from './kit-text.ts';
import unsavedEn from '../locales/en/unsaved.json' with { type: 'json' };
import unsavedSv from '../locales/sv/unsaved.json' with { type: 'json' };

const workspace = join(import.meta.dirname, '..', '..');

test("the kit's own texts are complete in Swedish and English", () => {
  assertLocalesComplete(workspace, 'ui');
  assertLocalesComplete(workspace, 'unsaved');
  assertLocalesComplete(workspace, 'salary-status');
});

test('a kit text in the language asked for, with its values', () => {
  assert.equal(kitText('sv', 'loading'), 'Laddar...');
  assert.equal(kitText('en', 'crash.reload'), 'Reload');
  assert.equal(kitText('en', 'unsaved.stay', {}, { sv: unsavedSv, en: unsavedEn }), 'Keep editing');
});

test('an unknown key reads as itself, so a missing text shows where it is missing', () => {
  assert.equal(kitText('sv', 'nope.nothing'), 'nope.nothing');
});
