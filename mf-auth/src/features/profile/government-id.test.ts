import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatGovernmentId } from './government-id.ts';

test('the stored 12 digits are shown as YYYYMMDD-NNNN', () => {
  assert.equal(formatGovernmentId('199001011234'), '19900101-1234');
  assert.equal(formatGovernmentId(null), '');
  assert.equal(formatGovernmentId('9001011234'), '9001011234');
});
