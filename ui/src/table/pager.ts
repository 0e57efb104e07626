// Which rows a page shows and how many pages there are (pure, for the Pager and its tests).

export type PageRange = { from: number; until: number; last: number };

export function pageRange(page: number, pageSize: number, total: number): PageRange {
  const last = Math.max(1, Math.ceil(total / pageSize));
  const current = Math.min(Math.max(1, page), last);
  return {
    from: total === 0 ? 0 : (current - 1) * pageSize + 1,
    until: Math.min(current * pageSize, total),
    last,
  };
}
