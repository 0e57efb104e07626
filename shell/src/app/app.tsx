import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { LocaleSync } from '../features/i18n/locale-sync.tsx';
import { LoadingIndicator } from '../features/layout/loading-indicator.tsx';
import { NotificationCenter } from '../features/notifications/notification-center.tsx';
import { ShellRoutes } from '../features/routing/shell-routes.tsx';
import { SessionSync } from '../features/session/session-sync.tsx';

export function App() {
  return (
    <BrowserRouter>
      <SessionSync />
      <LocaleSync />
      <Suspense fallback={<LoadingIndicator fullPage />}>
        <ShellRoutes />
      </Suspense>
      <NotificationCenter />
    </BrowserRouter>
  );
}
