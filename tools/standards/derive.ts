// The transforms that make the few standard files the tests read that are not published as such: each takes the
// upstream files named in tools/standards/manifest.json (at pinned commits, checked against their SHA-256) and
// returns the bytes of the file the tests read, whose SHA-256 the manifest also pins. Pure and deterministic: the
// same upstream bytes always give the same file.

/** What a manifest entry's `derive` asks for. */
export interface Derivation {
  readonly transform: string;
  /** Text replaced in element content (`>from<` becomes `>to<`), each at least once. */
  readonly replace?: Readonly<Record<string, string>>;
}

export interface UpstreamFile {
  readonly url: string;
  readonly bytes: Buffer;
}

type Transform = (sources: readonly UpstreamFile[], derivation: Derivation) => string;

function text(source: UpstreamFile | undefined, what: string): string {
  if (!source) throw new Error(`${what}: an upstream file is missing from the manifest entry`);
  return source.bytes.toString('utf8');
}

function json<T>(source: UpstreamFile | undefined, what: string): T {
  return JSON.parse(text(source, what)) as T;
}

/** `owner/name` and commit of a URL pinned at a commit, `…/owner/name/<40 hex digits>/path` (raw.githubusercontent.com). */
function gitHubSource(url: string): { repo: string; commit: string } {
  const match = /\/([^/]+\/[^/]+)\/([0-9a-f]{40})\//.exec(url);
  if (!match) throw new Error(`${url} is not pinned at a full commit (…/owner/name/<commit>/path)`);
  return { repo: match[1]!, commit: match[2]! };
}

function pick<T extends object>(item: T, keys: readonly string[]): Record<string, unknown> {
  return Object.fromEntries(
    keys.filter((key) => key in item).map((key) => [key, (item as Record<string, unknown>)[key]]),
  );
}

/** JSON as the trimmed lists have always been written: one-space indents, a final newline. */
const asJson = (value: unknown): string => `${JSON.stringify(value, null, 1)}\n`;

/**
 * A Peppol rule test (`rules/unit-UBL-*`) is a `testSet` whose `<test>`s each hold one document and the rule it
 * passes (`<success>`) or breaks (`<error>`). This takes the document of the first passing test, as a document of
 * its own: the XML declaration, the root element with its start tag on one line, a final newline.
 */
function peppolPassingDocument(sources: readonly UpstreamFile[], derivation: Derivation): string {
  const testSet = text(sources[0], 'peppol-passing-document');
  const test = [...testSet.matchAll(/<test>([\s\S]*?)<\/test>/g)].find(([, body]) => /<success>/.test(body!));
  if (!test) throw new Error(`${sources[0]!.url} has no passing test`);
  const body = test[1]!;
  const start = /<(Invoice|CreditNote)\b[^>]*>/.exec(body);
  if (!start) throw new Error(`${sources[0]!.url}: the passing test holds no Invoice or CreditNote`);
  const root = start[1]!;
  const close = `</${root}>`;
  const end = body.indexOf(close, start.index);
  if (end < 0) throw new Error(`${sources[0]!.url}: ${root} is not closed`);
  const startTag = start[0].replace(/\s+/g, ' ').replace(/ >$/, '>');
  let document = `${startTag}${body.slice(start.index + start[0].length, end)}${close}`;
  for (const [from, to] of Object.entries(derivation.replace ?? {})) {
    if (!document.includes(`>${from}<`)) throw new Error(`${sources[0]!.url}: no element holds ${from}`);
    document = document.replaceAll(`>${from}<`, `>${to}<`);
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n${document}\n`;
}

const ORGANISATION_KEYS = ['input', 'long_format', 'short_format', 'valid', 'type', 'vat_number'];

/** organisationsnummer/meta `testdata/list.json`, with the fields our test reads. */
function organisationsnummerList(sources: readonly UpstreamFile[]): string {
  const list = json<object[]>(sources[0], 'organisationsnummer-list');
  return asJson({ source: gitHubSource(sources[0]!.url), list: list.map((item) => pick(item, ORGANISATION_KEYS)) });
}

const PERSON_KEYS = ['long_format', 'short_format', 'separated_format', 'separated_long', 'valid', 'type'];
const ORGNUMBER_KEYS = ['short_format', 'separated_format', 'valid', 'type', 'comment'];

/** Whether `year`-`month`-`day` is a day of the calendar. */
function isRealDate(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/**
 * personnummer/meta `testdata/list.json`, `interim.json`, `orgnumber.json` and Skatteverket's open test numbers
 * `allPins.json` and `allCoords.json` (in that order), with the fields our test reads. Every pin is kept. The
 * co-ordination numbers are split by the product's rule (decision in identifier-test-lists.test.ts): those that name
 * a real birth date (day less 60) are kept as valid; those whose date part is unknown (month 00, or day 60) or
 * impossible are set aside, to be refused.
 */
function personnummerLists(sources: readonly UpstreamFile[]): string {
  const [list, interim, orgnumber, pins, coords] = [
    json<object[]>(sources[0], 'personnummer-lists list.json'),
    json<object[]>(sources[1], 'personnummer-lists interim.json'),
    json<object[]>(sources[2], 'personnummer-lists orgnumber.json'),
    json<string[]>(sources[3], 'personnummer-lists allPins.json'),
    json<string[]>(sources[4], 'personnummer-lists allCoords.json'),
  ];
  const coordsUnknownDatePart: string[] = [];
  const coordsImpossibleDate: string[] = [];
  const realCoords: string[] = [];
  for (const number of coords) {
    const month = Number(number.slice(4, 6));
    const day = Number(number.slice(6, 8)) - 60;
    if (month === 0 || day === 0) coordsUnknownDatePart.push(number);
    else if (!isRealDate(Number(number.slice(0, 4)), month, day)) coordsImpossibleDate.push(number);
    else realCoords.push(number);
  }
  return asJson({
    source: gitHubSource(sources[0]!.url),
    list: list.map((item) => pick(item, PERSON_KEYS)),
    interim: interim.map((item) => pick(item, PERSON_KEYS)),
    orgnumber: orgnumber.map((item) => pick(item, ORGNUMBER_KEYS)),
    pins,
    coords: realCoords,
    setAside: { coordsUnknownDatePart, coordsImpossibleDate },
  });
}

const TRANSFORMS: Readonly<Record<string, Transform>> = {
  'peppol-passing-document': peppolPassingDocument,
  'organisationsnummer-list': organisationsnummerList,
  'personnummer-lists': personnummerLists,
};

/** The bytes of a derived file, from its upstream files in the manifest's order. */
export function derive(derivation: Derivation, sources: readonly UpstreamFile[]): Buffer {
  const transform = TRANSFORMS[derivation.transform];
  if (!transform) throw new Error(`Unknown transform ${derivation.transform} in tools/standards/manifest.json`);
  return Buffer.from(transform(sources, derivation), 'utf8');
}
