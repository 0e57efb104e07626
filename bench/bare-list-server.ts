// The floor for the list and create benches: a bare node:http handler (no Koa, no router, no contract, no ORM, no logging)
// that does the least any list request must do — look up the session with the BFF's own SQL and read a first page of
// 20 invoices or customers (or the customer bench's searches and later pages) with one prepared statement on the same
// indexes, or write a draft invoice in one statement
// — and writes the rows as JSON. What this handler measures at 20 connections on a machine, the BFF cannot beat there:
// every BFF request of the kind does more (validation, the problem checks, the contract's shape, logging).
import { createServer } from 'node:http';
import pg from 'pg';
import { SESSION_LOOKUP_SQL, type SessionRow } from '../bff/src/modules/auth/sessions.ts';
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
    const url = new URL(request.url ?? '/', 'http://floor');
    const list =
      path === '/api/invoices' ? { ...INVOICES, values: [] } : path === '/api/customers' ? customerQuery(url) : null;
    if (!list) return answer(404);
    const { rows } = await pool.query({ ...list, values: [session.user_id, ...list.values] });
    answer(200, { items: rows, page: { total: rows[0]?.total ?? null } });
  })().catch((error: unknown) => answer(500, { detail: String(error) }));
});
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare list server ready'));
process.once('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
