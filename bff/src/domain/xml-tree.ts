// A namespace-aware element tree over saxes, a strict (XML 1.0 and Namespaces conformant, non-validating) parser, for
// reading the XML documents we check (UBL) and receive (pain.002). Anything not well-formed is an XmlParseError: an
// undefined entity (`&nbsp;`), a character reference to a character XML cannot carry (`&#1;`), an unbound prefix, a
// stray `&` or `<`. Why saxes: docs/decisions/0024-xml-written-escaped-read-strictly.md.

import { SaxesParser, type SaxesTagNS } from 'saxes';

export interface XmlElement {
  /** Namespace URI ('' when none). */
  readonly ns: string;
  readonly local: string;
  /** `prefix:local` with the prefix the caller chose for the namespace, else `local` (no namespace) or `{ns}local`. */
  readonly name: string;
  /** Attributes by their name as written (`schemeID`, `xsi:type`), namespace declarations left out; no prototype. */
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The element's own text (its text and CDATA children joined), not normalised. */
  readonly text: string;
  readonly parent: XmlElement | null;
}

export class XmlParseError extends Error {
  readonly line: number | undefined;
  constructor(message: string, line?: number) {
    super(line === undefined ? message : `line ${line}: ${message}`);
    this.name = 'XmlParseError';
    this.line = line;
  }
}

interface MutableElement {
  ns: string;
  local: string;
  name: string;
  attrs: Record<string, string>;
  children: MutableElement[];
  text: string;
  parent: MutableElement | null;
}

const XMLNS_NS = 'http://www.w3.org/2000/xmlns/';

/**
 * The deepest nesting read. UBL and pain.002 need about ten levels; deeper is refused before the parser resolves
 * namespaces for it (saxes looks a prefix up through every open element, so depth costs depth squared).
 */
export const MAX_XML_DEPTH = 100;

/**
 * Parses a whole document. `prefixes` maps namespace URIs to the prefix used in element names, so queries do not
 * depend on the prefixes the sender chose. A DOCTYPE is refused: nothing we read needs one, and entity declarations
 * are the classic way to make a parser fetch files (XXE) or run out of memory (billion laughs).
 */
export function parseXml(xml: string, prefixes: Readonly<Record<string, string>>): XmlElement {
  if (/<!DOCTYPE/i.test(xml)) {
    throw new XmlParseError('a DOCTYPE is not accepted');
  }
  const parser = new SaxesParser({ xmlns: true, position: true });
  let root: MutableElement | null = null;
  let current: MutableElement | null = null;
  const fail = (message: string): never => {
    throw new XmlParseError(message, parser.line);
  };
  let depth = 0;
  parser.on('doctype', () => fail('a DOCTYPE is not accepted'));
  parser.on('opentagstart', () => {
    if (++depth > MAX_XML_DEPTH) fail(`elements nested deeper than ${MAX_XML_DEPTH} levels`);
  });
  parser.on('opentag', (tag: SaxesTagNS) => {
    const attrs: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const attribute of Object.values(tag.attributes)) {
      if (attribute.uri === XMLNS_NS || attribute.name === 'xmlns') continue;
      attrs[attribute.name] = attribute.value;
    }
    const ns = tag.uri;
    const wanted = Object.hasOwn(prefixes, ns) ? prefixes[ns] : undefined;
    const name =
      wanted !== undefined
        ? wanted === ''
          ? tag.local
          : `${wanted}:${tag.local}`
        : ns === ''
          ? tag.local
          : `{${ns}}${tag.local}`;
    const element: MutableElement = { ns, local: tag.local, name, attrs, children: [], text: '', parent: current };
    if (current) current.children.push(element);
    else if (root) fail('a document has exactly one root element');
    else root = element;
    current = element;
  });
  parser.on('closetag', () => {
    depth--;
    current = current?.parent ?? null;
  });
  const addText = (text: string): void => {
    if (current) current.text += text;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  try {
    parser.write(xml).close();
  } catch (error) {
    if (error instanceof XmlParseError) throw error;
    // saxes' messages start with "line:column: ".
    const message = error instanceof Error ? error.message.replace(/^\d+:\d+: /, '') : String(error);
    throw new XmlParseError(message, parser.line);
  }
  if (!root) throw new XmlParseError('a document has exactly one root element');
  return root;
}

/** XPath normalize-space(): trimmed, inner whitespace runs collapsed to one space. */
export function normalizeSpace(text: string): string {
  return text.replace(/[ \t\r\n]+/g, ' ').trim();
}

/** Direct children named `name`. */
export function childrenNamed(element: XmlElement, name: string): XmlElement[] {
  return element.children.filter((child) => child.name === name);
}

const pathSteps = new Map<string, readonly string[]>();

/** The elements reached by a relative path of names (`cac:Party/cbc:EndpointID`), in document order. */
export function selectPath(element: XmlElement, path: string): XmlElement[] {
  let steps = pathSteps.get(path);
  if (!steps) {
    steps = path.split('/');
    pathSteps.set(path, steps);
  }
  let current: XmlElement[] = [element];
  for (const step of steps) {
    const next: XmlElement[] = [];
    for (const node of current) {
      for (const child of node.children) {
        if (child.name === step) next.push(child);
      }
    }
    if (next.length === 0) return next;
    current = next;
  }
  return current;
}

/** The normalised text of the first element at `path`, or undefined when there is none. */
export function valueAt(element: XmlElement, path: string): string | undefined {
  const [first] = selectPath(element, path);
  return first ? normalizeSpace(first.text) : undefined;
}

/** Every element of the tree in document order, the root first. */
export function descendantsAndSelf(element: XmlElement): XmlElement[] {
  const out: XmlElement[] = [];
  const stack: XmlElement[] = [element];
  while (stack.length > 0) {
    const node = stack.pop() as XmlElement;
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push(node.children[i] as XmlElement);
    }
  }
  return out;
}

/** An XPath-like location for messages: `/Invoice/cac:InvoiceLine[2]/cbc:ID`. */
export function locationOf(element: XmlElement): string {
  const steps: string[] = [];
  for (let node: XmlElement | null = element; node; node = node.parent) {
    const siblings = node.parent ? childrenNamed(node.parent, node.name) : [node];
    steps.push(siblings.length > 1 ? `${node.name}[${siblings.indexOf(node) + 1}]` : node.name);
  }
  return `/${steps.reverse().join('/')}`;
}
