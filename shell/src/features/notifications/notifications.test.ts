import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  addNotification,
  isNotifyDetail,
  MAX_VISIBLE,
  removeNotification,
  type Notification,
} from './notifications.ts';

test('only well-formed notify events are shown', () => {
  assert.equal(isNotifyDetail({ kind: 'success', message: 'Saved' }), true);
  assert.equal(isNotifyDetail({ kind: 'party', message: 'x' }), false);
  assert.equal(isNotifyDetail({ kind: 'info', message: '' }), false);
  assert.equal(isNotifyDetail(null), false);
});

test('the newest few stay visible and one can be closed', () => {
  let list: Notification[] = [];
  for (let id = 1; id <= MAX_VISIBLE + 2; id += 1)
    list = addNotification(list, { id, kind: 'info', message: `m${id}` });
  assert.equal(list.length, MAX_VISIBLE);
  assert.equal(list[0]?.id, 3);
  assert.deepEqual(
    removeNotification(list, 4).map((item) => item.id),
    [3, 5, 6],
  );
});
