// Steps every workspace's end-to-end tests share (test tooling, not app code): unique addresses,
// links from the BFF's development mailbox, and the accessibility scan.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

/**
 * The languages a journey runs in: Swedish, and English too with `E2E_ENGLISH_JOURNEYS=1` (before a release, or after
 * a change to the journey's texts or layout). A journey's English run repeats its Swedish steps with the English
 * words; that the words exist, that a screen takes each of them from the translations and that the kit formats
 * English amounts and dates is proven on every screen by cheaper checks (each workspace's locales.test.ts, the lint
 * rule against text in markup, ui/src/format and ui/src/form tests), and English in a browser by the specs that are
 * about language (shell/e2e/locale.spec.ts, the English accessibility scans, the English layouts). Decision 0044.
 */
export const JOURNEY_LANGUAGES: readonly ('sv' | 'en')[] = process.env['E2E_ENGLISH_JOURNEYS'] ? ['sv', 'en'] : ['sv'];

export function uniqueEmail(tag = 'user'): string {
  return `e2e-${tag}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/**
 * The path (and query) of the newest link in `to`'s mailbox that starts with `prefix`, optionally
 * other than those in `exclude`. Emails go out through a job queue, so this waits for them.
 */
export async function mailboxLink(page: Page, to: string, prefix: string, exclude: string[] = []): Promise<string> {
  let found = '';
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`/api/dev/mailbox?to=${encodeURIComponent(to)}`);
        const { messages } = (await response.json()) as { messages: { links: string[] }[] };
        for (const message of messages) {
          for (const link of message.links) {
            const url = new URL(link);
            const path = url.pathname + url.search;
            if (url.pathname.startsWith(prefix) && !exclude.includes(path)) {
              found = path;
              return found;
            }
          }
        }
        return '';
      },
      // Emails go out as soon as they are queued: look again soon rather than at Playwright's default steps.
      { message: `an email to ${to} with a link to ${prefix}`, timeout: 15_000, intervals: [50, 100, 200, 400] },
    )
    .not.toBe('');
  return found;
}

/**
 * Opens `path` in a language the way a device that chose it on an earlier visit does: through the `user_locale`
 * cookie. Not with `?hl=`: that is an explicit choice, which the shell saves to the logged-in user's profile
 * (decision 0019), and the demo and admin accounts are shared by specs running in parallel.
 */
export async function openInLanguage(page: Page, path: string, lng: 'sv' | 'en') {
  const base = test.info().project.use.baseURL ?? page.url();
  await page.context().addCookies([{ name: 'user_locale', value: lng, url: new URL('/', base).href }]);
  return page.goto(path);
}

const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
let axeSource: string | undefined;

/**
 * axe's serious and critical findings against WCAG 2.1 A/AA, as readable lines.
 *
 * `AxeBuilder.analyze()` evaluates axe's 650 KB source in the page on every call and then opens a blank page to merge
 * the frames' partial results: about 2.5 s a scan on the 2-core CI, of which running the rules is 0.2–0.3 s. A page
 * without frames is scanned the same way with `axe.run` in the page, axe injected once per document: the same rules,
 * the same findings (decision 0040). A page with frames (the send dialog's PDF) still goes through `AxeBuilder`, which
 * reaches into each frame.
 */
export async function seriousViolations(page: Page): Promise<string[]> {
  let violations: { id: string; impact?: string | null; nodes: { target: unknown[] }[] }[];
  // A dialog still fading in has, for that moment, too little contrast: scan what a person reads once it settles
  // (finite animations and transitions only; a spinner never ends).
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().iterations !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  if (page.frames().length > 1) {
    ({ violations } = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze());
  } else {
    // The axe-core that @axe-core/playwright itself uses.
    const fromBuilder = createRequire(createRequire(import.meta.url).resolve('@axe-core/playwright'));
    axeSource ??= readFileSync(fromBuilder.resolve('axe-core/axe.min.js'), 'utf8');
    if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axeSource);
    violations = await page.evaluate(async (tags) => {
      const axe = (window as unknown as { axe: { run: (...args: unknown[]) => Promise<{ violations: never[] }> } }).axe;
      return (await axe.run(document, { runOnly: { type: 'tag', values: tags }, resultTypes: ['violations'] }))
        .violations;
    }, AXE_TAGS);
  }
  return violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`);
}

