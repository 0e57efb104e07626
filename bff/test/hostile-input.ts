// Classes of hostile input the contract fuzzer (test/proof/fuzz.test.ts) tries on every operation and every upload
// (issue 21): names of Object.prototype where keys are read (path segments, query keys, body keys, XML element and
// attribute names, CSV headings), nesting far past any limit, numbers at and past the safe-integer range, text that
// looks like an XML entity, NUL and other controls inside files. Whatever arrives, the answer is a 4xx problem or a
// success, never a 5xx.
import { writeBgMax } from '../src/domain/bgmax-writer.ts';
import { resolveSchema } from './contract-requests.ts';

type Schema = Record<string, unknown>;

/** Names that read something else than an own property when a plain object is indexed by them. */
export const PROTOTYPE_NAMES = ['constructor', '__proto__', 'prototype', 'toString', 'hasOwnProperty', 'valueOf'];

/** Text that an XML writer or reader could take for markup. */
export const ENTITY_TEXTS = [
  '&nbsp;',
  'Konsult&nbsp;arbete',
  '&x;',
  '&#0;',
  '&#1;',
  'R&amp;D',
  '&#x1F600;',
  '&#xD800;',
  '&lt;b&gt; <b>fet</b>',
  ']]> <![CDATA[x]]>',
  '"\' & < >',
  '&%ent;',
];

/** Numbers at and past where JavaScript stops counting exactly (and past where PostgreSQL's bigint ends). */
export const EXTREME_NUMBERS = [Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER + 1, -(2 ** 63), 1e308];

/** JSON nested past any limit: a little (as the issue's 2 000), far (5 000), and very far (100 000). */
export const NESTINGS: { depth: number; kind: 'array' | 'object' }[] = [
  { depth: 2_000, kind: 'object' },
  { depth: 5_000, kind: 'array' },
  { depth: 100_000, kind: 'array' },
];

/** A JSON text nested `depth` deep, as arrays or as objects. */
export function deepJson(depth: number, kind: 'array' | 'object'): string {
  return kind === 'array' ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);
}

