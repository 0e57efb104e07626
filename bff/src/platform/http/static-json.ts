// Responses that change only with a deployment (translations, the contract): an ETag so a browser
// revalidates with a 304, and brotli/gzip computed once per document instead of per request.
import { createHash } from 'node:crypto';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';
import type { Next } from 'koa';
import type { AppContext } from './context.ts';

interface Encoded {
  etag: string;
  identity: string;
  br?: Buffer;
  gzip?: Buffer;
}

export function staticJson(paths: RegExp) {
  const cache = new Map<string, Encoded>();
  return async (ctx: AppContext, next: Next) => {
    await next();
    if (ctx.method !== 'GET' || ctx.status !== 200 || !paths.test(ctx.path)) return;
    if (typeof ctx.body !== 'object' || ctx.body === null || Buffer.isBuffer(ctx.body)) return;
    const identity = JSON.stringify(ctx.body);
    const etag = `"${createHash('sha256').update(identity).digest('base64url').slice(0, 27)}"`;
    let entry = cache.get(ctx.path);
    if (!entry || entry.etag !== etag) {
      entry = { etag, identity };
      cache.set(ctx.path, entry);
    }
    ctx.set('ETag', entry.etag);
    ctx.vary('Accept-Encoding');
    if (ctx.fresh) {
      ctx.status = 304;
      ctx.body = null;
      return;
    }
    ctx.type = 'application/json';
    const encoding = ctx.acceptsEncodings('br', 'gzip', 'identity');
    if (encoding === 'br') {
      entry.br ??= brotliCompressSync(entry.identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
      ctx.set('Content-Encoding', 'br');
      ctx.body = entry.br;
    } else if (encoding === 'gzip') {
      entry.gzip ??= gzipSync(entry.identity, { level: 9 });
      ctx.set('Content-Encoding', 'gzip');
      ctx.body = entry.gzip;
    } else {
      ctx.body = entry.identity;
    }
  };
}
