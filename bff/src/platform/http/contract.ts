// Turns the OpenAPI contract into Koa routes: every request is validated against the contract and
// handed to the handler registered under its operationId; every response can be checked against it too.
import type { Readable } from 'node:stream';
import Router from '@koa/router';
import { indexRoutes } from './route-index.ts';
import { Ajv2020, type ErrorObject, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import type { operations } from '@frilo/openapi/types/api';
import contract from '@frilo/openapi/bundled.json' with { type: 'json' };
import type { AppContext } from './context.ts';
import { parseMultipart, type MultipartBody, type MultipartSpec } from './multipart.ts';
import { HttpProblem, validationProblem, type FieldError } from './problem.ts';
import { multilineFields, unsafeText, type MultilineFields } from './text-safety.ts';

export type OperationId = keyof operations;
type Op<K extends OperationId> = operations[K];

type JsonOf<T> = T extends { content: { 'application/json': infer B } }
  ? B
  : T extends { content: { 'application/problem+json': infer B } }
    ? B
    : T extends { content: { 'multipart/form-data': unknown } }
      ? MultipartBody
      : undefined;
export type RequestBody<K extends OperationId> =
  Op<K> extends { requestBody: infer R }
    ? JsonOf<R>
    : Op<K> extends { requestBody?: infer R }
      ? JsonOf<NonNullable<R>> | undefined
      : undefined;
export type PathParams<K extends OperationId> = Op<K>['parameters'] extends { path: infer P }
  ? P
  : Record<string, never>;
export type QueryParams<K extends OperationId> = Op<K>['parameters'] extends { query?: infer Q }
  ? NonNullable<Q>
  : Record<string, never>;
type ResponsesOf<K extends OperationId> = Op<K>['responses'];
/** Media types of a response other than JSON: files such as a receipt or a PDF. */
type BinaryTypesOf<T> = T extends { content: infer C }
  ? Exclude<keyof C, 'application/json' | 'application/problem+json'> & string
  : never;
/** One success reply: JSON as the contract declares it, or a file of one of its declared media types. */
type ReplyOf<S, T> = [BinaryTypesOf<T>] extends [never]
  ? { status: S; body: JsonOf<T>; headers?: Record<string, string> }
  : { status: S; body: Uint8Array | Readable; contentType: BinaryTypesOf<T>; headers?: Record<string, string> };
/** The success replies a handler may give: status and body as the contract declares them. */
export type Reply<K extends OperationId> = {
  [S in keyof ResponsesOf<K>]: S extends number
    ? `${S}` extends `2${string}` | `3${string}`
      ? ReplyOf<S, ResponsesOf<K>[S]>
      : never
    : never;
}[keyof ResponsesOf<K>];

export interface HandlerInput<K extends OperationId> {
  body: RequestBody<K>;
  params: PathParams<K>;
  query: QueryParams<K>;
  ctx: AppContext;
}
export type Handler<K extends OperationId> = (input: HandlerInput<K>) => Promise<Reply<K>> | Reply<K>;
export type Handlers = { [K in OperationId]?: Handler<K> };
type AnyHandler = (input: {
  body: unknown;
  params: unknown;
  query: unknown;
  ctx: AppContext;
}) => Promise<AnyReply> | AnyReply;
interface AnyReply {
  status: number;
  body: unknown;
  contentType?: string;
  headers?: Record<string, string>;
}

interface ParameterObject {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema?: Record<string, unknown>;
}
interface SchemaObject {
  type?: unknown;
  required?: string[];
  properties?: Record<string, { contentMediaType?: string; 'x-max-bytes'?: number }>;
}
interface OperationObject {
  operationId: string;
  parameters?: ParameterObject[];
  requestBody?: { required?: boolean; content: Record<string, { schema: SchemaObject }> };
  responses: Record<string, { content?: Record<string, { schema: unknown }> }>;
  security?: Record<string, string[]>[];
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'] as const;
type Method = (typeof METHODS)[number];

export interface ContractOperation {
  method: Method;
  path: string;
  operationId: OperationId;
  requiresSession: boolean;
}

const paths = (contract as unknown as { paths: Record<string, Record<string, OperationObject>> }).paths;

/** Every operation of the contract, in its order (a copy of the list read once, as the module loads). */
export function contractOperations(): ContractOperation[] {
  return [...OPERATIONS];
}

function readOperations(): ContractOperation[] {
  const out: ContractOperation[] = [];
  const globalSecurity = (contract as { security?: unknown[] }).security;
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const op = item[method];
      if (!op) continue;
      const security = op.security ?? globalSecurity ?? [];
      out.push({
        method,
        path,
        operationId: op.operationId as OperationId,
        requiresSession: security.some((s) => s && Object.keys(s).includes('session')),
      });
    }
  }
  return out;
}

