// Where a namespace's texts are: each app ships its texts in its own build (`locales/<lng>/<ns>.json`,
// tools/rspack/locales-plugin.ts), so the shell's are next to its page and a remote's next to its
// manifest, wherever remotes.json points it (a CDN included). Known from the registry of remotes.
import { remoteOfNamespace } from '@frilo/openapi/remotes';
import type { RemotesConfig } from '../remotes/remotes-config.ts';

/** The base URL (ending in `/`) a namespace's `locales/…` files are relative to. */
export async function textsBase(
  namespace: string,
  loadRemotesConfig: () => Promise<RemotesConfig>,
  pageUrl?: string,
): Promise<string> {
  const remote = remoteOfNamespace(namespace);
  // The shell's own texts: its build is served at the site's root (publicPath `/`).
  if (!remote) return new URL('/', pageUrl ?? window.location.href).toString();
  const manifest = (await loadRemotesConfig())[remote];
  if (!manifest) throw new Error(`${remote} is not listed in remotes.json`);
  return new URL('.', manifest).toString();
}
