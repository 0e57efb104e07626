// The customers module's operations: HTTP (session, statuses, headers) around CustomerService and the views.
import type { AppContext } from '../../platform/http/context.ts';
import type { ModuleHandlers } from '../../platform/module.ts';
import { actorOf, requireConfirmedSession } from '../../platform/http/guards.ts';
import type { Actor, CustomerService } from './service.ts';
import { customerView, publicRecipientDetails } from './views.ts';

/** The freelancer behind a business operation: a confirmed email is required (403 `email_not_confirmed`). */
function actor(ctx: AppContext): Actor {
  const session = requireConfirmedSession(ctx);
  return { userId: session.userId, actorUserId: actorOf(session), ip: ctx.ip || null };
}

export function customersHandlers(service: CustomerService): ModuleHandlers<'customers'> {
  return {
    async listCustomers({ query, ctx }) {
      const { userId } = actor(ctx);
      const page = query.page ?? 1;
      const pageSize = query.pageSize ?? 20;
      const { items, total, next, previous } = await service.list(ctx.state.em, userId, {
        q: query.q,
        type: query.type,
        page,
        pageSize,
        sort: query.sort ?? 'name',
        order: query.order ?? 'asc',
        after: query.after,
        before: query.before,
      });
      const today = service.today();
      return {
        status: 200,
        body: {
          items: items.map((c) => customerView(c, today)),
          page: { page, pageSize, total, next, previous },
        },
      };
    },

    async createCustomer({ body, ctx }) {
      const customer = await service.create(ctx.state.em, actor(ctx), body);
      ctx.set('Location', `/api/customers/${customer.id}`);
      return { status: 201, body: customerView(customer, service.today()) };
    },

    async findDuplicateCustomers({ query, ctx }) {
      const { userId } = actor(ctx);
      return { status: 200, body: await service.findDuplicates(ctx.state.em, userId, query) };
    },

    async getCustomer({ params, ctx }) {
      const customer = await service.get(ctx.state.em, actor(ctx).userId, params.uuid);
      return { status: 200, body: customerView(customer, service.today()) };
    },

    async updateCustomer({ params, body, ctx }) {
      const customer = await service.update(ctx.state.em, actor(ctx), params.uuid, body);
      return { status: 200, body: customerView(customer, service.today()) };
    },

    async deleteCustomer({ params, ctx }) {
      await service.delete(ctx.state.em, actor(ctx), params.uuid);
      return { status: 204, body: undefined };
    },

    async getCustomerProblems({ params, ctx }) {
      return { status: 200, body: await service.problems(ctx.state.em, actor(ctx).userId, params.uuid) };
    },

    async sendCustomerVerification({ params, ctx }) {
      return { status: 202, body: await service.sendVerification(ctx.state.em, actor(ctx), params.uuid) };
    },

    async getPublicRecipient({ params, ctx }) {
      const { customer, verification, requestedBy } = await service.publicRecipient(
        ctx.state.em,
        params.uuid,
        params.nonce,
      );
      return {
        status: 200,
        body: {
          recipient: publicRecipientDetails(customer),
          requestedBy: { name: requestedBy },
          version: customer.version,
          governmentIdLocked: customer.governmentIdLockedAt != null,
          expiresAt: verification.expiresAt.toISOString(),
        },
      };
    },

    async stopRecipientEmails({ params, ctx }) {
      return { status: 200, body: await service.stopRecipientEmails(ctx.state.em, params.uuid, params.nonce) };
    },

    async confirmPublicRecipient({ params, body, ctx }) {
      const { customer, correctedFields } = await service.confirmPublicRecipient(
        ctx.state.em,
        params.uuid,
        params.nonce,
        body,
      );
      return {
        status: 200,
        body: {
          verifiedAt: customer.verifiedAt!.toISOString(),
          correctedFields,
          recipient: publicRecipientDetails(customer),
        },
      };
    },
  };
}
