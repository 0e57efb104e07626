// `/remotes.json`, the run-time map of remote name → manifest URL the shell reads (shell/README.md), and the remote
// origins the page's Content-Security-Policy allows, both from one place: the registry's defaults (every remote served
// by the BFF under /remotes/<name>/), then the build's `shell/dist/remotes.json` (a deployment may rewrite it), then
// REMOTE_MANIFESTS (config.ts), which points single remotes elsewhere, e.g. at a CDN, without rebuilding anything.
// Read once at start-up, so the map the shell gets and the origins the policy names always agree.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defaultManifestPath, isRemoteName, REMOTE_NAMES, type RemoteName } from '@frilo/openapi/remotes';

/** Remote name → manifest URL: an absolute http(s) URL (another origin) or a path on the BFF's own origin. */
export type RemoteManifests = Partial<Record<RemoteName, string>>;

/**
 * Parses REMOTE_MANIFESTS: `name=url` pairs separated by commas or whitespace, e.g.
 * `mf-customers=https://cdn.frilo.se/mf-customers/2025.10.24-1/mf-manifest.json`. Each name must be a remote of the
 * registry, once; each URL absolute (https; plain http only outside production, for loopback tests) or a path starting
 * with `/` on the BFF's own origin. Anything else stops the start-up with a message naming the entry.
 */
export function parseRemoteManifests(raw: string | undefined, production: boolean): RemoteManifests {
  const out: RemoteManifests = {};
  for (const entry of (raw ?? '').split(/[\s,]+/).filter(Boolean)) {
    const at = entry.indexOf('=');
    const name = at > 0 ? entry.slice(0, at) : '';
    const url = at > 0 ? entry.slice(at + 1) : '';
    if (!name || !url) throw new Error(`REMOTE_MANIFESTS: "${entry}" is not name=url`);
    if (!isRemoteName(name))
      throw new Error(`REMOTE_MANIFESTS: ${name} is not a remote of the registry (${REMOTE_NAMES.join(', ')})`);
    if (out[name] !== undefined) throw new Error(`REMOTE_MANIFESTS: ${name} is given twice`);
    out[name] = manifestUrl(name, url, production);
  }
  return out;
}

function manifestUrl(name: string, url: string, production: boolean): string {
  if (url.startsWith('/') && !url.startsWith('//')) return url;
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new Error(
      `REMOTE_MANIFESTS: ${name}'s manifest must be an absolute URL or a path starting with /, got ${url}`,
    );
  }
  const allowed = production ? ['https:'] : ['https:', 'http:'];
  if (!allowed.includes(parsed.protocol))
    throw new Error(`REMOTE_MANIFESTS: ${name}'s manifest must be ${production ? 'https' : 'http(s)'}, got ${url}`);
  if (parsed.username || parsed.password)
    throw new Error(`REMOTE_MANIFESTS: ${name}'s manifest URL must not carry credentials`);
  return parsed.toString();
}

/** What `/remotes.json` answers: the registry's defaults, the build's file over them, the configured URLs over both. */
export function remotesMap(staticRoot: string, configured: RemoteManifests): Record<string, string> {
  const map: Record<string, string> = Object.fromEntries(REMOTE_NAMES.map((name) => [name, defaultManifestPath(name)]));
  try {
    const built: unknown = JSON.parse(readFileSync(join(staticRoot, 'shell', 'dist', 'remotes.json'), 'utf8'));
    if (typeof built === 'object' && built !== null && !Array.isArray(built)) {
      for (const [name, url] of Object.entries(built)) if (typeof url === 'string') map[name] = url;
    }
  } catch {
    // Not built yet (or unreadable): the registry's defaults.
  }
  return { ...map, ...configured };
}

/** The origins the remotes load from other than our own (absolute URLs), sorted: what the page's policy names. */
export function remoteOrigins(map: Record<string, string>): string[] {
  const origins = new Set<string>();
  for (const url of Object.values(map)) {
    if (/^https?:\/\//i.test(url)) origins.add(new URL(url).origin);
  }
  return [...origins].sort();
}

/** The body and strong ETag `/remotes.json` is served with. */
export function remotesJsonBody(map: Record<string, string>): { body: string; etag: string } {
  const body = `${JSON.stringify(map, null, 2)}\n`;
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
}
