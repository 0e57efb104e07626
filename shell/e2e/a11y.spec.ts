// Automated accessibility checks (axe): no serious or critical violations on the main screens.
import AxeBuilder from '@axe-core/playwright';
import { expect, test, watchViolations } from './fixtures.ts';
import { seriousViolations } from '../../tools/testing/e2e.ts';

// The login page is scanned by mf-auth/e2e/a11y.spec.ts ('login, empty and with its messages'), the demo's dashboard in
// English and Swedish by mf-invoices/e2e/dashboard.spec.ts ('en: the demo freelancer's figures and latest invoices'),
// a remote's error screen by remote-failure.spec.ts ('an unreachable remote shows its error…').

// The open slide-in menu on a phone is scanned by mobile-menu.spec.ts.

test('the login page loads under a policy that runs no inline script, without a violation; and the scan finds what a full AxeBuilder run finds (it is not a scan that cannot fail)', async ({
  page,
}) => {
  // The Content-Security-Policy (issue 15; csp.spec.ts has every remote under it).
  const violations = await watchViolations(page);
  const response = await page.goto('/login');
  const policy = response!.headers()['content-security-policy'] ?? '';
  expect(policy).toMatch(/script-src 'self'/);
  expect(policy).not.toMatch(/script-src[^;]*'unsafe-(inline|eval)'/);
  expect(policy).toMatch(/frame-ancestors 'none'/);
  await expect(page.getByRole('heading', { name: 'Logga in' })).toBeVisible();
  expect(await violations()).toEqual([]);

  // A nameless button, an image without text and grey on white: serious or critical in WCAG 2.1 AA.
  await page.evaluate(() => {
    document.body.insertAdjacentHTML(
      'beforeend',
      '<button id="nameless"></button><img id="textless" src="/favicon.ico"><p style="color:#ccc;background:#fff">Svag</p>',
    );
  });
  const fast = await seriousViolations(page);
  expect(fast.join('\n')).toMatch(/button-name: #nameless/);
  expect(fast.join('\n')).toMatch(/image-alt: #textless/);
  expect(fast.join('\n')).toMatch(/color-contrast/);
  const full = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  expect(fast).toEqual(
    full.violations
      .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
      .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`),
  );
});
