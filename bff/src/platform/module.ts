// The one shape every BFF module has. A module owns its entities and adds handlers for its contract
// operations, and optionally request middleware, queued jobs and demo data; app-modules.ts lists them all.
import type { EntitySchema } from '@mikro-orm/core';
import type { Next } from 'koa';
import type { AppContext, AppServices } from './http/context.ts';
import type { Handlers, OperationId } from './http/contract.ts';
import type { Translations } from './i18n/translations.ts';
import type { QueueDefinition } from './jobs/jobs.ts';

/** What a module is built from: the app's services and the texts of emails and pages. */
export interface ModuleContext {
  services: AppServices;
  translations: Translations;
}

export type ModuleMiddleware = (ctx: AppContext, next: Next) => Promise<void>;

/** A module as one app instance runs it. */
export interface ModuleParts {
  handlers: Handlers;
  /** Middleware for every request, by where it runs; within a stage, in the order of the registry. */
  middleware?: {
    /** Before the CSRF check and the body reader: who is asking (the auth module reads the session cookie). */
    identify?: ModuleMiddleware[];
    /** Just before the contract router: answers outside the contract (the API docs page). */
    beforeRouter?: ModuleMiddleware[];
  };
  /** Smaller JSON body limits than the app's for some of the module's paths. */
  bodyLimits?: { path: string; limit: number }[];
  /** Operations of the module this deployment leaves out (the dev mailbox in production). */
  omit?: OperationId[];
  /** Queues with their workers, registered before the job queue starts. */
  jobs?: QueueDefinition<never>[];
  /** Creates demo data outside production; returns lines for the start-up banner (e.g. demo logins). */
  seed?: () => Promise<string[]>;
}

export interface BffModule {
  name: string;
  /** The MikroORM entities of the module's tables; the ORM's list is every module's (entities.ts). */
  entities: readonly EntitySchema[];
  /** Builds the module's parts; called once per app, so state (services, limiters) lives per app. */
  create(context: ModuleContext): ModuleParts;
}

/** Declares a module; the identity function exists so the object is checked where it is written. */
export function defineModule(module: BffModule): BffModule {
  return module;
}

/** Every module built for one app: their parts joined, in registry order. */
export interface BuiltModules {
  handlers: Handlers;
  identify: ModuleMiddleware[];
  beforeRouter: ModuleMiddleware[];
  bodyLimits: { path: string; limit: number }[];
  omit: OperationId[];
  jobs: QueueDefinition<never>[];
  /** Runs every module's seed in registry order; returns the lines they print. */
  seed: () => Promise<string[]>;
}

export function buildModules(modules: readonly BffModule[], context: ModuleContext): BuiltModules {
  const handlers: Record<string, unknown> = {};
  const built: Omit<BuiltModules, 'seed'> = {
    handlers: handlers as Handlers,
    identify: [],
    beforeRouter: [],
    bodyLimits: [],
    omit: [],
    jobs: [],
  };
  const seeds: (() => Promise<string[]>)[] = [];
  for (const module of modules) {
    const parts = module.create(context);
    for (const [operationId, handler] of Object.entries(parts.handlers)) {
      if (operationId in handlers) throw new Error(`Two modules handle ${operationId} (the second is ${module.name})`);
      handlers[operationId] = handler;
    }
    built.identify.push(...(parts.middleware?.identify ?? []));
    built.beforeRouter.push(...(parts.middleware?.beforeRouter ?? []));
    built.bodyLimits.push(...(parts.bodyLimits ?? []));
    built.omit.push(...(parts.omit ?? []));
    built.jobs.push(...(parts.jobs ?? []));
    if (parts.seed) seeds.push(parts.seed);
  }
  return {
    ...built,
    async seed() {
      const lines: string[] = [];
      for (const seed of seeds) lines.push(...(await seed()));
      return lines;
    },
  };
}
