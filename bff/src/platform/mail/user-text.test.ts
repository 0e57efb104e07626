import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { customerMessage, inlineUserText } from './user-text.ts';

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

test('a message to a customer keeps its lines and everyday abbreviations, and an empty one is none', () => {
  const ok = (raw: string) => {
    const result = customerMessage(raw);
    assert.ok(result.ok, raw);
    return result.text;
  };
  assert.equal(
    ok('  Tack för uppdraget!\r\n\r\n\r\n\r\nHälsningar, Anna  '),
    'Tack för uppdraget!\n\nHälsningar, Anna',
  );
  assert.equal(ok('   \n  '), null);
  assert.equal(ok(''), null);
  for (const text of [
    'Gäller t.ex. resor, bl.a. till Uppsala m.fl. orter, fr.o.m. 1 dec, kl. 10.30.',
    'Order 4711, s.k. tilläggsarbete p.g.a. ändrad ritning; 3.5 timmar à 850 kr.',
    'Thanks! See the PO no. 55-12, e.g. items 1.2 and 1.3, i.e. the rest.',
  ])
    assert.equal(ok(text), text);
});

test('a message with anything a mail program would link is refused, whatever surrounds it', () => {
  const links = [
    'https://pay.example.com/x',
    'HTTP://SHOUT.EXAMPLE',
    'www.evil.example',
    'frilo.se',
    'win-now.xyz',
    'claims@prize.com',
    'mailto:x@y.se',
    'tel:+46701234567',
    'ftp://files.example.org',
    'bit.ly/abc',
  ];
  fc.assert(
    fc.property(fc.constantFrom(...links), fc.string({ maxLength: 40 }), fc.string({ maxLength: 40 }), (link, a, b) => {
      const result = customerMessage(
        `${a.replace(/[\p{L}\p{N}.@:/_-]+$/u, '')} ${link} ${b.replace(/^[\p{L}\p{N}/_-]+/u, '')}`,
      );
      assert.equal(result.ok, false, link);
    }),
  );
});

test('a refused message names each link once, as written: no fragment of a link found twice ("www." beside it)', () => {
  assert.deepEqual(customerMessage('Tack! Se www.example.com'), { ok: false, links: ['www.example.com'] });
  assert.deepEqual(customerMessage('Betala på https://pay.example.com/x idag'), {
    ok: false,
    links: ['https://pay.example.com/x'],
  });
  const hosts = fc.stringMatching(/^[a-z][a-z0-9-]{0,10}[a-z0-9]\.(se|com|nu|xyz)$/);
  fc.assert(
    fc.property(
      fc.constantFrom('www.', 'https://', 'http://www.', ''),
      hosts,
      fc.constantFrom('', '/faktura'),
      (prefix, host, path) => {
        const link = `${prefix}${host}${path}`;
        const result = customerMessage(`Hej! Se ${link} när du hinner.`);
        assert.deepEqual(result, { ok: false, links: [link] });
      },
    ),
  );
});
