// A deployment with remotes on another origin, for remote-deploy.spec.ts (issue 22): a CDN (a second static server,
// tools/testing/cdn-server.ts) serving mf-customers' built dist/ as uploaded, and a copy of mf-salaries built to
// declare an older shell contract; and a second BFF instance configured the way production points remotes
// elsewhere (REMOTE_MANIFESTS), sharing the suite's database (as several instances of one deployment do), so the
// suite's demo accounts work on it. Nothing is rebuilt but the skewed copy (one remote, ~5 s, once per worker).
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { realpathSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test as base } from './fixtures.ts';
import { freePort, startSecondBff } from '../../tools/testing/bff-instance.ts';
import { startCdnServer, type CdnServer } from '../../tools/testing/cdn-server.ts';

const repo = join(import.meta.dirname, '..', '..');

export type Deployment = {
  /** The second BFF instance: the shell's origin. */
  url: string;
  /** The CDN: its origin and what it was asked for. */
  cdn: CdnServer;
  /** Where remotes.json points the remotes that are not on the BFF. */
  manifests: { customers: string; skewedSalaries: string };
};

/** The contract version the skewed copy declares: one older than any this shell runs. */
export const SKEWED_CONTRACT_VERSION = 0;

function run(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => (errors += chunk.toString()));
    child.once('error', reject);
    child.once('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${args.join(' ')} exited with ${code}: ${errors}`)),
    );
  });
}

/** mf-salaries as it is, but declaring contract version `version`: the build's `--env shellContractVersion`. */
async function buildSkewedSalaries(outputDir: string, version: number): Promise<void> {
  const rspack = realpathSync(join(repo, 'node_modules', '.bin', 'rspack'));
  await run(
    process.execPath,
    [
      rspack,
      'build',
      '-c',
      'rspack.config.ts',
      '--env',
      `shellContractVersion=${version}`,
      '-o',
      outputDir,
      '-d',
      'false',
    ],
    join(repo, 'mf-salaries'),
  );
}

export const test = base.extend<object, { deployment: Deployment }>({
  deployment: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function asks for from its first parameter.
    async ({}, provide) => {
      const port = await freePort();
      const url = `http://127.0.0.1:${port}`;
      const skewDir = join(tmpdir(), `frilo-e2e-skew-${randomBytes(6).toString('hex')}`);
      const cdn = await startCdnServer({
        mounts: {
          '/frilo/mf-customers/': join(repo, 'mf-customers', 'dist'),
          '/frilo/mf-salaries-contract-0/': skewDir,
        },
        allowOrigins: [url],
      });
      const manifests = {
        customers: `${cdn.origin}/frilo/mf-customers/mf-manifest.json`,
        skewedSalaries: `${cdn.origin}/frilo/mf-salaries-contract-0/mf-manifest.json`,
      };
      const bff = await startSecondBff(
        { REMOTE_MANIFESTS: `mf-customers=${manifests.customers},mf-salaries=${manifests.skewedSalaries}` },
        port,
      );
      try {
        // The build and the BFF's start-up overlap.
        await Promise.all([buildSkewedSalaries(skewDir, SKEWED_CONTRACT_VERSION), bff.ready]);
        await provide({ url, cdn, manifests });
      } finally {
        await bff.stop();
        await cdn.close();
        await rm(skewDir, { recursive: true, force: true });
      }
    },
    { scope: 'worker', timeout: 180_000 },
  ],
  // Every page and request of these tests goes to the second instance.
  baseURL: async ({ deployment }, provide) => provide(deployment.url),
});

export { expect } from './fixtures.ts';
