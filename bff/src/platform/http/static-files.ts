// Serves the built web app from the BFF's port: the shell at `/`, each remote under `/remotes/<name>/`,
// `/remotes.json`, the run-time map of remote name → manifest URL the shell reads (remotes-json.ts), and outside
// production the UI kit's gallery at `/ui-gallery/` (ui/dist).
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import send from 'koa-send';
import { isRemoteName } from '@frilo/openapi/remotes';
import type { Next } from 'koa';
import type { AppContext } from './context.ts';
import { remotesJsonBody } from './remotes-json.ts';

// The builds write `<file>.br` and `<file>.gz` beside every js/css/html/json file
// (tools/rspack/precompress-plugin.ts); koa-send sends the best one the browser accepts.
// Not for remotes.json: deployments rewrite it after the build, so a compressed copy could be stale.
const PRECOMPRESSED = { brotli: true, gzip: true } as const;
const NOT_PRECOMPRESSED = { brotli: false, gzip: false } as const;

export type StaticOptions = {
  /** Outside production only; in production a map would hand out the sources. */
  serveSourceMaps?: boolean;
  /** Path prefixes a module answers itself (the built-in bank registration page): passed on. */
  serverPages?: readonly string[];
  /** Serve the UI kit's gallery (a development page: never in production). */
  gallery?: boolean;
  /** What `/remotes.json` answers (remotesMap: the build's file and REMOTE_MANIFESTS); without it, the build's file. */
  remotes?: Record<string, string>;
};

export function staticFiles(root: string, options: StaticOptions = {}) {
  const shellDist = join(root, 'shell', 'dist');
  const remotesJson = options.remotes && remotesJsonBody(options.remotes);
  return async (ctx: AppContext, next: Next) => {
    if ((ctx.method !== 'GET' && ctx.method !== 'HEAD') || ctx.path.startsWith('/api/')) return next();
    if (remotesJson && ctx.path === '/remotes.json') {
      // Revalidated on every page load (a repointed remote is picked up at once), 304 when unchanged.
      ctx.set('Cache-Control', 'no-cache');
      ctx.type = 'application/json; charset=utf-8';
      ctx.etag = remotesJson.etag;
      ctx.body = remotesJson.body;
      notModified(ctx);
      return;
    }
    if (options.serverPages?.some((prefix) => ctx.path.startsWith(prefix))) return next();
    if (!options.serveSourceMaps && /\.map$/i.test(ctx.path)) {
      ctx.status = 404;
      ctx.type = 'text/plain';
      ctx.body = 'Not found';
      return;
    }
    const gallery = /^\/ui-gallery(?:\/(.*))?$/.exec(ctx.path);
    if (gallery) {
      if (!options.gallery) return next();
      const file = gallery[1] ?? '';
      const immutable = /\.[0-9a-f]{8,}\./.test(file);
      await send(ctx, file && file.includes('.') ? file : 'index.html', {
        root: join(root, 'ui', 'dist'),
        ...PRECOMPRESSED,
        maxage: immutable ? 31536000000 : 0,
        immutable,
        setHeaders: (res) => {
          if (!immutable) res.setHeader('Cache-Control', 'no-cache');
          ctx.vary('Accept-Encoding');
        },
      }).catch(() => undefined);
      if (ctx.body === undefined) ctx.status = 404;
      return;
    }
    const remote = /^\/remotes\/([a-z0-9-]+)\/(.*)$/.exec(ctx.path);
    if (remote) {
      const [, name = '', file] = remote;
      // Only the registry's remotes (@frilo/openapi/remotes): never any other folder of the repository.
      if (!isRemoteName(name)) return next();
      const immutable = /\.[0-9a-f]{8,}\./.test(file ?? '');
      await send(ctx, file || 'index.html', {
        root: join(root, name, 'dist'),
        ...PRECOMPRESSED,
        maxage: immutable ? 31536000000 : 0,
        immutable,
        setHeaders: (res) => {
          // Manifests and remoteEntry must always be fresh so a redeployed remote is picked up at once.
          if (!immutable) res.setHeader('Cache-Control', 'no-cache');
          res.setHeader('Access-Control-Allow-Origin', '*');
          ctx.vary('Accept-Encoding');
        },
      }).catch(() => undefined);
      if (ctx.body === undefined) ctx.status = 404;
      else notModified(ctx);
      return;
    }
    if (ctx.path !== '/' && ctx.path !== '/index.html') {
      const served = await send(ctx, ctx.path, {
        root: shellDist,
        ...(ctx.path === '/remotes.json' ? NOT_PRECOMPRESSED : PRECOMPRESSED),
        maxage: /\.[0-9a-f]{8,}\./.test(ctx.path) ? 31536000000 : 0,
        immutable: /\.[0-9a-f]{8,}\./.test(ctx.path),
        setHeaders: (res, path) => {
          if (!/\.[0-9a-f]{8,}\./.test(path)) res.setHeader('Cache-Control', 'no-cache');
          ctx.vary('Accept-Encoding');
        },
      }).catch(() => undefined);
      if (served) {
        notModified(ctx);
        return;
      }
    }
    // Client-side routes: every other page request gets the shell's index.html.
    const index = join(shellDist, 'index.html');
    if (ctx.accepts('html') && existsSync(index)) {
      await send(ctx, 'index.html', {
        root: shellDist,
        ...PRECOMPRESSED,
        setHeaders: (res) => {
          res.setHeader('Cache-Control', 'no-cache');
          ctx.vary('Accept-Encoding');
        },
      });
      return;
    }
    if (!existsSync(index) && ctx.accepts('html')) {
      ctx.status = 503;
      ctx.type = 'text/plain';
      ctx.body = 'The web app is not built yet: run `npm run build` (npm start does it for you).';
      return;
    }
    return next();
  };
}

/**
 * Files served `no-cache` (manifests, remoteEntry.js, texts, remotes.json) are revalidated by the
 * browser on every use: answer an unchanged one with 304 instead of sending it again.
 */
function notModified(ctx: AppContext): void {
  if (ctx.status === 200 && ctx.fresh) ctx.status = 304;
}
