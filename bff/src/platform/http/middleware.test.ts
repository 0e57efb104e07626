// Every log line of a request names its request id, the same as its X-Request-Id answer: the closing `request` line
// of every API request, and each line a handler writes with the request's logger.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { Writable } from 'node:stream';
import Koa from 'koa';
import fc from 'fast-check';
import { createLogger } from '../logger.ts';
import type { AppContext } from './context.ts';
import { requestLogging } from './middleware.ts';

test('each log line of a request carries its request id, whether or not a handler logged', async () => {
  const raw: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      raw.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  const app = new Koa();
  app.use(requestLogging(createLogger('info', sink)));
  app.use(async (ctx: AppContext) => {
    const times = Number(ctx.query.logs ?? 0);
    for (let i = 0; i < times; i++) ctx.state.log.warn({ i }, 'inside');
    ctx.body = { ok: true };
  });
  const server = app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  try {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3 }),
        fc.option(fc.stringMatching(/^[\w-]{8,64}$/), { nil: undefined }),
        async (logs, given) => {
          raw.length = 0;
          const res = await fetch(`http://127.0.0.1:${port}/api/probe?logs=${logs}`, {
            headers: given ? { 'x-request-id': given } : {},
          });
          await res.json();
          await new Promise((resolve) => setImmediate(resolve));
          const lines = raw.map((line) => JSON.parse(line) as Record<string, unknown>);
          const requestId = res.headers.get('x-request-id');
          if (given) assert.equal(requestId, given);
          assert.ok(requestId);
          assert.equal(lines.length, logs + 1, JSON.stringify(lines));
          for (const line of lines) assert.equal(line.requestId, requestId, JSON.stringify(line));
          const closing = lines.at(-1)!;
          assert.equal(closing.msg, 'request');
          assert.equal(closing.status, 200);
          assert.equal(closing.path, '/api/probe');
          // The id is named once per line, never twice (a child's binding and the closing line's own field).
          for (const line of raw) assert.equal(line.split('"requestId"').length, 2, line);
        },
      ),
      { numRuns: 40 },
    );
  } finally {
    server.close();
  }
});
