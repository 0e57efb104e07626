// The profile's "Save my vacation pay" (issue 25) in English: off by default, explained where it is chosen, saved with
// the profile's one Save and still chosen after a reload; axe, pictures at 375 and 1366 px. The Swedish run is
// profile.spec.ts's 'one form, one save' (the same profile page, the choice saved with the other cards by the one
// request); this English one runs with E2E_ENGLISH_JOURNEYS=1 (decision 0044).
import { confirmedUser, expect, seriousViolations, shootPageAndCard, test } from './fixtures.ts';
import { JOURNEY_LANGUAGES } from '../../tools/testing/e2e.ts';

const journey = JOURNEY_LANGUAGES.includes('en') ? test : test.skip;

journey('saving the vacation pay is a choice in the profile, off by default (en)', async ({ page }) => {
  await confirmedUser(page, '/dashboard/profile?hl=en', 'en');
  const salary = page.getByRole('region', { name: 'Salary and payout', exact: true });
  const choice = salary.getByRole('checkbox', { name: 'Save my vacation pay' });
  await expect(choice).not.toBeChecked();
  await expect(choice).toHaveAccessibleDescription(
    /Your salary includes 12% vacation pay\. .* at midsummer, or whenever you ask\./,
  );
  const patches: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'PATCH' && request.url().endsWith('/api/auth/profile')) patches.push(request.postData()!);
  });
  await choice.check();
  await page.getByRole('group', { name: 'Save the profile' }).getByRole('button', { name: 'Save' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Your profile is saved.' })).toBeVisible();
  expect(patches.map((body) => JSON.parse(body))).toEqual([{ saveVacationPay: true }]);
  expect(await seriousViolations(page)).toEqual([]);
  await shootPageAndCard(page, 'profile-vacation-pay-en', salary);

  await page.reload();
  await expect(choice).toBeChecked();
});
