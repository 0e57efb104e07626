// The one shape every BFF module has. A module owns its entities and handles exactly the operations of its
// contract file (openapi/modules/<name>.yaml), and may add request middleware, queued jobs and demo data.
// app-modules.ts registers them all; see docs/decisions/0008-bff-module-interface.md.
import type { EntitySchema } from '@mikro-orm/core';
import type { Next } from 'koa';
import { moduleOperations, type ContractModule, type ModuleOperationId } from '@frilo/openapi/types/modules';
import type { AppContext, AppServices } from './http/context.ts';
import type { Handler, Handlers, OperationId } from './http/contract.ts';
import type { Translations } from './i18n/translations.ts';
import type { QueueDefinition } from './jobs/jobs.ts';

/** What a module is built from: the app's services and the texts of emails and pages. */
export interface ModuleContext {
  services: AppServices;
  translations: Translations;
}

/**
 * One handler for each operation of the module's contract file, and no other: a missing, misspelt or foreign
 * operation fails the type check (and two modules cannot handle one operation, since each belongs to one file).
 */
export type ModuleHandlers<M extends ContractModule> = {
  [K in ModuleOperationId<M>]: Handler<Extract<K, OperationId>>;
};

export type ModuleMiddleware = (ctx: AppContext, next: Next) => Promise<void>;

/** A module as one app instance runs it. */
export interface ModuleParts<M extends ContractModule> {
  handlers: ModuleHandlers<M>;
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
  omit?: readonly ModuleOperationId<M>[];
  /** Queues with their workers, registered before the job queue starts. */
  jobs?: QueueDefinition<never>[];
  /** Creates demo data outside production; returns lines for the start-up banner (e.g. demo logins). */
  seed?: () => Promise<string[]>;
  /** Path prefixes of pages the module serves itself (server-rendered HTML), which the web app must leave to it. */
  pages?: string[];
  /** Runs once the job queue has started (e.g. to queue again what a crash interrupted). */
  startup?: () => Promise<void>;
}

export interface BffModule<M extends ContractModule> {
  name: M;
  /** The MikroORM entities of the module's tables; the ORM's list is every module's (entities.ts). */
  entities: readonly EntitySchema[];
  /** Builds the module's parts; called once per app, so state (services, limiters) lives per app. */
  create(context: ModuleContext): ModuleParts<M>;
}

/** Declares a module; it exists so the object is checked (and `M` inferred from `name`) where it is written. */
export function defineModule<M extends ContractModule>(module: BffModule<M>): BffModule<M> {
  return module;
}

/** The registry's type: one module per contract file, under its name. A missing or extra module fails the type check. */
export type ModuleRegistry = { [M in ContractModule]: BffModule<M> };
type AnyModule = ModuleRegistry[ContractModule];

// The generated module map and the generated operation types come from the same documents; should they ever
// disagree, an operation could belong to no module (never handled) or a module could name an unknown one.
type Assert<T extends true> = T;
type Same<A, B> = [Exclude<A, B>, Exclude<B, A>] extends [never, never] ? true : false;
export type _EveryOperationBelongsToAModule = Assert<Same<ModuleOperationId<ContractModule>, OperationId>>;

/** Every module built for one app: their parts joined, in registry order. */
export interface BuiltModules {
  handlers: Handlers;
  identify: ModuleMiddleware[];
  beforeRouter: ModuleMiddleware[];
  bodyLimits: { path: string; limit: number }[];
  omit: OperationId[];
  jobs: QueueDefinition<never>[];
  pages: string[];
  /** Runs every module's seed in registry order; returns the lines they print. */
  seed: () => Promise<string[]>;
  /** Runs every module's start-up work in registry order, after the job queue has started. */
  startup: () => Promise<void>;
}

export function buildModules(registry: ModuleRegistry, context: ModuleContext): BuiltModules {
  const handlers: Record<string, unknown> = {};
  const built: Omit<BuiltModules, 'seed' | 'startup'> = {
    handlers: handlers as Handlers,
    identify: [],
    beforeRouter: [],
    bodyLimits: [],
    omit: [],
    jobs: [],
    pages: [],
  };
  const seeds: (() => Promise<string[]>)[] = [];
  const startups: (() => Promise<void>)[] = [];
  for (const module of Object.values(registry) as AnyModule[]) {
    const parts = module.create(context);
    // The types already guarantee this; a cast somewhere must not turn it into a silently ignored handler.
    const own = new Set<string>(moduleOperations[module.name]);
    for (const [operationId, handler] of Object.entries(parts.handlers)) {
      if (!own.has(operationId)) throw new Error(`${operationId} is not an operation of the ${module.name} module`);
      handlers[operationId] = handler;
    }
    built.identify.push(...(parts.middleware?.identify ?? []));
    built.beforeRouter.push(...(parts.middleware?.beforeRouter ?? []));
    built.bodyLimits.push(...(parts.bodyLimits ?? []));
    built.omit.push(...((parts.omit ?? []) as OperationId[]));
    built.jobs.push(...(parts.jobs ?? []));
    built.pages.push(...(parts.pages ?? []));
    if (parts.seed) seeds.push(parts.seed);
    if (parts.startup) startups.push(parts.startup);
  }
  return {
    ...built,
    async seed() {
      const lines: string[] = [];
      for (const seed of seeds) lines.push(...(await seed()));
      return lines;
    },
    async startup() {
      for (const startup of startups) await startup();
    },
  };
}
