// The logged-in frame: impersonation bar, header, sidebar (or slide-in menu), notices, content.
import { useCallback, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { noticeToShow, rememberDismissal, type NoticeId } from '../promos/dismissals.ts';
import { RenameNotice } from '../promos/rename-notice.tsx';
import { useSessionActions } from '../session/session-sync.tsx';
import type { Session } from '../session/session-types.ts';
import { Header } from './header.tsx';
import { ImpersonationBar } from './impersonation-bar.tsx';
import { MobileMenu } from './mobile-menu.tsx';
import { Sidebar } from './sidebar.tsx';

export function AppLayout({ session, children }: { session: Session; children: ReactNode }) {
  const { t } = useTranslation('shell');
  const [menuOpen, setMenuOpen] = useState(false);
  const { logout, stopImpersonation } = useSessionActions();
  const closeMenu = useCallback(() => setMenuOpen(false), []);
  const onLogout = useCallback(() => void logout(), [logout]);
  // One notice at a time: the survey promo waits until the rename notice is closed.
  const [closedNow, setClosedNow] = useState<ReadonlySet<NoticeId>>(() => new Set());
  const notice = noticeToShow(session, closedNow);
  const close = useCallback((closed: NoticeId) => {
    setClosedNow((previous) => new Set(previous).add(closed));
    void rememberDismissal(closed);
  }, []);
  const closeSurvey = useCallback(() => close('survey_2'), [close]);

  return (
    <div className={session.isImpersonating ? 'app-shell is-impersonating' : 'app-shell'}>
      <a className="skip-link" href="#main">
        {t('skipToContent')}
      </a>
      {session.isImpersonating && (
        <ImpersonationBar session={session} onStop={() => void stopImpersonation()} onLogout={onLogout} />
      )}
      <Header user={session.user} menuOpen={menuOpen} onOpenMenu={() => setMenuOpen(true)} onLogout={onLogout} />
      <div className="app-body">
        <Sidebar
          legacy={session.user.legacy}
          admin={session.user.isAdmin}
          promo={notice === 'survey_2'}
          onClosePromo={closeSurvey}
        />
        <main id="main" className="app-main" tabIndex={-1}>
          {notice === 'brand_rename' && <RenameNotice onDismiss={() => close('brand_rename')} />}
          {children}
        </main>
      </div>
      <MobileMenu
        open={menuOpen}
        onClose={closeMenu}
        user={session.user}
        onLogout={onLogout}
        promo={notice === 'survey_2'}
        onClosePromo={closeSurvey}
      />
    </div>
  );
}
