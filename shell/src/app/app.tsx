import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { AnalyticsBridge } from '../features/analytics/analytics-bridge.tsx';
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
      <AnalyticsBridge />
      <Suspense fallback={<LoadingIndicator fullPage />}>
        <ShellRoutes />
      </Suspense>
      <NotificationCenter />
    </BrowserRouter>
  );
}
