// Rules that hold for every operation and path of the contract (issue 8): the declared `security` is what the server
// does, and every error under /api is problem JSON, including the router's own 405 and 501.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import contract from '@frilo/openapi/bundled.json' with { type: 'json' };
import { createTestApp, type TestApp } from '../../../test/test-app.ts';
import { everyOperation, everyPath, samplePath } from '../../../test/contract-requests.ts';

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;

describe('the contract and the server agree', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('every operation declares its security: a global default, and `security: []` on the public ones', () => {
    const doc = contract as {
      security?: unknown;
      paths: Record<string, Record<string, { operationId: string; security?: unknown }>>;
    };
    assert.deepEqual(
      doc.security,
      [{ session: [] }],
      'the bundled contract needs a session unless an operation says not',
    );
    for (const op of everyOperation()) {
      const declared = doc.paths[op.path]![op.method]!.security;
      if (declared !== undefined) assert.ok(Array.isArray(declared), op.operationId);
    }
  });

  test('for every operation, a call without a session is 401 exactly when the contract declares the session', async () => {
    const mismatches: string[] = [];
    for (const op of everyOperation()) {
      const api = t.client();
      const res = await api.request(op.method.toUpperCase(), samplePath(op.path), {
        ...(op.method === 'get' ? {} : { body: {} }),
      });
      assert.notEqual(res.status, 403, `${op.operationId}: the CSRF pair should pass`);
      if ((res.status === 401) !== op.requiresSession) {
        mismatches.push(
          `${op.operationId}: declares ${op.requiresSession ? 'session' : 'public'}, answered ${res.status}`,
        );
      }
    }
    assert.deepEqual(mismatches, []);
  });

  test('every path of the contract answers a method it does not declare with a 405 problem and Allow', async () => {
    const api = t.client();
    for (const { path, methods } of everyPath()) {
      for (const method of METHODS.filter((m) => !methods.has(m))) {
        const res = await api.request(method.toUpperCase(), samplePath(path), method === 'get' ? {} : { body: {} });
        const where = `${method.toUpperCase()} ${path}`;
        assert.equal(res.status, 405, where);
        assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/, where);
        assert.equal(res.body.code, 'method_not_allowed', where);
        assert.equal(res.body.status, 405, where);
        const allow = (res.headers.get('allow') ?? '').split(/,\s*/);
        for (const declared of methods) assert.ok(allow.includes(declared.toUpperCase()), `${where}: Allow ${allow}`);
      }
    }
  });

  test('a method the server does not implement is a 501 problem, on every path of the contract', async () => {
    const api = t.client();
    for (const { path } of everyPath()) {
      const res = await api.request('PROPFIND', samplePath(path), { body: {} });
      assert.equal(res.status, 501, path);
      assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/, path);
      assert.equal(res.body.code, 'not_implemented', path);
    }
  });
});
