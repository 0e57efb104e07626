// The BFF's own texts (emails, bff/src/locales) with Swedish default and English fallback. The web
// app's texts ship with the app that owns them (each build's locales/, loaded by the shell from
// that app's own base URL), so a text change never needs a BFF deploy; the BFF reads no remote's
// files. The shell's namespace stays readable here only for the contract's getTranslations
// operation, which the web app no longer calls.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';

export const LOCALES = ['sv', 'en'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'sv';
export const FALLBACK_LOCALE: Locale = 'en';

export const isLocale = (value: unknown): value is Locale => value === 'sv' || value === 'en';

/** Namespace → the workspace that owns its texts (a Map: a namespace comes from the URL, and `constructor` is none). */
export const NAMESPACES: ReadonlyMap<string, string> = new Map([
  ['shell', 'shell'],
  ['email', 'bff'],
]);

type Tree = { [key: string]: string | Tree };

export class Translations {
  readonly #root: string;
  readonly #cache = new Map<string, Promise<Tree | undefined>>();
  constructor(repoRoot: string) {
    this.#root = repoRoot;
  }

  load(locale: Locale, namespace: string): Promise<Tree | undefined> {
    const workspace = NAMESPACES.get(namespace);
    if (!workspace) return Promise.resolve(undefined);
    const key = `${locale}/${namespace}`;
    let entry = this.#cache.get(key);
    if (!entry) {
      entry = readFile(join(this.#root, workspace, 'src', 'locales', locale, `${namespace}.json`), 'utf8')
        .then((text) => JSON.parse(text) as Tree)
        .catch((error: NodeJS.ErrnoException) => {
          if (error.code === 'ENOENT') return undefined;
          throw error;
        });
      this.#cache.set(key, entry);
    }
    return entry;
  }

  /** Looks a dotted key up in the locale, then the fallback; `{{name}}` placeholders are filled in. */
  async t(
    locale: Locale,
    namespace: string,
    key: string,
    values: Record<string, string | number> = {},
  ): Promise<string> {
    for (const lng of [locale, FALLBACK_LOCALE]) {
      const tree = await this.load(lng, namespace);
      let node: string | Tree | undefined = tree;
      for (const part of key.split('.'))
        node = typeof node === 'object' && Object.hasOwn(node, part) ? node[part] : undefined;
      if (typeof node === 'string') {
        return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
          String((Object.hasOwn(values, name) ? values[name] : undefined) ?? ''),
        );
      }
    }
    throw new Error(`Missing translation ${namespace}:${key}`);
  }
}
