// The operator's reports (openapi/modules/reports.yaml): every one for an admin acting as themselves only, each a thin
// HTTP layer over the report it answers.
import type { AppContext } from '../../platform/http/context.ts';
import { requireAdmin } from '../../platform/http/guards.ts';
import type { ModuleHandlers } from '../../platform/module.ts';
import { bookkeepingFile } from './books.ts';
import type { ReportsContext } from './context.ts';
import {
  declareEmployerDeclaration,
  employerDeclaration,
  employerDeclarationFile,
  employerDeclarationMonths,
} from './employer-declarations.ts';
import { reconciliation } from './reconciliation.ts';
import { ecSalesListFile, ecSalesListReport, vatReturn, vatReturnCsv } from './vat.ts';

function file<T extends string>(body: Uint8Array | string, contentType: T, fileName: string) {
  const bytes = typeof body === 'string' ? Buffer.from(body, 'utf8') : Buffer.from(body);
  return {
    status: 200 as const,
    // A Buffer: Koa sends any other object as JSON.
    body: bytes,
    contentType,
    headers: {
      'Content-Length': String(bytes.length),
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  };
}

export function reportsHandlers(context: ReportsContext): ModuleHandlers<'reports'> {
  const admin = (ctx: AppContext) => requireAdmin(ctx);
  return {
    async getEmployerDeclaration({ query, ctx }) {
      admin(ctx);
      return { status: 200, body: await employerDeclaration(ctx.state.em, context, query.month) };
    },

    async listEmployerDeclarationMonths({ query, ctx }) {
      admin(ctx);
      return { status: 200, body: await employerDeclarationMonths(ctx.state.em, context, query.months ?? 12) };
    },

    async getEmployerDeclarationFile({ query, ctx }) {
      admin(ctx);
      const { xml, fileName } = await employerDeclarationFile(ctx.state.em, context, query.month);
      return file(xml, 'application/xml', fileName);
    },

    async declareEmployerDeclaration({ body, ctx }) {
      const session = admin(ctx);
      const declared = await declareEmployerDeclaration(
        ctx.state.em,
        context,
        { adminId: session.userId, ip: ctx.ip || null },
        body.month,
        body.fingerprint,
      );
      return { status: 201, body: declared };
    },

    async getVatReturn({ query, ctx }) {
      admin(ctx);
      return { status: 200, body: await vatReturn(ctx.state.em, context, query.period) };
    },

    async getVatReturnFile({ query, ctx }) {
      admin(ctx);
      const report = await vatReturn(ctx.state.em, context, query.period);
      const lang = query.lang ?? 'sv';
      return file(vatReturnCsv(report, lang), 'text/csv', `moms-${report.period}.csv`);
    },

    async getEcSalesList({ query, ctx }) {
      admin(ctx);
      return { status: 200, body: await ecSalesListReport(ctx.state.em, query.period) };
    },

    async getEcSalesListFile({ query, ctx }) {
      admin(ctx);
      const { text, fileName } = await ecSalesListFile(ctx.state.em, context, query.period);
      return file(text, 'text/csv', fileName);
    },

    async exportBookkeeping({ query, ctx }) {
      admin(ctx);
      const { bytes, fileName } = await bookkeepingFile(ctx.state.em, context, query.from, query.to);
      return file(bytes, 'application/octet-stream', fileName);
    },

    async getReconciliation({ query, ctx }) {
      admin(ctx);
      return { status: 200, body: await reconciliation(ctx.state.em, query.from, query.to) };
    },
  };
}
