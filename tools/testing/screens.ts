// Pictures of screens for people to look at: taken only when SHOTS_DIR says where to put them (`SHOTS_DIR=shots npx
// playwright test …`). CI looks at no picture, and a full-page picture at two widths costs a second or more on its 2
// cores; what a test proves is in its assertions, which run either way. Test tooling, not app code.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

/** The folder for pictures (SHOTS_DIR/`area`, made if missing), or undefined when no pictures are wanted. */
export function shotsDir(area = ''): string | undefined {
  const root = process.env['SHOTS_DIR'];
  if (!root) return undefined;
  const dir = join(root, area);
  mkdirSync(dir, { recursive: true });
  return dir;
}

/** The screen at 375 and 1280 px, `ready` checked at each width; full-page pictures of it when wanted. */
export async function shootWidths(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  const dir = shotsDir('screens');
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await ready();
    if (dir) await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}
