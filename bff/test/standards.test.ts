// The loader of the official standard files (tools/standards): STANDARDS_DIR first, then ../shared/standards, then a
// download from the sources into .cache/standards; a file whose SHA-256 differs is refused wherever it comes from,
// and what is missing is said in one message naming the file and the two ways to provide it. The sources here are a
// loopback HTTP server; the repository roots are temporary folders.
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { once } from 'node:events';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { after, before, beforeEach, describe, it } from 'node:test';
import { derive } from '../../tools/standards/derive.ts';
import {
  loadStandards,
  readManifest,
  standardsForTests,
  StandardsUnavailable,
  UNAVAILABLE_ENV,
  type StandardsManifest,
} from '../../tools/standards/standards.ts';

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

const SCHEMA = '<?xml version="1.0"?><xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema"/>\n';
const LIST = '{"list":[1,2,3]}\n';
const TEST_SET = `<testSet>
  <test><assert><error>R-1</error></assert>
<Invoice
 xmlns="urn:x">
  <ID>bad</ID>
</Invoice>
  </test>
  <test><assert><success>R-1</success></assert>
<Invoice
 xmlns="urn:x" >
  <ID>1234567890</ID>
</Invoice>
  </test>
</testSet>
`;
const DERIVED = '<?xml version="1.0" encoding="UTF-8"?>\n<Invoice xmlns="urn:x">\n  <ID>5566778899</ID>\n</Invoice>\n';

/** Every request the loopback server was asked, and what it serves at each path. */
const served = new Map<string, string>();
const requests: string[] = [];
let server: Server;
let base: string;

before(async () => {
  server = createServer((request, response) => {
    requests.push(request.url ?? '');
    const body = served.get(request.url ?? '');
    response.writeHead(body === undefined ? 404 : 200, { 'content-type': 'application/octet-stream' });
    response.end(body);
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

after(() => server.close());

function manifest(): StandardsManifest {
  return {
    sets: [
      {
        name: 'test set',
        files: [
          {
            path: 'xsd/schema.xsd',
            sha256: sha256(SCHEMA),
            sources: [`${base}/mirror-a/schema.xsd`, `${base}/b/schema.xsd`],
          },
          { path: 'lists/list.json', sha256: sha256(LIST), sources: [`${base}/list.json`] },
          {
            path: 'examples/derived.xml',
            sha256: sha256(DERIVED),
            derive: { transform: 'peppol-passing-document', replace: { '1234567890': '5566778899' } },
            from: [{ url: `${base}/rules/test-set.xml`, sha256: sha256(TEST_SET) }],
          },
        ],
      },
    ],
  };
}

let root: string;
let repo: string;
const roots: string[] = [];

/** A standards folder holding `files` (path → text) at `dir`. */
function folder(dir: string, files: Record<string, string>): string {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  return dir;
}

const ALL = { 'xsd/schema.xsd': SCHEMA, 'lists/list.json': LIST, 'examples/derived.xml': DERIVED };

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), 'frilo-standards-'));
  roots.push(root);
  repo = join(root, 'repo');
  mkdirSync(repo);
  served.clear();
  requests.length = 0;
});

after(() => {
  for (const dir of roots) rmSync(dir, { recursive: true, force: true });
});

/** The loader as a clone at `repo` sees it, with only the environment given. */
const load = (env: Record<string, string> = {}, only?: string[]) =>
  loadStandards({ env, repoRoot: repo, manifest: manifest(), ...(only ? { only } : {}) });

async function refusal(promise: Promise<unknown>): Promise<StandardsUnavailable> {
  const error = await promise.then(
    () => assert.fail('the loader provided the files'),
    (thrown: unknown) => thrown,
  );
  assert.ok(error instanceof StandardsUnavailable, String(error));
  return error;
}

