// The PDFs' texts in both languages (bff/src/locales/{sv,en}/pdf.json), read once: rendering must not wait on files.
import sv from '../../locales/sv/pdf.json' with { type: 'json' };
import en from '../../locales/en/pdf.json' with { type: 'json' };

export type PdfLanguage = 'sv' | 'en';
export type PdfTexts = typeof sv;

// Typed against the Swedish file, so a key missing in English fails the type check.
const TEXTS: Readonly<Record<PdfLanguage, PdfTexts>> = { sv, en };

export function pdfTexts(language: PdfLanguage): PdfTexts {
  return TEXTS[language];
}

/** Fills `{{name}}` placeholders. */
export function fill(template: string, values: Readonly<Record<string, string | number>>): string {
  return template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new RangeError(`No value for {{${name}}} in "${template}"`);
    return String(value);
  });
}
