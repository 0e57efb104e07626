// listCustomers under load: one user with 10 000 customers in a table of 1 000 000 (99 other users hold the rest),
// 20 connections, a mix of first pages, searches and later pages. Target: p99 under 30 ms.
//
// As a library: `benchListCustomers(baseUrl, cookie, sql)` seeds through `sql` and measures against a running BFF
// (the cookie holds a confirmed user's `user_auth_token` and `csrf_token`). Run directly (`node bench/customers.ts`)
// it starts its own PostgreSQL and BFF in production mode, logs in as a user it creates and prints the figures.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { ensureDatabase } from '../bff/src/platform/db/database.ts';
import { startEmbeddedPostgres } from '../bff/src/platform/db/embedded-postgres.ts';
import { hashPassword } from '../bff/src/modules/auth/passwords.ts';
import {
  BFF_COMMAND,
  load,
  productionBffEnv,
  ratioRows,
  startBareListServer,
  startProduct,
  table,
  type LoadResult,
  type Measured,
} from './lib.ts';

export const TOTAL_CUSTOMERS = 1_000_000;
export const MEASURED_USER_CUSTOMERS = 10_000;
const OTHER_USERS = 99;

/**
 * What one user's list screen asks for: first pages, searches and later pages, in turn on every connection. The
 * screen reaches a later page by its Next link, i.e. with the cursor the page before gave (`after`, decision 0020);
 * `LATER_BY_NUMBER` are the same pages asked by number alone (an edited URL), measured apart.
 */
const LIST_PATHS = [
  '/api/customers',
  '/api/customers?q=andersson',
  '/api/customers?page=250',
  '/api/customers?sort=createdAt&order=desc',
  `/api/customers?q=${encodeURIComponent('malmö konsult')}`,
  '/api/customers?page=400&pageSize=25',
] as const;
const LATER_BY_NUMBER: readonly string[] = [LIST_PATHS[2], LIST_PATHS[5]];

/** `path` (a later page by number) as the screen asks for it: with the `next` cursor of the page before. */
export async function byCursor(baseUrl: string, headers: Record<string, string>, path: string): Promise<string> {
  const url = new URL(path, baseUrl);
  const page = Number(url.searchParams.get('page'));
  url.searchParams.set('page', String(page - 1));
  const before = await fetch(url, { headers });
  if (!before.ok) throw new Error(`${url.pathname}${url.search}: ${before.status}`);
  const { page: info } = (await before.json()) as { page: { next: string | null } };
  if (!info.next) throw new Error(`${url.pathname}${url.search} gave no next cursor`);
  url.searchParams.set('page', String(page));
  url.searchParams.set('after', info.next);
  return `${url.pathname}${url.search}`;
}

export const headersFor = (cookie: string) => {
  const csrf = /csrf_token=([^;]+)/.exec(cookie)?.[1] ?? '';
  // x-forwarded-proto: a production BFF trusts its TLS proxy and sets secure cookies only behind one.
  return { cookie, 'x-csrf-token': csrf, 'x-forwarded-proto': 'https', 'content-type': 'application/json' };
};

