// The official standard files the tests read (the UBL 2.1 and pain.001 schemas, Peppol's example documents, the public
// identifier test lists), declared with their sources and SHA-256 in manifest.json and never kept in this repository.
// They are taken from STANDARDS_DIR when it is set, else from ../shared/standards beside the repository when that
// exists, else from .cache/standards/ (git-ignored), where a missing file is downloaded once from its sources. A file
// whose SHA-256 is not the manifest's is refused, wherever it comes from (decision 0027).

import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { derive, type Derivation, type UpstreamFile } from './derive.ts';

export interface ManifestFile {
  /** Where the file sits in a standards folder (STANDARDS_DIR, ../shared/standards, .cache/standards). */
  readonly path: string;
  readonly sha256: string;
  /** Published as is: downloaded from the first of these whose bytes have `sha256`. */
  readonly sources?: readonly string[];
  /** Not published as is: made by derive.ts from `from`, each downloaded and checked against its own SHA-256. */
  readonly derive?: Derivation;
  readonly from?: readonly { readonly url: string; readonly sha256: string }[];
  /** Other known copies of the same content, accepted from a folder (never downloaded). */
  readonly alsoAccepted?: readonly { readonly sha256: string; readonly why: string }[];
}

export interface StandardsManifest {
  readonly sets: readonly { readonly name: string; readonly files: readonly ManifestFile[] }[];
}

export type Origin = 'STANDARDS_DIR' | '../shared/standards' | '.cache/standards';

export interface Standards {
  readonly dir: string;
  readonly origin: Origin;
  /** The manifest's paths that were asked for, each checked. */
  readonly files: readonly string[];
  text(file: string): string;
}

export interface StandardsOptions {
  /** Manifest paths, or folders ending in `/`, to provide; all of the manifest's by default. */
  readonly only?: readonly string[];
  readonly env?: Readonly<Record<string, string | undefined>>;
  /** The repository root, whose parent may hold shared/standards and under which .cache/standards lives. */
  readonly repoRoot?: string;
  readonly manifest?: StandardsManifest;
  /** Set: download nothing, and report a file missing from .cache/standards with this reason. */
  readonly noDownload?: string;
  readonly timeoutMs?: number;
}

export const MANIFEST_PATH = join(import.meta.dirname, 'manifest.json');
const REPO_ROOT = resolve(import.meta.dirname, '..', '..');
const HOW =
  'Set STANDARDS_DIR to a folder holding the files of tools/standards/manifest.json, or allow network access to download them once into .cache/standards/.';

/** A file the tests need that none of the ways could provide, with what went wrong and the two ways to provide it. */
export class StandardsUnavailable extends Error {
  readonly file: string;
  readonly reason: string;
  /** Why a download failed, in the network's words (e.g. `getaddrinfo ENOTFOUND docs.oasis-open.org`). */
  readonly downloadFailure: string | undefined;
  constructor(file: string, reason: string, downloadFailure?: string) {
    super(`Official standard file missing: ${file} (${reason}). ${HOW}`);
    this.name = 'StandardsUnavailable';
    this.file = file;
    this.reason = reason;
    this.downloadFailure = downloadFailure;
  }
}

export function readManifest(path = MANIFEST_PATH): StandardsManifest {
  return JSON.parse(readFileSync(path, 'utf8')) as StandardsManifest;
}

const sha256 = (bytes: Buffer): string => createHash('sha256').update(bytes).digest('hex');

function selected(manifest: StandardsManifest, only: readonly string[] | undefined): ManifestFile[] {
  const all = manifest.sets.flatMap((set) => set.files);
  if (!only) return all;
  const chosen = all.filter((file) =>
    only.some((wanted) => (wanted.endsWith('/') ? file.path.startsWith(wanted) : file.path === wanted)),
  );
  for (const wanted of only) {
    if (!chosen.some((file) => (wanted.endsWith('/') ? file.path.startsWith(wanted) : file.path === wanted))) {
      throw new Error(`${wanted} is not in tools/standards/manifest.json`);
    }
  }
  return chosen;
}

const accepted = (file: ManifestFile, digest: string): boolean =>
  digest === file.sha256 || (file.alsoAccepted ?? []).some((copy) => copy.sha256 === digest);

/** Checks that every file is in `dir`, with a SHA-256 the manifest knows. */
function checkFolder(dir: string, where: string, files: readonly ManifestFile[]): void {
  for (const file of files) {
    const path = join(dir, file.path);
    if (!existsSync(path)) throw new StandardsUnavailable(file.path, `not in ${where} ${dir}`);
    const digest = sha256(readFileSync(path));
    if (!accepted(file, digest)) {
      throw new StandardsUnavailable(
        file.path,
        `refused: ${where}'s copy has SHA-256 ${digest}, the manifest says ${file.sha256}`,
      );
    }
  }
}

class Refused extends Error {}

/** A source that did not answer with the file: `failure` says why (the network's words, or the HTTP status). */
class DownloadFailed extends Error {
  readonly failure: string;
  constructor(url: string, failure: string, cause?: unknown) {
    super(`download failed: ${failure} (${url})`, { cause });
    this.failure = failure;
  }
}