const typesOf = (schema: Schema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : typeof schema.type === 'string' ? [schema.type] : [];

function flatten(schema: unknown): Schema {
  const node = resolveSchema(schema);
  if (!Array.isArray(node.allOf)) return node;
  const { allOf, ...rest } = node;
  return (allOf as unknown[]).reduce<Schema>((merged, branch) => ({ ...flatten(branch), ...merged }), rest);
}

/** The branch of a `oneOf`/`anyOf` a value takes (an object value: the one with properties), else the schema. */
function branchFor(schema: Schema, value: unknown): Schema {
  const branches = (schema.oneOf ?? schema.anyOf) as unknown[] | undefined;
  if (!branches) return schema;
  const objectBranch = branches.map(flatten).find((b) => b.properties);
  if (value !== null && typeof value === 'object' && !Array.isArray(value) && objectBranch) return objectBranch;
  return schema;
}

type Path = (string | number)[];

interface Visit {
  path: Path;
  schema: Schema;
  value: unknown;
}

/**
 * Every node of a valid request value with its schema: the value itself, each declared property of each object in it
 * (present or not: `value` undefined), and the first item of each array.
 */
export function walkRequest(schema: unknown, value: unknown): Visit[] {
  const out: Visit[] = [];
  const walk = (node: unknown, current: unknown, path: Path, depth: number) => {
    if (depth > 12) return;
    const schemaNode = branchFor(flatten(node), current);
    out.push({ path, schema: schemaNode, value: current });
    if (Array.isArray(current)) {
      if (current.length && schemaNode.items) walk(schemaNode.items, current[0], [...path, 0], depth + 1);
      return;
    }
    if (current === null || typeof current !== 'object') return;
    const properties = (schemaNode.properties as Record<string, unknown>) ?? {};
    for (const [name, property] of Object.entries(properties))
      walk(property, (current as Record<string, unknown>)[name], [...path, name], depth + 1);
  };
  walk(schema, value, [], 0);
  return out;
}

/** Sets `path` of `target` to `value` (creating nothing: the path's parents exist in a valid request). */
export function setAt(target: { root: unknown }, path: Path, value: unknown): void {
  if (path.length === 0) {
    target.root = value;
    return;
  }
  let node = target.root as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<string | number, unknown>;
  // defineProperty: an own property even for `__proto__`, as JSON.parse makes it on the server.
  Object.defineProperty(node, path[path.length - 1]!, { value, enumerable: true, writable: true, configurable: true });
}

const isNumberSchema = (schema: Schema) => typesOf(schema).some((type) => type === 'integer' || type === 'number');
/** Free text: a string the contract does not narrow by format, pattern or a list of values. */
const isFreeText = (schema: Schema) =>
  typesOf(schema).includes('string') &&
  schema.format === undefined &&
  schema.pattern === undefined &&
  !Array.isArray(schema.enum) &&
  schema.const === undefined &&
  schema.contentMediaType === undefined;

export interface HostileBody {
  what: string;
  /** The body as a value, or (for nesting no JSON.stringify could write) as JSON text. */
  body?: unknown;
  raw?: string;
}

/** Where a deep value goes in a body's JSON text (JSON.stringify cannot write one thousands of levels deep). */
const DEEP_MARKER = '__frilo_deep_value__';

/**
 * A valid JSON body made hostile: prototype names as keys of each of its objects (with a value that would pollute
 * `Object.prototype` if merged carelessly), each number at and past the safe range, every free text as entity-looking
 * text, a value nested 5 000 deep in each top-level property, and the request at its limits (every number at its
 * maximum, every array at its maximum length).
 */
export function hostileBodies(schema: unknown, valid: unknown): HostileBody[] {
  const out: HostileBody[] = [];
  const visits = walkRequest(schema, valid);
  const variant = (what: string, change: (target: { root: unknown }) => void) => {
    const target = { root: structuredClone(valid) };
    change(target);
    out.push({ what, body: target.root });
  };
  const name = (path: Path) => ['body', ...path].join('.');
  for (const visit of visits) {
    if (visit.value === null || typeof visit.value !== 'object' || Array.isArray(visit.value)) continue;
    variant(`prototype names as keys of ${name(visit.path)}`, (target) => {
      for (const key of PROTOTYPE_NAMES) {
        const value =
          key === '__proto__' ? { polluted: true } : key === 'constructor' ? { prototype: { polluted: true } } : 'x';
        setAt(target, [...visit.path, key], value);
      }
    });
  }
  for (const visit of visits) {
    if (!isNumberSchema(visit.schema) || visit.path.length === 0) continue;
    for (const number of EXTREME_NUMBERS)
      variant(`${name(visit.path)} = ${number}`, (target) => setAt(target, visit.path, number));
  }
  const texts = visits.filter((visit) => isFreeText(visit.schema) && visit.path.length > 0);
  if (texts.length) {
    for (const entity of ENTITY_TEXTS.slice(0, 6)) {
      variant(`every free text = ${JSON.stringify(entity)}`, (target) => {
        for (const visit of texts) {
          const limit = (visit.schema.maxLength as number | undefined) ?? 1000;
          setAt(target, visit.path, entity.slice(0, limit));
        }
      });
    }
  }
  for (const visit of visits) {
    if (visit.path.length !== 1 || visit.value === undefined) continue;
    const target = { root: structuredClone(valid) };
    setAt(target, visit.path, DEEP_MARKER);
    out.push({
      what: `${name(visit.path)} nested 5000 deep`,
      raw: JSON.stringify(target.root).replace(`"${DEEP_MARKER}"`, deepJson(5_000, 'array')),
    });
  }
  const maximal = atLimits(schema, valid);
  if (maximal !== undefined)
    out.push({ what: 'every number at its maximum, every array at its longest', body: maximal });
  return out;
}

/** The valid value pushed to the contract's limits: numbers at `maximum`, arrays repeated up to `maxItems` (≤ 100). */
export function atLimits(schema: unknown, valid: unknown): unknown {
  let changed = false;
  const push = (node: unknown, value: unknown, depth: number): unknown => {
    if (depth > 12) return value;
    const schemaNode = branchFor(flatten(node), value);
    if (typeof value === 'number' && typeof schemaNode.maximum === 'number') {
      changed ||= value !== schemaNode.maximum;
      return schemaNode.maximum;
    }
    if (Array.isArray(value)) {
      if (!value.length || !schemaNode.items) return value;
      const item = push(schemaNode.items, value[0], depth + 1);
      const length = Math.min((schemaNode.maxItems as number | undefined) ?? value.length, 100);
      changed ||= length !== value.length;
      return Array.from({ length: Math.max(length, value.length) }, () => structuredClone(item));
    }
    if (value === null || typeof value !== 'object') return value;
    const properties = (schemaNode.properties as Record<string, unknown>) ?? {};
    return Object.fromEntries(
      Object.entries(value).map(([name, item]) => [
        name,
        name in properties ? push(properties[name], item, depth + 1) : item,
      ]),
    );
  };
  const result = push(schema, valid, 0);
  return changed ? result : undefined;
}

/** Path or query values made hostile: each prototype name, entity text, and numbers past the safe range. */
export function hostileParameterValues(): string[] {
  return [...PROTOTYPE_NAMES, '&nbsp;', String(Number.MAX_SAFE_INTEGER + 2), '1e400'];
}

// ---------------------------------------------------------------------------------------------------------------
// Files: every upload gets all of these, whatever format it takes: files of each format on their own, and the
// upload's own valid file with hostile values put where its format keeps text (so they reach what stores them).

export interface HostileFile {
  what: string;
  name: string;
  type: string;
  bytes: Uint8Array;
}

const utf8 = (text: string) => new TextEncoder().encode(text);
const latin1 = (text: string) => Uint8Array.from(Buffer.from(text, 'latin1'));

/** Values put into the cells and texts of a valid file. */
const CELL_VALUES = ['Kund\u0000AB', 'constructor', '__proto__', '&nbsp;', '9007199254740993', '2999-12-31'];

const PAIN_002_NS = 'urn:iso:std:iso:20022:tech:xsd:pain.002.001.03';

/** A pain.002.001.03 status report with `inside` in its group header (well-formed apart from what a variant breaks). */
function statusReport(inside: string, rootAttributes = '') {
  return `<?xml version="1.0" encoding="UTF-8"?>
<Document xmlns="${PAIN_002_NS}"${rootAttributes}><CstmrPmtStsRpt><GrpHdr><MsgId>STS-1</MsgId><CreDtTm>2026-11-24T07:15:00</CreDtTm>${inside}</GrpHdr>
<OrgnlGrpInfAndSts><OrgnlMsgId>PAY-1</OrgnlMsgId><OrgnlMsgNmId>pain.001.001.03</OrgnlMsgNmId><GrpSts>ACSC</GrpSts></OrgnlGrpInfAndSts>
</CstmrPmtStsRpt></Document>`;
}

/** XML whose names, nesting and text are hostile: standalone, and (`valid`) the upload's own document changed. */
function xmlFiles(valid: string | null): HostileFile[] {
  const out: HostileFile[] = [];
  const xml = (what: string, text: string) =>
    out.push({ what, name: 'pain002.xml', type: 'application/xml', bytes: utf8(text) });
  // The valid document with something put into its group header (or its root), and its root wrapped.
  const into = (inside: string) =>
    valid !== null && valid.includes('<GrpHdr>')
      ? valid.replace('<GrpHdr>', `<GrpHdr>${inside}`)
      : statusReport(inside);
  for (const name of PROTOTYPE_NAMES) {
    xml(`an element named ${name}`, into(`<${name}>x</${name}>`));
    xml(`an empty element named ${name}`, into(`<${name}/>`));
    xml(`an attribute named ${name}`, into(`<X ${name}="x">y</X>`));
    xml(`an attribute named ${name} on the root`, statusReport('', ` ${name}="x"`));
    xml(`the root named ${name}`, `<?xml version="1.0"?><${name} xmlns="${PAIN_002_NS}"/>`);
    xml(`a namespace prefix named ${name}`, into(`<${name}:X xmlns:${name}="urn:x">y</${name}:X>`));
    xml(`a namespace named ${name}`, into(`<X xmlns="${name}"><Y>1</Y></X>`));
  }
  for (const depth of [200, 100_000])
    xml(`elements nested ${depth} deep`, into(`${'<N>'.repeat(depth)}x${'</N>'.repeat(depth)}`));
  if (valid !== null) {
    const body = valid.replace(/^<\?xml[^>]*\?>\s*/, '');
    xml('the whole document nested 200 deep', `${'<W>'.repeat(200)}${body}${'</W>'.repeat(200)}`);
    // A transaction refused with a reason whose text is kept: hostile text there reaches storage.
    for (const text of [...CELL_VALUES, '&#0;', '&#xD800;', 'x'.repeat(10_000)]) {
      const refused = valid.replace(
        /<TxSts>\w+<\/TxSts>/,
        `<TxSts>RJCT</TxSts><StsRsnInf><Rsn><Cd>AC04</Cd></Rsn><AddtlInf>${text}</AddtlInf></StsRsnInf>`,
      );
      xml(`a refusal reason ${JSON.stringify(text.slice(0, 20))}`, refused);
    }
  }
  for (const entity of ENTITY_TEXTS) xml(`entity-looking text ${JSON.stringify(entity)}`, into(`<X>${entity}</X>`));
  xml(
    'an external entity (XXE)',
    `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY x SYSTEM "file:///etc/passwd">]><Document xmlns="${PAIN_002_NS}">&x;</Document>`,
  );
  const laughs = Array.from({ length: 9 }, (_, i) => `<!ENTITY l${i + 1} "${`&l${i};`.repeat(10)}">`).join('');
  xml(
    'billion laughs',
    `<?xml version="1.0"?><!DOCTYPE d [<!ENTITY l0 "lol">${laughs}]><Document xmlns="${PAIN_002_NS}">&l9;</Document>`,
  );
  return out;
}

/** The lines of a CSV text as cells, quotes kept as written (so a cell joins back as it was). */
function csvOf(text: string): { delimiter: string; lines: string[][] } {
  const first = text.split('\n')[0] ?? '';
  const delimiter = first.includes(';') ? ';' : ',';
  const lines = text
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const cells: string[] = [];
      let cell = '';
      let quoted = false;
      for (const c of line) {
        if (c === '"') quoted = !quoted;
        if (c === delimiter && !quoted) {
          cells.push(cell);
          cell = '';
        } else cell += c;
      }
      cells.push(cell);
      return cells;
    });
  return { delimiter, lines };
}

