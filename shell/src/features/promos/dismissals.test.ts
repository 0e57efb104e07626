import { test } from 'node:test';
import assert from 'node:assert/strict';
import { noticeToShow, type NoticeId } from './dismissals.ts';

const none = new Set<NoticeId>();
const session = (legacy: boolean, dismissedNotices: NoticeId[] = []) => ({ user: { legacy }, dismissedNotices });

test('an account from the old product sees the rename notice first, then the survey promo, then nothing', () => {
  assert.equal(noticeToShow(session(true), none), 'brand_rename');
  assert.equal(noticeToShow(session(true, ['brand_rename']), none), 'survey_2');
  assert.equal(noticeToShow(session(true), new Set<NoticeId>(['brand_rename'])), 'survey_2');
  assert.equal(noticeToShow(session(true, ['brand_rename', 'survey_2']), none), null);
});

test('an account that signed up as Frilo never sees the rename notice', () => {
  assert.equal(noticeToShow(session(false), none), 'survey_2');
  assert.equal(noticeToShow(session(false, ['survey_2']), none), null);
  assert.equal(noticeToShow(session(false), new Set<NoticeId>(['survey_2'])), null);
});
