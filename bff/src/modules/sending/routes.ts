// The sending module's operations: HTTP around SendingService and the delivery's documents.
import { INVOICE_STATES } from '../../domain/invoice-status.ts';
import type { AppContext } from '../../platform/http/context.ts';
import { actorOf, requireAdmin, requireConfirmedSession } from '../../platform/http/guards.ts';
import { idempotencyKey } from '../../platform/http/idempotency-key.ts';
import { SAME_ORIGIN_FRAME_POLICY } from '../../platform/http/security-headers.ts';
import type { ModuleHandlers } from '../../platform/module.ts';
import {
  Invoice,
  invoiceView,
  type InvoiceActor,
  type InvoiceDetails,
  type InvoiceServices,
} from '../invoices/public.ts';
import type { DocumentDelivery } from './delivery.ts';
import { InvoiceReminder } from './entities.ts';
import type { InterestInvoices } from './interest-invoices.ts';
import type { PaymentReminders } from './reminders.ts';
import type { SendingService } from './service.ts';

function actor(ctx: AppContext): InvoiceActor {
  const session = requireConfirmedSession(ctx);
  return { userId: session.userId, actorUserId: actorOf(session), impersonating: session.impersonatorId !== null };
}

export function sendingHandlers(
  invoicesModule: InvoiceServices,
  sending: SendingService,
  delivery: DocumentDelivery,
  reminders: PaymentReminders,
  interest: InterestInvoices,
  /** Tells the delivery worker there is work, once the transaction that queued it has committed. */
  wakeDelivery: () => void = () => undefined,
): ModuleHandlers<'sending'> {
  const { invoices } = invoicesModule;
  const viewOf = async (ctx: AppContext, details: InvoiceDetails) =>
    invoiceView(details, await invoices.problems(ctx.state.em, details), invoices.today());
  const view = async (ctx: AppContext, userId: string, invoiceId: string) =>
    viewOf(ctx, await invoices.get(ctx.state.em, userId, invoiceId));
  const fileName = (kind: string, number: number, language: string, extension: string) =>
    `${kind === 'credit_note' ? (language === 'sv' ? 'Kreditfaktura' : 'Credit-note') : language === 'sv' ? 'Faktura' : 'Invoice'}-${number}.${extension}`;

  return {
    async sendInvoice({ params, body, ctx }) {
      const who = actor(ctx);
      const sent = await sending.send(ctx.state.em, who, params.invoiceId, {
        idempotencyKey: idempotencyKey(ctx),
        ...(body?.version !== undefined ? { version: body.version } : {}),
        message: body?.message ?? null,
      });
      wakeDelivery();
      return {
        status: 200,
        body: sent
          ? await viewOf(ctx, await invoices.afterSend(ctx.state.em, sent.details, sent.row))
          : await view(ctx, who.userId, params.invoiceId),
      };
    },

    async sendInvoiceByEmail({ params, body, ctx }) {
      const who = actor(ctx);
      await sending.sendByEmail(ctx.state.em, who, params.invoiceId, {
        idempotencyKey: idempotencyKey(ctx),
        ...(body?.version !== undefined ? { version: body.version } : {}),
      });
      wakeDelivery();
      return { status: 200, body: await view(ctx, who.userId, params.invoiceId) };
    },

    async getInvoiceDelivery({ params, ctx }) {
      const delivery = await sending.delivery(ctx.state.em, actor(ctx).userId, params.invoiceId);
      const wait = delivery.eInvoiceWait;
      return {
        status: 200,
        body: {
          ...delivery,
          eInvoiceWait: wait && {
            since: wait.since.toISOString(),
            bankDaysWaited: wait.bankDaysWaited,
            limitBankDays: wait.limitBankDays,
            limitReachedOn: wait.limitReachedOn,
            limitReached: wait.limitReached,
            notifiedAt: wait.notifiedAt?.toISOString() ?? null,
            emailFallback: wait.emailFallback,
          },
        },
      };
    },

    async getInvoicePreviewPdf({ params, ctx }) {
      const pdf = await sending.ownerPreviewPdf(ctx.state.em, actor(ctx).userId, params.invoiceId);
      return {
        status: 200,
        body: Buffer.from(pdf),
        contentType: 'application/pdf',
        headers: {
          'Content-Length': String(pdf.length),
          'Content-Disposition': 'inline; filename="preview.pdf"',
          'Cache-Control': 'private, no-store',
          // The send dialog shows it in a frame of the app's own page; nobody else may frame it.
          'Content-Security-Policy': SAME_ORIGIN_FRAME_POLICY,
        },
      };
    },

    async creditInvoice({ params, body, ctx }) {
      const who = actor(ctx);
      await sending.credit(ctx.state.em, who, params.invoiceId, {
        idempotencyKey: idempotencyKey(ctx),
        reason: body?.reason ?? null,
      });
      wakeDelivery();
      return { status: 200, body: await view(ctx, who.userId, params.invoiceId) };
    },

    async getInvoicePdf({ params, query, ctx }) {
      const document = await sending.document(
        ctx.state.em,
        actor(ctx).userId,
        params.invoiceId,
        query.document ?? 'invoice',
      );
      const pdf = await delivery.pdf(ctx.state.em, document);
      const name = fileName(document.kind, document.number, document.snapshot.language, 'pdf');
      return {
        status: 200,
        body: Buffer.from(pdf),
        contentType: 'application/pdf',
        headers: {
          'Content-Length': String(pdf.length),
          'Content-Disposition': `${query.download ? 'attachment' : 'inline'}; filename="${name}"`,
          'Cache-Control': 'private, no-cache',
        },
      };
    },

    async getInvoiceEInvoice({ params, query, ctx }) {
      const document = await sending.document(
        ctx.state.em,
        actor(ctx).userId,
        params.invoiceId,
        query.document ?? 'invoice',
      );
      const xml = Buffer.from(await delivery.ubl(ctx.state.em, document), 'utf8');
      const name = fileName(document.kind, document.number, document.snapshot.language, 'xml');
      return {
        status: 200,
        body: xml,
        contentType: 'application/xml',
        headers: { 'Content-Disposition': `attachment; filename="${name}"`, 'Cache-Control': 'private, no-cache' },
      };
    },

    async sendInterestInvoice({ params, ctx }) {
      const who = actor(ctx);
      const made = await interest.send(ctx.state.em, who, params.invoiceId, { idempotencyKey: idempotencyKey(ctx) });
      wakeDelivery();
      if (made.created) ctx.set('Location', `/api/invoices/${made.id}`);
      return { status: made.created ? 201 : 200, body: await view(ctx, who.userId, made.id) };
    },

    async runPaymentReminders({ ctx }) {
      requireAdmin(ctx);
      const day = invoices.today();
      return { status: 200, body: { day, reminded: await reminders.run(day) } };
    },

    async getInvoiceEvents({ params, ctx }) {
      const em = ctx.state.em;
      const events = await sending.events(em, actor(ctx).userId, params.invoiceId);
      const sent = new Map(
        (await em.find(InvoiceReminder, { invoiceId: params.invoiceId })).map((reminder) => [reminder.id, reminder]),
      );
      const interestIds = events.flatMap((event) =>
        typeof event.data.interestInvoiceId === 'string' ? [event.data.interestInvoiceId] : [],
      );
      const numbers = new Map(
        (interestIds.length
          ? await em.find(Invoice, { id: { $in: interestIds } }, { fields: ['id', 'number'] })
          : []
        ).map((invoice) => [invoice.id, invoice.number ?? null]),
      );
      return {
        status: 200,
        body: {
          items: events.map((event) => {
            const codes = (event.data as { problemCodes?: number[] }).problemCodes ?? [];
            const data = event.data as {
              reminderId?: string;
              sequence?: number;
              outstanding?: number;
              fee?: number;
              currency?: string;
              amount?: number;
              paymentDate?: string;
              interestInvoiceId?: string;
            };
            const reminder = event.event === 'reminder_sent' && data.reminderId ? sent.get(data.reminderId) : undefined;
            return {
              event: event.event,
              fromStatus: event.fromState ? INVOICE_STATES[event.fromState].status : null,
              fromStatusName: event.fromState ? INVOICE_STATES[event.fromState].statusName : null,
              status: INVOICE_STATES[event.toState].status,
              statusName: INVOICE_STATES[event.toState].statusName,
              actor: event.actorType,
              reason: event.reason ?? null,
              problemCodes: codes as never,
              reminder:
                event.event === 'reminder_sent'
                  ? {
                      sequence: (data.sequence === 2 ? 2 : 1) as 1 | 2,
                      outstanding: Number(data.outstanding ?? 0),
                      fee: Number(data.fee ?? 0),
                      currency: (reminder?.currency ?? data.currency ?? 'SEK') as never,
                      delivery: reminder?.deliveryState ?? 'pending',
                      deliveredAt: reminder?.deliveredAt?.toISOString() ?? null,
                    }
                  : null,
              payment:
                event.event === 'partial_payment' || event.event === 'full_payment'
                  ? { amount: Number(data.amount ?? 0), paymentDate: data.paymentDate ?? null }
                  : null,
              interestInvoice:
                event.event === 'interest_invoiced' && data.interestInvoiceId
                  ? { id: data.interestInvoiceId, number: numbers.get(data.interestInvoiceId) ?? null }
                  : null,
              createdAt: event.createdAt.toISOString(),
              message: event.event === 'send' ? ((event.data as { message?: string }).message ?? null) : null,
            };
          }),
        },
      };
    },
  };
}
