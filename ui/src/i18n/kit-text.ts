// The kit's own texts (src/locales/{sv,en}/ui.json), bundled with the kit so they deploy with the
// app that uses it. Pure, so it is tested without React.
import en from '../locales/en/ui.json' with { type: 'json' };
import sv from '../locales/sv/ui.json' with { type: 'json' };

export type UiLocale = 'sv' | 'en';

type Tree = { readonly [key: string]: string | Tree };
const TEXTS: Record<UiLocale, Tree> = { sv, en };

/** The kit's text for a dotted key (English when the language has none), `{{name}}` filled in. */
export function kitText(locale: UiLocale, key: string, values: Record<string, unknown> = {}): string {
  for (const tree of [TEXTS[locale], TEXTS.en]) {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node === 'string') {
      return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
    }
  }
  return key;
}
