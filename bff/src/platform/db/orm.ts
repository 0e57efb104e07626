// Creates the MikroORM instance on PostgreSQL with the entities it is given and the committed migrations. The entity
// list is every module's, so it comes from the composition root (bff/src/entities.ts): platform/ knows no module.
import type { EntitySchema } from '@mikro-orm/core';
import { MikroORM } from '@mikro-orm/postgresql';
import { Migrator } from '@mikro-orm/migrations';
import type { Logger } from 'pino';
import { migrations } from '../../migrations/index.ts';

export type Orm = MikroORM;

export async function createOrm(
  clientUrl: string,
  entities: readonly EntitySchema[],
  log?: Logger,
  options: { poolMax?: number } = {},
): Promise<Orm> {
  return MikroORM.init({
    clientUrl,
    entities: [...entities],
    extensions: [Migrator],
    // Entities are plain defineEntity schemas: no reflection, no discovery from the file system.
    discovery: { warnWhenNoEntities: true },
    pool: { min: 0, max: options.poolMax ?? 20 },
    migrations: {
      migrationsList: migrations,
      transactional: true,
      allOrNothing: true,
      snapshot: false,
      snapshotOnMigrate: false,
      tableName: 'mikro_orm_migrations',
    },
    debug: false,
    logger: (message) => log?.debug({ orm: message }, 'orm'),
    // Each request forks its own EntityManager (app.ts), and jobs and scripts fork theirs: the global one is never used.
    allowGlobalContext: false,
  });
}

export async function migrate(orm: Orm): Promise<string[]> {
  const applied = await orm.migrator.up();
  return applied.map((m) => m.name);
}
