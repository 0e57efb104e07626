// Requests built from the contract itself, for tests of rules that hold for every operation (CSRF, security,
// error shapes, text checks): an operation added later is covered without touching the tests.
import { randomUUID } from 'node:crypto';
import { contractOperations, type ContractOperation } from '../src/platform/http/contract.ts';

export const WRITE_METHODS = new Set(['post', 'put', 'patch', 'delete']);

/** Every operation of the contract, with the dev mailbox among them (it exists outside production). */
export function everyOperation(): ContractOperation[] {
  return contractOperations();
}

export function everyWrite(): ContractOperation[] {
  return contractOperations().filter((op) => WRITE_METHODS.has(op.method));
}

/**
 * The operation's path with each `{param}` filled in: a fresh UUID, which every path parameter of the contract takes
 * (others say no more than "a string"), or `values[param]` when given.
 */
export function samplePath(path: string, values: Record<string, string> = {}): string {
  return path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? randomUUID()));
}

/** Every distinct path of the contract with the methods it declares. */
export function everyPath(): { path: string; methods: Set<string> }[] {
  const byPath = new Map<string, Set<string>>();
  for (const op of contractOperations()) {
    const methods = byPath.get(op.path) ?? new Set<string>();
    methods.add(op.method);
    byPath.set(op.path, methods);
  }
  return [...byPath].map(([path, methods]) => ({ path, methods }));
}
