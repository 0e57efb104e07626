// Reads a remote's `mf-manifest.json` (what remotes.json points at) into what the federation
// runtime needs to load it: the remoteEntry.js URL and global name, plus the files of the exposed
// module so they can download while remoteEntry.js does. The shell does this itself instead of the
// runtime's snapshot plugin (built out with experiments.optimization.disableSnapshot): ~1.4 KB
// gzipped less on every first load, and the shell can start it before React has even loaded.
// It also reads the shell-contract version the remote declares (contract-version.ts decides whether it runs).
import { MANIFEST_CONTRACT_KEY } from '@frilo/openapi/shell-contract';

export type RemoteEntryInfo = {
  /** Absolute URL of remoteEntry.js. */
  entry: string;
  /** The global the container assigns itself to, e.g. `mf_auth`. */
  globalName: string;
  /** How the container is exposed (`global` for ours). */
  type: string;
  /** Absolute URLs the exposed module needs at once. */
  assets: { js: string[]; css: string[] };
  /** The shell-contract version the remote was built against; null for a remote built before remotes declared one. */
  contractVersion: number | null;
};

/** The manifest is missing fields the shell needs (the runtime's own code for the same failure). */
export class InvalidManifestError extends Error {
  constructor(url: string, reason: string) {
    super(`RUNTIME-013 ${url} is not a valid Module Federation manifest: ${reason}`);
    this.name = 'InvalidManifestError';
  }
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];

function join(path: string, name: string): string {
  const trimmed = path.replace(/^\.?\/+/, '').replace(/\/+$/, '');
  return trimmed ? `${trimmed}/${name}` : name;
}

/**
 * Resolves the manifest's files. A `publicPath` of `auto` (what the remotes are built with) means
 * "where the manifest is", so remotes.json may point a remote at any origin.
 */
export function parseManifest(json: unknown, manifestUrl: string, expose = './app'): RemoteEntryInfo {
  if (!isObject(json) || !isObject(json['metaData'])) throw new InvalidManifestError(manifestUrl, 'no metaData');
  const meta = json['metaData'];
  const remoteEntry = meta['remoteEntry'];
  if (!isObject(remoteEntry) || typeof remoteEntry['name'] !== 'string' || !remoteEntry['name']) {
    throw new InvalidManifestError(manifestUrl, 'no remoteEntry');
  }
  const globalName = typeof meta['globalName'] === 'string' ? meta['globalName'] : '';
  if (!globalName) throw new InvalidManifestError(manifestUrl, 'no globalName');
  const declared = meta[MANIFEST_CONTRACT_KEY];
  if (declared !== undefined && !(Number.isSafeInteger(declared) && (declared as number) >= 0))
    throw new InvalidManifestError(manifestUrl, `${MANIFEST_CONTRACT_KEY} is not a whole number`);
  const publicPath = typeof meta['publicPath'] === 'string' ? meta['publicPath'] : 'auto';
  const base = new URL(publicPath === 'auto' || publicPath === '' ? '.' : publicPath, manifestUrl);
  const resolve = (file: string) => new URL(file, base).toString();

  const exposed = (Array.isArray(json['exposes']) ? json['exposes'] : [])
    .filter(isObject)
    .find((item) => item['path'] === expose || `./${String(item['name'])}` === expose);
  const assets = isObject(exposed?.['assets']) ? exposed['assets'] : {};
  const js = isObject(assets['js']) ? strings(assets['js']['sync']) : [];
  const css = isObject(assets['css']) ? strings(assets['css']['sync']) : [];

  return {
    entry: resolve(join(typeof remoteEntry['path'] === 'string' ? remoteEntry['path'] : '', remoteEntry['name'])),
    globalName,
    type: typeof remoteEntry['type'] === 'string' ? remoteEntry['type'] : 'global',
    assets: { js: js.map(resolve), css: css.map(resolve) },
    contractVersion: declared === undefined ? null : (declared as number),
  };
}
