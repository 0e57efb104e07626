// Reading request bodies (issue 8): bytes that are not UTF-8, damaged or unknown compression and oversized analytics
// events are the client's errors, answered as problems; nothing is stored half-decoded.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { confirmedUser } from '../../modules/auth/test-helpers.ts';
import { MAX_JSON_DEPTH, nestsDeeperThan } from './json-body.ts';

describe('request bodies', () => {
  let t: TestApp;
  let user: ApiClient;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
    ({ api: user } = await confirmedUser(t));
  });
  after(() => t.close());

  /** A raw PATCH of the profile with this browser's cookies and CSRF header. */
  async function patchProfile(body: Buffer, headers: Record<string, string> = {}) {
    const cookie = [...user.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const res = await fetch(`${t.url}/api/auth/profile`, {
      method: 'PATCH',
      headers: {
        'content-type': 'application/json',
        cookie,
        'x-csrf-token': user.cookies.get('csrf_token')!,
        ...headers,
      },
      body: body,
    });
    const text = await res.text();
    return { status: res.status, type: res.headers.get('content-type') ?? '', body: text ? JSON.parse(text) : null };
  }

  test('a body nested far past any limit (2 000, 5 000, 100 000 deep) is a 400 problem, never a 500 (issue 21)', async () => {
    const before = (await user.call('getProfile')).body;
    for (const depth of [MAX_JSON_DEPTH + 1, 2_000, 5_000, 100_000]) {
      for (const text of ['['.repeat(depth) + ']'.repeat(depth), '{"a":'.repeat(depth) + '1' + '}'.repeat(depth)]) {
        const res = await patchProfile(Buffer.from(text));
        assert.equal(res.status, 400, `${depth} deep: ${JSON.stringify(res.body)}`);
        assert.equal(res.body.code, 'malformed_body');
        assert.match(res.body.detail, /deeper than 32/);
      }
      // Deep inside a valid body, too.
      const inside = await patchProfile(Buffer.from(`{"firstName":${'['.repeat(depth)}${']'.repeat(depth)}}`));
      assert.equal(inside.status, 400);
    }
    assert.deepEqual((await user.call('getProfile')).body, before);
  });

  test('the nesting check counts arrays and objects as JSON.parse does, whatever the strings hold (property)', () => {
    const depthOf = (value: unknown): number =>
      value !== null && typeof value === 'object' ? 1 + Math.max(0, ...Object.values(value as object).map(depthOf)) : 0;
    fc.assert(
      fc.property(
        fc.jsonValue({ maxDepth: 8 }),
        fc.string({ unit: fc.constantFrom('[', ']', '{', '}', '"', '\\', 'a') }),
        fc.integer({ min: 0, max: 10 }),
        (value, noise, limit) => {
          // Text full of brackets, quotes and backslashes inside a string never counts.
          const text = JSON.stringify([value, noise]);
          assert.equal(nestsDeeperThan(text, limit), depthOf([value, noise]) > limit, text);
        },
      ),
    );
  });

  test('invalid UTF-8 in a JSON body is a 400 problem, and nothing is stored as U+FFFD', async () => {
    const before = (await user.call('getProfile')).body.firstName;
    const bytes = Buffer.concat([Buffer.from('{"firstName":"A'), Buffer.from([0xff, 0xfe, 0xc3]), Buffer.from('B"}')]);
    const res = await patchProfile(bytes);
    assert.equal(res.status, 400);
    assert.match(res.type, /^application\/problem\+json/);
    assert.equal(res.body.code, 'malformed_body');
    assert.match(res.body.detail, /UTF-8/);
    assert.equal((await user.call('getProfile')).body.firstName, before);
    // An overlong encoding and a UTF-8-encoded surrogate are not UTF-8 either.
    for (const bad of [
      [0xc0, 0xaf],
      [0xed, 0xa0, 0x80],
    ]) {
      const again = await patchProfile(
        Buffer.concat([Buffer.from('{"firstName":"'), Buffer.from(bad), Buffer.from('"}')]),
      );
      assert.equal(again.status, 400, JSON.stringify(bad));
    }
  });

  test('gzip, deflate and brotli bodies are read; corrupt ones are a 400 problem', async () => {
    const json = Buffer.from(JSON.stringify({ firstName: 'Zipped' }));
    for (const [encoding, compress] of [
      ['gzip', gzipSync],
      ['deflate', deflateSync],
      ['br', brotliCompressSync],
    ] as const) {
      const ok = await patchProfile(compress(json), { 'content-encoding': encoding });
      assert.equal(ok.status, 200, `${encoding}: ${JSON.stringify(ok.body)}`);
      assert.equal(ok.body.firstName, 'Zipped');
      const damaged = Buffer.from(compress(json));
      damaged.fill(0x41, 4, damaged.length - 2);
      for (const body of [damaged, compress(json).subarray(0, 6), Buffer.from('not compressed at all')]) {
        const res = await patchProfile(body, { 'content-encoding': encoding });
        assert.equal(res.status, 400, `corrupt ${encoding}`);
        assert.match(res.type, /^application\/problem\+json/);
        assert.equal(res.body.code, 'malformed_body', encoding);
      }
    }
  });

  test('a Content-Encoding the server does not take is a 415 problem', async () => {
    for (const encoding of ['compress', 'zstd', 'x-unknown']) {
      const res = await patchProfile(Buffer.from('{"firstName":"X"}'), { 'content-encoding': encoding });
      assert.equal(res.status, 415, encoding);
      assert.match(res.type, /^application\/problem\+json/);
      assert.equal(res.body.code, 'unsupported_encoding');
    }
  });

  test('a body that is not JSON is a 415 problem; a compressed body is limited after decompression', async () => {
    const plain = await patchProfile(Buffer.from('firstName=X'), {
      'content-type': 'application/x-www-form-urlencoded',
    });
    assert.equal(plain.status, 415);
    assert.equal(plain.body.code, 'unsupported_media_type');
    // 2 MB of JSON compresses to a few KB: the limit counts what it becomes.
    const bomb = gzipSync(Buffer.from(JSON.stringify({ firstName: 'x', pad: ' '.repeat(2 * 1024 * 1024) })));
    assert.ok(bomb.length < 20_000);
    const res = await patchProfile(bomb, { 'content-encoding': 'gzip' });
    assert.equal(res.status, 413);
    assert.equal(res.body.code, 'too_large');
  });
});

