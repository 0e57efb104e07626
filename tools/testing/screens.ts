// Full-page screenshots at the product's two reference widths (375 and 1280 px) for people to look at: written to
// SHOTS_DIR, or test-results/screens. Test tooling, not app code.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from '@playwright/test';

export async function shootWidths(page: Page, name: string, ready: () => Promise<void>): Promise<void> {
  const dir = process.env['SHOTS_DIR'] ?? join('test-results', 'screens');
  mkdirSync(dir, { recursive: true });
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await ready();
    await page.screenshot({ path: join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 860 });
}
