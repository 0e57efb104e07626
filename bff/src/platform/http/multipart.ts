// Reads a `multipart/form-data` request (busboy) for the contract router: text fields checked against the contract,
// files held in memory up to their `x-max-bytes` limit. What a file IS (its type by content) is the handler's call.
import busboy from 'busboy';
import type { ValidateFunction } from 'ajv/dist/2020.js';
import type { AppContext } from './context.ts';
import { HttpProblem, type FieldError } from './problem.ts';

export interface UploadedFile {
  /** The file name the client sent, cleaned by `cleanFileName` (untrusted still; may be empty). */
  fileName: string;
  /** The media type the client declared (untrusted: judge the content instead). */
  declaredType: string;
  /** The file's bytes, at most the field's limit. */
  data: Buffer;
  /** The file was larger than its limit: `data` holds only the first `limit` bytes and must not be stored. */
  truncated: boolean;
  /** The field's limit in bytes (`x-max-bytes`). */
  limit: number;
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

export interface MultipartSpec {
  files: Record<string, { maxBytes: number }>;
  /** Checks the text fields, with a placeholder string for each file received (so a missing file is `required`). */
  validateFields: ValidateFunction;
}

/**
 * A file name as it may be stored and shown: its last path segment, composed (NFC), without control characters (NUL
 * among them) or format characters (the bidirectional overrides and isolates U+202A–U+202E, U+2066–U+2069, the marks
 * U+200E, U+200F and U+061C, zero-width joiners), at most 200 characters. `invoice\u202Egnp.exe` would otherwise show
 * as `invoiceexe.png`.
 */
export function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? '').normalize('NFC').replace(/[\p{Cc}\p{Cf}]/gu, '');
  const clean = base.toWellFormed().trim();
  return [...clean].slice(0, 200).join('');
}

/** Room for the form's own framing and text fields on top of its files. */
const FORM_OVERHEAD_BYTES = 64 * 1024;

/**
 * Parses the request's form. A file over its limit is read to the end but not kept (so the client sees the answer
 * instead of a reset connection); a request that declares more than twice the limits is refused before any byte is
 * read, and one that sends that much without declaring it is cut off.
 */
export async function parseMultipart(
  ctx: AppContext,
  spec: MultipartSpec,
): Promise<{ body: MultipartBody; errors: FieldError[] }> {
  if (!ctx.request.is('multipart/form-data')) {
    throw new HttpProblem(415, 'unsupported_media_type', { detail: 'Send multipart/form-data' });
  }
  const limits = Object.values(spec.files).map((f) => f.maxBytes);
  const hardCap = 2 * limits.reduce((a, b) => a + b, 0) + FORM_OVERHEAD_BYTES;
  const declared = Number(ctx.get('content-length') || 0);
  if (declared > hardCap) {
    ctx.set('Connection', 'close');
    throw new HttpProblem(413, 'too_large', { detail: 'The request body is too large' });
  }

  // Field names are the client's: kept in objects without a prototype, and looked up as own properties only, so a
  // field named `__proto__` or `constructor` is just an unknown field.
  const body: MultipartBody = {
    fields: Object.create(null) as MultipartBody['fields'],
    files: Object.create(null) as MultipartBody['files'],
  };
  const errors: FieldError[] = [];
  await new Promise<void>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: ctx.req.headers,
        // Browsers send file names as raw UTF-8 (busboy's default is latin1, which garbles å, ä, ö).
        defParamCharset: 'utf8',
        limits: {
          files: Object.keys(spec.files).length,
          fields: 20,
          parts: 20 + Object.keys(spec.files).length,
          fieldSize: 16 * 1024,
          fieldNameSize: 100,
        },
      });
    } catch {
      reject(new HttpProblem(400, 'malformed_body', { detail: 'The multipart form is malformed' }));
      return;
    }
    let received = 0;
    const fail = (problem: HttpProblem) => {
      ctx.req.unpipe(parser);
      ctx.req.resume();
      reject(problem);
    };
    ctx.req.on('data', (chunk: Buffer) => {
      received += chunk.length;
      if (received > hardCap) {
        ctx.set('Connection', 'close');
        ctx.req.unpipe(parser);
        ctx.req.destroy();
        reject(new HttpProblem(413, 'too_large', { detail: 'The request body is too large' }));
      }
    });
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) errors.push({ field: `body.${name}`, code: 'too_long', message: 'Field too long' });
      body.fields[name] = value;
    });
    parser.on('file', (name, stream, info) => {
      // A form cut off inside a file fails the file's stream as well as the parser: the parser's error answers the
      // request, and without a listener here the stream's would be an uncaught exception that ends the process.
      stream.on('error', () => {});
      const field = Object.hasOwn(spec.files, name) ? spec.files[name] : undefined;
      if (!field || Object.hasOwn(body.files, name)) {
        errors.push({ field: `body.${name}`, code: 'unknown_field', message: 'No such file field (or sent twice)' });
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      stream.on('data', (chunk: Buffer) => {
        if (truncated) return;
        if (size + chunk.length > field.maxBytes) {
          truncated = true;
          chunks.push(chunk.subarray(0, field.maxBytes - size));
          size = field.maxBytes;
          return;
        }
        chunks.push(chunk);
        size += chunk.length;
      });
      stream.on('end', () => {
        body.files[name] = {
          fileName: cleanFileName(info.filename ?? ''),
          declaredType: info.mimeType,
          data: Buffer.concat(chunks, size),
          truncated,
          limit: field.maxBytes,
        };
      });
    });
    parser.on('filesLimit', () =>
      errors.push({ field: 'body', code: 'too_many', message: 'Too many files in the form' }),
    );
    parser.on('partsLimit', () =>
      errors.push({ field: 'body', code: 'too_many', message: 'Too many parts in the form' }),
    );
    parser.on('error', () =>
      fail(new HttpProblem(400, 'malformed_body', { detail: 'The multipart form is malformed' })),
    );
    parser.on('close', resolve);
    ctx.req.pipe(parser);
  });

  return { body, errors };
}
