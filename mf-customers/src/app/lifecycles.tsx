// What mf-customers exposes as `./app`: single-spa lifecycles the shell mounts as a parcel.
import i18next from 'i18next';
import * as React from 'react';
import * as ReactDOMClient from 'react-dom/client';
import singleSpaReact from 'single-spa-react';
import type { ShellProps } from '@frilo/openapi/shell-contract';
import { NAMESPACE } from './namespace.ts';
import { RemoteCrash } from './remote-crash.tsx';
import { Root } from './root.tsx';
import '../styles/customers.css';

const lifecycles = singleSpaReact<ShellProps>({
  React,
  ReactDOMClient,
  rootComponent: Root,
  // Render errors inside this remote stay inside it.
  errorBoundary: (error) => <RemoteCrash error={error} />,
});

/** Loads this remote's texts before the first render (the shell owns i18next and the language). */
export async function bootstrap(props: Parameters<typeof lifecycles.bootstrap>[0]): Promise<void> {
  await i18next.loadNamespaces(NAMESPACE);
  await lifecycles.bootstrap(props);
}

export const mount = lifecycles.mount;
export const unmount = lifecycles.unmount;
export const update = lifecycles.update;
