// Reads `/remotes.json` (remote name → manifest URL). Deployments edit that file to repoint a
// remote; the shell is never rebuilt for it.

export type RemotesConfig = Record<string, string>;

/** Keeps only string entries whose URL resolves; relative URLs resolve against the page. */
export function parseRemotesConfig(json: unknown, base: string): RemotesConfig {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) {
    throw new Error('remotes.json must be an object of remote name to manifest URL');
  }
  const out: RemotesConfig = {};
  for (const [name, value] of Object.entries(json)) {
    if (typeof value !== 'string' || !/^[a-z][a-z0-9-]*$/.test(name)) continue;
    try {
      out[name] = new URL(value, base).toString();
    } catch {
      // An unusable entry only breaks its own remote; the others keep working.
    }
  }
  return out;
}

/** `mf-auth` → `mf_auth`, the container name the remote was built with. */
export function containerName(remote: string): string {
  return remote.replace(/[^a-zA-Z0-9_]/g, '_');
}