/** The owner's id without reading anything back: a probe customer created through the API names it. */
async function probeCustomerId(baseUrl: string, cookie: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/customers`, {
    method: 'POST',
    headers: headersFor(cookie),
    body: JSON.stringify({
      type: 'individual',
      name: 'Bench probe',
      contactPersonEmail: 'probe@example.com',
      invoiceLanguage: 'sv',
      address: { streetName: 'Storgatan 1', postalCode: '111 22', city: 'Stockholm', country: 'SE' },
    }),
  });
  if (response.status !== 201) throw new Error(`createCustomer answered ${response.status}: ${await response.text()}`);
  return ((await response.json()) as { id: string }).id;
}

/**
 * Seeds the customer table to a million rows, the measured owner's interleaved with the others' (as they would be
 * after years of use), fast: the indexes are dropped for the insert and rebuilt from their own definitions after it.
 * Does nothing when the measured owner already has their customers (a kept data dir is seeded once).
 */
export async function seedCustomers(sql: (q: string) => Promise<unknown>, probeId: string): Promise<void> {
  await sql(`do $seed$
    declare
      owner uuid := (select owner_id from customer where id = '${probeId}');
      others uuid[];
      index_def record;
    begin
      if (select count(*) from customer where owner_id = owner) >= ${MEASURED_USER_CUSTOMERS} then return; end if;
      insert into app_user (email, password_hash, email_confirmed_at)
        select 'bench-owner-' || i || '@example.com', 'not a password hash', now() from generate_series(1, ${OTHER_USERS}) i
        on conflict do nothing;
      others := (select array_agg(id order by email) from app_user where email like 'bench-owner-%@example.com');
      set local maintenance_work_mem = '256MB';
      create temp table bench_index_defs on commit drop as
        select indexname, indexdef from pg_indexes where tablename = 'customer' and indexname <> 'customer_pkey';
      for index_def in select * from bench_index_defs loop execute format('drop index %I', index_def.indexname); end loop;

      with words as (
        select array['Anna','Erik','Lars','Karin','Maria','Johan','Eva','Per','Sara','Olof','Åsa','Örjan','Linnea','Mats','Ingrid','Björn','Elin','Gustav','Maja','Nils'] as first,
               array['Andersson','Johansson','Karlsson','Nilsson','Eriksson','Larsson','Olsson','Persson','Svensson','Gustafsson','Pettersson','Jonsson','Jansson','Hansson','Bengtsson','Öberg','Åberg','Ekström','Lindqvist','Lundgren'] as last,
               array['Bygg','Konsult','Design','Data','Media','Måleri','El','Transport','Foto','Ljud','Städ','Trädgård','Redovisning','Event','Snickeri','Marknad','Utveckling','Kommunikation','Rör','Café'] as trade,
               array['Stockholm','Göteborg','Malmö','Uppsala','Västerås','Örebro','Linköping','Helsingborg','Jönköping','Norrköping','Lund','Umeå','Gävle','Borås','Södertälje','Eskilstuna','Halmstad','Växjö','Karlstad','Sundsvall'] as city
      ), rows as (
        select n, w.*, abs(hashtext(n::text)) as h1, abs(hashtext(n || 'b')) as h2, abs(hashtext(n || 'c')) as h3
        from generate_series(1, ${TOTAL_CUSTOMERS}) n, words w
      )
      insert into customer (owner_id, type, name, government_id, vat_number, contact_person_email, email, invoice_language,
        address_street_name, address_postal_code, address_city, address_country, verified_at, created_at, updated_at)
      select
        case when n % ${TOTAL_CUSTOMERS / MEASURED_USER_CUSTOMERS} = 0 then owner else others[1 + n % ${OTHER_USERS}] end,
        case when h1 % 10 < 3 then 'individual' when h1 % 10 < 9 then 'organization' else 'non_profit' end,
        case when h1 % 10 < 3 then first[1 + h2 % 20] || ' ' || last[1 + h3 % 20]
             else last[1 + h2 % 20] || 's ' || trade[1 + h3 % 20] || ' i ' || city[1 + h1 % 20]
                  || case when h1 % 10 < 9 then ' AB' else ' ideell förening' end end,
        case when h1 % 10 < 3
             then (1950 + h2 % 50)::text || lpad((1 + h3 % 12)::text, 2, '0') || lpad((1 + h1 % 28)::text, 2, '0') || lpad((h2 % 10000)::text, 4, '0')
             else '55' || lpad((h2 % 10000)::text, 4, '0') || '-' || lpad((h3 % 10000)::text, 4, '0') end,
        case when h1 % 10 between 3 and 8 then 'SE55' || lpad((h2 % 10000)::text, 4, '0') || lpad((h3 % 10000)::text, 4, '0') || '01' end,
        lower(translate(first[1 + h3 % 20] || '.' || last[1 + h2 % 20], 'åäöÅÄÖ', 'aaoaao')) || n || '@example.se',
        case when h3 % 10 > 0 then 'faktura+' || n || '@' || lower(translate(last[1 + h2 % 20] || trade[1 + h3 % 20], 'åäöÅÄÖ', 'aaoaao')) || '.se' end,
        case when h2 % 4 = 0 then 'en' else 'sv' end,
        trade[1 + h1 % 20] || 'gatan ' || (1 + h2 % 99), (100 + h3 % 880)::text || ' ' || lpad((h1 % 100)::text, 2, '0'),
        city[1 + h2 % 20], 'SE',
        case when h3 % 3 = 0 then now() end,
        now() - (${TOTAL_CUSTOMERS} - n) * interval '30 seconds',
        now() - (${TOTAL_CUSTOMERS} - n) * interval '30 seconds' + (h2 % 1000) * interval '1 hour'
      from rows;

      for index_def in select * from bench_index_defs loop execute index_def.indexdef; end loop;
    end $seed$`);
  // Fresh statistics and a visibility map, as autovacuum would leave them on a table this size.
  await sql('vacuum analyze customer');
}

/** CPU time (user + system) of processes, in ms: steadier than wall-clock figures on a busy shared machine. */
export async function cpuMs(pids: number[]): Promise<number> {
  let total = 0;
  for (const pid of pids) {
    const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
    const fields = stat.split(') ')[1]?.split(' ') ?? [];
    total += ((Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 1000) / 100; // utime + stime, 100 Hz ticks
  }
  return total;
}

/** A PostgreSQL server's processes: the postmaster and its backends (the BFF's pooled connections among them). */
export async function postgresProcesses(postmasterPid: number): Promise<number[]> {
  const pids = [postmasterPid];
  for (const entry of await readdir('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    const stat = await readFile(`/proc/${entry}/stat`, 'utf8').catch(() => '');
    if (stat.split(') ')[1]?.split(' ')[1] === String(postmasterPid)) pids.push(Number(entry));
  }
  return pids;
}

/**
 * Starts measuring PostgreSQL's CPU time; the function it returns gives the ms used since. Counted per process, so a
 * backend that closes meanwhile (an idle pool shrinking) takes only its own time with it instead of making the sum
 * negative, and a backend that opens meanwhile counts from zero.
 */
export async function databaseCpuSince(postmasterPid: number): Promise<() => Promise<number>> {
  const before = new Map<number, number>();
  for (const pid of await postgresProcesses(postmasterPid)) before.set(pid, await cpuMs([pid]));
  return async () => {
    let total = 0;
    for (const pid of await postgresProcesses(postmasterPid)) total += (await cpuMs([pid])) - (before.get(pid) ?? 0);
    return total;
  };
}

export interface CpuProcesses {
  /** The BFF's process id, to report its CPU time per request. */
  bffPid?: number;
  /** The PostgreSQL postmaster's process id, to report the database's CPU time per request. */
  postgresPid?: number;
}

export interface ListBench extends LoadResult {
  /** One row per request kind and one for the mix, for `table()`. */
  rows: Record<string, string | number>[];
}

/**
 * Seeds (once) and measures listCustomers through `baseUrl` as the user of `cookie`: each request kind alone for 5 s,
 * then the mix for 10 s, all at 20 connections. Returns the mix's figures and a row per measurement; with `cpu`'s
 * process ids the rows also give the BFF's and PostgreSQL's CPU time per request.
 */
export async function benchListCustomers(
  baseUrl: string,
  cookie: string,
  sql: (q: string) => Promise<unknown>,
  cpu: CpuProcesses = {},
  databaseUrl?: string,
): Promise<ListBench> {
  const probeId = await probeCustomerId(baseUrl, cookie);
  const seeding = performance.now();
  await seedCustomers(sql, probeId);
  const seedSeconds = Math.round((performance.now() - seeding) / 1000);
  await fetch(`${baseUrl}/api/customers/${probeId}`, { method: 'DELETE', headers: headersFor(cookie) });

  const headers = { cookie, 'x-forwarded-proto': 'https' };
  const LIST_REQUESTS: string[] = await Promise.all(
    LIST_PATHS.map((path) => (LATER_BY_NUMBER.includes(path) ? byCursor(baseUrl, headers, path) : path)),
  );
  const requests = LIST_REQUESTS.map((path) => ({ method: 'GET' as const, path, headers }));
  const options = { url: baseUrl, connections: 20 };
  await load({ ...options, requests, duration: 3 }); // warm-up: JIT, pools, caches
  const rows: Record<string, string | number>[] = [];
  const measure = async (
    measure: string,
    paths: readonly string[],
    duration: number,
    server = { url: baseUrl, pid: cpu.bffPid },
  ) => {
    const databaseCpu = cpu.postgresPid ? await databaseCpuSince(cpu.postgresPid) : async () => 0;
    const bffBefore = server.pid ? await cpuMs([server.pid]) : 0;
    const result = await load({
      ...options,
      url: server.url,
      duration,
      requests: paths.map((path) => ({ method: 'GET', path, headers })),
    });
    const bff = server.pid ? (await cpuMs([server.pid])) - bffBefore : 0;
    const db = await databaseCpu();
    const perRequest = (ms: number) => (ms ? Math.round((ms * 1000) / Math.max(1, result.rps * duration)) : '');
    rows.push({
      measure,
      'req/s': result.rps,
      'p50 ms': result.p50,
      'p99 ms': result.p99,
      'BFF CPU µs/req': perRequest(bff),
      'PostgreSQL CPU µs/req': perRequest(db),
      non2xx: result.non2xx,
      errors: result.errors,
    });
    return { ...result, cpuMicros: bff ? Number(perRequest(bff)) : NaN };
  };
  let mixFloor: Measured | undefined;
  // The floor every authenticated call pays (session lookup, framework), in the same run as a baseline.
  await measure('baseline: getSession, same session', ['/api/auth/session'], 5);
  await measure('first page (by name; newest first)', [LIST_REQUESTS[0]!, LIST_REQUESTS[3]!], 5);
  if (databaseUrl) {
    // The floor on this machine: the least a first page costs (session + one prepared page query + JSON).
    const floor = await startBareListServer(databaseUrl);
    try {
      await load({
        ...options,
        url: floor.url,
        duration: 2,
        requests: [{ method: 'GET', path: '/api/customers', headers }],
      });
      await measure('(floor) bare node:http + pg: session + first page', ['/api/customers'], 5, floor);
      mixFloor = await measure('(floor) bare node:http + pg: the same six requests', LIST_REQUESTS, 10, floor);
    } finally {
      floor.stop();
    }
  }
  await measure('search (one word; two words)', [LIST_REQUESTS[1]!, LIST_REQUESTS[4]!], 5);
  await measure('later page by its Next link (cursor; pages 250 and 400)', [LIST_REQUESTS[2]!, LIST_REQUESTS[5]!], 5);
  const mix = await measure('mix of all six, 20 connections', LIST_REQUESTS, 10);
  // Not in the mix (no screen asks for it): the same pages by number alone, an OFFSET of 4 980 and 9 975 rows.
  await measure('(apart) the same pages by number alone (offset 4 980; 9 975)', LATER_BY_NUMBER, 5);
  rows.push({
    measure: `target: mix p99 < 30 ms (seeding ${TOTAL_CUSTOMERS.toLocaleString('en')} rows: ${seedSeconds} s)`,
    'req/s': '',
    'p50 ms': '',
    'p99 ms': mix.p99 < 30 ? 'met' : 'missed',
    'BFF CPU µs/req': '',
    'PostgreSQL CPU µs/req': '',
    non2xx: '',
    errors: '',
  });
  // Issue 23's targets: the mix's ratios to its floor, measured in this run.
  if (mixFloor) rows.push(...ratioRows('customer list mix of six', mix, mixFloor));
  return { ...mix, rows };
}

export const BENCH_USER = { email: 'bench-user@example.com', password: 'bench-password-123' };

/** A confirmed user made directly in the database (production seeds no demo accounts), then a real login. */
export async function login(url: string, client: pg.Client): Promise<string> {
  await client.query(
    `insert into app_user (email, password_hash, first_name, last_name, email_confirmed_at, terms_accepted_at)
     values ($1, $2, 'Bench', 'User', now(), now()) on conflict do nothing`,
    [BENCH_USER.email, await hashPassword(BENCH_USER.password)],
  );
  const headers = { 'x-forwarded-proto': 'https' };
  const first = await fetch(`${url}/api/health`, { headers });
  const csrf = /csrf_token=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1] ?? '';
  const response = await fetch(`${url}/api/auth/login`, {
    method: 'POST',
    headers: { ...headers, 'content-type': 'application/json', cookie: `csrf_token=${csrf}`, 'x-csrf-token': csrf },
    body: JSON.stringify(BENCH_USER),
  });
  if (response.status !== 200) throw new Error(`login answered ${response.status}: ${await response.text()}`);
  const cookies = response.headers.getSetCookie().join(';');
  const token = /user_auth_token=([^;]+)/.exec(cookies)?.[1];
  if (!token) throw new Error('login set no session cookie');
  // Login binds a new CSRF token to the session (decision 0007); writes must send that one.
  return `user_auth_token=${token}; csrf_token=${/csrf_token=([^;]+)/.exec(cookies)?.[1] ?? csrf}`;
}

/** Standalone: its own PostgreSQL (kept under DATA_DIR between runs if given, so the seed is paid once) and BFF. */
export async function benchCustomers(): Promise<void> {
  const keep = process.env.BENCH_DATA_DIR;
  const dataDir = keep ?? (await mkdtemp(join(tmpdir(), 'frilo-bench-customers-')));
  const database = await startEmbeddedPostgres(dataDir);
  try {
    await ensureDatabase(database.url('postgres'), 'frilo');
    const databaseUrl = database.url('frilo');
    const bff = await startProduct(BFF_COMMAND, productionBffEnv(databaseUrl, { LOG_LEVEL: 'info' }));
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    try {
      const postgresPid = Number((await readFile(join(dataDir, 'postgres', 'postmaster.pid'), 'utf8')).split('\n')[0]);
      const result = await benchListCustomers(
        bff.url,
        await login(bff.url, client),
        (q) => client.query(q),
        {
          bffPid: bff.child.pid!,
          postgresPid,
        },
        databaseUrl,
      );
      console.log('\n## listCustomers: 10 000 customers of 1 000 000');
      table(result.rows);
    } finally {
      await client.end();
      await bff.stop();
    }
  } finally {
    await database.stop();
    if (!keep) await rm(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await benchCustomers();