async function download(url: string, expected: string, timeoutMs: number): Promise<Buffer> {
  let response: Response;
  try {
    response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  } catch (error) {
    const cause = (error as { cause?: { message?: string } }).cause?.message;
    throw new DownloadFailed(url, cause ?? (error as Error).message, error);
  }
  if (response.status !== 200) throw new DownloadFailed(url, `HTTP ${response.status}`);
  const bytes = Buffer.from(await response.arrayBuffer());
  const digest = sha256(bytes);
  if (digest !== expected) throw new Refused(`refused ${url}: its SHA-256 is ${digest}, the manifest says ${expected}`);
  return bytes;
}

/** The file's bytes from its sources (or its upstream files and transform), checked; never unchecked bytes. */
async function fetchChecked(file: ManifestFile, timeoutMs: number): Promise<Buffer> {
  if (file.derive) {
    const upstream: UpstreamFile[] = [];
    for (const source of file.from ?? []) {
      upstream.push({ url: source.url, bytes: await download(source.url, source.sha256, timeoutMs) });
    }
    const bytes = derive(file.derive, upstream);
    const digest = sha256(bytes);
    if (digest !== file.sha256) {
      throw new Refused(`refused: ${file.derive.transform} made SHA-256 ${digest}, the manifest says ${file.sha256}`);
    }
    return bytes;
  }
  const failures: Error[] = [];
  for (const url of file.sources ?? []) {
    try {
      return await download(url, file.sha256, timeoutMs);
    } catch (error) {
      failures.push(error as Error);
    }
  }
  // A refusal says more than a network failure of another source: report it first.
  const refusal = failures.find((failure) => failure instanceof Refused);
  throw refusal ?? failures[0] ?? new Error('no source in the manifest');
}

/** Fills .cache/standards/ with what is missing or wrong there; each file is written only once checked. */
async function fillCache(cache: string, files: readonly ManifestFile[], options: StandardsOptions): Promise<void> {
  for (const file of files) {
    const path = join(cache, file.path);
    if (existsSync(path) && sha256(readFileSync(path)) === file.sha256) continue;
    if (options.noDownload) throw new StandardsUnavailable(file.path, options.noDownload);
    let bytes: Buffer;
    try {
      bytes = await fetchChecked(file, options.timeoutMs ?? 60_000);
    } catch (error) {
      const failure = error instanceof DownloadFailed ? error.failure : undefined;
      throw new StandardsUnavailable(file.path, (error as Error).message, failure);
    }
    mkdirSync(dirname(path), { recursive: true });
    const partial = `${path}.${process.pid}.partial`;
    writeFileSync(partial, bytes);
    renameSync(partial, path);
  }
}

/** The standard files, from the first way that applies; throws StandardsUnavailable naming a file none provides. */
export async function loadStandards(options: StandardsOptions = {}): Promise<Standards> {
  const env = options.env ?? process.env;
  const root = options.repoRoot ?? REPO_ROOT;
  const files = selected(options.manifest ?? readManifest(), options.only);
  let dir: string;
  let origin: Origin;
  if (env.STANDARDS_DIR) {
    dir = resolve(root, env.STANDARDS_DIR);
    origin = 'STANDARDS_DIR';
    checkFolder(dir, 'STANDARDS_DIR', files);
  } else if (existsSync(resolve(root, '..', 'shared', 'standards'))) {
    dir = resolve(root, '..', 'shared', 'standards');
    origin = '../shared/standards';
    checkFolder(dir, '../shared/standards', files);
  } else {
    dir = resolve(root, '.cache', 'standards');
    origin = '.cache/standards';
    await fillCache(dir, files, options);
  }
  const known = new Set(files.map((file) => file.path));
  return {
    dir,
    origin,
    files: files.map((file) => file.path),
    text(file: string): string {
      if (!known.has(file)) throw new Error(`${file} was not asked for (or is not in tools/standards/manifest.json)`);
      return readFileSync(join(dir, file), 'utf8');
    },
  };
}

/**
 * Set by the BFF's global test setup to why the files could not be downloaded, so that each test file does not try
 * again: a file then takes them only from a folder.
 */
export const UNAVAILABLE_ENV = 'FRILO_STANDARDS_UNAVAILABLE';

export interface TestStandards {
  /** For node:test's `skip`: false when the files are here and checked, else the one message. */
  readonly skip: string | false;
  /** The manifest's paths asked for (also when skipped, so skipped tests keep their names). */
  readonly files: readonly string[];
  /** A file's text; throws StandardsUnavailable (the same message) when the files are not here. */
  text(file: string): string;
}

/**
 * The files a test file needs, or the reason its tests that need them are skipped. Under CI (`CI` set) nothing is
 * skipped: a missing file throws, since a run that did not check against the official files has not passed.
 */
export async function standardsForTests(
  only: readonly string[],
  options: Omit<StandardsOptions, 'only'> = {},
): Promise<TestStandards> {
  const env = options.env ?? process.env;
  const failedBefore = env[UNAVAILABLE_ENV];
  try {
    const standards = await loadStandards({ ...options, only, ...(failedBefore ? { noDownload: failedBefore } : {}) });
    return { skip: false, files: standards.files, text: (file) => standards.text(file) };
  } catch (error) {
    if (!(error instanceof StandardsUnavailable) || env.CI) throw error;
    const files = selected(options.manifest ?? readManifest(), only).map((file) => file.path);
    return {
      skip: error.message,
      files,
      text: () => {
        throw error;
      },
    };
  }
}
