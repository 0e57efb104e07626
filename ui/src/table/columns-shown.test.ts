// Which columns a table shows at a width: a column with `hideBelow` goes where the viewport is narrower.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import type { Breakpoint } from '../breakpoints.ts';
import { BREAKPOINTS } from '../breakpoints.ts';
import { columnsShown } from './columns-shown.ts';

const columns: { key: string; hideBelow?: Breakpoint }[] = [
  { key: 'name' },
  { key: 'identity', hideBelow: 'xl' },
  { key: 'notes', hideBelow: 'lg' },
  { key: 'actions' },
];
const at = (width: number) =>
  columnsShown(columns, (breakpoint) => width < BREAKPOINTS[breakpoint]).map((column) => column.key);

test('a column is left out below its breakpoint and shown from it up', () => {
  assert.deepEqual(at(768), ['name', 'actions']);
  assert.deepEqual(at(1024), ['name', 'notes', 'actions']);
  assert.deepEqual(at(1199), ['name', 'notes', 'actions']);
  assert.deepEqual(at(1200), ['name', 'identity', 'notes', 'actions']);
});
