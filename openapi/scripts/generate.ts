// Bundles the per-module OpenAPI documents into one contract and generates its TypeScript types, and
// the list of each module's operations (the BFF types each module's handler map with it).
// `--check` fails when the committed generated files differ from what the documents produce.
import { readFile, readdir, writeFile } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import openapiTS, { astToString } from 'openapi-typescript';

type Json = Record<string, unknown>;
const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

async function loadYaml(path: string): Promise<Json> {
  return yaml.load(await readFile(path, 'utf8')) as Json;
}

/** Rewrites `../components.yaml#/x` into the bundled document's own `#/x`. */
function localiseRefs(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(localiseRefs);
  if (node && typeof node === 'object') {
    const out: Json = {};
    for (const [key, value] of Object.entries(node)) {
      if (key === '$ref' && typeof value === 'string') {
        const hash = value.indexOf('#');
        if (hash > 0 && !value.slice(0, hash).endsWith('components.yaml')) {
          throw new Error(`Only refs into components.yaml or local refs are supported: ${value}`);
        }
        out[key] = hash >= 0 ? value.slice(hash) : value;
      } else {
        out[key] = localiseRefs(value);
      }
    }
    return out;
  }
  return node;
}

const METHODS = ['get', 'put', 'post', 'patch', 'delete'];
/** What an operation needs unless it (or its module) says otherwise: the session cookie. */
const DEFAULT_SECURITY = [{ session: [] }];

function mergeSection(target: Json, source: Json | undefined, what: string): void {
  for (const [name, value] of Object.entries(source ?? {})) {
    if (name in target && JSON.stringify(target[name]) !== JSON.stringify(value)) {
      throw new Error(`Two modules define ${what} "${name}" differently`);
    }
    target[name] = value;
  }
}

/** Module name (the file name in modules/) → the operationIds that file declares, sorted. */
export type ModuleOperations = Record<string, string[]>;

export async function buildContract(): Promise<{ contract: Json; moduleOperations: ModuleOperations }> {
  const shared = (await loadYaml(join(root, 'components.yaml'))) as { components: Record<string, Json> };
  const files = (await readdir(join(root, 'modules'))).filter((f) => f.endsWith('.yaml')).sort();
  const paths: Json = {};
  const tags: Json[] = [];
  const components: Record<string, Json> = {};
  for (const section of Object.keys(shared.components)) components[section] = { ...shared.components[section] };
  const operationIds = new Set<string>();
  const moduleOperations: ModuleOperations = {};
  for (const file of files) {
    const own: string[] = (moduleOperations[file.replace(/\.yaml$/, '')] = []);
    const doc = localiseRefs(await loadYaml(join(root, 'modules', file))) as Json & {
      paths?: Record<string, Record<string, { operationId?: string; security?: unknown }>>;
      components?: Record<string, Json>;
      tags?: Json[];
      security?: unknown;
    };
    for (const [path, item] of Object.entries(doc.paths ?? {})) {
      if (path in paths) throw new Error(`Path ${path} is defined by two modules`);
      for (const op of Object.values(item)) {
        if (op && typeof op === 'object' && op.operationId) {
          if (operationIds.has(op.operationId)) throw new Error(`operationId ${op.operationId} is not unique`);
          operationIds.add(op.operationId);
          own.push(op.operationId);
        }
      }
      for (const [method, op] of Object.entries(item)) {
        // A module's top-level `security` is its operations' default; the bundle has one global default (a session),
        // so an operation of a module that says otherwise carries the module's default itself (`security: []`).
        if (METHODS.includes(method) && op && typeof op === 'object' && op.security === undefined) {
          const moduleDefault = doc.security ?? DEFAULT_SECURITY;
          if (JSON.stringify(moduleDefault) !== JSON.stringify(DEFAULT_SECURITY)) op.security = moduleDefault;
        }
        // Every write can be refused by the BFF's CSRF check; the contract says so once, here.
        if (['post', 'put', 'patch', 'delete'].includes(method) && op && typeof op === 'object') {
          const responses = (op as { responses?: Record<string, unknown> }).responses ?? {};
          responses['403'] ??= { $ref: '#/components/responses/Forbidden' };
          // Every body goes through the BFF's one reader (size limit, encoding, UTF-8, JSON, no control characters).
          if ((op as { requestBody?: unknown }).requestBody) {
            responses['400'] ??= { $ref: '#/components/responses/BadRequest' };
            responses['413'] ??= { $ref: '#/components/responses/ContentTooLarge' };
            responses['415'] ??= { $ref: '#/components/responses/UnsupportedMediaType' };
          }
        }
      }
      paths[path] = item;
    }
    for (const [section, entries] of Object.entries(doc.components ?? {})) {
      components[section] ??= {};
      mergeSection(components[section], entries, `components.${section}`);
    }
    tags.push(...(doc.tags ?? []));
    own.sort();
  }
  const contract = {
    openapi: '3.1.0',
    info: {
      title: 'Frilo BFF',
      version: '1.0.0',
      description:
        'The contract between the Frilo web app and its backend-for-frontend. One document per module, bundled.',
    },
    servers: [{ url: '/' }],
    security: DEFAULT_SECURITY,
    tags,
    paths,
    components,
  };
  return { contract, moduleOperations };
}

/** TypeScript for the module map: a value (for checks at start) and the types handler maps are checked against. */
function moduleOperationsSource(moduleOperations: ModuleOperations): string {
  const entries = Object.entries(moduleOperations)
    .map(([name, ids]) => `  '${name}': [\n${ids.map((id) => `    '${id}',\n`).join('')}  ],\n`)
    .join('');
  return `/** The operations of each module of the contract: the operationIds that \`openapi/modules/<module>.yaml\` declares. */
export const moduleOperations = {
${entries}} as const;

export type ContractModule = keyof typeof moduleOperations;

/** The operationIds of one module of the contract. */
export type ModuleOperationId<M extends ContractModule> = (typeof moduleOperations)[M][number];
`;
}

async function main(): Promise<void> {
  const { contract, moduleOperations } = await buildContract();
  const json = JSON.stringify(contract, null, 2) + '\n';
  const header = '// Generated by openapi/scripts/generate.ts from openapi/modules/*.yaml. Do not edit.\n';
  const types = header + astToString(await openapiTS(contract as never, { alphabetize: true }));
  const outputs: Record<string, string> = {
    'generated/openapi.json': json,
    'generated/api.ts': types,
    'generated/modules.ts': header + moduleOperationsSource(moduleOperations),
  };
  let stale = false;
  for (const [file, content] of Object.entries(outputs)) {
    const path = join(root, file);
    if (check) {
      const current = await readFile(path, 'utf8').catch(() => '');
      if (current !== content) {
        console.error(`openapi: ${file} is stale; run \`npm run build -w openapi\` and commit the result`);
        stale = true;
      }
    } else {
      await writeFile(path, content);
    }
  }
  if (stale) process.exit(1);
  console.log(check ? 'openapi: generated files are up to date' : `openapi: wrote ${Object.keys(outputs).join(', ')}`);
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
