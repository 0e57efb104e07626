// A static file server that answers the way a CDN in front of an uploaded remote's `dist/` should
// (docs/shell-remote-contract.md, "Deploying one remote"), for the end-to-end tests that load a remote
// from another origin (shell/e2e/remote-deploy.spec.ts). Test tooling, not app code.
//
// - each URL prefix maps to a folder (`/frilo/mf-customers/` → `mf-customers/dist`);
// - content types by extension; `.br`/`.gz` beside a file are sent to browsers that accept them (Vary);
// - hashed files (`*.[8+ hex].*`) are `public, max-age=31536000, immutable`; everything else
//   (mf-manifest.json, remoteEntry.js, locales) `no-cache` with an ETag, answered 304 when unchanged;
// - CORS for the allowed origins only (the shell's): `Access-Control-Allow-Origin: <that origin>`, `Vary: Origin`;
// - source maps are not served (they are not uploaded).
import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { CONTENT_TYPES } from '../static-server.ts';

export type CdnOptions = {
  /** URL path prefix (starting and ending with `/`) → folder served under it. */
  mounts: Record<string, string>;
  /** Origins allowed to read the files from scripts (fetch): the shell's. */
  allowOrigins: string[];
  port?: number;
};

export type CdnServer = {
  origin: string;
  server: Server;
  /** The path of every request it was sent, in order. */
  requests: string[];
  close: () => Promise<void>;
};

const HASHED = /\.[0-9a-f]{8,}\./;

/** The Cache-Control a CDN sends for a remote's file: hashed files forever, the rest revalidated on every use. */
export function cacheControl(pathname: string): string {
  return HASHED.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

function resolveFile(mounts: Record<string, string>, pathname: string): string | null {
  for (const [prefix, folder] of Object.entries(mounts)) {
    if (!pathname.startsWith(prefix)) continue;
    const root = normalize(folder);
    const file = normalize(join(root, decodeURIComponent(pathname.slice(prefix.length))));
    return file.startsWith(root + sep) ? file : null;
  }
  return null;
}

async function readEncoded(file: string, accepted: string): Promise<{ body: Buffer; encoding?: string }> {
  for (const [encoding, suffix] of [
    ['br', '.br'],
    ['gzip', '.gz'],
  ] as const) {
    if (!new RegExp(`\\b${encoding}\\b`).test(accepted)) continue;
    try {
      return { body: await readFile(file + suffix), encoding };
    } catch {
      // Not precompressed: try the next, then the file itself.
    }
  }
  return { body: await readFile(file) };
}

function cors(request: IncomingMessage, response: ServerResponse, allowOrigins: string[]): void {
  response.setHeader('Vary', 'Origin, Accept-Encoding');
  const origin = request.headers.origin;
  if (origin && allowOrigins.includes(origin)) {
    response.setHeader('Access-Control-Allow-Origin', origin);
    response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD');
    response.setHeader('Access-Control-Max-Age', '600');
  }
}

export function startCdnServer(options: CdnOptions): Promise<CdnServer> {
  const requests: string[] = [];
  const server = createServer(async (request, response) => {
    const pathname = new URL(request.url ?? '/', 'http://cdn').pathname;
    requests.push(pathname);
    cors(request, response, options.allowOrigins);
    response.setHeader('X-Content-Type-Options', 'nosniff');
    if (request.method === 'OPTIONS') return void response.writeHead(204).end();
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      return void response.writeHead(405, { Allow: 'GET, HEAD, OPTIONS' }).end();
    }
    const file = /\.map$/.test(pathname) ? null : resolveFile(options.mounts, pathname);
    try {
      if (!file) throw Object.assign(new Error('not found'), { code: 'ENOENT' });
      const { body, encoding } = await readEncoded(file, String(request.headers['accept-encoding'] ?? ''));
      const etag = `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
      response.setHeader('Content-Type', CONTENT_TYPES[extname(file)] ?? 'application/octet-stream');
      response.setHeader('Cache-Control', cacheControl(pathname));
      response.setHeader('ETag', etag);
      if (encoding) response.setHeader('Content-Encoding', encoding);
      const cached = String(request.headers['if-none-match'] ?? '')
        .split(',')
        .map((tag) => tag.trim().replace(/^W\//, ''));
      if (cached.includes(etag)) return void response.writeHead(304).end();
      response.setHeader('Content-Length', body.length);
      response.writeHead(200).end(request.method === 'HEAD' ? undefined : body);
    } catch (error) {
      const missing = (error as { code?: string }).code === 'ENOENT' || (error as { code?: string }).code === 'EISDIR';
      response
        .writeHead(missing ? 404 : 500, { 'Content-Type': 'text/plain; charset=utf-8' })
        .end(missing ? 'not found' : 'error');
    }
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      resolve({
        origin: `http://127.0.0.1:${port}`,
        server,
        requests,
        close: () =>
          new Promise<void>((done) => {
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}
