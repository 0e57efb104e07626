// The authorization matrix (issue 15): every operation of the contract, called as anonymous, as an unconfirmed user,
// as another freelancer, as the owner, as an admin and as an admin impersonating the owner, answers what its entry in
// test/authorization-matrix.ts declares. Another user's resource is a 404 (never a 403 that confirms it exists), their
// data never shows in anyone else's answer, admin operations are refused to everyone else, and a refused request
// writes nothing.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { createTestApp, type ApiClient, type ApiResponse, type TestApp } from '../test-app.ts';
import { everyOperation, fieldsWhere } from '../contract-requests.ts';
import { changedTables, fingerprint, installWriteWatch, WriteWatch } from '../db-fingerprint.ts';
import {
  AUTHORIZATION,
  EXPECTED,
  ROLES,
  proofAppConfig,
  type Entry,
  type MatrixRequest,
  type ResourceKind,
  type Role,
} from '../authorization-matrix.ts';
import type { ContractOperation } from '../../src/platform/http/contract.ts';
import { Callers } from './callers.ts';

const MATRIX_FILE = 'bff/test/authorization-matrix.ts';

function entryOf(op: ContractOperation): Entry {
  const entry = (AUTHORIZATION as Partial<Record<string, Entry>>)[op.operationId];
  assert.ok(
    entry,
    `operation ${op.operationId} has no entry in ${MATRIX_FILE}: declare its expected outcome (access, ok, request)`,
  );
  return entry;
}

function expectedStatus(entry: Entry, role: Role): number {
  const byAccess = EXPECTED[entry.access][role];
  return entry.except?.[role] ?? (byAccess === 'ok' ? entry.ok : byAccess);
}

/** The text of an answer as a person or a script could read it: headers and body. */
function answerText(res: ApiResponse): string {
  const body = Buffer.isBuffer(res.body) ? res.body.toString('latin1') : JSON.stringify(res.body ?? '');
  return `${[...res.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${body}`;
}

/** Sets `value` at a dotted path (`body.expenses.0.receiptId`) of a request that already has that field. */
/** What a problem tells: its status, code and the fields it names (never its request id or path). */
function problemShape(res: ApiResponse) {
  if (res.status < 400) return { status: res.status };
  const errors = (res.body.errors ?? []) as { field: string; code: string }[];
  return { status: res.status, code: res.body.code, errors: errors.map((e) => `${e.field} ${e.code}`) };
}

function replaceField(request: MatrixRequest, field: string, value: string): void {
  const [part, ...rest] = field.split('.');
  let node = (part === 'body' ? { body: request.body } : request[part as 'query' | 'params']) as Record<
    string,
    unknown
  >;
  const path = part === 'body' ? ['body', ...rest] : rest;
  for (const key of path.slice(0, -1)) {
    assert.ok(node && typeof node[key] === 'object', `the request has no ${field}`);
    node = node[key] as Record<string, unknown>;
  }
  assert.ok(node && path.at(-1)! in node, `the request has no ${field}`);
  node[path.at(-1)!] = value;
}

