// The Koa context every middleware and handler sees, and the services the app is built from.
import type { ParameterizedContext } from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { Logger } from 'pino';
import type { Config } from '../config.ts';
import type { Orm } from '../db/orm.ts';
import type { Mailer } from '../mail/mailer.ts';
import type { Jobs } from '../jobs/jobs.ts';
import type { FileStorage } from '../storage/storage.ts';

/** The authenticated session of a request, set by the auth module's session middleware. */
export interface RequestSession {
  sessionId: string;
  userId: string;
  /** Set while an admin impersonates `userId`: the admin's own user id. */
  impersonatorId: string | null;
  isAdmin: boolean;
  emailConfirmed: boolean;
}

export interface AppState {
  requestId: string;
  log: Logger;
  em: EntityManager;
  session?: RequestSession;
  /**
   * Set by a handler that changed which session this browser holds (login, logout, rotation): the new session's id,
   * or null for none. The CSRF middleware binds the browser's CSRF token to it in the same response.
   */
  boundSessionId?: string | null;
  operationId?: string;
}

export type AppContext = ParameterizedContext<AppState>;

export interface AppServices {
  config: Config;
  orm: Orm;
  log: Logger;
  mailer: Mailer;
  jobs: Jobs;
  files: FileStorage;
}
