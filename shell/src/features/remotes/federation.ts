// The federation runtime glue: registers the remotes named in /remotes.json and loads each
// remote's `./app` (its single-spa lifecycles), with retries on network failures.
import { init, loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ParcelConfig } from 'single-spa';
import { classify, withRetry, type RemoteLoadFailure } from './load-policy.ts';
import { containerName, parseRemotesConfig, type RemotesConfig } from './remotes-config.ts';

/** Spec §9: script chunk loading times out after 120000 ms (also applied to remoteEntry.js). */
const SCRIPT_TIMEOUT_MS = 120_000;
const RETRY_DELAYS_MS = [400, 1500] as const;

let configPromise: Promise<RemotesConfig> | null = null;
const loaded = new Map<string, Promise<ParcelConfig>>();

export class RemoteLoadError extends Error {
  readonly failure: RemoteLoadFailure;
  constructor(failure: RemoteLoadFailure, cause: unknown) {
    super(`${failure.remote}: ${failure.code ?? failure.kind} ${failure.message}`, { cause });
    this.name = 'RemoteLoadError';
    this.failure = failure;
  }
}

function startRuntime(config: RemotesConfig): void {
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
  registerRemotes(entries(config));
}

function entries(config: RemotesConfig, only?: string) {
  return Object.entries(config)
    .filter(([name]) => only === undefined || name === only)
    .map(([name, entry]) => ({ name: containerName(name), alias: name, entry }));
}

/** Fetches /remotes.json once per page; a failure here fails every remote (with a retry button). */
export function loadRemotesConfig(url = '/remotes.json'): Promise<RemotesConfig> {
  configPromise ??= (async () => {
    const response = await fetch(url, { cache: 'no-cache', credentials: 'same-origin' });
    if (!response.ok) throw new Error(`RUNTIME-003 remotes.json answered ${response.status}`);
    const config = parseRemotesConfig(await response.json(), window.location.href);
    startRuntime(config);
    return config;
  })().catch((error: unknown) => {
    configPromise = null;
    throw error;
  });
  return configPromise;
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
        const exposed = await loadRemote<ParcelConfig>(`${containerName(remote)}/app`);
        if (!exposed || typeof (exposed as { mount?: unknown }).mount !== 'function') {
          throw new Error(`${remote}/app does not export single-spa lifecycles`);
        }
        return exposed;
      },
      // Drop the runtime's cached failure so the next attempt really refetches.
      { delaysMs: RETRY_DELAYS_MS, beforeRetry: () => registerRemotes(entries(config, remote), { force: true }) },
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
  const config = await loadRemotesConfig();
  registerRemotes(entries(config, remote), { force: true });
}