describe('authorization matrix: every operation as every caller', () => {
  let t: TestApp;
  let callers: Callers;
  let watch: WriteWatch;
  before(async () => {
    t = await createTestApp(proofAppConfig());
    callers = new Callers(t);
    await callers.setUp();
    await installWriteWatch(t);
    watch = new WriteWatch(t);
    callers.watch = watch;
  });
  after(() => t.close());

  test('the "nothing written" check sees a write to any table, and a job queued', async () => {
    await t.drainJobs();
    const before = await fingerprint(t);
    await t.sql(`update app_user set last_name = last_name || '.' where id = $1`, [callers.other.userId]);
    assert.deepEqual(changedTables(before, await fingerprint(t)), ['public.app_user (rows 5 → 5)']);
    await t.sql(`update app_user set last_name = 'Other' where id = $1`, [callers.other.userId]);
    assert.deepEqual(changedTables(before, await fingerprint(t)), []);
    // A forgotten-password request writes nothing but the job that looks the address up.
    await t.client().call('forgotPassword', { body: { email: 'nobody@example.com' } });
    assert.deepEqual(
      changedTables(before, await fingerprint(t)).map((table) => table.split(' ')[0]),
      ['pgboss.job'],
    );
    // The quick check (a count of rows written, before the fingerprint) sees the same: a write to any table, a row
    // written and put back, a job queued; and nothing when only a session's last-seen time moved.
    await t.drainJobs();
    let mark = await watch.snapshot();
    assert.deepEqual(await watch.changedSince(mark), []);
    await t.sql(`update auth_session set last_seen_at = now() - interval '1 hour'`);
    assert.equal(await watch.rowsWrittenSince(mark), false, 'a moving column counted as a write');
    await t.sql(`update app_user set last_name = last_name || '.' where id = $1`, [callers.other.userId]);
    assert.equal(await watch.rowsWrittenSince(mark), true, 'a changed row was not counted');
    assert.deepEqual(await watch.changedSince(mark), ['public.app_user (rows 5 → 5)'], 'a changed row was not seen');
    await t.sql(`update app_user set last_name = 'Other' where id = $1`, [callers.other.userId]);
    assert.deepEqual(await watch.changedSince(mark), [], 'a row put back as it was is no change');
    mark = await watch.snapshot();
    await t.client().call('forgotPassword', { body: { email: 'nobody@example.com' } });
    assert.deepEqual(
      (await watch.changedSince(mark)).map((table) => table.split(' ')[0]),
      ['pgboss.job'],
    );
  });

  test('every operation of the contract has an entry in the matrix, and every entry an operation', () => {
    const operations = new Set(everyOperation().map((op) => op.operationId as string));
    const missing = [...operations].filter((id) => !(id in AUTHORIZATION));
    assert.deepEqual(
      missing,
      [],
      `operations without an entry in ${MATRIX_FILE} (declare each one's expected outcome): ${missing.join(', ')}`,
    );
    const stale = Object.keys(AUTHORIZATION).filter((id) => !operations.has(id));
    assert.deepEqual(stale, [], `entries in ${MATRIX_FILE} for operations the contract does not have`);
  });

  test('every field of a non-public request that names a resource (a uuid) is declared as a reference', () => {
    const undeclared: string[] = [];
    for (const op of everyOperation()) {
      const entry = (AUTHORIZATION as Partial<Record<string, Entry>>)[op.operationId];
      if (!entry || entry.access === 'public' || entry.access === 'admin') continue;
      for (const field of fieldsWhere(op, (schema) => schema.format === 'uuid')) {
        if (field.startsWith('path.')) continue; // the path's resource is what the matrix itself tries
        if (!entry.references?.[field]) undeclared.push(`${op.operationId} ${field}`);
      }
    }
    assert.deepEqual(
      undeclared,
      [],
      `declare these in the operation's \`references\` in ${MATRIX_FILE} (the kind of resource each names)`,
    );
  });

  /** One call, checked: the status, a problem that is not a CSRF refusal, the contract, and what it may show. */
  async function check(
    op: ContractOperation,
    entry: Entry,
    role: string,
    api: ApiClient,
    request: MatrixRequest,
    expected: number,
  ): Promise<ApiResponse> {
    const where = `${op.operationId} as ${role}`;
    const refused = expected >= 400;
    const before = refused ? await watch.snapshot() : undefined;
    let res: ApiResponse;
    try {
      res = await api.call(op.operationId, { ...request, form: request.form?.() });
    } catch (error) {
      throw new Error(`${where}: ${(error as Error).message}`, { cause: error });
    }
    assert.equal(
      res.status,
      expected,
      `${where} answered ${res.status}, expected ${expected}: ${JSON.stringify(res.body)}`,
    );
    if (res.status >= 400) assert.notEqual(res.body?.code, 'csrf', `${where}: refused by the CSRF check, not the rule`);
    if (res.status === 404) assert.equal(res.body.code, 'not_found', where);
    const mayShowOwner =
      role === 'owner' || role === 'impersonating' || entry.devOnly || (entry.access === 'admin' && role === 'admin');
    if (!mayShowOwner)
      assert.ok(!answerText(res).includes(callers.ownerMarker), `${where}: the answer shows the owner's data`);
    if (entry.access === 'ownList' && (role === 'owner' || role === 'impersonating'))
      assert.ok(answerText(res).includes(callers.ownerMarker), `${where}: the owner's list misses the owner's data`);
    if (before) assert.deepEqual(await watch.changedSince(before), [], `${where} was refused but wrote`);
    return res;
  }

  for (const op of everyOperation()) {
    test(`${op.method.toUpperCase()} ${op.path} (${op.operationId})`, async () => {
      const entry = entryOf(op);
      // Refusals first, on resources that stay the owner's; then the allowed calls, each on resources of its own.
      // The requests are made up front, together: most of their time is spent waiting for emailed links.
      const order = [...ROLES].sort(
        (a, b) => Number(expectedStatus(entry, b) >= 400) - Number(expectedStatus(entry, a) >= 400),
      );
      const owners = await callers.fixturesFor('owner');
      const make = async () => (await entry.request?.(owners)) ?? {};
      const requests = entry.sequential ? [] : await Promise.all(order.map(make));
      // The write count read right after a refused call, when nothing has run since: the caller's session still holds.
      let countNow: string | undefined;
      for (const [i, role] of order.entries()) {
        const request = requests[i] ?? (await make());
        const api = await callers.client(role, requests[i] ? countNow : undefined);
        const expected = expectedStatus(entry, role);
        await check(op, entry, role, api, request, expected);
        countNow = expected >= 400 ? watch.lastRead : undefined;
      }
      // Requests of another freelancer's own that name one resource of the owner's: answered exactly as if that
      // resource did not exist, and writing nothing.
      for (const [field, reference] of Object.entries(entry.references ?? {})) {
        const others = await callers.fixturesFor('other');
        const [foreign, missing] = await Promise.all([entry.request!(others), entry.request!(others)]);
        const factory = owners[reference.kind as ResourceKind] as () => Promise<{ id: string }>;
        replaceField(foreign, field, (await factory()).id);
        replaceField(missing, field, randomUUID());
        const status = reference.status ?? 404;
        const api = await callers.client('other');
        const where = `other (cross-reference ${field})` as const;
        const absent = await check(op, entry, `${where}: a resource that does not exist`, api, missing, status);
        const owned = await check(op, entry, `${where}: the owner's`, api, foreign, status);
        assert.deepEqual(
          problemShape(owned),
          problemShape(absent),
          `${op.operationId}: ${field} naming the owner's ${reference.kind} is answered differently from one that does not exist`,
        );
      }
    });
  }
});