/** CSV with hostile headings and cells: standalone, and (`valid`) the upload's own file changed cell by cell. */
function csvFiles(valid: string | null): HostileFile[] {
  const out: HostileFile[] = [];
  const csv = (what: string, text: string | Uint8Array) =>
    out.push({ what, name: 'file.csv', type: 'text/csv', bytes: typeof text === 'string' ? utf8(text) : text });
  if (valid !== null) {
    const { delimiter, lines } = csvOf(valid);
    const [header, record] = [lines[0] ?? [], lines[1] ?? []];
    const write = (rows: string[][]) => rows.map((cells) => cells.join(delimiter)).join('\n') + '\n';
    for (const name of PROTOTYPE_NAMES)
      csv(`a heading named ${name}`, write([[...header, name], [...record, 'x'], ...lines.slice(2)]));
    // Value by value (a NUL in every cell first): a file that is accepted may make a later one a repeat.
    for (const value of CELL_VALUES) {
      record.forEach((_, index) => {
        const changed = [...record];
        changed[index] = value;
        csv(`cell ${index + 1} (${header[index] ?? ''}) = ${JSON.stringify(value)}`, write([header, changed]));
      });
    }
    csv('a NUL in a heading', write([[`${header[0] ?? ''}\u0000`, ...header.slice(1)], record]));
  }
  for (const name of PROTOTYPE_NAMES) {
    csv(`an exchange-rate heading named ${name}`, `Date;${name}\n2026-01-06;11.2\n`);
    csv(`an exchange-rate series named ${name}`, `Date;Group;Series;Value\n2026-01-06;x;${name};11.2\n`);
  }
  csv('an exchange-rate series name with a NUL', `Date;Group;Series;Value\n2026-01-06;x;1 JPY\u0000;11.2\n`);
  // With a rate that is kept, so the file is stored and its skipped series reported and logged.
  csv(
    'a kept rate and a skipped series whose name has a NUL',
    `Date;Group;Series;Value\n2026-01-06;x;SEKEURPMI;11.2\n2026-01-06;x;1 JPY\u0000;6.2\n`,
  );
  csv('an exchange-rate value with a NUL', `Date;SEKEURPMI\n2026-01-06;11\u00002\n`);
  for (const date of ['2999-12-31', '0001-01-01'])
    csv(`an exchange-rate date ${date}`, `Date;SEKEURPMI\n${date};11.2\n`);
  csv('a rate past the safe range', `Date;SEKEURPMI\n2026-01-06;9007199254740993\n`);
  csv('a quote never closed', `a,b\n"${'x'.repeat(1000)}`);
  csv('ten thousand columns', `a${',x'.repeat(10_000)}\n1\n`);
  csv('Windows-1252 with a NUL', new Uint8Array([0x61, 0x2c, 0x62, 0x0a, 0xe5, 0x00, 0x2c, 0x31, 0x0a]));
  return out;
}

