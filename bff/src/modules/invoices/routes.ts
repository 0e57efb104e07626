// The invoices module's operations: HTTP (session, statuses, headers) around the services and the views.
import { invoiceStatesNamed, isInvoiceEditable, type InvoiceState } from '../../domain/invoice-status.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { ModuleHandlers } from '../../platform/module.ts';
import { actorOf, requireConfirmedSession } from '../../platform/http/guards.ts';
import { effectOf, feeRateOf } from './campaign-codes.ts';
import { campaignCodeInvalid } from './errors.ts';
import type { InvoiceServices } from './public.ts';
import type { InvoiceActor } from './service.ts';
import { invoiceSummaryView, invoiceView, problemsView, receiptView } from './views.ts';

/** The freelancer behind a business operation: a confirmed email is required (403 `email_not_confirmed`). */
function actor(ctx: AppContext): InvoiceActor {
  const session = requireConfirmedSession(ctx);
  return { userId: session.userId, actorUserId: actorOf(session), impersonating: session.impersonatorId !== null };
}

export function invoicesHandlers(module: InvoiceServices): ModuleHandlers<'invoices'> {
  const { invoices, estimates, receipts, campaignCodes, dashboard } = module;
  return {
    async listInvoices({ query, ctx }) {
      const { userId } = actor(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const states: InvoiceState[] = [...new Set((query.status ?? []).flatMap(invoiceStatesNamed))];
      const { items, total, next, previous } = await invoices.list(ctx.state.em, userId, {
        states,
        customerId: query.customerId,
        dateFrom: query.dateFrom,
        dateTo: query.dateTo,
        overdue: query.overdue ? { today: invoices.today() } : undefined,
        q: query.q,
        page,
        pageSize,
        sort: query.sort ?? 'invoiceDate',
        order: query.order ?? 'desc',
        after: query.after,
        before: query.before,
      });
      const today = invoices.today();
      return {
        status: 200,
        body: {
          items: items.map((row) => invoiceSummaryView(row, today)),
          page: { page, pageSize, total, next, previous },
        },
      };
    },

    async createInvoice({ body, ctx }) {
      const details = await invoices.create(ctx.state.em, actor(ctx), body);
      const problems = await invoices.problems(ctx.state.em, details);
      ctx.set('Location', `/api/invoices/${details.invoice.id}`);
      return { status: 201, body: invoiceView(details, problems, invoices.today()) };
    },

    async getInvoice({ params, ctx }) {
      const details = await invoices.get(ctx.state.em, actor(ctx).userId, params.invoiceId);
      const problems = await invoices.problems(ctx.state.em, details);
      return { status: 200, body: invoiceView(details, problems, invoices.today()) };
    },

    async updateInvoice({ params, body, ctx }) {
      const details = await invoices.update(ctx.state.em, actor(ctx), params.invoiceId, body);
      const problems = await invoices.problems(ctx.state.em, details);
      return { status: 200, body: invoiceView(details, problems, invoices.today()) };
    },

    async deleteInvoice({ params, ctx }) {
      await invoices.delete(ctx.state.em, actor(ctx), params.invoiceId);
      return { status: 204, body: undefined };
    },

    async getInvoiceProblems({ params, ctx }) {
      const details = await invoices.get(ctx.state.em, actor(ctx).userId, params.invoiceId);
      const problems = await invoices.problems(ctx.state.em, details);
      return { status: 200, body: problemsView(problems, isInvoiceEditable(details.invoice.state), invoices.today()) };
    },

    async getInvoiceSalaryEstimate({ params, ctx }) {
      const details = await invoices.get(ctx.state.em, actor(ctx).userId, params.invoiceId);
      return { status: 200, body: await estimates.forInvoice(ctx.state.em, details) };
    },

    async estimateSalary({ body, ctx }) {
      return { status: 200, body: await estimates.forAmount(ctx.state.em, actor(ctx).userId, body) };
    },

    async estimateInvoiceAmount({ body, ctx }) {
      return { status: 200, body: await estimates.forTarget(ctx.state.em, actor(ctx).userId, body) };
    },

    async checkCampaignCode({ body, ctx }) {
      const { userId } = actor(ctx);
      const today = invoices.today();
      const em = ctx.state.em;
      const code = await campaignCodes.guess(em, userId, () => campaignCodes.usable(em, body.code, today));
      if (!code) throw campaignCodeInvalid();
      const effect = effectOf(code);
      return {
        status: 200,
        body: {
          code: code.code,
          effect: { type: effect.type, value: Number(effect.value) },
          feeRate: Number(feeRateOf(code, today)),
          validFrom: code.validFrom,
          validTo: code.validTo ?? null,
        },
      };
    },

    async uploadReceipt({ body, ctx }) {
      const receipt = await receipts.upload(ctx.state.em, actor(ctx).userId, body.files.file!);
      ctx.set('Location', `/api/receipts/${receipt.id}`);
      return { status: 201, body: receiptView(receipt) };
    },

    async getReceipt({ params, query, ctx }) {
      const { receipt, file } = await receipts.get(ctx.state.em, actor(ctx).userId, params.receiptId);
      const disposition = query.download ? 'attachment' : 'inline';
      return {
        status: 200,
        body: file.body,
        contentType: receipt.contentType,
        headers: {
          'Content-Length': String(file.size),
          'Content-Disposition': `${disposition}; filename*=UTF-8''${encodeURIComponent(receipt.fileName)}`,
          // A user's file never runs as part of the product: no scripts, no plugins, its own origin.
          'Content-Security-Policy': "sandbox; default-src 'none'; img-src 'self'; style-src 'unsafe-inline'",
          'Cache-Control': 'private, max-age=3600',
        },
      };
    },

    async deleteReceipt({ params, ctx }) {
      await receipts.delete(ctx.state.em, actor(ctx).userId, params.receiptId);
      return { status: 204, body: undefined };
    },

    async getDashboardSummary({ ctx }) {
      return { status: 200, body: await dashboard.summary(ctx.state.em, actor(ctx).userId) };
    },
  };
}
