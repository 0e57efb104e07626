// The profile's "Spara semesterersättning" (issue 25): off by default, explained where it is chosen, saved with the
// profile's one Save and still chosen after a reload. In English here, axe, pictures at 375 and 1366 px.
import { confirmedUser, expect, seriousViolations, shootPageAndCard, test } from './fixtures.ts';
import { JOURNEY_LANGUAGES } from '../../tools/testing/e2e.ts';

// The Swedish run is profile.spec.ts's 'one form, one save' (the same profile page, the choice saved with the other
// cards by the one request); the English one runs with E2E_ENGLISH_JOURNEYS=1 (decision 0044).
for (const lng of JOURNEY_LANGUAGES.filter((language) => language === 'en')) {
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
    await shootPageAndCard(page, `profile-vacation-pay-${lng}`, salary);

    await page.reload();
    await expect(choice).toBeChecked();
  });
}