let bgMaxSerial = 0;

/** BgMax files with hostile amounts, dates and texts (each with its own time stamp, so none is a repeat). */
function bgMaxFiles(): HostileFile[] {
  const out: HostileFile[] = [];
  const file = (what: string, bytes: Uint8Array) =>
    out.push({ what, name: 'inbetalningar.bgmax', type: 'text/plain', bytes });
  const write = (
    payment: Partial<Parameters<typeof writeBgMax>[0]['deposits'][0]['payments'][0]>,
    paymentDate = '2026-11-24',
  ) => {
    const serial = String(++bgMaxSerial).padStart(6, '0');
    return writeBgMax({
      timestamp: `20261124${String(process.pid % 1000).padStart(3, '0')}${serial}000`.slice(0, 20).padEnd(20, '0'),
      receivingBankgiro: '50501238',
      deposits: [
        {
          paymentDate,
          serialNumber: '00001',
          payments: [
            {
              reference: '12345682',
              amountMinor: 10_000,
              serialNumber: `${String(process.pid % 1000).padStart(3, '0')}7${serial.padStart(8, '0')}`,
              payerName: 'Kund AB',
              ...payment,
            },
          ],
        },
      ],
    });
  };
  file('an amount at the safe limit', write({ amountMinor: Number.MAX_SAFE_INTEGER }));
  // The amount field holds 18 digits: eighteen nines is past the safe range (the deposit total says otherwise too).
  const nines = Buffer.from(write({}))
    .toString('latin1')
    .replace(/^(20.{35})\d{18}/m, (_, head: string) => `${head}${'9'.repeat(18)}`);
  file('an amount of eighteen nines', latin1(nines));
  for (const date of ['2999-12-31', '1900-01-01']) file(`a payment date ${date}`, write({}, date));
  for (const value of CELL_VALUES) {
    file(`a payer named ${JSON.stringify(value)}`, write({ payerName: value }));
    file(`a reference ${JSON.stringify(value)}`, write({ reference: value, referenceCode: '4' }));
  }
  return out;
}

