// Which clicks leave the page for somewhere else in the app (and so need the unsaved-changes
// warning). Pure, so the rules are tested without a browser.

export type ClickFacts = {
  button: number;
  modified: boolean;
  /** The link's resolved URL, its target and whether it downloads. */
  href: string;
  target: string;
  download: boolean;
};

/**
 * The in-app path a plain click on a link goes to, or null when the click does not leave this page
 * within the app: another tab or window, a download, another site (the browser's own prompt covers
 * that), or the same page (a hash).
 */
export function leaveTarget(click: ClickFacts, current: URL): string | null {
  if (click.button !== 0 || click.modified || click.download) return null;
  if (click.target && click.target !== '_self') return null;
  let url: URL;
  try {
    url = new URL(click.href, current);
  } catch {
    return null;
  }
  if (url.origin !== current.origin || !/^https?:$/.test(url.protocol)) return null;
  if (url.pathname === current.pathname && url.search === current.search) return null;
  return url.pathname + url.search + url.hash;
}

/** A path from an absolute URL of this origin (what single-spa reports as the new URL). */
export function pathOf(url: string, origin: string): string {
  const parsed = new URL(url, origin);
  return parsed.pathname + parsed.search + parsed.hash;
}
