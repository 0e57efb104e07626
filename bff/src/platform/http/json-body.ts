// Reads an API request's JSON body: the one place where bytes become a value. Compression is undone within the size
// limit, the bytes must be UTF-8 (no silent U+FFFD) and JSON; anything else is the client's error, as a problem.
import type { Readable } from 'node:stream';
import type { Next } from 'koa';
import inflate from 'inflation';
import getRawBody from 'raw-body';
import type { AppContext } from './context.ts';
import { HttpProblem } from './problem.ts';

export interface JsonBodyOptions {
  /** Bytes after decompression. */
  limit: number;
  /** Smaller limits for some paths (the analytics endpoint takes a few KB). */
  limits?: { path: string; limit: number }[];
}

const malformed = (detail: string) => new HttpProblem(400, 'malformed_body', { detail });

/**
 * How deep a body may nest arrays and objects. The contract's deepest request is a handful of levels; every reader
 * after JSON.parse (the text checks, the schema validator, the handlers) walks the value recursively, so a body
 * thousands of levels deep would end one of them with a stack overflow. It is refused before parsing instead.
 */
export const MAX_JSON_DEPTH = 32;

/** Whether the JSON text nests arrays and objects deeper than `limit` (one pass, brackets inside strings skipped). */
export function nestsDeeperThan(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c /* \ */) i++;
      else if (c === 0x22 /* " */) inString = false;
    } else if (c === 0x22) {
      inString = true;
    } else if (c === 0x5b /* [ */ || c === 0x7b /* { */) {
      if (++depth > limit) return true;
    } else if (c === 0x5d /* ] */ || c === 0x7d /* } */) {
      depth--;
    }
  }
  return false;
}
const utf8 = new TextDecoder('utf-8', { fatal: true });

export function jsonBody(options: JsonBodyOptions) {
  return async (ctx: AppContext, next: Next) => {
    const hasBody = ctx.request.length > 0 || ctx.get('transfer-encoding') !== '';
    if (!ctx.path.startsWith('/api/') || !hasBody || ['GET', 'HEAD', 'OPTIONS'].includes(ctx.method)) return next();
    // A form with files is read by the contract router, and only for operations whose contract declares one.
    if (ctx.is('multipart/form-data')) return next();
    if (!ctx.is('application/json', 'application/*+json')) {
      throw new HttpProblem(415, 'unsupported_media_type', { detail: 'Send the body as application/json' });
    }
    const limit = options.limits?.find((l) => l.path === ctx.path)?.limit ?? options.limit;
    const encoding = (ctx.get('content-encoding') || 'identity').trim().toLowerCase();
    let stream: Readable;
    try {
      stream = inflate(ctx.req, { encoding });
    } catch {
      throw new HttpProblem(415, 'unsupported_encoding', {
        detail: `Content-Encoding ${encoding} is not supported: send gzip, deflate, br or none`,
        headers: { 'Accept-Encoding': 'gzip, deflate, br' },
      });
    }
    let bytes: Buffer;
    try {
      bytes = await getRawBody(stream, {
        limit,
        ...(encoding === 'identity' && ctx.request.length ? { length: ctx.request.length } : {}),
      });
    } catch (caught) {
      const error = caught as { type?: string; code?: string };
      if (error.type === 'entity.too.large') {
        throw new HttpProblem(413, 'too_large', { detail: `The request body is larger than ${limit} bytes` });
      }
      if (error.type === 'request.aborted' || error.type === 'request.size.invalid') {
        throw malformed('The request body ended early');
      }
      // zlib's Z_DATA_ERROR, Z_BUF_ERROR ("unexpected end of file"), ERR_BROTLI_…: the client sent damaged bytes.
      if (encoding !== 'identity') throw malformed(`The request body is not valid ${encoding}`);
      throw caught;
    }
    let text: string;
    try {
      text = utf8.decode(bytes);
    } catch {
      throw malformed('The request body is not valid UTF-8');
    }
    if (nestsDeeperThan(text, MAX_JSON_DEPTH)) {
      throw malformed(`The request body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels`);
    }
    try {
      (ctx.request as { body?: unknown }).body = JSON.parse(text);
    } catch {
      throw malformed('The request body is not valid JSON');
    }
    await next();
  };
}
