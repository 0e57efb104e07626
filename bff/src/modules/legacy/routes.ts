// The legacy module's operations: the lists a user with the legacy flag reads, and the admin's import.
import { requireAdmin, requireConfirmedSession } from '../../platform/http/guards.ts';
import type { ModuleHandlers } from '../../platform/module.ts';
import { UserAdministration } from '../auth/public.ts';
import type { LegacyImport } from './entities.ts';
import type { LegacyRecords } from './service.ts';

export function legacyHandlers(records: LegacyRecords): ModuleHandlers<'legacy'> {
  const users = new UserAdministration();

  async function importViews(em: Parameters<typeof users.refs>[0], imports: LegacyImport[]) {
    const refs = await users.refs(
      em,
      imports.flatMap((i) => (i.importedBy ? [i.importedBy] : [])),
    );
    return imports.map((record) => ({
      id: record.id,
      kind: record.kind,
      fileName: record.fileName,
      fileSha256: record.fileSha256,
      rows: record.rows,
      created: record.created,
      alreadyPresent: record.alreadyPresent,
      accounts: record.accounts,
      // An admin account is never deleted while imports name it (the column is set null if it were).
      importedBy: (record.importedBy && refs.get(record.importedBy)) || {
        id: record.importedBy ?? '',
        email: '',
        displayName: '',
      },
      createdAt: record.createdAt.toISOString(),
    }));
  }

  return {
    async listLegacyInvoices({ query, ctx }) {
      const { userId } = requireConfirmedSession(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const result = await records.listInvoices(ctx.state.em, userId, {
        page,
        pageSize,
        sort: query.sort ?? 'invoiceDate',
        order: query.order ?? 'desc',
      });
      return {
        status: 200,
        body: {
          items: result.items.map((item) => ({ ...item, currency: item.currency as 'SEK' })),
          page: { page, pageSize, total: result.total },
          years: result.years.map((year) => ({ ...year, currency: year.currency as 'SEK' })),
        },
      };
    },

    async listLegacyPayouts({ query, ctx }) {
      const { userId } = requireConfirmedSession(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const result = await records.listPayouts(ctx.state.em, userId, {
        page,
        pageSize,
        sort: query.sort ?? 'createdDate',
        order: query.order ?? 'desc',
      });
      return {
        status: 200,
        body: { items: result.items, page: { page, pageSize, total: result.total }, years: result.years },
      };
    },

    async listLegacyImports({ query, ctx }) {
      requireAdmin(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { items, total } = await records.listImports(ctx.state.em, page, pageSize);
      return {
        status: 200,
        body: { items: await importViews(ctx.state.em, items), page: { page, pageSize, total } },
      };
    },

    async importLegacyRecords({ body, ctx }) {
      const admin = requireAdmin(ctx);
      const file = body.files.file!;
      const kind = body.fields.kind === 'payouts' ? 'payouts' : 'invoices';
      const { record, repeated } = await records.import(
        ctx.state.em,
        { userId: admin.userId, ip: ctx.ip || null },
        kind,
        { fileName: file.fileName, data: file.data, truncated: file.truncated },
      );
      const [view] = await importViews(ctx.state.em, [record]);
      return repeated ? { status: 200, body: view! } : { status: 201, body: view! };
    },
  };
}
