import { Suspense } from 'react';
import { BrowserRouter } from 'react-router';
import type { ShellProps } from '@frilo/openapi/shell-contract';
import { AppRoutes } from './app-routes.tsx';
import { Loading } from './loading.tsx';
import { ShellContext } from './shell-context.ts';

/** The remote's React root: its own router over the same window history as the shell. */
export function Root({ contractVersion, remote, session, locale, brand }: ShellProps) {
  return (
    <ShellContext value={{ contractVersion, remote, session, locale, brand }}>
      <BrowserRouter>
        <Suspense fallback={<Loading />}>
          <AppRoutes />
        </Suspense>
      </BrowserRouter>
    </ShellContext>
  );
}
