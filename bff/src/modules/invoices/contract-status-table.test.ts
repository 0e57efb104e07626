// The contract describes the status machine in two tables for the screens' engineers; the machine itself is the
// domain's table. This test keeps them equal, so the contract never describes a transition the BFF refuses.
import { before, test } from 'node:test';
import assert from 'node:assert/strict';
import { readFile } from 'node:fs/promises';
import { INVOICE_STATES, INVOICE_TRANSITIONS } from '../../domain/invoice-status.ts';

let document = '';
before(async () => {
  document = await readFile(new URL('../../../../openapi/modules/invoices.yaml', import.meta.url), 'utf8');
});

/** The rows of the markdown table whose header starts with `header`, as arrays of trimmed cells. */
function tableRows(markdown: string, header: string): string[][] {
  const lines = markdown.split('\n').map((line) => line.trim());
  const start = lines.findIndex((line) => line.startsWith(header));
  assert.ok(start >= 0, `no table starting with ${header}`);
  const rows: string[][] = [];
  for (const line of lines.slice(start + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

test('the contract lists every state with its number, name and editability exactly as the status machine', () => {
  const described = tableRows(document, '| state | status | statusName |').map(([state, status, name, , editable]) =>
    [state, Number(status), name!.replaceAll('`', ''), editable === 'yes'].join(' '),
  );
  const machine = Object.entries(INVOICE_STATES).map(([state, s]) =>
    [state, s.status, s.statusName, s.editable].join(' '),
  );
  assert.deepEqual(described.sort(), machine.sort());
});

test('the contract lists every allowed transition, and only those', () => {
  const described = tableRows(document, '| from | event | route | to |').flatMap(([from, event, route, to]) =>
    from!.split(',').map((state) => `${state.trim()} --${event}${route ? `/${route}` : ''}--> ${to}`),
  );
  const machine = INVOICE_TRANSITIONS.map((t) => `${t.from} --${t.event}${t.route ? `/${t.route}` : ''}--> ${t.to}`);
  assert.deepEqual(described.sort(), machine.sort());
});
