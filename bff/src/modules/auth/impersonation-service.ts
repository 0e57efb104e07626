// Who an admin may act as: the checks before an impersonation session is created (routes.ts creates it).
import type { EntityManager } from '@mikro-orm/postgresql';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError, fieldError } from '../../platform/errors.ts';
import type { RequestSession } from '../../platform/http/context.ts';
import { findUserByEmail } from './account-checks.ts';
import { User } from './entities.ts';

export class ImpersonationService {
  /** The account an admin may start acting as, or why not. */
  async target(em: EntityManager, session: RequestSession, input: { userId?: string; email?: string }): Promise<User> {
    if (session.impersonatorId) {
      throw new ConflictError('already_impersonating', 'Stop the current impersonation first');
    }
    if (!session.isAdmin) throw new ForbiddenError('forbidden', 'Only admins can impersonate users');
    if ((input.userId === undefined) === (input.email === undefined)) {
      throw new ValidationError([
        fieldError('body', 'user_id_or_email_required', 'Give exactly one of userId and email'),
      ]);
    }
    const field = input.userId !== undefined ? 'body.userId' : 'body.email';
    const target =
      input.userId !== undefined
        ? await em.findOne(User, { id: input.userId })
        : await findUserByEmail(em, input.email!);
    if (!target) throw new NotFoundError('not_found', 'No such user');
    if (target.id === session.userId)
      throw new ValidationError([fieldError(field, 'cannot_impersonate_self', 'You cannot impersonate yourself')]);
    if (target.isAdmin)
      throw new ValidationError([fieldError(field, 'cannot_impersonate_admin', 'Admins cannot be impersonated')]);
    if (target.disabledAt) throw new ConflictError('account_disabled', 'This account is disabled');
    return target;
  }
}
