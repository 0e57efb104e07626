// The kit's own texts (src/locales/{sv,en}/*.json), bundled with the kit so they deploy with the
// app that uses it: ui.json for what every app shows (loading, crash, form fields), one file per
// larger piece (unsaved.json) so an app carries only the texts of the pieces it uses. Pure, so
// it is tested without React.
import en from '../locales/en/ui.json' with { type: 'json' };
import sv from '../locales/sv/ui.json' with { type: 'json' };

export type UiLocale = 'sv' | 'en';

type Tree = { readonly [key: string]: string | Tree };
export type KitTexts = Readonly<Record<UiLocale, Tree>>;

/** The texts every app uses (src/locales/{sv,en}/ui.json). */
export const CORE_TEXTS: KitTexts = { sv, en };

/** The kit's text for a dotted key (English when the language has none), `{{name}}` filled in. */
export function kitText(
  locale: UiLocale,
  key: string,
  values: Record<string, unknown> = {},
  texts: KitTexts = CORE_TEXTS,
): string {
  for (const tree of [texts[locale], texts.en]) {
    let node: string | Tree | undefined = tree;
    for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
    if (typeof node === 'string') {
      return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) => String(values[name] ?? ''));
    }
  }
  return key;
}
