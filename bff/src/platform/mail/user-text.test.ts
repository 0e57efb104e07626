import { test } from 'node:test';
import assert from 'node:assert/strict';
import { inlineUserText } from './user-text.ts';

test('names stay as written when they hold no link', () => {
  for (const name of ['Volvo Personvagnar AB', 'Åsa Öberg-Lind', 'J. Smith & Co.', 'AB 3.5 Konsult', 'St. Eriks Bygg'])
    assert.equal(inlineUserText(name, 60), name);
});

test('anything a mail client would link is defused', () => {
  const cases: [string, string][] = [
    ['Visit https://spam.example/win now', 'Visit spam[.]example/win now'],
    ['www.evil.example', 'www[.]evil[.]example'],
    ['mail claims@prize.example', 'mail claims@prize[.]example'],
    ['Frilo.se AB', 'Frilo[.]se AB'],
    ['ftp://files.example.org', 'files[.]example[.]org'],
    ['mailto:x@y.example', 'x@y[.]example'],
    ['HTTP://SHOUT.EXAMPLE', 'SHOUT[.]EXAMPLE'],
  ];
  for (const [input, expected] of cases) assert.equal(inlineUserText(input, 100), expected, input);
});

test('control characters and line breaks become one space; long text is cut with an ellipsis', () => {
  assert.equal(inlineUserText('Anna\n\tBerg\u0000', 60), 'Anna Berg');
  const long = inlineUserText('x'.repeat(100), 60);
  assert.equal([...long].length, 60);
  assert.ok(long.endsWith('…'));
  assert.equal([...inlineUserText('🌲'.repeat(70), 60)].length, 60, 'counted in characters, not UTF-16 units');
});