describe('the analytics endpoint', () => {
  let t: TestApp;
  const lines: string[] = [];
  before(async () => {
    t = await createTestApp({ rateLimits: true }, { logLines: lines });
  });
  after(() => t.close());

  const event = (properties: Record<string, unknown>) => ({
    name: 'page_view',
    version: '24.10.2025.01',
    environment: 'production',
    properties,
  });

  test('takes a small event and logs a summary of it, not its values', async () => {
    const api = t.client();
    const secret = 'what-the-user-typed-4711';
    const res = await api.call('trackEvent', { body: event({ page: secret, width: 1280 }) });
    assert.equal(res.status, 202);
    const logged = lines.map((line) => JSON.parse(line)).find((entry) => entry.msg === 'analytics event');
    assert.ok(logged, 'the event is logged');
    assert.deepEqual(logged.analytics, {
      name: 'page_view',
      version: '24.10.2025.01',
      environment: 'production',
      properties: ['page', 'width'],
    });
    assert.ok(!lines.some((line) => line.includes(secret)), 'property values never reach the log');
  });

  test('a body over its own small limit (4 KB) is a 413 problem, well below the 1 MB of other operations', async () => {
    const api = t.client();
    const res = await api.call('trackEvent', { body: event({ a: 'x'.repeat(3000), b: 'y'.repeat(2000) }) });
    assert.equal(res.status, 413);
    assert.equal(res.body.code, 'too_large');
  });

  test('the contract bounds the event: at most 20 properties, short names and values', async () => {
    const api = t.client();
    const many = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`p${i}`, i]));
    const tooMany = await api.call('trackEvent', { body: event(many) });
    assert.equal(tooMany.status, 400);
    assert.deepEqual(
      tooMany.body.errors.map((e: { field: string; code: string }) => [e.field, e.code]),
      [['body.properties', 'too_many']],
    );
    const long = await api.call('trackEvent', { body: event({ page: 'x'.repeat(201) }) });
    assert.equal(long.status, 400);
    assert.equal(long.body.errors[0].field, 'body.properties.page');
    const nested = await api.call('trackEvent', { body: event({ page: { deep: true } }) });
    assert.equal(nested.status, 400);
  });

  test('events are rate limited per address', async () => {
    const api = t.client();
    let status = 202;
    let sent = 0;
    while (status === 202 && sent < 1000) {
      status = (await api.call('trackEvent', { body: event({ n: sent }) })).status;
      sent += 1;
    }
    assert.equal(status, 429, `still accepted after ${sent} events`);
    assert.ok(sent > 60, `limited after only ${sent} events`);
  });
});
