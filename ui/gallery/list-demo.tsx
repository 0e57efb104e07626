// The list kit on the gallery: each state a paged list screen shows (on the gallery page), and a working list over
// 45 made-up customers at /ui-gallery/list, whose state is in the URL like the apps' (search, filter, sort, pages by
// cursor, a refused cursor asked again by number, a page past the end). The kit's browser tests drive it
// (ui/e2e/list-kit.spec.ts).
import { useRef, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '../src/button/button.tsx';
import { EmptyState } from '../src/empty-state/empty-state.tsx';
import type { ApiResult } from '../src/form/api-result.ts';
import { SearchBox } from '../src/form/search-box.tsx';
import { SelectField } from '../src/form/select-field.tsx';
import * as icons from '../src/icon/icons.ts';
import { defineListQuery, oneOf, type ListQuery } from '../src/list/list-query.ts';
import type { ListPage } from '../src/list/list-view.ts';
import { NoResults, PagedList } from '../src/list/paged-list.tsx';
import { usePagedList, type PagedListState } from '../src/list/use-paged-list.ts';
import { PageHeader } from '../src/page-header/page-header.tsx';
import { ResponsiveTable } from '../src/table/responsive-table.tsx';

const TYPES = ['organization', 'individual'] as const;
type DemoType = (typeof TYPES)[number];
type Row = { id: string; name: string; type: DemoType; city: string };
type Filters = { type: DemoType };
type Sort = 'name';

const CITIES = ['Göteborg', 'Stockholm', 'Malmö', 'Umeå', 'Berlin'];
const ROWS: Row[] = Array.from({ length: 45 }, (_, n) => ({
  id: String(n + 1),
  name: `Kund ${String(n + 1).padStart(2, '0')}`,
  type: n % 3 === 0 ? 'individual' : 'organization',
  city: CITIES[n % CITIES.length] ?? 'Göteborg',
}));

/** The whole configuration of a list. */
export const demoList = defineListQuery<Filters, Sort>({
  filters: { type: oneOf('type', TYPES) },
  sortOptions: [
    { value: 'name-asc', sort: 'name', order: 'asc' },
    { value: 'name-desc', sort: 'name', order: 'desc' },
  ],
  pageSize: 10,
});

/**
 * What a list endpoint answers, in memory: a page by its number, or beside a cursor (`c<index>`, as the API's are
 * opaque); a cursor it did not give is a 400, as the API's.
 */
function answer(query: ListQuery<Filters, Sort>, rows: Row[]): ApiResult<ListPage<Row>> {
  const found = rows
    .filter((row) => (!query.type || row.type === query.type) && row.name.toLowerCase().includes(query.q.toLowerCase()))
    .sort((a, b) => a.name.localeCompare(b.name) * (query.order === 'asc' ? 1 : -1));
  const size = demoList.pageSize;
  const cursor = query.after ?? query.before;
  let start = (query.page - 1) * size;
  if (cursor) {
    const at = /^c(\d+)$/.exec(cursor);
    const index = at ? Number(at[1]) : -1;
    if (index < 0 || index >= found.length) {
      return { ok: false, status: 400, problem: null, retryAfter: null };
    }
    start = query.after ? index + 1 : Math.max(0, index - size);
  }
  const items = found.slice(start, start + size);
  const end = start + items.length;
  return {
    ok: true,
    status: 200,
    data: {
      items,
      page: {
        total: found.length,
        next: end < found.length ? `c${end - 1}` : null,
        previous: start > 0 && items.length > 0 ? `c${start}` : null,
      },
    },
  };
}

const typeLabel = (type: DemoType) => (type === 'individual' ? 'Individual' : 'Organization');

function DemoRows({ rows }: { rows: Row[] }) {
  return (
    <ResponsiveTable
      caption="Customers"
      rows={rows}
      rowKey={(row) => row.id}
      columns={[
        { key: 'name', header: 'Name', cell: (row) => row.name },
        { key: 'type', header: 'Type', cell: (row) => typeLabel(row.type) },
        { key: 'city', header: 'City', cell: (row) => row.city },
      ]}
      card={(row) => (
        <>
          <strong>{row.name}</strong>
          <span>
            {typeLabel(row.type)} · {row.city}
          </span>
        </>
      )}
    />
  );
}

function demoProps(
  list: PagedListState<Row, Filters, Sort>,
  toolbar: ReactNode,
  header: (withActions: boolean) => ReactNode,
) {
  return {
    list,
    header,
    toolbar,
    emptyState: (
      <EmptyState
        icon={icons.users}
        title="Add your first customer"
        actions={<Button variant="primary">Create your first customer</Button>}
      >
        <p>A new user's list: what would be here, and the one way to the first.</p>
      </EmptyState>
    ),
    noResults: (answers: ListQuery<Filters, Sort>) => (
      <NoResults
        title="No customers found"
        actions={<Button onClick={() => list.setQuery(demoList.defaults)}>Show all customers</Button>}
      >
        <p>{answers.q ? `No customer matches “${answers.q}”.` : 'No customer of this type.'}</p>
      </NoResults>
    ),
    rows: (rows: Row[]) => <DemoRows rows={rows} />,
  };
}

function Toolbar({ list, id }: { list: PagedListState<Row, Filters, Sort>; id: string }) {
  const { query, change } = list;
  return (
    <div className="gallery-list-toolbar">
      <SearchBox
        id={`${id}-search`}
        label="Find customers"
        value={query.q}
        onSearch={(q) => change({ q }, { replace: true })}
      />
      <SelectField
        id={`${id}-type`}
        label="Type"
        value={query.type ?? ''}
        options={[{ value: '', label: 'All types' }, ...TYPES.map((type) => ({ value: type, label: typeLabel(type) }))]}
        onChange={(value) => change({ type: value === 'individual' || value === 'organization' ? value : null })}
      />
      <SelectField
        id={`${id}-sort`}
        label="Sort by"
        value={demoList.sortOptionOf(query)}
        options={[
          { value: 'name-asc', label: 'Name A–Ö' },
          { value: 'name-desc', label: 'Name Ö–A' },
        ]}
        onChange={(value) => change(demoList.sortOf(value))}
      />
      <p role="status">{list.loading ? 'Searching…' : `${list.total} customers`}</p>
    </div>
  );
}

/** /ui-gallery/list: the working list. */
export function ListDemoPage() {
  const [asked, setAsked] = useState<string[]>([]);
  const account = useRef<'rows' | 'empty' | 'offline'>('rows');
  const list = usePagedList(demoList, async (query) => {
    setAsked((before) => [...before, demoList.toSearch(query) || '(first page)']);
    if (account.current === 'offline') return { ok: false, status: 0, problem: null, retryAfter: null };
    return answer(query, account.current === 'empty' ? [] : ROWS);
  });
  const use = (next: typeof account.current) => {
    account.current = next;
    list.reload();
  };
  return (
    <main className="gallery">
      <p>
        <Link to="/ui-gallery/">Back to the gallery</Link>
      </p>
      <p className="gallery-row">
        The demo account: <Button onClick={() => use('rows')}>45 customers</Button>{' '}
        <Button onClick={() => use('empty')}>No customers</Button>{' '}
        <Button onClick={() => use('offline')}>No network</Button>
      </p>
      <PagedList
        {...demoProps(list, <Toolbar list={list} id="demo-list" />, (withActions) => (
          <PageHeader actions={withActions && <Button variant="primary">New customer</Button>}>
            <h1>Customers</h1>
            <p>A list is its configuration, its API call and its rows.</p>
          </PageHeader>
        ))}
      />
      <p>
        Requests: <output data-testid="list-requests">{asked.join(' | ')}</output>
      </p>
    </main>
  );
}

/** The states, side by side on the gallery page (each a hand-made state of `usePagedList`). */
export function ListStates() {
  const base: Omit<PagedListState<Row, Filters, Sort>, 'view' | 'answered' | 'failure'> = {
    definition: demoList,
    query: demoList.defaults,
    setQuery: () => undefined,
    change: () => undefined,
    total: 0,
    loading: false,
    reload: () => undefined,
  };
  const page = (query: ListQuery<Filters, Sort>, rows: Row[]) => {
    const result = answer(query, rows);
    return result.ok ? { result: result.data, answers: query } : null;
  };
  const offline = { ok: false as const, status: 0, problem: null, retryAfter: null };
  const second = { ...demoList.defaults, page: 2 };
  const searched = demoList.change(demoList.defaults, { q: 'zzz' });
  const states: [string, PagedListState<Row, Filters, Sort>][] = [
    ['Loading the first page', { ...base, loading: true, view: 'pending', answered: null, failure: null }],
    ['The first page failed', { ...base, view: 'pending', answered: null, failure: offline }],
    [
      'A new user (nothing to list)',
      { ...base, view: 'new-user', answered: page(demoList.defaults, []), failure: null },
    ],
    [
      'A search that found nothing',
      { ...base, query: searched, view: 'no-results', answered: page(searched, ROWS), failure: null },
    ],
    [
      'A page, and the next one failed',
      { ...base, query: second, total: 45, view: 'rows', answered: page(second, ROWS), failure: offline },
    ],
  ];
  return (
    <>
      <p>
        <Link to="/ui-gallery/list">A working list</Link> (its state in the URL: search, filter, sort, pages).
      </p>
      {states.map(([title, state], n) => (
        <div key={title} className="gallery-list-state">
          <h3>{title}</h3>
          <PagedList
            {...demoProps(state, <Toolbar list={state} id={`list-state-${n}`} />, (withActions) => (
              <p className="gallery-output">
                {withActions ? 'The header, with its actions' : 'The header, no actions'}
              </p>
            ))}
          />
        </div>
      ))}
    </>
  );
}
