// The frame's notices, one at a time, until the account closes them. Closing is remembered for the account
// (PUT /api/auth/dismissed-notices/{notice}; the session lists the closed ones), so a notice closed on the phone
// stays closed on the laptop.
import { createApiClient, type components } from '@frilo/openapi/client';

export type NoticeId = components['schemas']['NoticeId'];

export const RENAME_NOTICE: NoticeId = 'brand_rename';
export const SURVEY_PROMO: NoticeId = 'survey_2';

interface NoticeSession {
  user: { legacy: boolean };
  dismissedNotices: readonly NoticeId[];
}

/**
 * The notice the frame shows now, or null: the brand-rename notice first, and only for accounts from the old
 * product (they knew the old name); then the survey promo. `closedNow` are the ones closed during this visit,
 * which the session read at page load does not list yet.
 */
export function noticeToShow(session: NoticeSession, closedNow: ReadonlySet<NoticeId>): NoticeId | null {
  const open = (notice: NoticeId) => !closedNow.has(notice) && !session.dismissedNotices.includes(notice);
  if (session.user.legacy && open(RENAME_NOTICE)) return RENAME_NOTICE;
  if (open(SURVEY_PROMO)) return SURVEY_PROMO;
  return null;
}

const api = createApiClient();

/** Remembers the closing for the account; when that fails the notice stays closed for this visit and comes back. */
export async function rememberDismissal(notice: NoticeId): Promise<void> {
  try {
    await api.PUT('/api/auth/dismissed-notices/{notice}', { params: { path: { notice } } });
  } catch {
    // No answer: nothing to tell the user about a promo; it shows again next visit.
  }
}
