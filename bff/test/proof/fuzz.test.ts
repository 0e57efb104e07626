// Contract fuzzing (issue 15): every operation of the contract gets requests made from its own schemas: each field of a
// valid request broken in each way the contract forbids (wrong type, too long, out of range, outside its values, left
// out, unknown), and random path, query and body values (valid by the schema, and anything at all). The server must
// never answer 5xx; every 4xx is a problem, a validation problem names the field it refuses, and a refused request
// writes nothing.
//
// `npm test` runs a fixed seed and FUZZ_RUNS (default 12) random requests per operation; for a long run:
//   FUZZ_RUNS=2000 FUZZ_SEED=$RANDOM node --test --test-global-setup=test/global-setup.ts test/proof/fuzz.test.ts
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { createTestApp, type ApiClient, type ApiResponse, type TestApp } from '../test-app.ts';
import { everyOperation, operationParts } from '../contract-requests.ts';
import { breakages, validValue } from '../contract-arbitraries.ts';
import {
  NESTINGS,
  PROTOTYPE_NAMES,
  deepJson,
  hostileBodies,
  hostileFiles,
  hostileParameterValues,
  withFile,
  withPrototypeFields,
} from '../hostile-input.ts';
import { installWriteWatch, WriteWatch, type Snapshot } from '../db-fingerprint.ts';
import { AUTHORIZATION, proofAppConfig, type Entry, type MatrixRequest } from '../authorization-matrix.ts';
import type { ContractOperation } from '../../src/platform/http/contract.ts';
import { Callers } from './callers.ts';

const RUNS = Number(process.env.FUZZ_RUNS ?? 12);
const SEED = Number(process.env.FUZZ_SEED ?? 20261115);

interface Sent {
  params?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
  form?: () => FormData;
  rawBody?: { data: string; contentType: string };
}

