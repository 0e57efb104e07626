import { useAtomValue } from 'jotai';
import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import { LoadingIndicator } from '@frilo/ui/loading';
import { UiProvider } from '@frilo/ui/ui-text';
import { AnalyticsBridge } from '../features/analytics/analytics-bridge.tsx';
import { LocaleSync } from '../features/i18n/locale-sync.tsx';
import { localeState } from '../features/i18n/locale-state.ts';
import { NotificationCenter } from '../features/notifications/notification-center.tsx';
import { ShellRoutes } from '../features/routing/shell-routes.tsx';
import { SessionSync } from '../features/session/session-sync.tsx';

export function App() {
  // The kit's components speak the shell's namespace first (its "Loading...").
  const locale = useAtomValue(localeState);
  return (
    <UiProvider namespace="shell" locale={locale}>
      <BrowserRouter>
        <SessionSync />
        <LocaleSync />
        <AnalyticsBridge />
        <Suspense fallback={<LoadingIndicator fullPage />}>
          <ShellRoutes />
        </Suspense>
        <NotificationCenter />
      </BrowserRouter>
    </UiProvider>
  );
}