const OPERATIONS: readonly ContractOperation[] = Object.freeze(readOperations());
const OPERATION_BY_ID = new Map(OPERATIONS.map((operation) => [operation.operationId as string, operation]));

const ajvOptions = { strict: false, allErrors: true, validateFormats: true } as const;
const bodyAjv = new Ajv2020({ ...ajvOptions });
const paramAjv = new Ajv2020({ ...ajvOptions, coerceTypes: 'array', useDefaults: true });
const responseAjv = new Ajv2020({ ...ajvOptions });
for (const ajv of [bodyAjv, paramAjv, responseAjv]) {
  addFormats.default(ajv);
  ajv.addSchema({ ...(contract as object), $id: 'contract.json' } as never);
  ajv.addKeyword({ keyword: 'example' });
}

/** A schema with its `$ref`s into the contract followed. */
function resolveRef(schema: unknown): Record<string, unknown> {
  let node = schema as Record<string, unknown> | undefined;
  for (let hops = 0; node && typeof node.$ref === 'string' && hops < 20; hops++) {
    node = (node.$ref as string)
      .replace(/^#\//, '')
      .split('/')
      .reduce<unknown>((parent, key) => (parent as Record<string, unknown> | undefined)?.[key], contract) as
      | Record<string, unknown>
      | undefined;
  }
  return node ?? {};
}

const pointer = (...segments: string[]) =>
  'contract.json#/' + segments.map((s) => s.replaceAll('~', '~0').replaceAll('/', '~1')).join('/');

/** OpenAPI `{param}` → Koa `:param`. */
const koaPath = (path: string) => path.replace(/\{([^}]+)\}/g, ':$1');

const KEYWORD_CODES: Record<string, string> = {
  required: 'required',
  maxLength: 'too_long',
  minLength: 'too_short',
  format: 'invalid_format',
  pattern: 'invalid_format',
  enum: 'invalid_value',
  const: 'invalid_value',
  type: 'invalid_type',
  minimum: 'too_small',
  exclusiveMinimum: 'too_small',
  maximum: 'too_large',
  exclusiveMaximum: 'too_large',
  multipleOf: 'invalid_precision',
  additionalProperties: 'unknown_field',
  maxItems: 'too_many',
  minItems: 'too_few',
  maxProperties: 'too_many',
  minProperties: 'too_few',
};

export function toFieldErrors(part: 'body' | 'query' | 'path', errors: ErrorObject[] | null | undefined): FieldError[] {
  const seen = new Set<string>();
  const out: FieldError[] = [];
  for (const error of errors ?? []) {
    const segments = error.instancePath
      .split('/')
      .filter(Boolean)
      .map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~'));
    const params = error.params as Record<string, unknown>;
    if (error.keyword === 'required') segments.push(String(params.missingProperty));
    if (error.keyword === 'additionalProperties') segments.push(String(params.additionalProperty));
    // `oneOf`/`anyOf`/`if` wrap the errors of their branches, which are reported already.
    if (['oneOf', 'anyOf', 'if', 'then', 'else', 'not'].includes(error.keyword) && out.length) continue;
    let code = KEYWORD_CODES[error.keyword] ?? 'invalid';
    if (error.keyword === 'minLength' && params.limit === 1) code = 'required';
    const field = [part, ...segments].join('.');
    const key = `${field}:${code}`;
    if (seen.has(key)) continue;
    seen.add(key);
    const fieldParams: Record<string, unknown> = {};
    if ('limit' in params) fieldParams.limit = params.limit;
    if ('allowedValues' in params) fieldParams.allowedValues = params.allowedValues;
    out.push({
      field,
      code,
      message: error.message ?? 'is invalid',
      ...(Object.keys(fieldParams).length ? { params: fieldParams } : {}),
    });
  }
  return out;
}

function paramSchema(op: OperationObject, where: 'path' | 'query', path: string, method: Method) {
  const params = (op.parameters ?? []).filter((p) => p.in === where);
  const properties: Record<string, unknown> = {};
  const required: string[] = [];
  op.parameters?.forEach((p, index) => {
    if (p.in !== where) return;
    properties[p.name] = { $ref: pointer('paths', path, method, 'parameters', String(index), 'schema') };
    if (p.required) required.push(p.name);
  });
  return { params, schema: { type: 'object', properties, required, additionalProperties: where === 'path' } };
}