describe('contract fuzzing: every operation, broken and random input', () => {
  let t: TestApp;
  let callers: Callers;
  let watch: WriteWatch;
  /** The database as it was after the last request that was allowed to write; undefined when unknown. */
  let known: Snapshot | undefined;
  /** The write count read right after the last request sent, when that request was refused; cleared as the next starts. */
  let countAfterLast: string | undefined;

  before(async () => {
    t = await createTestApp(proofAppConfig());
    callers = new Callers(t);
    await callers.setUp();
    await installWriteWatch(t);
    watch = new WriteWatch(t);
    callers.watch = watch;
  });
  after(async () => {
    await t.close();
    // The server ran in this process: a body key `__proto__` merged carelessly anywhere would show here.
    assert.equal(({} as Record<string, unknown>).polluted, undefined, 'Object.prototype was polluted');
  });

  /** Who calls: an admin for admin operations, else the owner (logged in, confirmed), so requests reach the rules. */
  const callerOf = (entry: Entry) => (entry.access === 'admin' ? 'admin' : 'owner');

  /**
   * Sends one request and checks what must hold for any input: no 5xx, a problem for every 4xx (a validation problem
   * naming fields of the request), an answer the contract declares, and nothing written when refused.
   */
  async function send(op: ContractOperation, entry: Entry, request: Sent): Promise<ApiResponse> {
    const role = callerOf(entry);
    const api: ApiClient = await callers.client(role, countAfterLast);
    countAfterLast = undefined;
    known ??= await watch.snapshot();
    const where = `${op.operationId} ${JSON.stringify({
      ...request,
      form: request.form ? '(form)' : undefined,
      rawBody: request.rawBody
        ? `${request.rawBody.data.slice(0, 60)}… (${request.rawBody.data.length} characters)`
        : undefined,
    }).slice(0, 2000)}`;
    let res: ApiResponse;
    try {
      res = await api.call(op.operationId, { ...request, form: request.form?.() });
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
    }
    assert.ok(res.status < 500, `${where} answered ${res.status}: ${JSON.stringify(res.body)}`);
    if (res.status >= 400) {
      assert.match(res.headers.get('content-type') ?? '', /^application\/problem\+json/, where);
      assert.equal(res.body.status, res.status, where);
      assert.equal(typeof res.body.code, 'string', where);
      assert.notEqual(res.body.code, 'csrf', `${where}: refused by the CSRF check`);
      if (res.body.code === 'validation') {
        assert.ok(res.body.errors?.length, `${where}: a validation problem without fields`);
        for (const error of res.body.errors as { field: string }[])
          assert.match(error.field, /^(body|query|path|header)(\.|$)/, `${where}: names ${error.field}`);
      }
      assert.deepEqual(await watch.changedSince(known), [], `${where} was refused (${res.status}) but wrote`);
      countAfterLast = watch.lastRead;
    } else {
      // An allowed request may write (and may change the caller's session: the next call logs in again if so).
      known = undefined;
    }
    return res;
  }

  /** A valid request of the operation, on resources of the owner's made for it. */
  async function baseRequest(entry: Entry): Promise<MatrixRequest> {
    const request = (await entry.request?.(await callers.fixturesFor('owner'))) ?? {};
    known = undefined;
    return request;
  }

  const asStrings = (values: Record<string, unknown> | undefined) =>
    values && Object.fromEntries(Object.entries(values).map(([k, v]) => [k, String(v)]));

  for (const op of everyOperation()) {
    const entry = (AUTHORIZATION as Partial<Record<string, Entry>>)[op.operationId];
    const parts = operationParts(op);
    const pathSchema = objectOf(parts.parameters.filter((p) => p.in === 'path'));
    const querySchema = objectOf(parts.parameters.filter((p) => p.in === 'query'));
    const json = parts.body?.type === 'application/json' ? parts.body : undefined;

    describe(`${op.operationId}`, () => {
      test('each field broken in each way the contract forbids: a 400 naming the field, nothing written', async () => {
        assert.ok(entry, `operation ${op.operationId} has no entry in bff/test/authorization-matrix.ts`);
        const valid = await baseRequest(entry);
        const cases = [
          ...breakages('path', pathSchema, valid.params ?? {}).map((b) => ({ ...b, part: 'params' as const })),
          ...breakages('query', querySchema, valid.query ?? {}).map((b) => ({ ...b, part: 'query' as const })),
          ...(json ? breakages('body', json.schema, valid.body).map((b) => ({ ...b, part: 'body' as const })) : []),
        ];
        for (const breakage of cases) {
          const request: MatrixRequest = structuredClone({ ...valid, form: undefined });
          if (breakage.part === 'body') {
            const holder = { body: request.body };
            breakage.apply(holder.body as Record<string, unknown>);
            request.body = holder.body;
          } else {
            request[breakage.part] = { ...(request[breakage.part] ?? {}) } as Record<string, string>;
            breakage.apply(request[breakage.part] as Record<string, unknown>);
          }
          const res = await send(op, entry, {
            params: asStrings(request.params),
            query: asStrings(request.query),
            body: request.body,
          });
          const where = `${op.operationId}: ${breakage.field} ${breakage.what}`;
          assert.equal(res.status, 400, `${where} answered ${res.status}: ${JSON.stringify(res.body)}`);
          const fields = ((res.body.errors ?? []) as { field: string }[]).map((e) => e.field);
          // The field itself, or a part of it (an array's item).
          const named = fields.some((field) => field === breakage.field || field.startsWith(`${breakage.field}.`));
          assert.ok(named, `${where}: the problem names ${fields.join(', ') || 'no field'}`);
        }
      });

      test('hostile input: prototype names, deep nesting, extreme numbers, entity text, hostile files: never a 5xx', async () => {
        assert.ok(entry, `operation ${op.operationId} has no entry in bff/test/authorization-matrix.ts`);
        const valid = await baseRequest(entry);
        const params = asStrings(valid.params) ?? {};
        const query = asStrings(valid.query) ?? {};
        const requests: { what: string; request: Sent }[] = [];
        const add = (what: string, request: Sent) => requests.push({ what, request: { params, query, ...request } });
        // Path parameters and query values: prototype names, entity text, numbers past the safe range.
        for (const name of Object.keys(params))
          for (const value of hostileParameterValues())
            add(`path.${name} = ${JSON.stringify(value)}`, { params: { ...params, [name]: value }, body: valid.body });
        for (const name of Object.keys(querySchema.properties ?? {}))
          for (const value of hostileParameterValues())
            add(`query.${name} = ${JSON.stringify(value)}`, { query: { ...query, [name]: value }, body: valid.body });
        // Query keys.
        add('prototype names as query keys', {
          query: { ...query, ...Object.fromEntries(PROTOTYPE_NAMES.map((name) => [name, 'x'])) },
          body: valid.body,
        });
        // Body keys, numbers, entity text, the body at its limits, nesting inside the body and as the body.
        if (json) {
          for (const { what, body, raw } of hostileBodies(json.schema, valid.body ?? {}))
            add(what, raw === undefined ? { body } : { rawBody: { data: raw, contentType: 'application/json' } });
          for (const { depth, kind } of NESTINGS)
            add(`a body of ${kind}s nested ${depth} deep`, {
              rawBody: { data: deepJson(depth, kind), contentType: 'application/json' },
            });
        }
        // Uploads: every hostile file in the file fields, and form fields named after prototype names.
        if (parts.body?.type === 'multipart/form-data' && valid.form) {
          const fileFields = Object.entries(
            (parts.body.schema.properties as Record<string, { contentMediaType?: string }>) ?? {},
          )
            .filter(([, property]) => property.contentMediaType)
            .map(([name]) => name);
          const form = valid.form;
          const validFile = form().get(fileFields[0] ?? 'file');
          for (const file of await hostileFiles(validFile instanceof Blob ? validFile : null))
            add(`upload: ${file.what}`, { form: () => withFile(form(), fileFields, file) });
          add('form fields named after prototype names', { form: () => withPrototypeFields(form()) });
        }
        const failures: string[] = [];
        for (const { what, request } of requests) {
          try {
            await send(op, entry, request);
          } catch (error) {
            // The line saying what was answered, after what was sent.
            const message = (error as Error).message.replace(/^[^:]*\{.*?\}: /s, '');
            failures.push(`${what}: ${message.split('\n')[0]!.slice(0, 400)}`);
            known = undefined;
          }
        }
        // Fixed path segments replaced by prototype names: no route, or another one; never a 5xx.
        const api = await callers.client(callerOf(entry));
        const segments = op.path.split('/');
        for (let i = 2; i < segments.length; i++) {
          if (segments[i]!.startsWith('{')) continue;
          for (const name of PROTOTYPE_NAMES) {
            const path = segments
              .map((segment, j) =>
                j === i ? name : segment.replace(/^\{(\w+)\}$/, (_, p: string) => encodeURIComponent(params[p] ?? 'x')),
              )
              .join('/');
            const res = await api.request(
              op.method.toUpperCase(),
              path,
              valid.body === undefined ? {} : { body: valid.body },
            );
            if (
              res.status >= 500 ||
              (res.status >= 400 && !/^application\/problem\+json/.test(res.headers.get('content-type') ?? ''))
            )
              failures.push(`${op.method.toUpperCase()} ${path} answered ${res.status}`);
          }
        }
        known = undefined;
        assert.deepEqual(
          failures,
          [],
          `${op.operationId}: ${failures.length} of ${requests.length} hostile requests failed`,
        );
      });

      test(`random path, query and body values (${RUNS} runs, seed ${SEED}): never a 5xx`, async () => {
        assert.ok(entry, `operation ${op.operationId} has no entry in bff/test/authorization-matrix.ts`);
        const valid = await baseRequest(entry);
        const text = fc.string({ unit: 'binary', maxLength: 80 }).filter((s) => s.isWellFormed());
        const pathValues = fc.record(
          Object.fromEntries(
            Object.keys((pathSchema.properties as object) ?? {}).map((name) => [
              name,
              fc.oneof(
                fc.constant(String(valid.params?.[name] ?? '')),
                // An empty segment is another URL (another operation's, or none), not a value of this parameter.
                text.filter((s) => s.length > 0),
                validValue(pathSchema.properties![name]).map(String),
              ),
            ]),
          ),
        );
        const queryValues = fc.record(
          Object.fromEntries(
            Object.keys((querySchema.properties as object) ?? {}).map((name) => [
              name,
              fc.oneof(text, fc.integer().map(String), validValue(querySchema.properties![name]).map(String)),
            ]),
          ),
          { requiredKeys: [] },
        );
        const body = json
          ? fc.oneof(
              { weight: 3, arbitrary: validValue(json.schema) },
              { weight: 1, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
              { weight: 1, arbitrary: fc.constant(valid.body) },
            )
          : fc.constant(undefined);
        const form =
          parts.body?.type === 'multipart/form-data'
            ? fc.record({
                bytes: fc.oneof(fc.uint8Array({ maxLength: 4096 }), fc.constant(new Uint8Array(0))),
                name: text,
                type: fc.constantFrom(
                  'image/png',
                  'image/jpeg',
                  'application/pdf',
                  'text/html',
                  'application/x-msdownload',
                  '',
                ),
                field: fc.constantFrom('file', 'document', ''),
              })
            : fc.constant(undefined);
        await fc.assert(
          fc.asyncProperty(pathValues, queryValues, body, form, async (params, query, value, file) => {
            await send(op, entry, {
              params: params as Record<string, string>,
              query: query as Record<string, string>,
              body: value,
              ...(file
                ? {
                    form: () => {
                      const data = new FormData();
                      data.append(file.field, new Blob([file.bytes], { type: file.type }), file.name || 'x');
                      return data;
                    },
                  }
                : {}),
            });
          }),
          { numRuns: RUNS, seed: SEED, endOnFailure: !process.env.FUZZ_SHRINK },
        );
      });
    });
  }
});

/** Parameters as the schema of one object (`{ name: schema }`), as the router validates them. */
function objectOf(parameters: { name: string; required: boolean; schema: Record<string, unknown> }[]) {
  return {
    type: 'object',
    properties: Object.fromEntries(parameters.map((p) => [p.name, p.schema])) as Record<
      string,
      Record<string, unknown>
    >,
    required: parameters.filter((p) => p.required).map((p) => p.name),
  };
}
