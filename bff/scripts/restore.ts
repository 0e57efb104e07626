// `npm run restore -- <backup directory>`: puts a backup made by `npm run backup` into the configured database and
// file storage, which must be new: a fresh DATA_DIR (or an empty DATABASE_URL database, and empty S3 prefix).
import { resolve } from 'node:path';
import { loadConfig } from '../src/platform/config.ts';
import { runRestore } from '../src/backup-commands.ts';

if (!process.argv[2]) {
  console.error('Usage: npm run restore -- <backup directory>');
  process.exit(2);
}
const dir = resolve(process.argv[2]);
const config = loadConfig();
try {
  const manifest = await runRestore(config, dir);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  const where = config.databaseUrl ? 'DATABASE_URL' : config.dataDir;
  console.log(
    `Restored ${dir} (made ${manifest.createdAt}) into ${where}: ${rows} rows, ${manifest.files.length} files.`,
  );
} catch (error) {
  console.error(`The restore failed: ${(error as Error).message}`);
  process.exit(1);
}
