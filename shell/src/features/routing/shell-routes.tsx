// Turns the URL and the session into what the page shows: which layout, which remote.
import { useAtomValue } from 'jotai';
import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { config } from '../../app/config.ts';
import { tracker } from '../analytics/tracker.ts';
import { localeState } from '../i18n/locale-state.ts';
import { LoadingIndicator } from '@frilo/ui/loading';
import { PlainLayout } from '../layout/plain-layout.tsx';
import { RemoteArea } from '../remotes/remote-area.tsx';
import { useSessionActions } from '../session/session-sync.tsx';
import { sessionState } from '../session/session-state.ts';
import type { SessionStatus } from '../session/session-types.ts';
import { decide, type AuthState } from './guard.ts';
import { AlreadyLoggedIn, AppLayout, NotFound } from './lazy-parts.tsx';
import { SessionUnavailable } from './session-unavailable.tsx';

function authState(status: SessionStatus): AuthState {
  if (status.status !== 'authenticated') return { kind: 'anonymous' };
  const { user } = status.session;
  if (!user.emailConfirmedAt) return { kind: 'unconfirmed' };
  return { kind: 'confirmed', legacy: user.legacy, admin: user.isAdmin };
}

export function ShellRoutes() {
  const location = useLocation();
  const status = useAtomValue(sessionState);
  const locale = useAtomValue(localeState);
  const { refresh } = useSessionActions();
  const decision =
    status.status === 'loading' || status.status === 'error'
      ? null
      : decide(location.pathname, location.search, authState(status));
  const routeName = decision?.kind === 'render' ? (decision.route?.name ?? 'please-confirm') : decision?.kind;

  useEffect(() => {
    if (routeName) tracker.track({ name: 'page_view', properties: { route: routeName } });
  }, [routeName]);

  if (status.status === 'loading') return <LoadingIndicator fullPage />;
  if (status.status === 'error' || decision === null) {
    return (
      <PlainLayout>
        <SessionUnavailable onRetry={() => void refresh()} />
      </PlainLayout>
    );
  }

  const session = status.status === 'authenticated' ? status.session : null;
  switch (decision.kind) {
    case 'redirect':
      return <Navigate to={decision.to} replace />;
    case 'already-logged-in':
      return (
        <PlainLayout>
          <AlreadyLoggedIn to={decision.to} />
        </PlainLayout>
      );
    case 'not-found':
      return session ? (
        <AppLayout session={session}>
          <NotFound />
        </AppLayout>
      ) : (
        <Navigate to="/login" replace />
      );
    case 'render': {
      const area = (
        <RemoteArea
          key={decision.remote}
          remote={decision.remote}
          session={session}
          locale={locale}
          brand={config.brand}
        />
      );
      return decision.chrome === 'app' && session ? (
        <AppLayout session={session}>{area}</AppLayout>
      ) : (
        <PlainLayout>{area}</PlainLayout>
      );
    }
  }
}
