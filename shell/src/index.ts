// Entry point. The dynamic import is the async boundary Module Federation needs to agree on the
// shared singletons (React, router, i18next...) before any of them is evaluated.
// The styles belong to the entry, so the page links them from <head> (no CSS loader at run time).
import './styles/app.css';
import { prefetchRemote } from './features/remotes/federation.ts';
import { matchRoute } from './features/routing/route-map.ts';

// While the shell's own chunks download, fetch remotes.json and the manifest of the remote this URL
// shows, and start downloading its files (nothing of it runs before the shell is ready).
const route = matchRoute(window.location.pathname)?.route;
if (route) prefetchRemote(route.remote);

import('./bootstrap.tsx').catch((error: unknown) => {
  console.error('[shell] failed to start', error);
  const root = document.getElementById('root');
  if (root) root.dataset['failed'] = 'true';
});
