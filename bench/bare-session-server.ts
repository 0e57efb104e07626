// The baseline for the getSession benchmark: a bare Koa handler running the same session SQL through
// plain `pg` (no router, no contract validation, no ORM, no CSRF or logging middleware).
import { createServer } from 'node:http';
import Koa from 'koa';
import pg from 'pg';
import { SESSION_LOOKUP_SQL, SESSION_COOKIE, type SessionRow } from '../bff/src/modules/auth/sessions.ts';
import { sessionViewFromRow } from '../bff/src/modules/auth/views.ts';
import { hashToken } from '../bff/src/modules/auth/tokens.ts';

let n = 0;
const sql = SESSION_LOOKUP_SQL.replace(/\?/g, () => `$${++n}`);
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 20 });
const app = new Koa();
app.use(async (ctx) => {
  if (ctx.path !== '/api/auth/session') {
    ctx.status = 404;
    return;
  }
  const token = ctx.cookies.get(SESSION_COOKIE);
  const result = token ? await pool.query<SessionRow>(sql, [hashToken(token)]) : undefined;
  const row = result?.rows[0];
  if (!row) {
    ctx.status = 401;
    return;
  }
  ctx.body = sessionViewFromRow(row);
});
const server = createServer(app.callback());
server.listen(Number(process.env.PORT), '127.0.0.1', () => console.log('bare server ready'));
process.once('SIGTERM', () => server.close(() => pool.end().then(() => process.exit(0))));