interface CompiledOperation {
  path?: ValidateFunction;
  query?: ValidateFunction;
  body?: ValidateFunction;
  bodyRequired: boolean;
  /** A `multipart/form-data` body: its files (properties with a `contentMediaType`) and their byte limits. */
  multipart?: MultipartSpec;
  /** Body fields that may hold tab and newline. */
  multiline: MultilineFields;
  responses: Map<string, ValidateFunction>;
}

/**
 * Each operation's validators, compiled once per process and only when first needed: compiling all of them took
 * 1–2 s of CPU, paid by every app a test file builds and every development server started (and most use a few
 * operations). A production server compiles them all as it starts (`compileUpFront`), so a broken schema stops it
 * there.
 */
const compiledOperations = new Map<string, CompiledOperation>();
function compiledOf(op: OperationObject, path: string, method: Method): CompiledOperation {
  const key = `${method} ${path}`;
  let compiled = compiledOperations.get(key);
  if (!compiled) compiledOperations.set(key, (compiled = compile(op, path, method)));
  return compiled;
}

function compile(op: OperationObject, path: string, method: Method): CompiledOperation {
  const compiled: CompiledOperation = {
    bodyRequired: Boolean(op.requestBody?.required),
    multiline: multilineFields(op.requestBody?.content['application/json']?.schema, resolveRef),
    responses: new Map(),
  };
  const pathParams = paramSchema(op, 'path', path, method);
  if (pathParams.params.length) compiled.path = paramAjv.compile(pathParams.schema);
  const queryParams = paramSchema(op, 'query', path, method);
  if (queryParams.params.length) compiled.query = paramAjv.compile(queryParams.schema);
  if (op.requestBody?.content['application/json']) {
    compiled.body = bodyAjv.compile({
      $ref: pointer('paths', path, method, 'requestBody', 'content', 'application/json', 'schema'),
    });
  }
  const form = op.requestBody?.content['multipart/form-data'];
  if (form) {
    // Files are checked for presence here and for content by their handler; text fields against the contract.
    const files = Object.entries(form.schema.properties ?? {}).filter(([, property]) => property.contentMediaType);
    compiled.multipart = {
      files: Object.fromEntries(
        files.map(([name, property]) => {
          const maxBytes = property['x-max-bytes'];
          if (!maxBytes) throw new Error(`${op.operationId}: multipart file "${name}" needs x-max-bytes`);
          return [name, { maxBytes }];
        }),
      ),
      validateFields: bodyAjv.compile({
        $ref: pointer('paths', path, method, 'requestBody', 'content', 'multipart/form-data', 'schema'),
      }),
    };
  }
  for (const [status, response] of Object.entries(op.responses)) {
    for (const type of ['application/json', 'application/problem+json']) {
      if (response.content?.[type]) {
        compiled.responses.set(
          status,
          responseAjv.compile({ $ref: pointer('paths', path, method, 'responses', status, 'content', type, 'schema') }),
        );
      }
    }
  }
  return compiled;
}

export interface ContractRouterOptions {
  handlers: Handlers;
  /** Checks every response body against the contract; a mismatch becomes a 500 (tests and development). */
  validateResponses: boolean;
  /** Operations the contract has but this deployment leaves out (e.g. the dev mailbox in production). */
  omit?: OperationId[];
  /** Compile every operation's validators now rather than at its first request (servers: a broken schema stops the start). */
  compileUpFront?: boolean;
}

