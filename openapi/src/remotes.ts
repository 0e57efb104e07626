// The registry of remotes: every micro-frontend the shell can mount, in one place that the shell's
// route map, the shell's build (the default remotes.json), the BFF's static serving, the root
// build, `npm start`, the smoke test, the e2e config and the lint boundaries all read. Adding a
// remote starts here (docs/shell-remote-contract.md, "Adding a remote"). It lives in the contract
// workspace because that is the one package every one of them may import.

export type RemoteEntry = {
  /** The workspace folder and npm name (`@frilo/<name>`); served under `/remotes/<name>/`. */
  name: string;
  /** Its i18next namespace: texts in `<name>/src/locales/{sv,en}/<namespace>.json`. */
  namespace: string;
  /** The screen it shows first (the budget gate measures its JavaScript there). */
  firstScreen: string;
};

export const REMOTES = [
  { name: 'mf-auth', namespace: 'auth', firstScreen: '/login' },
  { name: 'mf-invoices', namespace: 'invoices', firstScreen: '/dashboard/home' },
  { name: 'mf-customers', namespace: 'customers', firstScreen: '/dashboard/customers' },
  { name: 'mf-salaries', namespace: 'salaries', firstScreen: '/dashboard/salaries/transactions' },
  { name: 'mf-legacy', namespace: 'legacy', firstScreen: '/dashboard/legacy/invoices' },
] as const satisfies readonly RemoteEntry[];

export type RemoteName = (typeof REMOTES)[number]['name'];

export const REMOTE_NAMES: readonly RemoteName[] = REMOTES.map((remote) => remote.name);

export function isRemoteName(value: string): value is RemoteName {
  return (REMOTE_NAMES as readonly string[]).includes(value);
}

export function remoteEntry(name: RemoteName): RemoteEntry {
  const entry = REMOTES.find((remote) => remote.name === name);
  if (!entry) throw new Error(`${name} is not in the registry of remotes`);
  return entry;
}

/** The remote that owns an i18next namespace, or undefined (the shell's own, or none). */
export function remoteOfNamespace(namespace: string): RemoteName | undefined {
  return REMOTES.find((remote) => remote.namespace === namespace)?.name;
}

/** Where a built remote is served by default (the BFF; remotes.json may point elsewhere). */
export function defaultManifestPath(name: RemoteName): string {
  return `/remotes/${name}/mf-manifest.json`;
}

/** A namespace's texts in a language, relative to the app's base URL (its dist/). */
export function localeFile(language: string, namespace: string): string {
  return `locales/${encodeURIComponent(language)}/${encodeURIComponent(namespace)}.json`;
}
