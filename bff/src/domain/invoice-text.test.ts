import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { invalidInvoiceCharacters, isInvoiceCharacter } from './invoice-text.ts';

describe('characters an invoice can carry (problem 18)', () => {
  test('Swedish and other European Latin text passes', () => {
    for (const text of [
      'Konsulttjänster åt Örebro kommun, vecka 47',
      'Übersetzung für Müller & Söhne GmbH',
      'Łódź – usługi programistyczne',
      'Čeština, Dvořák',
      'Kostnad: 1 250,00 € (inkl. 25 % moms) … “citat” ‘citat’ • № 12 ™',
      'Nguyễn Văn A',
    ])
      assert.deepEqual(invalidInvoiceCharacters(text), [], text);
  });

  test('a decomposed accent counts as the composed letter', () => {
    assert.deepEqual(invalidInvoiceCharacters('Cafe\u0301'), []);
  });

  test('emoji, other scripts, control characters and private-use points are named once each, in order', () => {
    assert.deepEqual(invalidInvoiceCharacters('Design 🎨 och 🎨 logga'), ['🎨']);
    assert.deepEqual(invalidInvoiceCharacters('Перевод 翻訳'), ['П', 'е', 'р', 'в', 'о', 'д', '翻', '訳']);
    assert.deepEqual(invalidInvoiceCharacters('rad ett\nrad två\ttab'), ['\n', '\t']);
    assert.deepEqual(invalidInvoiceCharacters('\u0000\u007f\ue000'), ['\u0000', '\u007f', '\ue000']);
  });

  test('the greek letters of a mixed string are refused even next to Latin ones', () => {
    assert.deepEqual(invalidInvoiceCharacters('Alpha α'), ['α']);
  });

  test('one character at a time: the boundaries of the allowed ranges', () => {
    assert.equal(isInvoiceCharacter(' '), true);
    assert.equal(isInvoiceCharacter('~'), true);
    assert.equal(isInvoiceCharacter('\u009f'), false);
    assert.equal(isInvoiceCharacter('\u00a0'), true);
    assert.equal(isInvoiceCharacter('ɏ'), true);
    assert.equal(isInvoiceCharacter('ɐ'), false);
    assert.equal(isInvoiceCharacter('€'), true);
    assert.equal(isInvoiceCharacter('ab'), false);
  });
});
