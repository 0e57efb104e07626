// The floor for the list and create benches: a bare node:http handler (no Koa, no router, no contract, no ORM, no logging)
// that does the least any list request must do — look up the session with the BFF's own SQL and read a first page of
// 20 invoices or customers (or the customer bench's searches and later pages) with one prepared statement on the same
// indexes, or write a draft invoice in one statement
// — and writes the rows as JSON. What this handler measures at 20 connections on a machine, the BFF cannot beat there:
// every BFF request of the kind does more (validation, the problem checks, the contract's shape, logging).
// Also the floors of the two writes of the wizard (bench/floors.ts): updateInvoice (the draft locked, checked, its
// totals and rows written, in one transaction) and sendInvoice (the send's statements in one transaction, the number
// taken by the last one with the COMMIT, as the BFF does; no document is made or checked: that work is measured apart,
// as CPU per document).
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import pg from 'pg';
import type { EntityManager } from '@mikro-orm/postgresql';
import { invoiceStatesNamed, type InvoiceStatusName } from '../bff/src/domain/invoice-status.ts';
import { SESSION_LOOKUP_SQL, type SessionRow } from '../bff/src/modules/auth/sessions.ts';
import { InvoiceRepository, type InvoiceListQuery } from '../bff/src/modules/invoices/repository.ts';
import { numbered } from '../bff/src/platform/db/sql.ts';
import { hashToken } from '../bff/src/modules/auth/tokens.ts';

let n = 0;
const SESSION = { name: 'floor_session', text: SESSION_LOOKUP_SQL.replace(/\?/g, () => `$${++n}`) };
// The invoice list's first page (newest first) with its total from the owner's counters, as the BFF reads it.
const INVOICES = {
  name: 'floor_invoices',
  text: `select t.total, x.* from (select coalesce(sum(n), 0)::int as total from invoice_owner_count
      where owner_id = $1 and state <> 'deleted') t
    left join lateral (
      select i.id, i.number, i.state, i.customer_id, coalesce(i.recipient_snapshot ->> 'name', c.name) as recipient_name,
        i.reference, to_char(i.invoice_date, 'YYYY-MM-DD') as invoice_date, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
        i.currency, i.total_excl_vat, i.total_vat, i.total_incl_vat, i.paid_amount, i.version, i.created_at, i.updated_at
      from (select id from invoice where owner_id = $1 and state <> 'deleted' order by invoice_date desc, id desc limit 20) p
      join invoice i on i.id = p.id join customer c on c.id = i.customer_id
    ) x on true order by x.invoice_date desc, x.id desc`,
};
// The customer list's first page by name with its total from the owner's counters, as the BFF reads it.
const CUSTOMERS = {
  name: 'floor_customers',
  text: `select t.total, c.* from (select coalesce(sum(live), 0)::int as total from customer_owner_count
      where owner_id = $1) t
    left join lateral (
      select c.id, c.type, c.name, c.email, c.address_city, c.created_at, c.updated_at
      from (select id from customer where owner_id = $1 and deleted_at is null
            order by name collate "sv-SE-x-icu", id limit 20) p
      join customer c on c.id = p.id
    ) c on true order by c.name collate "sv-SE-x-icu", c.id`,
};

// createInvoice's least: the draft, its two rows, its expense and its `create` event in one statement (as the BFF
// writes them), for the customer the request names, checked to be the user's. Totals as the bench's body gives them.
const CREATE = {
  name: 'floor_create',
  text: `with customer as (select id from customer where id = $2 and owner_id = $1 and deleted_at is null),
    draft as (
      insert into invoice (owner_id, customer_id, state, reference, payment_terms_days, invoice_date, due_date, currency,
        late_payment_interest, total_excl_vat, total_vat, total_incl_vat)
      select $1, customer.id, 'draft', $3, 30, current_date, current_date + 30, 'SEK', 10, 1162500, 290625, 1453125
      from customer returning *),
    row_0 as (insert into invoice_row (invoice_id, position, description, unit_price, quantity, unit, vat_percentage)
      select id, 0, 'Utveckling', 95000, 7.5, 'hour', 25 from draft),
    row_1 as (insert into invoice_row (invoice_id, position, description, unit_price, quantity, unit, vat_percentage)
      select id, 1, 'Resdag', 450000, 1, 'day', 25 from draft),
    expense_0 as (insert into invoice_expense (invoice_id, position, type, description, amount, vat_percentage)
      select id, 0, 'receipt', 'Tåg', 45900, 6 from draft),
    event as (insert into invoice_event (invoice_id, owner_id, event, to_state, actor_type, actor_user_id)
      select id, owner_id, 'create', 'draft', 'user', owner_id from draft)
    select * from draft`,
};

