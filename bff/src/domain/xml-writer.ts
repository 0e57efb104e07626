// The one way the platform writes XML text (the UBL e-invoice, the Peppol envelope): every `&`, `<` and `>` of every
// text escaped, always, and in attributes the quotes and the white space an XML parser would otherwise normalise.
// Characters XML 1.0 cannot carry at all (most C0 controls, lone surrogates, U+FFFE/U+FFFF) cannot be escaped either
// (`&#0;` is not well-formed): they are refused with XmlTextError, and the callers refuse such a text earlier with
// problem 18 (invoice-document.ts `invalidDocumentText`).

/** Characters XML 1.0 cannot carry (control characters other than tab, line feed and carriage return, U+FFFE/U+FFFF). */
// eslint-disable-next-line no-control-regex
const NOT_XML_CHAR = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/;

/** Whether a text can travel in an XML 1.0 document at all (lone surrogates and the characters above cannot). */
export function isXmlSafeText(text: string): boolean {
  return text.isWellFormed() && !NOT_XML_CHAR.test(text);
}

export class XmlTextError extends Error {
  constructor(text: string) {
    super(`A text XML 1.0 cannot carry: ${JSON.stringify(text)}`);
    this.name = 'XmlTextError';
  }
}

const TEXT_ESCAPES: Readonly<Record<string, string>> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '\r': '&#13;' };
const ATTRIBUTE_ESCAPES: Readonly<Record<string, string>> = {
  ...TEXT_ESCAPES,
  '"': '&quot;',
  "'": '&apos;',
  '\t': '&#9;',
  '\n': '&#10;',
};

function checked(text: string): string {
  if (!isXmlSafeText(text)) throw new XmlTextError(text);
  return text;
}

/**
 * Element content: `&`, `<`, `>` always (`>` for `]]>`), and a carriage return as a reference (a parser turns a literal
 * one into a line feed). Entity-looking text (`&nbsp;`, `&amp;`, `&#1;`) is text like any other: `&` becomes `&amp;`.
 */
export function escapeXmlText(text: string): string {
  return checked(text).replace(/[&<>\r]/g, (c) => TEXT_ESCAPES[c] as string);
}

/** An attribute value in double or single quotes; tab, line feed and carriage return as references so they survive. */
export function escapeXmlAttribute(value: string): string {
  return checked(value).replace(/[&<>"'\t\n\r]/g, (c) => ATTRIBUTE_ESCAPES[c] as string);
}

/** An element of a document being written: children in order, text escaped when serialised. */
export class XmlNode {
  readonly name: string;
  readonly #attrs: readonly (readonly [string, string])[];
  readonly #children: (XmlNode | { readonly text: string })[] = [];

  constructor(name: string, attrs?: Readonly<Record<string, string>>) {
    if (!/^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?$/.test(name)) throw new RangeError(`Not an XML name: ${name}`);
    this.name = name;
    this.#attrs = Object.entries(attrs ?? {});
    for (const [key, value] of this.#attrs) {
      if (!/^[A-Za-z_][\w.-]*(:[A-Za-z_][\w.-]*)?$/.test(key)) throw new RangeError(`Not an XML name: ${key}`);
      checked(value);
    }
  }

  /** Appends a child element and returns it. */
  ele(name: string, attrs?: Readonly<Record<string, string>>): XmlNode {
    const child = new XmlNode(name, attrs);
    this.#children.push(child);
    return child;
  }

  /** Appends text; throws XmlTextError for a text XML cannot carry. */
  txt(text: string): this {
    this.#children.push({ text: checked(text) });
    return this;
  }

  /** The element as XML (no declaration, no added white space). */
  toXml(): string {
    const out: string[] = [];
    this.#write(out);
    return out.join('');
  }

  #write(out: string[]): void {
    out.push('<', this.name);
    for (const [key, value] of this.#attrs) out.push(' ', key, '="', escapeXmlAttribute(value), '"');
    if (this.#children.length === 0) {
      out.push('/>');
      return;
    }
    out.push('>');
    for (const child of this.#children) {
      if (child instanceof XmlNode) child.#write(out);
      else out.push(escapeXmlText(child.text));
    }
    out.push('</', this.name, '>');
  }
}

export const XML_DECLARATION = '<?xml version="1.0" encoding="UTF-8"?>';

/** A whole document: the declaration and the root element. */
export function xmlDocument(root: XmlNode): string {
  return `${XML_DECLARATION}${root.toXml()}`;
}
