// Makes the API docs page (redocly build-docs' dist/docs.html) work offline and under a Content-Security-Policy
// without inline scripts: Redoc's script is served from our own files instead of Redocly's CDN, the page's inline
// scripts become files of their own, and Redoc's telemetry is turned off. The BFF serves the page at /api/docs and the
// scripts at /api/docs/<file>.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const page = join(root, 'dist', 'docs.html');
const assets = join(root, 'dist', 'docs');
/** Where the page's scripts are served (openapi's dist/docs, by the BFF's system module). */
const ASSETS_URL = '/api/docs';

const hashOf = (content: string | Buffer) => createHash('sha256').update(content).digest('hex').slice(0, 12);

let html = await readFile(page, 'utf8');
await rm(assets, { recursive: true, force: true });
await mkdir(assets, { recursive: true });

// Redoc itself: the build refers to the CDN copy of the file @redocly/cli ships (the integrity attribute is its hash).
const cdn = /https:\/\/cdn\.redocly\.com\/redoc\/v[\d.]+\/bundles\/redoc\.standalone\.js/.exec(html)?.[0];
if (!cdn) throw new Error('docs.html does not load Redoc from the CDN any more: check scripts/docs-offline.ts');
const cli = dirname(fileURLToPath(import.meta.resolve('@redocly/cli/package.json')));
const shipped = await readFile(join(cli, 'lib', 'chunks', 'redoc.standalone.js'));
const integrity = /integrity="(sha384-[^"]+)"/.exec(html)?.[1];
const sha384 = (content: string | Buffer) => `sha384-${createHash('sha384').update(content).digest('base64')}`;
if (integrity !== sha384(shipped))
  throw new Error(`@redocly/cli's redoc.standalone.js is not the file the page expects (${integrity})`);
// Redoc shows Redocly's logo from its CDN ("API docs by …"): an empty image instead, so nothing is fetched from
// elsewhere and the policy refuses nothing. (The icon CDN it knows of serves only icons a page configures; ours none.)
const logos = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(-full)?\.svg/g;
const source = shipped.toString('utf8');
if ((source.match(logos) ?? []).length !== 2) throw new Error('Redoc loads its logo differently now: check logos');
const redoc = source.replace(logos, 'data:image/svg+xml,%3Csvg xmlns=%22http://www.w3.org/2000/svg%22/%3E');
const redocFile = `redoc.standalone.${hashOf(redoc)}.js`;
await writeFile(join(assets, redocFile), redoc);
html = html
  .replaceAll(cdn, `${ASSETS_URL}/${redocFile}`)
  .replace(integrity, sha384(redoc))
  .replace(/ crossorigin="anonymous"/g, '');

// Every inline script becomes a file (a CSP without 'unsafe-inline' runs only scripts from our own origin).
let inline = 0;
const writes: Promise<void>[] = [];
html = html.replace(/<script( type="module")?>([\s\S]*?)<\/script>/g, (_, module: string | undefined, code: string) => {
  inline += 1;
  let script = code.trim();
  if (module) {
    // Redoc reports usage to Redocly unless told not to; an offline product sends nothing anywhere.
    if (!script.includes('"disableTelemetry":false')) throw new Error('Redoc options changed: check disableTelemetry');
    script = script.replace('"disableTelemetry":false', '"disableTelemetry":true');
  }
  const file = `${module ? 'docs' : 'color-mode'}.${hashOf(script)}.js`;
  writes.push(writeFile(join(assets, file), `${script}\n`));
  return `<script${module ?? ''} src="${ASSETS_URL}/${file}"></script>`;
});
await Promise.all(writes);
if (inline !== 2)
  throw new Error(`Expected the color-mode and the Redoc scripts inline, found ${inline} inline scripts`);
const remote = /<(script|link)[^>]+(src|href)="https?:\/\/[^"]+"/.exec(html);
if (remote) throw new Error(`docs.html still loads ${remote[0]}`);
await writeFile(page, html);
console.log(`API docs: Redoc and ${inline} scripts served from ${ASSETS_URL}/ (dist/docs)`);
