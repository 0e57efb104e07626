// Starts the shell: history patching, language, session and remotes in parallel, then React.
import { createStore, Provider } from 'jotai';
import { createRoot } from 'react-dom/client';
import { start } from 'single-spa';
import { App } from './app/app.tsx';
import { initI18n } from './features/i18n/i18n.ts';
import { localeState } from './features/i18n/locale-state.ts';
import { initialLocale } from './features/i18n/locale-store.ts';
import { loadRemoteApp, loadRemotesConfig } from './features/remotes/federation.ts';
import { preloadAppLayout } from './features/routing/lazy-parts.tsx';
import { matchRoute } from './features/routing/route-map.ts';
import { initialSession } from './features/session/session-api.ts';
import { sessionState } from './features/session/session-state.ts';
import { toStatus } from './features/session/session-sync.tsx';

// single-spa patches pushState/replaceState to fire popstate, so the shell's router and every
// remote's router (each in its own React root) all hear every navigation.
start({ urlRerouteOnly: true });

const locale = initialLocale();
const store = createStore();
store.set(localeState, locale);

// Load the remote for this URL (index.ts started its downloads) while the session and translations
// load (errors surface in its area).
const likelyRoute = matchRoute(window.location.pathname)?.route;
void loadRemotesConfig()
  .then(() => (likelyRoute ? loadRemoteApp(likelyRoute.remote) : undefined))
  .catch(() => {});
// A logged-in URL will most likely need the logged-in frame: fetch it alongside.
if (likelyRoute?.access === 'confirmed') preloadAppLayout();

async function main(): Promise<void> {
  const [, session] = await Promise.allSettled([
    initI18n(locale),
    initialSession().then((value) => {
      if (value) preloadAppLayout();
      return value;
    }),
  ]);
  store.set(
    sessionState,
    session.status === 'fulfilled'
      ? toStatus(session.value)
      : { status: 'error', message: session.reason instanceof Error ? session.reason.message : String(session.reason) },
  );
  const container = document.getElementById('root');
  if (!container) throw new Error('#root is missing from index.html');
  createRoot(container).render(
    <Provider store={store}>
      <App />
    </Provider>,
  );
}

void main();
