// A tiny server for the built frontends, with the same paths the BFF serves them on: the shell at
// `/` (index.html for client routes), `/remotes.json` and `/remotes/<name>/…` (texts included,
// each build's locales/). Every /api call answers 401 (logged out). For measuring and poking at
// builds without a database: `node tools/static-server.ts [port]`.
import { readFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { extname, join, normalize } from 'node:path';
import { isRemoteName } from '../openapi/src/remotes.ts';

const repo = join(import.meta.dirname, '..');
/** Content types of the files the builds emit (also the test CDN's, tools/testing/cdn-server.ts). */
export const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
};

/** The file a URL path maps to (null: not a static file). */
export function staticFile(pathname: string): string | null {
  const remote = /^\/remotes\/([a-z0-9-]+)\/(.+)$/.exec(pathname);
  if (remote) {
    const [, name = '', file = ''] = remote;
    return isRemoteName(name) ? safeJoin(join(repo, name, 'dist'), file) : null;
  }
  if (pathname === '/' || pathname.startsWith('/api/')) return null;
  return safeJoin(join(repo, 'shell', 'dist'), pathname.slice(1));
}

function safeJoin(root: string, file: string): string | null {
  const path = normalize(join(root, file));
  return path.startsWith(root) ? path : null;
}

export function startStaticServer(port = 0): Promise<{ server: Server; url: string }> {
  const server = createServer(async (request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    try {
      if (url.pathname.startsWith('/api/')) {
        response
          .writeHead(401, { 'content-type': 'application/problem+json' })
          .end(JSON.stringify({ type: 'about:blank', title: 'Unauthorized', status: 401, code: 'unauthorized' }));
        return;
      }
      const file = staticFile(url.pathname);
      if (file) {
        try {
          const body = await readFile(file);
          response
            .writeHead(200, { 'content-type': CONTENT_TYPES[extname(file)] ?? 'application/octet-stream' })
            .end(body);
          return;
        } catch {
          if (url.pathname.startsWith('/remotes/') || extname(url.pathname))
            throw Object.assign(new Error(), { code: 'ENOENT' });
        }
      }
      const index = await readFile(join(repo, 'shell', 'dist', 'index.html'));
      response.writeHead(200, { 'content-type': CONTENT_TYPES['.html'] }).end(index);
    } catch (error) {
      const missing = (error as { code?: string }).code === 'ENOENT';
      response.writeHead(missing ? 404 : 500, { 'content-type': 'text/plain' }).end(missing ? 'not found' : 'error');
    }
  });
  return new Promise((resolve) => {
    server.listen(port, '127.0.0.1', () => {
      const address = server.address();
      const actual = typeof address === 'object' && address ? address.port : port;
      resolve({ server, url: `http://127.0.0.1:${actual}` });
    });
  });
}

if (import.meta.main) {
  const { url } = await startStaticServer(Number(process.argv[2] ?? 4400));
  console.log(`Serving the built frontends at ${url} (logged out; /api/* answers 401 except translations)`);
}
