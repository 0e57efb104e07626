// The profile's "Spara semesterersättning" (issue 25): off by default, explained where it is chosen, saved with the
// profile's one Save and still chosen after a reload. Swedish and English, axe, pictures at 375 and 1366 px.
import { shotsDir } from '../../tools/testing/screens.ts';
import type { Locator, Page } from '@playwright/test';
import { confirmedUser, expect, seriousViolations, test } from './fixtures.ts';
import { JOURNEY_LANGUAGES } from '../../tools/testing/e2e.ts';

/** The whole page, and the card the choice is in (readable at full size), at both widths. */
async function shoot(page: Page, name: string, card: Locator) {
  const SHOTS = shotsDir('auth');
  if (!SHOTS) return page.setViewportSize({ width: 1366, height: 900 });
  for (const width of [375, 1366]) {
    await page.setViewportSize({ width, height: width === 375 ? 740 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: `${SHOTS}/${name}-${width}.png`, fullPage: true });
    await card.screenshot({ path: `${SHOTS}/${name}-card-${width}.png` });
  }
}

for (const lng of JOURNEY_LANGUAGES) {
  const t = (sv: string, en: string) => (lng === 'sv' ? sv : en);

  test(`saving the vacation pay is a choice in the profile, off by default (${lng})`, async ({ page }) => {
    await confirmedUser(page, `/dashboard/profile?hl=${lng}`, lng);
    const salary = page.getByRole('region', { name: t('Lön och utbetalning', 'Salary and payout'), exact: true });
    const choice = salary.getByRole('checkbox', { name: t('Spara semesterersättning', 'Save my vacation pay') });
    await expect(choice).not.toBeChecked();
    await expect(choice).toHaveAccessibleDescription(
      lng === 'sv'
        ? /Din lön innehåller 12 % semesterersättning\. .* till midsommar, eller när du vill\./
        : /Your salary includes 12% vacation pay\. .* at midsummer, or whenever you ask\./,
    );
    const patches: string[] = [];
    page.on('request', (request) => {
      if (request.method() === 'PATCH' && request.url().endsWith('/api/auth/profile'))
        patches.push(request.postData()!);
    });
    await choice.check();
    await page
      .getByRole('group', { name: t('Spara profilen', 'Save the profile') })
      .getByRole('button', { name: t('Spara', 'Save') })
      .click();
    await expect(
      page.getByRole('status').filter({ hasText: t('Din profil är sparad.', 'Your profile is saved.') }),
    ).toBeVisible();
    expect(patches.map((body) => JSON.parse(body))).toEqual([{ saveVacationPay: true }]);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, `profile-vacation-pay-${lng}`, salary);

    await page.reload();
    await expect(choice).toBeChecked();
  });
}
