// The route index (route-index.ts) on the contract's own routes: for any path and method, the indexed router matches
// exactly what @koa/router's own match does (the same routes, in the same order), while trying fewer routes.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import Router from '@koa/router';
import { createContractRouter, type ContractRouterOptions } from './contract.ts';

const handlers = new Proxy({}, { get: () => async () => ({ status: 204 }) }) as ContractRouterOptions['handlers'];
const router = createContractRouter({ handlers, validateResponses: false });
const unindexed = (path: string, method: string): ReturnType<typeof router.match> =>
  Router.prototype.match.call(router, path, method) as unknown as ReturnType<typeof router.match>;
const routePaths = router.stack.map((layer) => String(layer.path));
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS', 'get'];

/** A path of a route with its parameters filled in by `fill`, its letters' case changed where `upper` says. */
const routeLike = fc
  .tuple(
    fc.constantFrom(...routePaths),
    fc.array(fc.oneof(fc.uuid(), fc.string(), fc.constantFrom('x', '..', '%2F', 'ä', 'İ', '')), {
      minLength: 8,
      maxLength: 8,
    }),
    fc.array(fc.boolean(), { minLength: 64, maxLength: 64 }),
    fc.constantFrom('', '/', '//', '/extra', '.json', '%20'),
  )
  .map(([path, fills, upper, tail]) => {
    let i = 0;
    const filled = path.replace(/:[A-Za-z0-9_]+/g, () => fills[i++ % fills.length]!);
    return [...filled].map((c, j) => (upper[j % upper.length] ? c.toUpperCase() : c)).join('') + tail;
  });

/** Any path made of segments close to the routes' words. */
const anyPath = fc
  .array(
    fc.oneof(
      fc.constantFrom(
        'api',
        'API',
        'invoices',
        'Invoices',
        'customers',
        'auth',
        'session',
        'me',
        '',
        '.',
        '%61pi',
        'ápi',
      ),
      fc.string(),
    ),
    { maxLength: 5 },
  )
  .map((segments) => `/${segments.join('/')}`);

describe('route index', () => {
  test('matches what the router matches, for any path and method', () => {
    fc.assert(
      fc.property(fc.oneof(routeLike, anyPath), fc.constantFrom(...METHODS), (path, method) => {
        const indexed = router.match(path, method);
        const plain = unindexed(path, method);
        assert.deepEqual(
          indexed.path.map((layer) => layer.path),
          plain.path.map((layer) => layer.path),
        );
        assert.ok(indexed.path.every((layer, i) => layer === plain.path[i]));
        assert.ok(indexed.pathAndMethod.every((layer, i) => layer === plain.pathAndMethod[i]));
        assert.equal(indexed.pathAndMethod.length, plain.pathAndMethod.length);
        assert.equal(indexed.route, plain.route);
      }),
      { numRuns: 5000 },
    );
  });

  test('every route is still found, and a request tries only the routes of its first two words', () => {
    let tried = 0;
    for (const layer of router.stack) {
      const own = layer.match.bind(layer);
      layer.match = (path: string) => {
        tried++;
        return own(path);
      };
    }
    for (const path of routePaths) {
      const concrete = path.replace(/:[A-Za-z0-9_]+/g, '0b6c1f0e-5d4a-4c3b-9a2e-1f0e5d4a4c3b');
      const method = router.stack.find((layer) => layer.path === path)!.methods.find((m) => m !== 'HEAD')!;
      tried = 0;
      const found = router.match(concrete, method);
      assert.ok(found.route, `${method} ${concrete} found no route`);
      assert.ok(found.pathAndMethod.some((layer) => layer.path === path));
      assert.ok(tried < router.stack.length / 2, `${concrete} tried ${tried} of ${router.stack.length} routes`);
    }
  });
});
