// Rows as a table where there is room for the columns, and as a list of cards below a breakpoint
// (a table does not fit a phone). The same rows, the same caption: only the presentation changes.
import type { ReactNode } from 'react';
import { belowBreakpoint, type Breakpoint } from '../breakpoints.ts';
import { cx } from '../class-names.ts';
import { useMediaQuery } from '../hooks/use-media-query.ts';
import { columnsShown } from './columns-shown.ts';
import styles from './responsive-table.module.css';

export type Column<Row> = {
  key: string;
  header: ReactNode;
  /** Read out but not shown (an actions column). */
  headerHidden?: boolean;
  /** This column is what the rows are sorted by. */
  sort?: 'ascending' | 'descending' | undefined;
  /** The row actions' column: as narrow as its buttons. */
  actions?: boolean;
  className?: string;
  /** Left out of the table below this breakpoint: a column that matters less, where the width is short. */
  hideBelow?: Breakpoint;
  cell: (row: Row) => ReactNode;
};

export function ResponsiveTable<Row>({
  caption,
  rows,
  rowKey,
  columns,
  card,
  cardsBelow = 'lg',
  tight = false,
  className,
}: {
  /** Names the table and the list of cards for screen readers (not shown). */
  caption: string;
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  columns: readonly Column<Row>[];
  /** The content of one row's card. */
  card: (row: Row) => ReactNode;
  /** Cards below this breakpoint (default lg: beside the sidebar a tablet has too little room). */
  cardsBelow?: Breakpoint;
  /**
   * Many columns beside the sidebar: a little less space between them below xxl, and headers that may take two lines,
   * so the row fits from its table breakpoint up instead of scrolling sideways.
   */
  tight?: boolean;
  className?: string;
}) {
  const narrow = useMediaQuery(belowBreakpoint(cardsBelow));
  // One query per breakpoint, always the same ones (hooks cannot depend on the columns).
  const belowSm = useMediaQuery(belowBreakpoint('sm'));
  const belowMd = useMediaQuery(belowBreakpoint('md'));
  const belowLg = useMediaQuery(belowBreakpoint('lg'));
  const belowXl = useMediaQuery(belowBreakpoint('xl'));
  const belowXxl = useMediaQuery(belowBreakpoint('xxl'));
  const below = { sm: belowSm, md: belowMd, lg: belowLg, xl: belowXl, xxl: belowXxl };
  const shown = columnsShown(columns, (breakpoint) => below[breakpoint]);
  if (narrow) {
    return (
      <ul className={cx(styles.cards, className)} aria-label={caption}>
        {rows.map((row) => (
          <li key={rowKey(row)} className={styles.card}>
            {card(row)}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className={cx(styles.frame, className)}>
      <table className={cx(styles.table, tight && styles.tight)}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {shown.map((column) => (
              <th
                key={column.key}
                scope="col"
                aria-sort={column.sort}
                className={column.actions ? styles.actions : undefined}
              >
                {column.headerHidden ? <span className="visually-hidden">{column.header}</span> : column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)}>
              {shown.map((column) => (
                <td key={column.key} className={cx(column.actions && styles.actions, column.className)}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
