// The back office's operations (openapi/modules/admin.yaml): every one for an admin acting as themselves only, each
// a thin HTTP layer over the services of the module that owns the data.
import type { AppContext } from '../../platform/http/context.ts';
import { requireAdmin } from '../../platform/http/guards.ts';
import { listAuditEvents } from '../../platform/audit/audit-log.ts';
import type { ModuleHandlers } from '../../platform/module.ts';
import { UserAdministration, type AdminActor } from '../auth/public.ts';
import { statusOf, type InvoiceAdministration } from '../invoices/public.ts';
import type { BlocklistAdmin, EInvoiceAcceptance, EInvoiceRecipient } from '../sending/public.ts';
import type { InvoiceApprover } from './approval.ts';
import { datedSettings } from './settings.ts';
import {
  approvalInvoiceView,
  auditEventView,
  blocklistEntryView,
  campaignCodeView,
  eInvoiceRecipientView,
  exchangeRateView,
  queueItemView,
  userSummaryView,
  userView,
} from './views.ts';

/** The admin behind the request (403 `forbidden` for anyone else, an impersonating admin included). */
function admin(ctx: AppContext): AdminActor {
  return { userId: requireAdmin(ctx).userId, ip: ctx.ip || null };
}

export function adminHandlers(deps: {
  invoices: InvoiceAdministration;
  approve: InvoiceApprover;
  previewPdf: (em: AppContext['state']['em'], invoiceId: string) => Promise<Uint8Array>;
  blocklist: BlocklistAdmin;
  acceptance: EInvoiceAcceptance;
}): ModuleHandlers<'admin'> {
  const users = new UserAdministration();
  const { review, campaignCodes, exchangeRates } = deps.invoices;
  const today = () => campaignCodes.today();

  async function entryView(ctx: AppContext, entry: Awaited<ReturnType<BlocklistAdmin['get']>>) {
    const refs = await users.refs(ctx.state.em, entry.createdBy ? [entry.createdBy] : []);
    return blocklistEntryView(entry, refs);
  }

  async function recipientViews(ctx: AppContext, recipients: EInvoiceRecipient[]) {
    const refs = await users.refs(
      ctx.state.em,
      recipients.map((recipient) => recipient.ownerId),
    );
    return recipients.map((recipient) => eInvoiceRecipientView(recipient, refs));
  }

  async function accountView(ctx: AppContext, userId: string) {
    return { status: 200 as const, body: userView(await users.details(ctx.state.em, userId)) };
  }

  return {
    async listUsers({ query, ctx }) {
      admin(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { items, total } = await users.search(ctx.state.em, {
        q: query.q,
        status: query.status,
        admin: query.admin,
        page,
        pageSize,
        sort: query.sort ?? 'createdAt',
        order: query.order ?? 'desc',
      });
      return { status: 200, body: { items: items.map(userSummaryView), page: { page, pageSize, total } } };
    },

    async getUser({ params, ctx }) {
      const actor = admin(ctx);
      return { status: 200, body: userView(await users.details(ctx.state.em, params.userId, actor)) };
    },

    async disableUser({ params, body, ctx }) {
      await users.disable(ctx.state.em, admin(ctx), params.userId, body?.reason?.trim() || null);
      return accountView(ctx, params.userId);
    },

    async enableUser({ params, ctx }) {
      await users.enable(ctx.state.em, admin(ctx), params.userId);
      return accountView(ctx, params.userId);
    },

    async grantAdmin({ params, ctx }) {
      await users.grantAdmin(ctx.state.em, admin(ctx), params.userId);
      return accountView(ctx, params.userId);
    },

    async revokeAdmin({ params, ctx }) {
      await users.revokeAdmin(ctx.state.em, admin(ctx), params.userId);
      return accountView(ctx, params.userId);
    },

    async listAuditEvents({ query, ctx }) {
      admin(ctx);
      const { items, nextCursor } = await listAuditEvents(ctx.state.em, { ...query, limit: query.limit ?? 50 });
      const refs = await users.refs(
        ctx.state.em,
        items.flatMap((event) => [event.actorUserId, event.subjectUserId].filter((id): id is string => id !== null)),
      );
      return { status: 200, body: { items: items.map((event) => auditEventView(event, refs)), nextCursor } };
    },

    async listApprovalQueue({ query, ctx }) {
      admin(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { items, total } = await review.queue(ctx.state.em, page, pageSize);
      const refs = await users.refs(
        ctx.state.em,
        items.map((item) => item.ownerId),
      );
      return {
        status: 200,
        body: { items: items.map((item) => queueItemView(item, refs)), page: { page, pageSize, total } },
      };
    },

    async getApprovalInvoice({ params, ctx }) {
      admin(ctx);
      const reviewed = await review.get(ctx.state.em, params.invoiceId);
      const refs = await users.refs(ctx.state.em, [
        reviewed.details.invoice.ownerId,
        ...reviewed.events.flatMap((event) => (event.actorUserId ? [event.actorUserId] : [])),
      ]);
      return { status: 200, body: approvalInvoiceView(reviewed, refs, today()) };
    },

    async getApprovalInvoicePdf({ params, ctx }) {
      admin(ctx);
      const pdf = await deps.previewPdf(ctx.state.em, params.invoiceId);
      return {
        status: 200,
        // Koa sends a Buffer as bytes (any other object as JSON).
        body: Buffer.from(pdf),
        contentType: 'application/pdf',
        headers: {
          'Content-Length': String(pdf.length),
          'Content-Disposition': 'inline; filename="preview.pdf"',
          'Content-Security-Policy': "sandbox; default-src 'none'",
          'Cache-Control': 'private, no-store',
        },
      };
    },

    async approveInvoice({ params, body, ctx }) {
      const actor = admin(ctx);
      const result = await deps.approve(ctx.state.em, {
        invoiceId: params.invoiceId,
        adminId: actor.userId,
        version: body?.version,
      });
      return { status: 200, body: { invoiceId: params.invoiceId, ...statusOf(result.state), version: result.version } };
    },

    async requestInvoiceChanges({ params, body, ctx }) {
      const actor = admin(ctx);
      const result = await review.requestChanges(ctx.state.em, actor, params.invoiceId, body);
      return { status: 200, body: { invoiceId: params.invoiceId, ...statusOf(result.state), version: result.version } };
    },

    async listBlockedRecipients({ query, ctx }) {
      admin(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { items, total } = await deps.blocklist.list(ctx.state.em, { ...query, page, pageSize });
      const refs = await users.refs(
        ctx.state.em,
        items.flatMap((entry) => (entry.createdBy ? [entry.createdBy] : [])),
      );
      return {
        status: 200,
        body: { items: items.map((entry) => blocklistEntryView(entry, refs)), page: { page, pageSize, total } },
      };
    },

    async blockRecipient({ body, ctx }) {
      const entry = await deps.blocklist.add(ctx.state.em, admin(ctx), body);
      ctx.set('Location', `/api/admin/blocklist/${entry.id}`);
      return { status: 201, body: await entryView(ctx, entry) };
    },

    async updateBlockedRecipient({ params, body, ctx }) {
      const entry = await deps.blocklist.updateReason(ctx.state.em, admin(ctx), params.entryId, body.reason);
      return { status: 200, body: await entryView(ctx, entry) };
    },

    async unblockRecipient({ params, ctx }) {
      await deps.blocklist.remove(ctx.state.em, admin(ctx), params.entryId);
      return { status: 204, body: undefined };
    },

    async listEInvoiceRecipients({ query, ctx }) {
      admin(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { items, total } = await deps.acceptance.list(ctx.state.em, {
        status: query.status ?? 'waiting',
        q: query.q,
        page,
        pageSize,
      });
      return { status: 200, body: { items: await recipientViews(ctx, items), page: { page, pageSize, total } } };
    },

    async markEInvoiceRecipientReachable({ params, body, ctx }) {
      const recipient = await deps.acceptance.markReachable(
        ctx.state.em,
        admin(ctx),
        params.customerId,
        body?.participantId,
      );
      return { status: 200, body: (await recipientViews(ctx, [recipient]))[0]! };
    },

    async markEInvoiceRecipientUnreachable({ params, ctx }) {
      const recipient = await deps.acceptance.markUnreachable(ctx.state.em, admin(ctx), params.customerId);
      return { status: 200, body: (await recipientViews(ctx, [recipient]))[0]! };
    },

    async listExchangeRates({ query, ctx }) {
      admin(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { items, total } = await exchangeRates.list(ctx.state.em, { ...query, page, pageSize });
      return { status: 200, body: { items: items.map(exchangeRateView), page: { page, pageSize, total } } };
    },

    async setExchangeRate({ params, body, ctx }) {
      const row = await exchangeRates.set(ctx.state.em, admin(ctx), params.currency, params.date, body.sekPerUnit);
      return { status: 200, body: exchangeRateView(row) };
    },

    async importExchangeRates({ body, ctx }) {
      const actor = admin(ctx);
      const file = body.files.file!;
      const result = await exchangeRates.import(ctx.state.em, actor, file);
      return { status: 200, body: result };
    },

    async listCampaignCodes({ query, ctx }) {
      admin(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { items, total } = await campaignCodes.list(ctx.state.em, { ...query, page, pageSize });
      const day = today();
      return {
        status: 200,
        body: { items: items.map((code) => campaignCodeView(code, day)), page: { page, pageSize, total } },
      };
    },

    async createCampaignCode({ body, ctx }) {
      const code = await campaignCodes.create(ctx.state.em, admin(ctx), body);
      ctx.set('Location', `/api/admin/campaign-codes/${code.id}`);
      return { status: 201, body: campaignCodeView(code, today()) };
    },

    async updateCampaignCode({ params, body, ctx }) {
      const code = await campaignCodes.update(ctx.state.em, admin(ctx), params.codeId, body);
      return { status: 200, body: campaignCodeView(code, today()) };
    },

    async expireCampaignCode({ params, ctx }) {
      const code = await campaignCodes.expire(ctx.state.em, admin(ctx), params.codeId);
      return { status: 200, body: campaignCodeView(code, today()) };
    },

    async listCampaignCodeUses({ params, query, ctx }) {
      admin(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { items, total } = await campaignCodes.uses(ctx.state.em, params.codeId, page, pageSize);
      const refs = await users.refs(
        ctx.state.em,
        items.map((item) => item.ownerId),
      );
      return {
        status: 200,
        body: {
          items: items.map((item) => ({
            invoiceId: item.invoiceId,
            number: item.number,
            freelancer: refs.get(item.ownerId) ?? { id: item.ownerId, email: '', displayName: '' },
            ...statusOf(item.state),
            invoiceDate: item.invoiceDate,
            currency: item.currency,
            totalExclVat: item.totalExclVat,
            sentAt: item.sentAt?.toISOString() ?? null,
            counted: item.counted,
          })),
          page: { page, pageSize, total },
        },
      };
    },

    listDatedSettings({ ctx }) {
      admin(ctx);
      return { status: 200, body: datedSettings(today()) };
    },
  };
}
