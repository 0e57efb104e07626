// A namespace-aware element tree over fast-xml-parser, for reading the XML documents we check (UBL) and receive (pain.002).

import { XMLParser, XMLValidator } from 'fast-xml-parser';

export interface XmlElement {
  /** Namespace URI ('' when none). */
  readonly ns: string;
  readonly local: string;
  /** `prefix:local` with the prefix the caller chose for the namespace, else `local` (no namespace) or `{ns}local`. */
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: readonly XmlElement[];
  /** The element's own text (its text children joined), not normalised. */
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

/**
 * How deep elements may nest. The documents we read are about ten levels deep (UBL's deepest path, pain.002's); a
 * tree walked recursively must not be thousands deep.
 */
export const MAX_XML_DEPTH = 64;

const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  processEntities: true,
  // Decodes numeric character references (&#228;) too; named HTML entities are not XML and the validator refuses them.
  htmlEntities: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  maxNestedTags: MAX_XML_DEPTH,
  // Names are kept as written (`toString` stays `toString`): each element is an object of its own and attributes a map
  // without a prototype, and this file reads both only as own keys. `__proto__`, `constructor` and `prototype` the
  // parser refuses outright, which parseXml reports as a parse error.
  onDangerousProperty: (name: string) => name,
});

type RawNode = Record<string, unknown>;

interface MutableElement {
  ns: string;
  local: string;
  name: string;
  attrs: Record<string, string>;
  children: MutableElement[];
  text: string;
  parent: MutableElement | null;
}

/**
 * Parses a whole document. `prefixes` maps namespace URIs to the prefix used in element names, so queries do not
 * depend on the prefixes the sender chose. A DOCTYPE is refused: nothing we read needs one, and entity expansion is
 * the classic way to make a parser run out of memory.
 */
export function parseXml(xml: string, prefixes: Readonly<Record<string, string>>): XmlElement {
  if (/<!DOCTYPE/i.test(xml)) {
    throw new XmlParseError('a DOCTYPE is not accepted');
  }
  const valid = XMLValidator.validate(xml);
  if (valid !== true) {
    throw new XmlParseError(valid.err.msg, valid.err.line);
  }
  let raw: RawNode[];
  try {
    raw = parser.parse(xml) as RawNode[];
  } catch (error) {
    // Nested deeper than MAX_XML_DEPTH, or a name the parser refuses (`constructor`, `__proto__`, `prototype`).
    const message = (error as Error).message;
    const refusedName = /Invalid name: "([^"]*)"/.exec(message)?.[1];
    if (/Maximum nested tags/.test(message)) throw new XmlParseError(`elements nested deeper than ${MAX_XML_DEPTH}`);
    if (refusedName !== undefined) throw new XmlParseError(`the name "${refusedName}" is not accepted`);
    throw new XmlParseError(message);
  }
  const roots: MutableElement[] = [];
  for (const node of raw) {
    const element = toElement(node, null, new Map([['xml', 'http://www.w3.org/XML/1998/namespace']]), prefixes);
    if (element) {
      roots.push(element);
    }
  }
  const [root] = roots;
  if (!root || roots.length !== 1) {
    throw new XmlParseError('a document has exactly one root element');
  }
  return root;
}

function toElement(
  node: RawNode,
  parent: MutableElement | null,
  scope: ReadonlyMap<string, string>,
  prefixes: Readonly<Record<string, string>>,
): MutableElement | null {
  const tag = Object.keys(node).find((key) => key !== ':@');
  if (tag === undefined || tag === '#text' || tag.startsWith('#') || tag.startsWith('?')) {
    return null;
  }
  const rawAttrs = (node[':@'] ?? {}) as Record<string, string>;
  let namespaces: Map<string, string> | undefined;
  const attrs: Record<string, string> = {};
  for (const [key, value] of Object.entries(rawAttrs)) {
    if (key === 'xmlns' || key.startsWith('xmlns:')) {
      namespaces ??= new Map(scope);
      namespaces.set(key === 'xmlns' ? '' : key.slice(6), value);
    } else {
      // Attributes we read (schemeID, currencyID, unitCode, Ccy) are unprefixed; a prefixed one keeps its prefix.
      attrs[key] = value;
    }
  }
  const inScope = namespaces ?? scope;
  const colon = tag.indexOf(':');
  const prefix = colon === -1 ? '' : tag.slice(0, colon);
  const local = colon === -1 ? tag : tag.slice(colon + 1);
  const ns = inScope.get(prefix) ?? '';
  if (prefix !== '' && !inScope.has(prefix)) {
    throw new XmlParseError(`undeclared namespace prefix "${prefix}" on <${tag}>`);
  }
  const wanted = Object.hasOwn(prefixes, ns) ? prefixes[ns] : undefined;
  const name =
    wanted !== undefined ? (wanted === '' ? local : `${wanted}:${local}`) : ns === '' ? local : `{${ns}}${local}`;
  const element: MutableElement = { ns, local, name, attrs, children: [], text: '', parent };
  const content = node[tag];
  if (Array.isArray(content)) {
    for (const child of content as RawNode[]) {
      if ('#text' in child) {
        element.text += String(child['#text']);
        continue;
      }
      const childElement = toElement(child, element, inScope, prefixes);
      if (childElement) {
        element.children.push(childElement);
      }
    }
  }
  return element;
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