/** Every hostile file for an upload whose valid file is `valid`. */
export async function hostileFiles(valid: Blob | null): Promise<HostileFile[]> {
  const text = valid ? new TextDecoder().decode(await valid.arrayBuffer()) : null;
  const isXml = text !== null && text.trimStart().startsWith('<');
  const isCsv = text !== null && !isXml && !text.startsWith('01BGMAX') && /[;,]/.test(text.split('\n')[0] ?? '');
  // The valid file under hostile names (a name is kept with what is stored).
  const bytes = valid ? new Uint8Array(await valid.arrayBuffer()) : utf8('x');
  const names = [...PROTOTYPE_NAMES, 'invoice\u202egnp.exe', 'a\u0000b.png', '../../etc/passwd'].map((name) => ({
    what: `a file named ${JSON.stringify(name)}`,
    name,
    type: valid?.type ?? 'application/octet-stream',
    bytes,
  }));
  return [...xmlFiles(isXml ? text : null), ...csvFiles(isCsv ? text : null), ...bgMaxFiles(), ...names];
}

/** The request's form with its file fields' contents replaced by `file`; every other field kept. */
export function withFile(form: FormData, fileFields: string[], file: HostileFile): FormData {
  const out = new FormData();
  for (const [name, value] of form.entries()) {
    if (fileFields.includes(name))
      out.append(name, new Blob([new Uint8Array(file.bytes)], { type: file.type }), file.name);
    else out.append(name, value);
  }
  return out;
}

/** The form with fields named after prototype names added. */
export function withPrototypeFields(form: FormData): FormData {
  const out = new FormData();
  for (const [name, value] of form.entries()) out.append(name, value);
  for (const name of PROTOTYPE_NAMES) out.append(name, 'x');
  return out;
}