export function createContractRouter(options: ContractRouterOptions): Router<AppContext['state'], AppContext> {
  const router = new Router<AppContext['state'], AppContext>();
  const missing: string[] = [];
  for (const operation of contractOperations()) {
    if (options.omit?.includes(operation.operationId)) continue;
    const handler = options.handlers[operation.operationId] as AnyHandler | undefined;
    if (!handler) {
      missing.push(operation.operationId);
      continue;
    }
    const op = paths[operation.path]![operation.method]!;
    if (options.compileUpFront) compiledOf(op, operation.path, operation.method);
    router[operation.method](operation.operationId, koaPath(operation.path), async (ctx) => {
      ctx.state.operationId = operation.operationId;
      const compiled = compiledOf(op, operation.path, operation.method);
      if (operation.requiresSession && !ctx.state.session) {
        throw new HttpProblem(401, 'unauthorized', { detail: 'Log in to continue' });
      }
      // Forms are read only where the contract declares one (the JSON reader leaves them to the router).
      if (!compiled.multipart && ctx.is('multipart/form-data')) {
        throw new HttpProblem(415, 'unsupported_media_type', { detail: 'Send the body as application/json' });
      }
      const params = { ...ctx.params } as Record<string, unknown>;
      const query = { ...ctx.query } as Record<string, unknown>;
      let body = (ctx.request as { body?: unknown }).body;
      // Control characters and lone surrogates first, in every part, whatever the schema says of the field.
      const errors: FieldError[] = [
        ...unsafeText('path', params),
        ...unsafeText('query', query),
        ...(compiled.body ? unsafeText('body', body, compiled.multiline) : []),
      ];
      if (compiled.path && !compiled.path(params)) errors.push(...toFieldErrors('path', compiled.path.errors));
      if (compiled.query && !compiled.query(query)) errors.push(...toFieldErrors('query', compiled.query.errors));
      const hasBody =
        body !== undefined &&
        !(typeof body === 'object' && body !== null && Object.keys(body).length === 0 && !ctx.request.length);
      if (compiled.body) {
        if (!hasBody && compiled.bodyRequired) {
          errors.push({ field: 'body', code: 'required', message: 'A JSON body is required' });
        } else if (hasBody && !compiled.body(body)) {
          errors.push(...toFieldErrors('body', compiled.body.errors));
        }
      } else {
        body = undefined;
      }
      if (errors.length) throw validationProblem(errors);
      // Read only once the session, path and query are known to be good: nobody else's upload is ever buffered.
      if (compiled.multipart) {
        const form = await parseMultipart(ctx, compiled.multipart);
        form.errors.push(...unsafeText('body', form.body.fields));
        const candidate: Record<string, unknown> = { ...form.body.fields };
        for (const name of Object.keys(form.body.files)) candidate[name] = '';
        if (!compiled.multipart.validateFields(candidate))
          form.errors.push(...toFieldErrors('body', compiled.multipart.validateFields.errors));
        if (form.errors.length) throw validationProblem(form.errors);
        body = form.body;
      }
      const reply = await handler({ body: body as never, params: params as never, query: query as never, ctx });
      ctx.status = reply.status;
      for (const [name, value] of Object.entries(reply.headers ?? {})) ctx.set(name, value);
      if (reply.contentType) {
        // A file: sent as it is, never checked against a JSON schema.
        ctx.type = reply.contentType;
        ctx.body = reply.body;
        return;
      }
      if (reply.body === undefined) {
        // An empty body, without Koa's default status text and without turning 202 into 204.
        ctx.body = '';
        ctx.remove('Content-Type');
      } else {
        ctx.body = reply.body;
      }
      if (options.validateResponses) {
        const validate = compiled.responses.get(String(reply.status));
        if (validate && !validate(reply.body)) {
          ctx.state.log.error(
            { operationId: operation.operationId, errors: validate.errors },
            'response breaks the contract',
          );
          throw new HttpProblem(500, 'contract_violation', {
            detail: `Response of ${operation.operationId} does not match the contract`,
          });
        }
      }
    });
  }
  if (missing.length) {
    throw new Error(`The contract has operations without a handler: ${missing.join(', ')}`);
  }
  return indexRoutes(router);
}

/** Validates a response body against the contract (used by tests to check every response). */
export function validateResponse(operationId: OperationId, status: number, body: unknown): FieldError[] {
  const operation = OPERATION_BY_ID.get(operationId);
  if (operation) {
    const op = paths[operation.path]![operation.method]!;
    const response = op.responses[String(status)];
    if (!response)
      return [{ field: 'status', code: 'undeclared_status', message: `${operationId} does not declare ${status}` }];
    const type = response.content?.['application/json'] ? 'application/json' : 'application/problem+json';
    if (!response.content?.[type]) return [];
    const validate =
      responseAjv.getSchema(
        pointer('paths', operation.path, operation.method, 'responses', String(status), 'content', type, 'schema'),
      ) ??
      responseAjv.compile({
        $ref: pointer(
          'paths',
          operation.path,
          operation.method,
          'responses',
          String(status),
          'content',
          type,
          'schema',
        ),
      });
    return validate(body) ? [] : toFieldErrors('body', validate.errors);
  }
  return [{ field: 'operationId', code: 'unknown', message: `No operation ${operationId}` }];
}
