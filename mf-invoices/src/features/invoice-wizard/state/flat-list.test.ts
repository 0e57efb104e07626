import { test } from 'node:test';
import assert from 'node:assert/strict';
import { flatten, readItems, sameItems } from './flat-list.ts';

test('a list is kept under the API’s paths, and read back in order', () => {
  const values = flatten('rows', [
    { description: 'Design', unitPrice: '950' },
    { description: 'Code', unitPrice: '1 100' },
  ]);
  assert.equal(values['rows[1].description'], 'Code');
  assert.equal(values['rows.count'], '2');
  assert.deepEqual(readItems(values, 'rows', ['description']), [{ description: 'Design' }, { description: 'Code' }]);
});

test('keys left past the count after a removal do not make the list differ', () => {
  const before = flatten('rows', [{ description: 'Design' }]);
  const after = { ...flatten('rows', [{ description: 'Design' }, { description: 'Code' }]), 'rows.count': '1' };
  assert.ok(sameItems(before, after, 'rows', ['description']));
  assert.ok(!sameItems(before, { ...after, 'rows[0].description': 'X' }, 'rows', ['description']));
});