/**
 * The customer list as its bench asks for it, at the least: a later page by name from its cursor, newest first, and a
 * search (each word of three or more characters by the owner's search keys and LIKE, shorter ones by strpos), the
 * matches counted in the pass that sorts them, as the BFF does.
 */
function customerQuery(url: URL): { name: string | undefined; text: string; values: unknown[] } {
  const pageSize = Number(url.searchParams.get('pageSize') ?? 20);
  const after = url.searchParams.get('after');
  const words = (url.searchParams.get('q') ?? '').toLowerCase().split(/\s+/).filter(Boolean);
  const total = `(select coalesce(sum(live), 0)::int from customer_owner_count where owner_id = $1)`;
  const columns = `c.id, c.type, c.name, c.email, c.address_city, c.created_at, c.updated_at`;
  if (words.length) {
    const conditions = words.map((word, i) =>
      [...word].length >= 3
        ? `owner_search_keys(owner_id, search_text) @> owner_search_keys($1, $${i + 2}) and search_text like '%' || $${i + 2} || '%'`
        : `strpos(search_text, $${i + 2}) > 0`,
    );
    // Not prepared, as the BFF's searches: planned for the words given.
    return {
      name: undefined,
      text: `select ${columns}, p.total from (
          select id, name, count(*) over ()::int as total from customer
          where owner_id = $1 and deleted_at is null and ${conditions.join(' and ')}
          order by name collate "sv-SE-x-icu", id limit ${pageSize}) p
        join customer c on c.id = p.id order by c.name collate "sv-SE-x-icu", c.id`,
      values: words,
    };
  }
  if (url.searchParams.get('sort') === 'createdAt') {
    return {
      name: 'floor_customers_newest',
      text: `select ${columns}, ${total} as total from (select id from customer where owner_id = $1 and deleted_at is null
          order by created_at desc, id desc limit ${pageSize}) p join customer c on c.id = p.id
        order by c.created_at desc, c.id desc`,
      values: [],
    };
  }
  if (after) {
    const [, key, id] = JSON.parse(Buffer.from(after, 'base64url').toString()) as [string, string, string];
    return {
      name: `floor_customers_after_${pageSize}`,
      text: `select ${columns}, ${total} as total from (select id from customer where owner_id = $1 and deleted_at is null
          and (name collate "sv-SE-x-icu", id) > ($2 collate "sv-SE-x-icu", $3::uuid)
          order by name collate "sv-SE-x-icu", id limit ${pageSize}) p join customer c on c.id = p.id
        order by c.name collate "sv-SE-x-icu", c.id`,
      values: [key, id],
    };
  }
  return { ...CUSTOMERS, values: [] };
}

const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });

/**
 * FLOOR_LIST=product: the invoice list as the BFF reads it, every query of the list mix (filters, searches, later pages
 * by cursor): the product's own SQL, made by its repository, run on this pool with nothing of the ORM, Koa, the
 * contract's validation or logging around it. The floor of the list mix as a whole.
 */
const productList = process.env.FLOOR_LIST === 'product';
const repository = new InvoiceRepository();
const bareEm = {
  getTransactionContext: () => undefined,
  getConnection: () => ({
    getNativeClient: async () => pool,
    execute: async (text: string, params: unknown[] = []) => (await pool.query(numbered(text, params))).rows,
  }),
} as unknown as EntityManager;

async function productInvoiceList(ownerId: string, url: URL) {
  const get = (name: string) => url.searchParams.get(name) ?? undefined;
  const page = Number(get('page') ?? 1);
  const pageSize = Number(get('pageSize') ?? 20);
  const query: InvoiceListQuery = {
    states: [
      ...new Set(url.searchParams.getAll('status').flatMap((name) => invoiceStatesNamed(name as InvoiceStatusName))),
    ],
    customerId: get('customerId'),
    dateFrom: get('dateFrom'),
    dateTo: get('dateTo'),
    q: get('q'),
    page,
    pageSize,
    sort: (get('sort') ?? 'invoiceDate') as InvoiceListQuery['sort'],
    order: (get('order') ?? 'desc') as InvoiceListQuery['order'],
    after: get('after'),
    before: get('before'),
  };
  const { items, total, next, previous } = await repository.list(bareEm, ownerId, query);
  return { items, page: { page, pageSize, total, next, previous } };
}

