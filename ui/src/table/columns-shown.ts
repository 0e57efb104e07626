// Which of a table's columns fit the viewport (responsive-table.tsx); pure, so it is tested without a browser.
import type { Breakpoint } from '../breakpoints.ts';

/** The columns shown when `below(breakpoint)` tells whether the viewport is narrower than a breakpoint. */
export function columnsShown<C extends { hideBelow?: Breakpoint }>(
  columns: readonly C[],
  below: (breakpoint: Breakpoint) => boolean,
): C[] {
  return columns.filter((column) => !column.hideBelow || !below(column.hideBelow));
}
