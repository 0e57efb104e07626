// The federation runtime glue: reads /remotes.json, reads each remote's manifest when it is first
// needed, registers its remoteEntry.js with the federation runtime and loads its `./app` (its
// single-spa lifecycles), with retries on network failures. A remote whose manifest declares a shell-contract
// version this shell does not run is refused before any of its code is fetched (contract-version.ts).
//
// No shared module (React...) is imported here: the entry chunk starts the downloads for the URL's
// remote (prefetchRemote) before the shared singletons are agreed, and only runs it later.
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ParcelConfig } from 'single-spa';
import { contractMismatch, ContractMismatchError } from './contract-version.ts';
import { classify, withRetry, type RemoteLoadFailure } from './load-policy.ts';
import { parseManifest, type RemoteEntryInfo } from './remote-manifest.ts';
import { containerName, parseRemotesConfig, type RemotesConfig } from './remotes-config.ts';

/** Script chunk loading times out after 120000 ms, remoteEntry.js included (docs/product/web-app.md#loading-and-failures). */
const SCRIPT_TIMEOUT_MS = 120_000;
const RETRY_DELAYS_MS = [400, 1500] as const;

let configPromise: Promise<RemotesConfig> | null = null;
const entries = new Map<string, Promise<RemoteEntryInfo>>();
const loaded = new Map<string, Promise<ParcelConfig>>();
const preloaded = new Set<string>();

export class RemoteLoadError extends Error {
  readonly failure: RemoteLoadFailure;
  constructor(failure: RemoteLoadFailure, cause: unknown) {
    super(`${failure.remote}: ${failure.code ?? failure.kind} ${failure.message}`, { cause });
    this.name = 'RemoteLoadError';
    this.failure = failure;
  }
}

function startRuntime(): void {
  init({
    name: 'shell',
    remotes: [],
    plugins: [
      {
        name: 'frilo-script-timeout',
        createScript({ url, attrs }) {
          const script = document.createElement('script');
          script.src = url;
          for (const [name, value] of Object.entries(attrs ?? {})) {
            if (name === 'async' || name === 'defer') script[name] = Boolean(value);
            else script.setAttribute(name, String(value));
          }
          return { script, timeout: SCRIPT_TIMEOUT_MS };
        },
      },
    ],
  });
}

/** Fetches /remotes.json once per page; a failure here fails every remote (with a retry button). */
export function loadRemotesConfig(url = '/remotes.json'): Promise<RemotesConfig> {
  configPromise ??= (async () => {
    const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
    if (!response.ok) throw new Error(`RUNTIME-003 remotes.json answered ${response.status}`);
    const config = parseRemotesConfig(await response.json(), window.location.href);
    startRuntime();
    return config;
  })().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
}

/** Lets the browser fetch a file now that a script or stylesheet will ask for in a moment. */
function preload(url: string, as: 'script' | 'style'): void {
  if (preloaded.has(url)) return;
  preloaded.add(url);
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = as;
  link.href = url;
  document.head.appendChild(link);
}

async function readManifest(remote: string, manifestUrl: string): Promise<RemoteEntryInfo> {
  let response: Response;
  try {
    response = await fetch(manifestUrl, { credentials: 'same-origin' });
  } catch (error) {
    throw new Error(`RUNTIME-003 ${remote}: ${manifestUrl} could not be fetched (${String(error)})`, { cause: error });
  }
  if (!response.ok) throw new Error(`RUNTIME-003 ${remote}: ${manifestUrl} answered ${response.status}`);
  let json: unknown;
  try {
    json = await response.json();
  } catch (error) {
    throw new Error(`RUNTIME-003 ${remote}: ${manifestUrl} is not JSON`, { cause: error });
  }
  return parseManifest(json, manifestUrl);
}

/**
 * Reads the remote's manifest and registers its remoteEntry.js with the runtime (once, until a
 * failure or a reset), and starts downloading remoteEntry.js and the exposed module's files.
 */
function resolveRemote(remote: string, config: RemotesConfig): Promise<RemoteEntryInfo> {
  let pending = entries.get(remote);
  if (!pending) {
    const manifestUrl = config[remote];
    pending = manifestUrl
      ? readManifest(remote, manifestUrl).then((info) => {
          const mismatch = contractMismatch(info.contractVersion);
          if (mismatch) throw new ContractMismatchError(remote, mismatch);
          // force: a retry replaces the failed registration and the runtime's cached failure.
          registerRemotes(
            [
              {
                name: containerName(remote),
                alias: remote,
                entry: info.entry,
                type: info.type,
                entryGlobalName: info.globalName,
              },
            ],
            { force: true },
          );
          preload(info.entry, 'script');
          for (const url of info.assets.js) preload(url, 'script');
          for (const url of info.assets.css) preload(url, 'style');
          return info;
        })
      : Promise.reject(new Error(`RUNTIME-003 ${remote} is not listed in remotes.json`));
    entries.set(remote, pending);
    pending.catch(() => {
      if (entries.get(remote) === pending) entries.delete(remote);
    });
  }
  return pending;
}

/** Starts the downloads for a remote the page is about to show (failures surface when it loads). */
export function prefetchRemote(remote: string): void {
  loadRemotesConfig()
    .then((config) => resolveRemote(remote, config))
    .catch(() => {});
}

/** Loads `<remote>/app`, retrying network failures; cached so remounting does not refetch. */
export function loadRemoteApp(remote: string): Promise<ParcelConfig> {
  const cached = loaded.get(remote);
  if (cached) return cached;
  const promise = (async () => {
    const config = await loadRemotesConfig();
    if (!config[remote]) throw new Error(`RUNTIME-003 ${remote} is not listed in remotes.json`);
    const module = await withRetry(
      remote,
      async () => {
        await resolveRemote(remote, config);
        const exposed = await loadRemote<ParcelConfig>(`${containerName(remote)}/app`);
        if (!exposed || typeof (exposed as { mount?: unknown }).mount !== 'function') {
          throw new Error(`${remote}/app does not export single-spa lifecycles`);
        }
        return exposed;
      },
      // Start again from the manifest: it may have moved (a redeploy), and a failed script must
      // really be fetched again.
      { delaysMs: RETRY_DELAYS_MS, beforeRetry: () => entries.delete(remote) },
    );
    return module;
  })().catch((error: unknown) => {
    // The failure stays cached (so a second caller shows the error at once) until resetRemote().
    throw new RemoteLoadError(classify(remote, error), error);
  });
  loaded.set(remote, promise);
  return promise;
}

/** For the Retry button: forget the failure and start again from the manifest. */
export async function resetRemote(remote: string): Promise<void> {
  loaded.delete(remote);
  entries.delete(remote);
  await loadRemotesConfig();
}