/** updateInvoice's least: the draft locked and checked, its totals, reference and rows written, one transaction. */
async function updateDraft(
  ownerId: string,
  invoiceId: string,
  body: { version: number; reference?: string; rows: { unitPrice: number; quantity: number; description: string }[] },
): Promise<[number, unknown]> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const locked = await client.query<{ version: number; state: string }>({
      name: 'floor_update_lock',
      text: `select i.version, i.state from invoice i join customer c on c.id = i.customer_id
        where i.id = $1 and i.owner_id = $2 and c.deleted_at is null for update of i`,
      values: [invoiceId, ownerId],
    });
    const invoice = locked.rows[0];
    if (!invoice || invoice.state !== 'draft' || invoice.version !== body.version) {
      await client.query('rollback');
      return [invoice ? 409 : 404, undefined];
    }
    // The totals of the rows at 25 % (the floor's arithmetic; the BFF's is the domain's, with its checks).
    const net = body.rows.reduce((sum, row) => sum + Math.round(row.unitPrice * row.quantity), 0);
    const vat = Math.round(net / 4);
    const updated = await client.query({
      name: 'floor_update_invoice',
      text: `update invoice set reference = $2, total_excl_vat = $3, total_vat = $4, total_incl_vat = $5,
          version = version + 1, updated_at = now() where id = $1
        returning id, version, state, reference, total_excl_vat, total_vat, total_incl_vat`,
      values: [invoiceId, body.reference ?? null, net, vat, net + vat],
    });
    await client.query({
      name: 'floor_update_rows_delete',
      text: `delete from invoice_row where invoice_id = $1`,
      values: [invoiceId],
    });
    await client.query({
      name: 'floor_update_rows_insert',
      text: `insert into invoice_row (invoice_id, position, description, unit_price, quantity, unit, vat_percentage)
        select $1, r.position - 1, r.description, r.unit_price, r.quantity, 'hour', 25
        from unnest($2::text[], $3::bigint[], $4::numeric[]) with ordinality as r(description, unit_price, quantity, position)`,
      values: [
        invoiceId,
        body.rows.map((r) => r.description),
        body.rows.map((r) => r.unitPrice),
        body.rows.map((r) => r.quantity),
      ],
    });
    await client.query('commit');
    return [200, updated.rows[0]];
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** The send floor's jobs go to the BFF's delivery queue, due in a year: queued as the BFF queues them, never worked. */
const FLOOR_QUEUE = 'deliver-document';

/** The connections the send floor's last statement is prepared on. */
const sendPrepared = new WeakSet<pg.PoolClient>();

/** The snapshot the send floor stores (made once: the floor does no document work; the BFF's is measured apart). */
const FLOOR_SNAPSHOT = JSON.stringify({ kind: 'invoice', number: '0', floor: true, lines: [{ id: '1' }] });

/**
 * sendInvoice's least, the statements of the BFF's send in one transaction: the invoice read with its customer, then
 * locked; the customer frozen on it; the status change and its event; the customer's government id locked; the delivery
 * job queued (in a queue nobody works, so the floor delivers nothing); the number taken by the last statement, which
 * writes it, the OCR reference and the document and travels with the COMMIT.
 */