describe('STANDARDS_DIR', () => {
  it('is where the files come from when set, before ../shared/standards and any download', async () => {
    const dir = folder(join(root, 'copy'), ALL);
    folder(join(root, 'shared', 'standards'), { ...ALL, 'xsd/schema.xsd': 'another schema' });
    const standards = await load({ STANDARDS_DIR: dir });
    assert.equal(standards.origin, 'STANDARDS_DIR');
    assert.equal(standards.dir, dir);
    assert.equal(standards.text('xsd/schema.xsd'), SCHEMA);
    assert.deepEqual(standards.files, ['xsd/schema.xsd', 'lists/list.json', 'examples/derived.xml']);
    assert.deepEqual(requests, [], 'nothing downloaded');
  });

  it('refuses a file whose SHA-256 is not the manifest’s, naming it and the two ways to provide the files', async () => {
    const dir = folder(join(root, 'copy'), { ...ALL, 'lists/list.json': '{"list":[1,2,3,4]}\n' });
    const error = await refusal(load({ STANDARDS_DIR: dir }));
    assert.equal(error.file, 'lists/list.json');
    assert.match(error.message, /^Official standard file missing: lists\/list\.json \(refused: /);
    assert.match(error.message, new RegExp(sha256('{"list":[1,2,3,4]}\n')));
    assert.match(error.message, /Set STANDARDS_DIR to a folder holding the files of tools\/standards\/manifest\.json/);
    assert.match(error.message, /or allow network access to download them once into \.cache\/standards\//);
    assert.deepEqual(requests, [], 'a wrong STANDARDS_DIR is not papered over by a download');
  });

  it('names a file it lacks', async () => {
    const dir = folder(join(root, 'copy'), { 'xsd/schema.xsd': SCHEMA, 'lists/list.json': LIST });
    const error = await refusal(load({ STANDARDS_DIR: dir }));
    assert.equal(error.file, 'examples/derived.xml');
    assert.match(error.message, /not in STANDARDS_DIR/);
  });

  it('is read relative to the repository root', async () => {
    folder(join(repo, 'standards-copy'), ALL);
    assert.equal((await load({ STANDARDS_DIR: 'standards-copy' })).dir, join(repo, 'standards-copy'));
  });

  it('needs only the files asked for', async () => {
    const dir = folder(join(root, 'copy'), { 'lists/list.json': LIST });
    assert.equal((await load({ STANDARDS_DIR: dir }, ['lists/list.json'])).text('lists/list.json'), LIST);
    assert.deepEqual((await load({ STANDARDS_DIR: dir }, ['lists/'])).files, ['lists/list.json']);
    await assert.rejects(load({ STANDARDS_DIR: dir }, ['lists/other.json']), /not in tools\/standards\/manifest\.json/);
  });
});

describe('../shared/standards beside the repository', () => {
  it('is used without STANDARDS_DIR, checked the same way', async () => {
    const shared = folder(join(root, 'shared', 'standards'), ALL);
    const standards = await load();
    assert.equal(standards.origin, '../shared/standards');
    assert.equal(standards.dir, shared);
    writeFileSync(join(shared, 'xsd/schema.xsd'), SCHEMA.replace('schema', 'schemas'));
    assert.equal((await refusal(load())).file, 'xsd/schema.xsd');
  });
});

describe('the download into .cache/standards', () => {
  const cache = () => join(repo, '.cache', 'standards');

  it('downloads each file once from its first good source, derives what is not published as such, and keeps them', async () => {
    served.set('/b/schema.xsd', SCHEMA);
    served.set('/list.json', LIST);
    served.set('/rules/test-set.xml', TEST_SET);
    const standards = await load();
    assert.equal(standards.origin, '.cache/standards');
    assert.equal(standards.dir, cache());
    assert.equal(readFileSync(join(cache(), 'examples/derived.xml'), 'utf8'), DERIVED);
    assert.equal(standards.text('xsd/schema.xsd'), SCHEMA);
    assert.deepEqual(requests, ['/mirror-a/schema.xsd', '/b/schema.xsd', '/list.json', '/rules/test-set.xml']);
    requests.length = 0;
    assert.equal((await load()).text('lists/list.json'), LIST);
    assert.deepEqual(requests, [], 'the second run reads the cache');
  });

  it('refuses a tampered file: not kept, and named with its source and both SHA-256s', async () => {
    served.set('/mirror-a/schema.xsd', SCHEMA.replace('/>', '><xs:element name="x"/></xs:schema>'));
    served.set('/list.json', LIST);
    served.set('/rules/test-set.xml', TEST_SET);
    const error = await refusal(load());
    assert.equal(error.file, 'xsd/schema.xsd');
    assert.match(error.reason, new RegExp(`^refused ${base}/mirror-a/schema\\.xsd: its SHA-256 is [0-9a-f]{64}, `));
    assert.match(error.reason, new RegExp(`the manifest says ${sha256(SCHEMA)}$`));
    assert.equal(existsSync(join(cache(), 'xsd/schema.xsd')), false);
    assert.equal(existsSync(join(cache(), 'xsd')), false, 'not even a partial file');
  });

  it('refuses a tampered upstream file of a derived one', async () => {
    served.set('/b/schema.xsd', SCHEMA);
    served.set('/list.json', LIST);
    served.set('/rules/test-set.xml', TEST_SET.replace('1234567890', '1234567891'));
    const error = await refusal(load());
    assert.equal(error.file, 'examples/derived.xml');
    assert.match(error.reason, /^refused .*\/rules\/test-set\.xml: its SHA-256 is /);
    assert.equal(existsSync(join(cache(), 'examples/derived.xml')), false);
  });

  it('replaces a cached file that no longer has its SHA-256', async () => {
    folder(cache(), { ...ALL, 'lists/list.json': 'changed by hand' });
    served.set('/list.json', LIST);
    assert.equal((await load()).text('lists/list.json'), LIST);
    assert.deepEqual(requests, ['/list.json']);
  });

  it('offline: one message naming the missing file, what failed and the two ways to provide the files', async () => {
    const closed = createServer();
    closed.listen(0, '127.0.0.1');
    await once(closed, 'listening');
    const port = (closed.address() as AddressInfo).port;
    closed.close();
    await once(closed, 'close');
    const offline: StandardsManifest = {
      sets: [
        {
          name: 'x',
          files: [{ path: 'xsd/schema.xsd', sha256: sha256(SCHEMA), sources: [`http://127.0.0.1:${port}/s.xsd`] }],
        },
      ],
    };
    const error = await refusal(loadStandards({ env: {}, repoRoot: repo, manifest: offline }));
    assert.match(error.downloadFailure ?? '', /ECONNREFUSED/);
    assert.match(
      error.message,
      new RegExp(
        `^Official standard file missing: xsd/schema\\.xsd \\(download failed: .*ECONNREFUSED.* \\(http://127\\.0\\.0\\.1:${port}/s\\.xsd\\)\\)\\. ` +
          'Set STANDARDS_DIR to a folder holding the files of tools/standards/manifest\\.json, or allow network access ' +
          'to download them once into \\.cache/standards/\\.$',
      ),
    );
  });
});

describe('standardsForTests', () => {
  it('gives the files, or the one message as the reason to skip the tests that need them', async () => {
    const dir = folder(join(root, 'copy'), ALL);
    const here = await standardsForTests(['lists/'], {
      env: { STANDARDS_DIR: dir },
      repoRoot: repo,
      manifest: manifest(),
    });
    assert.equal(here.skip, false);
    assert.equal(here.text('lists/list.json'), LIST);

    const missing = await standardsForTests(['lists/'], { env: {}, repoRoot: repo, manifest: manifest() });
    assert.match(
      String(missing.skip),
      /^Official standard file missing: lists\/list\.json \(download failed: HTTP 404 \(http:.*\/list\.json\)\)/,
    );
    assert.deepEqual(missing.files, ['lists/list.json'], 'skipped tests keep their names');
    assert.throws(() => missing.text('lists/list.json'), StandardsUnavailable);
  });

  it('under CI the files are required: no skipping', async () => {
    await assert.rejects(
      standardsForTests(['lists/'], { env: { CI: 'true' }, repoRoot: repo, manifest: manifest() }),
      StandardsUnavailable,
    );
  });

  it('after the run’s setup failed to download, a test file does not try again', async () => {
    const options = { env: { [UNAVAILABLE_ENV]: 'not downloaded: no network' }, repoRoot: repo, manifest: manifest() };
    const missing = await standardsForTests(['lists/'], options);
    assert.match(
      String(missing.skip),
      /^Official standard file missing: lists\/list\.json \(not downloaded: no network\)/,
    );
    assert.deepEqual(requests, []);
  });
});

describe('the transforms', () => {
  it('peppol-passing-document: the document of the first passing test, its start tag on one line', () => {
    const made = derive({ transform: 'peppol-passing-document', replace: { '1234567890': '5566778899' } }, [
      {
        url: 'https://raw.githubusercontent.com/o/r/0000000000000000000000000000000000000000/t.xml',
        bytes: Buffer.from(TEST_SET),
      },
    ]);
    assert.equal(made.toString('utf8'), DERIVED);
    assert.throws(
      () =>
        derive({ transform: 'peppol-passing-document', replace: { '999': '1' } }, [
          { url: 'u', bytes: Buffer.from(TEST_SET) },
        ]),
      /no element holds 999/,
    );
  });

  it('personnummer-lists: every pin; co-ordination numbers without a real date set aside', () => {
    const url = (file: string) =>
      `https://raw.githubusercontent.com/personnummer/meta/c44a844af66b3a810a72f4b0206d21489bf6f52d/testdata/${file}`;
    const item = {
      integer: 1,
      long_format: 'a',
      short_format: 'b',
      separated_format: 'c',
      separated_long: 'd',
      valid: true,
      type: 'ssn',
      isMale: true,
    };
    const sources = [
      [item],
      [],
      [{ integer: 2, short_format: 'e', separated_format: 'f', valid: false, type: 'org', comment: 'g' }],
      ['189001019802', '200002292399'],
      // 1914-01-08 real; month 00; day 60 (day 0); 1919-02-29 impossible; 2000-02-29 real.
      ['191401682396', '191500722390', '191600602399', '191902892382', '200002892391'],
    ].map((value, i) => ({
      url: url(['list', 'interim', 'orgnumber', 'allPins', 'allCoords'][i]!),
      bytes: Buffer.from(JSON.stringify(value)),
    }));
    const made = JSON.parse(derive({ transform: 'personnummer-lists' }, sources).toString('utf8'));
    assert.deepEqual(made.source, { repo: 'personnummer/meta', commit: 'c44a844af66b3a810a72f4b0206d21489bf6f52d' });
    assert.deepEqual(made.list, [
      { long_format: 'a', short_format: 'b', separated_format: 'c', separated_long: 'd', valid: true, type: 'ssn' },
    ]);
    assert.deepEqual(made.orgnumber, [
      { short_format: 'e', separated_format: 'f', valid: false, type: 'org', comment: 'g' },
    ]);
    assert.deepEqual(made.pins, ['189001019802', '200002292399']);
    assert.deepEqual(made.coords, ['191401682396', '200002892391']);
    assert.deepEqual(made.setAside, {
      coordsUnknownDatePart: ['191500722390', '191600602399'],
      coordsImpossibleDate: ['191902892382'],
    });
  });
});

describe('tools/standards/manifest.json', () => {
  const files = readManifest().sets.flatMap((set) => set.files);

  it('pins every file by SHA-256 and by sources at a fixed version, each path once', () => {
    assert.equal(new Set(files.map((file) => file.path)).size, files.length);
    for (const file of files) {
      assert.match(file.sha256, /^[0-9a-f]{64}$/, file.path);
      const urls = file.derive ? (file.from ?? []).map((source) => source.url) : (file.sources ?? []);
      assert.ok(urls.length > 0, `${file.path} has a source`);
      for (const url of urls) {
        assert.match(url, /^https:\/\//, file.path);
        if (url.startsWith('https://raw.githubusercontent.com/')) {
          assert.match(url, /^https:\/\/raw\.githubusercontent\.com\/[^/]+\/[^/]+\/[0-9a-f]{40}\//, `${url} is pinned`);
        }
      }
      for (const source of file.from ?? []) assert.match(source.sha256, /^[0-9a-f]{64}$/, source.url);
    }
  });

  it('lists what the tests read: the UBL 2.1 and pain.001 schemas, the Peppol examples, the identifier lists', () => {
    const paths = files.map((file) => file.path);
    for (const path of [
      'ubl-2.1/maindoc/UBL-Invoice-2.1.xsd',
      'ubl-2.1/maindoc/UBL-CreditNote-2.1.xsd',
      'iso20022/pain.001.001.03.xsd',
      'peppol-examples/SE-invoice.xml',
      'identifiers/personnummer.json',
      'identifiers/organisationsnummer.json',
    ]) {
      assert.ok(paths.includes(path), path);
    }
  });
});
