// `npm run backup [-- <directory>]`: copies the database and the stored files into a new directory (default
// backups/frilo-<time> under the current directory), with a manifest of SHA-256 sums. Safe while Frilo runs.
import { resolve } from 'node:path';
import { loadConfig } from '../src/platform/config.ts';
import { runBackup } from '../src/backup-commands.ts';

const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const dir = resolve(process.argv[2] ?? `backups/frilo-${stamp}`);
try {
  const manifest = await runBackup(loadConfig(), dir);
  const rows = manifest.tables.reduce((sum, table) => sum + table.rows, 0);
  console.log(
    `Backup written to ${dir}: ${manifest.tables.length} tables (${rows} rows), ${manifest.files.length} files.`,
  );
  console.log(`Restore it into a fresh DATA_DIR (or an empty DATABASE_URL) with: npm run restore -- ${dir}`);
} catch (error) {
  console.error(`The backup failed: ${(error as Error).message}`);
  process.exit(1);
}
