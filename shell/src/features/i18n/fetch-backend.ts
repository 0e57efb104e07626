// The i18next backend: each namespace's texts from the build of the app that owns it
// (`<base>/locales/{lng}/{ns}.json`, see texts-base.ts), with fetch. It replaces i18next-http-backend
// (~2.3 KB gzipped on the first load for options Frilo never uses: XHR, query strings, reloads).
// Same behaviour where it matters: a server error or a network failure asks i18next to retry
// (it waits and tries again up to 5 times), a 4xx does not.
// The entry chunk can start the page's first requests before i18next has loaded
// (prefetchTranslations); the first read of the same file takes that answer.
// Types only from i18next: this module runs before the shared singletons are agreed.
import type { BackendModule, ReadCallback } from 'i18next';
import { localeFile } from '@frilo/openapi/remotes';

type Fetch = (url: string, init: RequestInit) => Promise<Pick<Response, 'ok' | 'status' | 'json'>>;

/** The base URL a namespace's texts are under (texts-base.ts); set once by the entry (index.ts). */
export type BaseOf = (namespace: string) => Promise<string>;

let baseOf: BaseOf = async () => new URL('/', window.location.href).toString();

/** Tells the backend where each namespace's texts are. */
export function setTextsBase(resolver: BaseOf): void {
  baseOf = resolver;
}

export function translationUrl(language: string, namespace: string, base: string): string {
  return new URL(localeFile(language, namespace), base).toString();
}

/** What one request came to: the texts, or an error and whether i18next should retry. */
export type Loaded = { data: Record<string, unknown> } | { error: Error; retry: boolean };

const defaultFetch: Fetch = (url, init) => fetch(url, init);

export async function requestTranslations(
  language: string,
  namespace: string,
  doFetch: Fetch = defaultFetch,
): Promise<Loaded> {
  let url = `${language}/${namespace}`;
  let response: Awaited<ReturnType<Fetch>>;
  try {
    url = translationUrl(language, namespace, await baseOf(namespace));
    response = await doFetch(url, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch (error) {
    return {
      error: new Error(`failed loading ${url}: ${error instanceof Error ? error.message : String(error)}`),
      retry: true,
    };
  }
  if (!response.ok)
    return { error: new Error(`failed loading ${url}: status ${response.status}`), retry: response.status >= 500 };
  try {
    return { data: (await response.json()) as Record<string, unknown> };
  } catch {
    return { error: new Error(`failed parsing ${url} as JSON`), retry: false };
  }
}

const prefetched = new Map<string, Promise<Loaded>>();

/** Starts the requests i18next is about to make; each answer is used once, by the first read. */
export function prefetchTranslations(
  languages: readonly string[],
  namespaces: readonly string[],
  doFetch: Fetch = defaultFetch,
): void {
  for (const language of languages) {
    for (const namespace of namespaces) {
      const key = `${language}/${namespace}`;
      if (!prefetched.has(key)) prefetched.set(key, requestTranslations(language, namespace, doFetch));
    }
  }
}

export async function readTranslations(
  language: string,
  namespace: string,
  callback: ReadCallback,
  doFetch: Fetch = defaultFetch,
): Promise<void> {
  const key = `${language}/${namespace}`;
  const early = prefetched.get(key);
  prefetched.delete(key);
  const loaded = await (early ?? requestTranslations(language, namespace, doFetch));
  if ('data' in loaded) callback(null, loaded.data);
  else callback(loaded.error, loaded.retry);
}

export const fetchBackend: BackendModule = {
  type: 'backend',
  callbackApi: true,
  init() {},
  read(language, namespace, callback) {
    void readTranslations(language, namespace, callback);
  },
};
