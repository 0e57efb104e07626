// Control characters, NUL bytes and lone UTF-16 surrogates (issue 8) are refused as a 400 naming the field, for every
// string the contract lets a client send (path, query and body), before any handler or the database sees them.
import { after, before, describe, test } from 'node:test';
import assert from 'node:assert/strict';
import contract from '@frilo/openapi/bundled.json' with { type: 'json' };
import { createTestApp, type ApiClient, type TestApp } from '../../../test/test-app.ts';
import { everyOperation, samplePath } from '../../../test/contract-requests.ts';
import { confirmedUser, signUpBody, uniqueEmail } from '../../modules/auth/test-helpers.ts';

type Schema = Record<string, unknown>;
const doc = contract as unknown as {
  paths: Record<string, Record<string, { parameters?: Schema[]; requestBody?: { content: Record<string, Schema> } }>>;
};

function resolve(schema: unknown): Schema {
  let current = schema as Schema;
  while (current && typeof current.$ref === 'string') {
    current = (current.$ref as string)
      .slice(2)
      .split('/')
      .reduce<unknown>((node, key) => (node as Schema)[key], contract) as Schema;
  }
  return current ?? {};
}

const takesString = (schema: Schema) =>
  schema.type === 'string' || (Array.isArray(schema.type) && schema.type.includes('string'));

/** Every place a string can go in a body of this schema: its field name and a body with `value` there. */
function stringFields(schema: unknown, field: string[] = []): { field: string[]; place: (value: string) => unknown }[] {
  const node = resolve(schema);
  const out: { field: string[]; place: (value: string) => unknown }[] = [];
  if (takesString(node)) out.push({ field, place: (value) => value });
  for (const branch of [
    ...((node.oneOf as unknown[]) ?? []),
    ...((node.anyOf as unknown[]) ?? []),
    ...((node.allOf as unknown[]) ?? []),
  ])
    out.push(...stringFields(branch, field));
  for (const [name, property] of Object.entries((node.properties as Record<string, unknown>) ?? {})) {
    for (const inner of stringFields(property, [...field, name]))
      out.push({ field: inner.field, place: (value) => ({ [name]: inner.place(value) }) });
  }
  if (node.items) {
    for (const inner of stringFields(node.items, [...field, '0']))
      out.push({ field: inner.field, place: (value) => [inner.place(value)] });
  }
  if (node.additionalProperties && typeof node.additionalProperties === 'object') {
    for (const inner of stringFields(node.additionalProperties, [...field, 'key']))
      out.push({ field: inner.field, place: (value) => ({ key: inner.place(value) }) });
  }
  // The same field through several branches is tested once.
  return out.filter((entry, i) => out.findIndex((other) => other.field.join('.') === entry.field.join('.')) === i);
}

/** Text no field of the contract takes (none allows tab or newline so far: those would be refused too). */
const BAD_TEXT = {
  nul: 'a\u0000b',
  escape: 'a\u001bb',
  newline: 'a\nb',
  'C1 control': 'a\u0085b',
  'lone high surrogate': 'a\ud800b',
  'lone low surrogate': 'a\udc00b',
} as const;
const URL_SAFE = ['nul', 'escape', 'newline', 'C1 control'] as const;

describe('text safety on every string field of the contract', () => {
  let t: TestApp;
  let api: ApiClient;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
    ({ api } = await confirmedUser(t));
  });
  after(() => t.close());

  function expectRefused(
    res: { status: number; body: { code?: string; errors?: { field: string; code: string }[] } },
    field: string,
    where: string,
  ) {
    assert.equal(res.status, 400, `${where}: ${JSON.stringify(res.body)}`);
    assert.ok(
      res.body.errors?.some((e) => e.field === field && e.code === 'invalid_characters'),
      `${where}: expected ${field} invalid_characters in ${JSON.stringify(res.body.errors)}`,
    );
  }

  test('every string of every request body', async () => {
    let checked = 0;
    for (const op of everyOperation()) {
      const schema = doc.paths[op.path]![op.method]!.requestBody?.content['application/json']?.schema;
      if (!schema) continue;
      for (const { field, place } of stringFields(schema)) {
        for (const [what, text] of Object.entries(BAD_TEXT)) {
          const res = await api.request(op.method.toUpperCase(), samplePath(op.path), { body: place(text) });
          expectRefused(res, ['body', ...field].join('.'), `${op.operationId} body.${field.join('.')} with ${what}`);
          checked += 1;
        }
      }
    }
    assert.ok(checked > 100, `only ${checked} cases`);
  });

  test('every string path and query parameter', async () => {
    let checked = 0;
    for (const op of everyOperation()) {
      for (const parameter of doc.paths[op.path]![op.method]!.parameters ?? []) {
        const param = resolve(parameter);
        if (!takesString(resolve(param.schema)) || (param.in !== 'path' && param.in !== 'query')) continue;
        for (const what of URL_SAFE) {
          const text = BAD_TEXT[what];
          const name = param.name as string;
          const url =
            param.in === 'path'
              ? samplePath(op.path, { [name]: text })
              : `${samplePath(op.path)}?${new URLSearchParams({ [name]: text })}`;
          const res = await api.request(op.method.toUpperCase(), url, op.method === 'get' ? {} : { body: {} });
          expectRefused(res, `${param.in}.${name}`, `${op.operationId} ${param.in}.${name} with ${what}`);
          checked += 1;
        }
      }
    }
    assert.ok(checked > 10, `only ${checked} cases`);
  });

  test('a bad property name is refused too, naming the object', async () => {
    const res = await api.call('trackEvent', {
      body: { name: 'x', version: '1', environment: 'production', properties: { 'a\u0000b': 1 } },
    });
    expectRefused(res, 'body.properties', 'a NUL in a property name');
  });

  test('tab and ordinary text, accents and emoji pass', async () => {
    const res = await api.call('updateProfile', { body: { firstName: 'Åsa 🌲 Ñandú', lastName: 'Öberg-Lind' } });
    assert.equal(res.status, 200);
    assert.equal(res.body.firstName, 'Åsa 🌲 Ñandú');
  });
});

describe('an account and its confirmation email are committed together', () => {
  let t: TestApp;
  before(async () => {
    t = await createTestApp({ rateLimits: false });
  });
  after(() => t.close());

  test('when the email cannot be queued, no account is left behind that could never be confirmed', async () => {
    const email = uniqueEmail('unqueued');
    await t.sql(`create function refuse_test_email() returns trigger language plpgsql as $$
      begin
        if new.data->>'to' = '${email}' then raise exception 'the mail queue refuses this message'; end if;
        return new;
      end $$`);
    await t.sql(
      `create trigger refuse_test_email before insert on pgboss.job for each row execute function refuse_test_email()`,
    );
    try {
      const res = await t.client().request('POST', '/api/auth/sign-up', { body: signUpBody(email) });
      assert.equal(res.status, 500);
      const left = await t.sql(`select count(*)::int as n from app_user where email = $1`, [email]);
      assert.equal(left.rows[0].n, 0, 'the account was rolled back with its email');
    } finally {
      await t.sql(`drop trigger refuse_test_email on pgboss.job`);
    }
    // With the queue working again the same address signs up normally.
    assert.equal((await t.client().call('signUp', { body: signUpBody(email) })).status, 201);
  });
});
