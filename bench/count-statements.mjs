// Preloaded into the BFF by bench/profile-create.ts (`--import`): counts the SQL statements it sends, by text, and
// writes them to COUNT_STATEMENTS_FILE on SIGUSR2 (and resets), so a driver can tell statements per request.
import { createRequire } from 'node:module';
import { writeFileSync } from 'node:fs';
const require = createRequire(new URL('../bff/package.json', import.meta.url));
const counts = new Map();
// The BFF's own pg and MikroORM's (a copy of its own under @mikro-orm/postgresql).
for (const from of [
  'pg',
  new URL('../node_modules/@mikro-orm/postgresql/node_modules/pg/lib/index.js', import.meta.url).pathname,
]) {
  let pg;
  try {
    pg = require(from);
  } catch {
    continue;
  }
  const original = pg.Client.prototype.query;
  pg.Client.prototype.query = function (config, ...rest) {
    const text = typeof config === 'string' ? config : config?.text;
    // MikroORM inlines values into the text: counted by shape, values masked.
    const shape =
      text &&
      text
        .replace(/'(?:[^']|'')*'/g, '?')
        .replace(/\b\d+(\.\d+)?\b/g, '?')
        .replace(/\s+/g, ' ');
    if (shape) counts.set(shape, (counts.get(shape) ?? 0) + 1);
    return original.call(this, config, ...rest);
  };
}
process.on('SIGUSR2', () => {
  writeFileSync(
    process.env.COUNT_STATEMENTS_FILE,
    JSON.stringify(
      [...counts].sort((a, b) => b[1] - a[1]),
      null,
      1,
    ),
  );
  counts.clear();
});