/** How far an element's content reaches past its box sideways: 0 when nothing scrolls (a table's frame, the page). */
export function sidewaysOverflow(element: Locator): Promise<number> {
  return element.evaluate((box) => box.scrollWidth - box.clientWidth);
}

/** The password of the accounts the specs sign up. */
export const E2E_PASSWORD = 'correct-horse-battery';

/** Any response gives the browser its CSRF cookie; writes send it back as the header. */
export async function csrfHeaders(page: Page): Promise<Record<string, string>> {
  const cookies = () => page.context().cookies();
  if (!(await cookies()).some((cookie) => cookie.name === 'csrf_token')) await page.request.get('/api/health');
  const token = (await cookies()).find((cookie) => cookie.name === 'csrf_token')?.value;
  return token ? { 'X-CSRF-Token': token } : {};
}

export interface E2eAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * A fresh account with a confirmed email, logged in through the API (the sign-up screens have their own specs); the
 * page is not navigated. Confirmed through the development mailbox, as a person would from the email.
 */
export async function signUpConfirmed(
  page: Page,
  { locale = 'sv', tag = 'user' }: { locale?: 'sv' | 'en'; tag?: string } = {},
): Promise<E2eAccount> {
  const account = { email: uniqueEmail(tag), password: E2E_PASSWORD, firstName: 'Frida', lastName: 'Frilansare' };
  const post = async (path: string, data: unknown) => {
    const response = await page.request.post(path, { data, headers: await csrfHeaders(page) });
    expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBe(true);
  };
  await post('/api/auth/sign-up', {
    ...account,
    passwordConfirmation: account.password,
    acceptTerms: true,
    preferredLocale: locale,
  });
  const link = await mailboxLink(page, account.email, '/confirm/');
  const [, , id, token] = new URL(link, 'http://frilo.invalid').pathname.split('/');
  await post('/api/auth/confirm-email', { id, token });
  await post('/api/auth/login', { email: account.email, password: account.password });
  return account;
}

/** A Swedish company customer with every detail an invoice needs (the specs' usual customer). */
export const SWEDISH_COMPANY = {
  type: 'organization' as const,
  name: 'Volvo Personvagnar AB',
  governmentId: '5560360793',
  vatNumber: 'SE556036079301',
  contactPersonEmail: 'anna.berg@volvo.example',
  email: 'invoices@volvo.example',
  invoiceLanguage: 'sv' as const,
  address: { streetName: 'Assar Gabrielssons väg 9', postalCode: '40531', city: 'Göteborg', country: 'SE' },
};

/**
 * Closes the page as a person closes the tab and returns the kind of dialog the browser put up ('beforeunload' when the
 * screen asked about unsaved changes). Waits first until the page listens for the closing: the unsaved-changes guard
 * adds its listener in an effect after the change has rendered, and a close sent before that closed the tab without
 * asking, so the test waited out its whole timeout for a prompt (one run in many, on a busy machine).
 */
export async function closeTabWithUnsavedChanges(page: Page): Promise<string> {
  const cdp = await page.context().newCDPSession(page);
  await expect
    .poll(
      async () => {
        const { result } = await cdp.send('Runtime.evaluate', { expression: 'window' });
        const { listeners } = await cdp.send('DOMDebugger.getEventListeners', { objectId: result.objectId! });
        return listeners.some((listener) => listener.type === 'beforeunload');
      },
      { message: 'the page listens for the tab being closed', intervals: [20, 50, 100] },
    )
    .toBe(true);
  await cdp.detach();
  const prompt = new Promise<string>((resolve) =>
    page.once('dialog', (dialog) => {
      resolve(dialog.type());
      void dialog.dismiss();
    }),
  );
  await page.close({ runBeforeUnload: true });
  return prompt;
}