async function sendDraft(ownerId: string, invoiceId: string): Promise<[number, unknown]> {
  const read = await pool.query<{ state: string; customer_id: string; name: string; email: string | null }>({
    name: 'floor_send_read',
    text: `select i.state, i.customer_id, c.name, c.email from invoice i join customer c on c.id = i.customer_id
      where i.id = $1 and i.owner_id = $2`,
    values: [invoiceId, ownerId],
  });
  const before = read.rows[0];
  if (!before) return [404, undefined];
  if (before.state !== 'draft') return [409, undefined];
  const client = await pool.connect();
  try {
    await client.query('begin');
    const locked = await client.query<{ state: string; version: number }>({
      name: 'floor_send_lock',
      text: `select state, version, number, campaign_code_id, campaign_code_counted_at from invoice
        where id = $1 and owner_id = $2 for update`,
      values: [invoiceId, ownerId],
    });
    if (locked.rows[0]?.state !== 'draft') {
      await client.query('rollback');
      return [409, undefined];
    }
    const moved = await client.query<{ version: number }>({
      name: 'floor_send_transition',
      text: `update invoice set state = 'sending', version = version + 1, updated_at = now(),
          recipient_snapshot = $2::jsonb, send_problem_codes = '{}'
        where id = $1 and state = 'draft' returning version`,
      values: [invoiceId, JSON.stringify({ name: before.name, email: before.email })],
    });
    const event = await client.query<{ id: string }>({
      name: 'floor_send_event',
      text: `insert into invoice_event (invoice_id, owner_id, event, from_state, to_state, actor_type, actor_user_id, data)
        values ($1, $2, 'send', 'draft', 'sending', 'user', $2, '{}') returning id`,
      values: [invoiceId, ownerId],
    });
    await client.query({
      name: 'floor_send_government_id',
      text: `update customer set government_id_locked_at = now() where id = $1 and government_id_locked_at is null`,
      values: [before.customer_id],
    });
    const documentId = randomUUID();
    await client.query({
      name: 'floor_send_job',
      text: `insert into pgboss.job (name, data, start_after) values ($1, $2::jsonb, now() + interval '1 year')`,
      values: [FLOOR_QUEUE, JSON.stringify({ documentId })],
    });
    // Prepared by SQL once per connection and run by EXECUTE in one message with the COMMIT, as the BFF's send runs it.
    if (!sendPrepared.has(client)) {
      await client.query(
        `prepare floor_send_last(uuid, uuid, uuid, text, bigint) as
         with n as (update invoice_number_series set next_number = next_number + 1 where id = 'invoices'
             returning next_number - 1 as number),
           i as (update invoice set number = n.number, ocr_number = invoice_ocr_reference(n.number) from n
             where invoice.id = $2 returning invoice.*),
           d as (insert into outgoing_document (id, invoice_id, owner_id, kind, number, snapshot, issue_date, channel)
             select $1, $2, $3, 'invoice', i.number, $4::jsonb || jsonb_build_object('number', i.number::text),
               current_date, 'email' from i returning id),
           e as (update invoice_event set data = data || jsonb_build_object('number', i.number) from i
             where invoice_event.id = $5)
         select i.number::int as number, i.ocr_number from i`,
      );
      sendPrepared.add(client);
    }
    const last = (await client.query(
      `execute floor_send_last(${client.escapeLiteral(documentId)}, ${client.escapeLiteral(invoiceId)},
         ${client.escapeLiteral(ownerId)}, ${client.escapeLiteral(FLOOR_SNAPSHOT)}, ${Number(event.rows[0]!.id)});
       commit`,
    )) as unknown as pg.QueryResult[];
    const numbered = last[0]!.rows[0] as { number: number; ocr_number: string };
    return [
      200,
      { id: invoiceId, version: moved.rows[0]!.version, number: numbered.number, ocrNumber: numbered.ocr_number },
    ];
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

const server = createServer((request, response) => {
  const answer = (status: number, body?: unknown) => {
    response.writeHead(status, { 'content-type': 'application/json' });
    response.end(body === undefined ? undefined : JSON.stringify(body));
  };
  const token = /(?:^|;\s*)user_auth_token=([^;]+)/.exec(request.headers.cookie ?? '')?.[1];
  const path = request.url?.split('?')[0];
  if (!token) return answer(401);
  void (async () => {
    const session = (await pool.query<SessionRow>({ ...SESSION, values: [hashToken(token)] })).rows[0];
    if (!session) return answer(401);
    if (path === '/api/auth/session') return answer(200, { user: { id: session.user_id, email: session.email } });
    if (request.method === 'POST' && path === '/api/invoices') {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { recipientId: string; reference?: string };
      const { rows } = await pool.query({ ...CREATE, values: [session.user_id, body.recipientId, body.reference] });
      return rows[0] ? answer(201, rows[0]) : answer(404);
    }
    const write = /^\/api\/invoices\/([0-9a-f-]{36})(\/send)?$/.exec(path ?? '');
    if (write && (request.method === 'PATCH' || request.method === 'POST')) {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const [status, body] =
        request.method === 'PATCH' && !write[2]
          ? await updateDraft(session.user_id, write[1]!, JSON.parse(Buffer.concat(chunks).toString()))
          : write[2]
            ? await sendDraft(session.user_id, write[1]!)
            : [404, undefined];
      return answer(status, body);
    }
    const url = new URL(request.url ?? '/', 'http://floor');
    if (productList && path === '/api/invoices' && request.method === 'GET') {
      return answer(200, await productInvoiceList(session.user_id, url));
    }
    const list =
      path === '/api/invoices' ? { ...INVOICES, values: [] } : path === '/api/customers' ? customerQuery(url) : null;
    if (!list) return answer(404);
    const { rows } = await pool.query({ ...list, values: [session.user_id, ...list.values] });
    answer(200, { items: rows, page: { total: rows[0]?.total ?? null } });
  })().catch((error: unknown) => answer(500, { detail: String(error) }));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare list server ready'));
process.once('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
