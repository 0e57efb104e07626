import { test } from 'node:test';
import assert from 'node:assert/strict';
import fc from 'fast-check';
import { CONTRACT_VERSION } from '@frilo/openapi/shell-contract';
import {
  contractMismatch,
  ContractMismatchError,
  describeSupported,
  SUPPORTED_CONTRACTS,
  UNDECLARED_CONTRACT_VERSION,
} from './contract-version.ts';
import { classify, isRetryable, shouldReloadOnce } from './load-policy.ts';

const supportedRange = fc
  .tuple(fc.integer({ min: 0, max: 50 }), fc.integer({ min: 0, max: 50 }))
  .map(([a, b]) => ({ oldest: Math.min(a, b), newest: Math.max(a, b) }));

test('this shell runs the contract it was built with, and remotes that declared no version (version 1)', () => {
  assert.equal(SUPPORTED_CONTRACTS.newest, CONTRACT_VERSION);
  assert.equal(contractMismatch(CONTRACT_VERSION), null);
  assert.equal(UNDECLARED_CONTRACT_VERSION, 1);
  assert.equal(contractMismatch(null), null);
  assert.deepEqual(contractMismatch(0), { reason: 'remote-outdated', declared: 0, supported: SUPPORTED_CONTRACTS });
  assert.deepEqual(contractMismatch(CONTRACT_VERSION + 1), {
    reason: 'shell-outdated',
    declared: CONTRACT_VERSION + 1,
    supported: SUPPORTED_CONTRACTS,
  });
});

test('a declared version runs exactly when it is inside the supported range; outside, the side that is behind is named', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 60 }), supportedRange, (declared, supported) => {
      const mismatch = contractMismatch(declared, supported);
      const inside = declared >= supported.oldest && declared <= supported.newest;
      assert.equal(mismatch === null, inside);
      if (mismatch) {
        assert.equal(mismatch.reason, declared < supported.oldest ? 'remote-outdated' : 'shell-outdated');
        assert.equal(mismatch.declared, declared);
      }
    }),
  );
});

test('a contract mismatch is shown as such: never retried, never a page reload', () => {
  fc.assert(
    fc.property(fc.integer({ min: 0, max: 60 }), supportedRange, (declared, supported) => {
      const mismatch = contractMismatch(declared, supported);
      fc.pre(mismatch !== null);
      const failure = classify('mf-x', new ContractMismatchError('mf-x', mismatch!));
      assert.equal(failure.kind, 'contract');
      assert.deepEqual(failure.contract, mismatch);
      assert.equal(isRetryable(failure), false);
      const storage = new Map<string, string>();
      const flags = {
        getItem: (key: string) => storage.get(key) ?? null,
        setItem: (key: string, value: string) => void storage.set(key, value),
        removeItem: (key: string) => void storage.delete(key),
      };
      assert.equal(shouldReloadOnce(failure, flags), false);
      assert.match(failure.message, new RegExp(`declares shell contract ${declared}; this shell runs`));
    }),
  );
});

test('the supported versions read as one number or a range', () => {
  assert.equal(describeSupported({ oldest: 1, newest: 1 }), '1');
  assert.equal(describeSupported({ oldest: 1, newest: 3 }), '1–3');
});
