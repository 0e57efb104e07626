// Entry point. The dynamic import is the async boundary Module Federation needs to agree on the
// shared singletons (React, router, i18next...) before any of them is evaluated.
// The styles belong to the entry, so the page links them from <head> (no CSS loader at run time).
import './styles/app.css';

import('./bootstrap.tsx').catch((error: unknown) => {
  console.error('[shell] failed to start', error);
  const root = document.getElementById('root');
  if (root) root.dataset['failed'] = 'true';
});
