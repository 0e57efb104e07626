// The payments module's operations: HTTP (sessions, statuses, headers, files) around its services.
import type { ModuleHandlers } from '../../platform/module.ts';
import { idempotencyKey } from '../../platform/http/idempotency-key.ts';
import { admin, freelancer } from './access.ts';
import { batchNotFound, fileTooLarge, transactionNotFound } from './errors.ts';
import type { PaymentServices } from './services.ts';
import {
  adminPayoutView,
  batchView,
  heldAccountView,
  importView,
  payableInvoiceView,
  paymentView,
  payoutItemView,
  payoutView,
  salaryFiguresView,
  statusReportView,
  summaryView,
  transactionView,
  vacationPayBalanceView,
} from './views.ts';

export function paymentsHandlers(payments: PaymentServices, brandName: string): ModuleHandlers<'payments'> {
  const { incoming, payouts, salaries, payslips, vacationPay, upcoming } = payments;
  const pdf = (file: { pdf: Uint8Array; fileName: string }, download: boolean | undefined) => ({
    status: 200 as const,
    // A Buffer: Koa sends any other object as JSON.
    body: Buffer.from(file.pdf),
    contentType: 'application/pdf' as const,
    headers: {
      'Content-Length': String(file.pdf.length),
      'Content-Disposition': `${download ? 'attachment' : 'inline'}; filename="${file.fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  });
  return {
    async listSalaryTransactions({ query, ctx }) {
      const { userId } = freelancer(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { items, total, ownerName, expected } = await salaries.list(ctx.state.em, userId, {
        kind: query.kind,
        statuses: query.status ?? [],
        dateFrom: query.dateFrom,
        dateTo: query.dateTo,
        page,
        pageSize,
      });
      return {
        status: 200,
        body: {
          items: items.map((row) => transactionView(row, ownerName, expected(row), brandName)),
          page: { page, pageSize, total },
        },
      };
    },

    async getSalaryTransaction({ params, ctx }) {
      const { userId } = freelancer(ctx);
      const found = await salaries.one(ctx.state.em, userId, params.transactionId);
      if (!found) throw transactionNotFound();
      return {
        status: 200,
        body: {
          transaction: transactionView(found.row, found.ownerName, found.expected, brandName),
          salary: found.salary ? salaryFiguresView(found.salary) : null,
          payout: found.payout ? { ...payoutView(found.payout), items: found.items.map(payoutItemView) } : null,
        },
      };
    },

    async getPayoutSummary({ ctx }) {
      const { userId } = freelancer(ctx);
      return { status: 200, body: summaryView(await salaries.summary(ctx.state.em, userId)) };
    },

    async requestPayout({ ctx }) {
      const who = freelancer(ctx);
      const { payout, created } = await payouts.request(ctx.state.em, who, idempotencyKey(ctx));
      return { status: created ? 201 : 200, body: payoutView(payout) };
    },

    async getPayslip({ params, query, ctx }) {
      const { userId } = freelancer(ctx);
      return pdf(await payslips.render(ctx.state.em, userId, params.payoutId), query.download);
    },

    async getVacationPayBalance({ ctx }) {
      const { userId } = freelancer(ctx);
      return { status: 200, body: vacationPayBalanceView(await vacationPay.balance(ctx.state.em, userId)) };
    },

    async requestVacationPayPayout({ ctx }) {
      const who = freelancer(ctx);
      const { payout, created } = await payouts.requestVacationPay(ctx.state.em, who, idempotencyKey(ctx));
      return { status: created ? 201 : 200, body: payoutView(payout) };
    },

    async listYearlyStatements({ ctx }) {
      const { userId } = freelancer(ctx);
      return { status: 200, body: { years: await payslips.statementYears(ctx.state.em, userId) } };
    },

    async getYearlyStatement({ params, query, ctx }) {
      const { userId } = freelancer(ctx);
      return pdf(await payslips.statement(ctx.state.em, userId, params.year), query.download);
    },

    async listUpcomingPayouts({ query, ctx }) {
      admin(ctx);
      return { status: 200, body: await upcoming.list(ctx.state.em, query.days ?? 25) };
    },

    async getVacationPayOwed({ ctx }) {
      admin(ctx);
      return { status: 200, body: await vacationPay.owed(ctx.state.em) };
    },

    async importBgMax({ body, ctx }) {
      const by = admin(ctx);
      const file = body.files.file!;
      if (file.truncated) throw fileTooLarge();
      const result = await incoming.importBgMax(ctx.state.em, by, { fileName: file.fileName, bytes: file.data });
      return { status: result.duplicate ? 200 : 201, body: importView(result) };
    },

    async listPayments({ query, ctx }) {
      admin(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { items, total } = await incoming.list(ctx.state.em, {
        status: query.status,
        overpaid: query.overpaid,
        importId: query.importId,
        q: query.q,
        page,
        pageSize,
      });
      return { status: 200, body: { items: items.map(paymentView), page: { page, pageSize, total } } };
    },

    async registerPayment({ body, ctx }) {
      const by = admin(ctx);
      const { payment, created } = await incoming.register(ctx.state.em, by, body, idempotencyKey(ctx));
      return { status: created ? 201 : 200, body: paymentView(payment) };
    },

    async matchPayment({ params, body, ctx }) {
      const by = admin(ctx);
      return { status: 200, body: paymentView(await incoming.match(ctx.state.em, by, params.paymentId, body)) };
    },

    async findPayableInvoice({ params, ctx }) {
      admin(ctx);
      return { status: 200, body: payableInvoiceView(await incoming.findPayable(ctx.state.em, params.reference)) };
    },

    async listPayoutBatches({ query, ctx }) {
      admin(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { items, total } = await payouts.listBatches(ctx.state.em, page, pageSize);
      return { status: 200, body: { items: items.map(batchView), page: { page, pageSize, total } } };
    },

    async createPayoutBatch({ body, ctx }) {
      const by = admin(ctx);
      const result = await payouts.createBatch(ctx.state.em, body?.executionDate, by);
      // Nothing to pay that day: say when payouts are waiting for instead (never a blind "nothing to pay").
      const next = result.batch ? null : await upcoming.next(ctx.state.em, body?.executionDate ?? '');
      const answer = {
        created: result.created,
        batch: result.batch ? batchView(result.batch) : null,
        failed: result.failed.map(payoutView),
        next,
      };
      return result.created ? { status: 201, body: answer } : { status: 200, body: answer };
    },

    async getPayoutBatchFile({ params, ctx }) {
      admin(ctx);
      const { batch, bytes } = await payouts.batchFile(ctx.state.em, params.batchId).catch((error: unknown) => {
        throw error instanceof Error && /missing from storage/.test(error.message) ? batchNotFound() : error;
      });
      return {
        status: 200,
        body: bytes,
        contentType: 'application/xml',
        headers: {
          'Content-Length': String(bytes.length),
          'Content-Disposition': `attachment; filename="${batch.message_id}.xml"`,
          'Cache-Control': 'private, no-store',
        },
      };
    },

    async importPaymentStatusReport({ body, ctx }) {
      const by = admin(ctx);
      const file = body.files.file!;
      if (file.truncated) throw fileTooLarge();
      const result = await payouts.importStatusReport(ctx.state.em, by, file.data);
      return { status: result.duplicate ? 200 : 201, body: statusReportView(result) };
    },

    async listPayouts({ query, ctx }) {
      admin(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { items, total } = await payouts.listPayouts(
        ctx.state.em,
        { batchId: query.batchId, status: query.status, userId: query.userId },
        page,
        pageSize,
      );
      const itemsOf = await salaries.payoutItemsOf(
        ctx.state.em,
        items.map((p) => p.id),
      );
      return {
        status: 200,
        body: { items: items.map((p) => adminPayoutView(p, itemsOf.get(p.id) ?? [])), page: { page, pageSize, total } },
      };
    },

    async listPayoutHolds({ ctx }) {
      admin(ctx);
      const held = await payouts.heldAccounts(ctx.state.em);
      return { status: 200, body: { items: held.map(heldAccountView) } };
    },

    async denyPayout({ params, body, ctx }) {
      const by = admin(ctx);
      return { status: 200, body: payoutView(await payouts.deny(ctx.state.em, by, params.payoutId, body.reason)) };
    },
  };
}
