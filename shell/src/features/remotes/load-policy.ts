// How the shell reacts when a remote will not load: retry network failures, reload the page once
// for a missing chunk (usually a redeploy), then show the error in the remote's area. A remote built for a contract
// version the shell does not run is neither retried nor reloaded for: its area says it needs updating.
import { ContractMismatchError, type ContractMismatch } from './contract-version.ts';

export type LoadFailureKind = 'manifest' | 'script' | 'chunk' | 'contract' | 'other';

/** A load failure the UI can show: which remote, what failed, and the federation code if any. */
export type RemoteLoadFailure = {
  remote: string;
  kind: LoadFailureKind;
  code: string | null;
  message: string;
  /** Only for kind `contract`: the version the remote declares and the ones this shell runs. */
  contract?: ContractMismatch;
};

const CODE = /RUNTIME-\d{3}/;

export function federationCode(error: unknown): string | null {
  const text =
    error instanceof Error ? `${error.message} ${String((error as { code?: unknown }).code ?? '')}` : String(error);
  return CODE.exec(text)?.[0] ?? null;
}

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return error.name === 'ChunkLoadError' || /Loading (CSS )?chunk [^ ]+ failed/i.test(error.message);
}

export function classify(remote: string, error: unknown): RemoteLoadFailure {
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof ContractMismatchError)
    return { remote, kind: 'contract', code: null, message: message.slice(0, 300), contract: error.mismatch };
  const code = federationCode(error);
  // RUNTIME-003: the manifest could not be fetched or parsed. RUNTIME-008: remoteEntry.js failed.
  let kind: LoadFailureKind = 'other';
  if (isChunkLoadError(error)) kind = 'chunk';
  else if (code === 'RUNTIME-003') kind = 'manifest';
  else if (code === 'RUNTIME-008') kind = 'script';
  return { remote, kind, code, message: message.split('\n')[0]?.slice(0, 300) ?? '' };
}

/** Network-ish failures are worth retrying; a remote that lacks the exposed module or speaks another contract is not. */
export function isRetryable(failure: RemoteLoadFailure): boolean {
  return failure.kind !== 'other' && failure.kind !== 'contract';
}

export type RetryOptions = {
  /** Delays before each retry; the number of entries is the number of retries. */
  delaysMs: readonly number[];
  sleep?: (ms: number) => Promise<void>;
  /** Called before each retry (e.g. to drop the runtime's cached failure). */
  beforeRetry?: (attempt: number) => void;
};

export async function withRetry<T>(remote: string, load: () => Promise<T>, options: RetryOptions): Promise<T> {
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  for (let attempt = 0; ; attempt += 1) {
    try {
      return await load();
    } catch (error) {
      const failure = classify(remote, error);
      const delay = options.delaysMs[attempt];
      if (!isRetryable(failure) || delay === undefined) throw error;
      await sleep(delay);
      options.beforeRetry?.(attempt + 1);
    }
  }
}

export const RELOAD_FLAG = 'frilo_chunk_reload';

type FlagStorage = Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;

/**
 * A screen that fails to load triggers one page reload, guarded by a session flag, then the error is raised
 * (docs/product/web-app.md#loading-and-failures). Returns true when the caller should reload now.
 */
export function shouldReloadOnce(failure: RemoteLoadFailure, storage: FlagStorage): boolean {
  if (failure.kind !== 'chunk' && failure.kind !== 'script') return false;
  if (storage.getItem(RELOAD_FLAG)) return false;
  storage.setItem(RELOAD_FLAG, String(Date.now()));
  return true;
}

/** After a remote mounted fine, a later failure may reload again. */
export function clearReloadFlag(storage: FlagStorage): void {
  storage.removeItem(RELOAD_FLAG);
}
