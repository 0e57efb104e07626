// One call gives a remote everything the shell contract asks of it (docs/shell-remote-contract.md, "The remote
// exposes ./app"): single-spa lifecycles, a React root with its own router over the window
// history, the shell's props as context, a loading state while a lazy screen downloads, a crash
// screen for render errors, and its i18next namespace loaded before the first render.
//
//   export const { bootstrap, mount, unmount, update } = createRemote({ name, namespace, Routes });
import i18next from 'i18next';
import * as React from 'react';
import { Suspense, type ComponentType } from 'react';
import * as ReactDOMClient from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import singleSpaReact from 'single-spa-react';
import type { ShellProps } from '@frilo/openapi/shell-contract';
import { UiProvider } from '../i18n/ui-text.tsx';
import { LoadingIndicator } from '../loading/loading-indicator.tsx';
import { RemoteCrash } from './remote-crash.tsx';
import { ShellContext } from './shell-context.ts';

export type RemoteOptions = {
  /** The remote's name in the registry, e.g. `mf-auth`. */
  name: string;
  /** Its i18next namespace (`auth`): texts in src/locales/{sv,en}/<namespace>.json. */
  namespace: string;
  /** The remote's routes: the URLs it owns, nothing for any other URL. */
  Routes: ComponentType;
};

export function createRemote({ name, namespace, Routes }: RemoteOptions) {
  function Root({ contractVersion, remote, session, locale, brand }: ShellProps) {
    return (
      <ShellContext value={{ contractVersion, remote, session, locale, brand }}>
        <UiProvider namespace={namespace} locale={locale}>
          <BrowserRouter>
            <Suspense fallback={<LoadingIndicator />}>
              <Routes />
            </Suspense>
          </BrowserRouter>
        </UiProvider>
      </ShellContext>
    );
  }

  const lifecycles = singleSpaReact<ShellProps>({
    React,
    ReactDOMClient,
    rootComponent: Root,
    // Render errors inside this remote stay inside it.
    errorBoundary: (error, _info, props) => (
      <RemoteCrash error={error} remote={name} namespace={namespace} locale={props.locale} />
    ),
  });

  return {
    /** Loads this remote's texts before the first render (the shell owns i18next and the language). */
    async bootstrap(props: Parameters<typeof lifecycles.bootstrap>[0]): Promise<void> {
      await i18next.loadNamespaces(namespace);
      await lifecycles.bootstrap(props);
    },
    mount: lifecycles.mount,
    unmount: lifecycles.unmount,
    update: lifecycles.update,
  };
}
