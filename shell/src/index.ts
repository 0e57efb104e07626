// Entry point. The dynamic import is the async boundary Module Federation needs to agree on the
// shared singletons (React, router, i18next...) before any of them is evaluated.
// The styles belong to the entry, so the page links them from <head> (no CSS loader at run time).
import '@frilo/ui/tokens.css';
import '@frilo/ui/base.css';
import './styles/app.css';
import { prefetchTranslations, setTextsBase } from './features/i18n/fetch-backend.ts';
import { localeLanguages, readPageLocale } from './features/i18n/locale.ts';
import { textsBase } from './features/i18n/texts-base.ts';
import { loadRemotesConfig, prefetchRemote } from './features/remotes/federation.ts';
import { REMOTE_NAMESPACES, matchRoute } from './features/routing/route-map.ts';
import { initialSession } from './features/session/session-api.ts';

// Each app's texts are in its own build: the shell's next to this page, a remote's next to its
// manifest (remotes.json says where).
setTextsBase((namespace) => textsBase(namespace, () => loadRemotesConfig()));

// What the first screen needs besides the shell's own chunks starts downloading now, in parallel
// with them: the session, the texts (the shell's and the URL's remote's), remotes.json, and the
// remote's manifest and files. None of it runs before the shell is ready.
const route = matchRoute(window.location.pathname)?.route;
void initialSession();
prefetchTranslations(localeLanguages(readPageLocale()), route ? ['shell', REMOTE_NAMESPACES[route.remote]] : ['shell']);
if (route) prefetchRemote(route.remote);

import(/* webpackChunkName: "bootstrap" */ './bootstrap.tsx').catch((error: unknown) => {
  console.error('[shell] failed to start', error);
  const root = document.getElementById('root');
  if (root) root.dataset['failed'] = 'true';
});
