// Entry point. The dynamic import is the async boundary Module Federation needs to agree on the
// shared singletons (React, router, i18next...) before any of them is evaluated.
import('./bootstrap.tsx').catch((error: unknown) => {
  console.error('[shell] failed to start', error);
  const root = document.getElementById('root');
  if (root) root.dataset['failed'] = 'true';
});
