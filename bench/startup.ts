// Time from `npm start` to a healthy BFF, on a fresh data directory and on an existing one.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startProduct } from './lib.ts';

export async function benchStartup(): Promise<Record<string, string | number>[]> {
  const dataDir = await mkdtemp(join(tmpdir(), 'frilo-bench-'));
  const rows: Record<string, string | number>[] = [];
  try {
    for (const label of ['fresh data dir', 'existing data dir', 'existing data dir (again)']) {
      const started = await startProduct(['npm', 'start', '--silent'], { DATA_DIR: dataDir });
      rows.push({ measure: `npm start → healthy, ${label}`, ms: Math.round(started.ms) });
      await started.stop();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
  return rows;
}
