// Where a page may send the user after saving: only a path on this site, never another origin.

/**
 * `target` when it is a same-site absolute path (`/quotations/edit/1?step=0`), else null: no
 * scheme, no protocol-relative `//host`, no backslash tricks (`/\host`), no control characters.
 */
export function sameSitePath(target: string | null | undefined): string | null {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return null;
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(target)) return null;
  try {
    // Resolved against a dummy origin: whatever it says, it must stay on that origin.
    const url = new URL(target, 'https://frilo.invalid');
    return url.origin === 'https://frilo.invalid' ? url.pathname + url.search + url.hash : null;
  } catch {
    return null;
  }
}

/** `path` with `name=value` set in its query (replacing one already there). */
export function withQueryParam(path: string, name: string, value: string): string {
  const url = new URL(path, 'https://frilo.invalid');
  url.searchParams.set(name, value);
  return url.pathname + url.search + url.hash;
}
