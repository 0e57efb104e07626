// The built-in provider's page, served by the BFF outside the remotes at /bank-registration/{id}: plain HTML and one
// stylesheet, no scripts, under a CSP that allows nothing else, in Swedish or English. It stands where a payment
// provider's hosted page would: the app sends the browser here and gets it back at /dashboard/pinebucket-confirmation
// with a signed state, whatever happened (saved, cancelled, failed).
//
// The page acts for the logged-in user only (the registration must be theirs): whoever learnt the address still could
// not point someone's salary to their own account. Never for an admin impersonating them (403, nothing read or kept).
// Writes must come from this site (Sec-Fetch-Site, Origin).
import type { Next } from 'koa';
import type { EntityManager } from '@mikro-orm/postgresql';
import type { BankAccountFieldError, BankAccountInput } from '../../domain/bank-account.ts';
import type { AppContext } from '../../platform/http/context.ts';
import type { Locale } from '../../platform/i18n/translations.ts';
import sv from '../../locales/sv/bank-registration.json' with { type: 'json' };
import en from '../../locales/en/bank-registration.json' with { type: 'json' };
import type { BuiltinBankProvider } from './builtin-provider.ts';
import { BankRegistration } from './entities.ts';
import type { BankingService } from './service.ts';

type Texts = typeof sv;
const TEXTS: Readonly<Record<Locale, Texts>> = { sv, en };

export const PAGE_PREFIX = '/bank-registration/';
const PAGE = /^\/bank-registration\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;
const CSS_PATH = '/bank-registration/page.css';
const MAX_FORM_BYTES = 4096;

const CSP = [
  "default-src 'none'",
  "style-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
].join('; ');

const CSS = `*,*::before,*::after{box-sizing:border-box}
body{margin:0;background:#f4f6f5;color:#1b1f1d;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif}
main{max-width:34rem;margin:0 auto;padding:2rem 1rem}
.brand{font-weight:700;color:#1f5c4a;font-size:1.25rem;margin:0 0 1.5rem}
.card{background:#fff;border-radius:.5rem;padding:1.5rem;box-shadow:0 1px 2px rgba(0,0,0,.08)}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 1rem}
p{margin:0 0 1rem}
.note{color:#4b5550;font-size:.875rem}
fieldset{border:0;margin:0 0 1.25rem;padding:0}
legend{font-weight:600;margin-bottom:.5rem;padding:0}
.choice{display:flex;gap:.5rem;align-items:center;margin:.25rem 0}
.choice input{width:1.25rem;height:1.25rem;accent-color:#1f5c4a}
label.field{display:block;font-weight:600;margin:1rem 0 .25rem}
.hint{display:block;color:#4b5550;font-size:.875rem;margin-bottom:.25rem}
input[type=text]{width:100%;font:inherit;padding:.625rem .75rem;border:1px solid #6b7570;border-radius:.375rem;background:#fff;color:inherit}
input[type=text]:focus,input[type=radio]:focus,button:focus,a:focus{outline:3px solid #2c7be5;outline-offset:2px}
input[aria-invalid=true]{border-color:#b3261e;border-width:2px}
.error{display:block;color:#b3261e;font-size:.875rem;font-weight:600;margin-top:.25rem}
.summary{border:2px solid #b3261e;border-radius:.375rem;padding:.75rem 1rem;margin:0 0 1.25rem}
.summary h2{font-size:1rem;margin:0 0 .25rem}
.summary ul{margin:0;padding-left:1.25rem}
.summary a{color:#b3261e}
.actions{display:flex;flex-wrap:wrap;gap:.75rem;margin-top:1.5rem}
button,.button{font:inherit;font-weight:600;padding:.75rem 1.25rem;border-radius:.375rem;border:2px solid #1f5c4a;cursor:pointer;text-decoration:none;display:inline-block}
.primary{background:#1f5c4a;color:#fff}
.secondary{background:#fff;color:#1f5c4a}
.language{display:block;margin-top:1.5rem;color:#1f5c4a}
form:has(#kind-iban:checked) .domestic,form:has(#kind-domestic:checked) .iban{display:none}
`;

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const fill = (template: string, values: Record<string, string | number>) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));

interface FormState {
  kind: 'domestic' | 'iban';
  values: Record<'clearingNumber' | 'accountNumber' | 'iban' | 'bic', string>;
  errors: readonly BankAccountFieldError[];
  attemptsLeft?: number;
}

function layout(locale: Locale, brand: string, title: string, body: string, path: string): string {
  const t = TEXTS[locale];
  const other: Locale = locale === 'sv' ? 'en' : 'sv';
  return `<!doctype html>
<html lang="${locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin">
<title>${escapeHtml(title)} – ${escapeHtml(brand)}</title>
<link rel="stylesheet" href="${CSS_PATH}">
</head>
<body>
<main>
<p class="brand">${escapeHtml(brand)}</p>
<div class="card">
<h1>${escapeHtml(title)}</h1>
${body}
</div>
<a class="language" href="${escapeHtml(`${path}?hl=${other}`)}" lang="${other}">${escapeHtml(t.otherLanguage)}</a>
</main>
</body>
</html>`;
}

function message(
  locale: Locale,
  brand: string,
  title: string,
  text: string,
  path: string,
  link?: { href: string; label: string },
): string {
  const action = link
    ? `<p class="actions"><a class="button primary" href="${escapeHtml(link.href)}">${escapeHtml(link.label)}</a></p>`
    : '';
  return layout(locale, brand, title, `<p>${escapeHtml(text)}</p>${action}`, path);
}

function errorText(t: Texts, error: BankAccountFieldError): string {
  const key = error.code === 'required' ? `${error.field}_required` : error.code;
  return (t.errors as Record<string, string>)[key] ?? key;
}

function formPage(locale: Locale, brand: string, path: string, state: FormState): string {
  const t = TEXTS[locale];
  const errorFor = (field: string) => state.errors.find((e) => e.field === field);
  const input = (field: keyof FormState['values'], label: string, hint: string, autocomplete: string) => {
    const error = errorFor(field);
    const describedBy = [`${field}-hint`, ...(error ? [`${field}-error`] : [])].join(' ');
    return `<label class="field" for="${field}">${escapeHtml(label)}</label>
<span class="hint" id="${field}-hint">${escapeHtml(hint)}</span>
<input type="text" id="${field}" name="${field}" value="${escapeHtml(state.values[field])}" autocomplete="${autocomplete}" spellcheck="false" aria-describedby="${describedBy}"${error ? ' aria-invalid="true"' : ''}>
${error ? `<span class="error" id="${field}-error">${escapeHtml(errorText(t, error))}</span>` : ''}`;
  };
  const summary =
    state.errors.length > 0
      ? `<div class="summary" role="alert" aria-labelledby="summary-title">
<h2 id="summary-title">${escapeHtml(t.errorSummary)}</h2>
<ul>${state.errors.map((e) => `<li><a href="#${e.field}">${escapeHtml(errorText(t, e))}</a></li>`).join('')}</ul>
${state.attemptsLeft !== undefined ? `<p>${escapeHtml(fill(t.attemptsLeft, { count: state.attemptsLeft }))}</p>` : ''}
</div>`
      : '';
  const radio = (value: FormState['kind'], label: string) =>
    `<div class="choice"><input type="radio" id="kind-${value}" name="kind" value="${value}"${state.kind === value ? ' checked' : ''}><label for="kind-${value}">${escapeHtml(label)}</label></div>`;
  const body = `<p>${escapeHtml(fill(t.intro, { brand }))}</p>
${summary}
<form method="post" action="${escapeHtml(path)}?hl=${locale}" novalidate>
<fieldset>
<legend>${escapeHtml(t.kindLegend)}</legend>
${radio('domestic', t.kindDomestic)}
${radio('iban', t.kindIban)}
</fieldset>
<fieldset class="domestic">
<legend>${escapeHtml(t.domesticLegend)}</legend>
${input('clearingNumber', t.clearingNumber, t.clearingHint, 'off')}
${input('accountNumber', t.accountNumber, t.accountHint, 'off')}
</fieldset>
<fieldset class="iban">
<legend>${escapeHtml(t.ibanLegend)}</legend>
${input('iban', t.iban, t.ibanHint, 'off')}
${input('bic', t.bic, t.bicHint, 'off')}
</fieldset>
<p class="note">${escapeHtml(t.providerNote)}</p>
<div class="actions">
<button class="primary" type="submit" name="action" value="save">${escapeHtml(t.save)}</button>
<button class="secondary" type="submit" name="action" value="cancel">${escapeHtml(t.cancel)}</button>
</div>
</form>`;
  return layout(locale, brand, t.title, body, path);
}

async function readForm(ctx: AppContext): Promise<URLSearchParams | null> {
  if (!ctx.is('application/x-www-form-urlencoded')) return null;
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of ctx.req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_FORM_BYTES) return null;
    chunks.push(chunk);
  }
  const text = new TextDecoder('utf-8', { fatal: true }).decode(Buffer.concat(chunks));
  return new URLSearchParams(text);
}

export interface BuiltinPageDeps {
  service: BankingService;
  provider: BuiltinBankProvider;
  brandName: string;
  publicUrl: string;
  /** Outside production the page may be opened at the address the BFF listens on too. */
  allowRequestOrigin: boolean;
}

/** Koa middleware for /bank-registration/*; everything else goes on. Runs after the session middleware. */
export function builtinBankRegistrationPages(deps: BuiltinPageDeps) {
  const publicOrigin = new URL(deps.publicUrl).origin;
  const brand = deps.brandName;

  const send = (ctx: AppContext, status: number, html: string) => {
    ctx.status = status;
    ctx.type = 'text/html; charset=utf-8';
    ctx.set('Content-Security-Policy', CSP);
    ctx.set('Cache-Control', 'no-store');
    ctx.body = html;
  };
  const redirect = (ctx: AppContext, url: string) => {
    ctx.status = 303;
    ctx.set('Cache-Control', 'no-store');
    ctx.set('Location', url);
    ctx.body = '';
  };

  return async (ctx: AppContext, next: Next) => {
    if (!ctx.path.startsWith(PAGE_PREFIX)) return next();
    if (ctx.path === CSS_PATH && (ctx.method === 'GET' || ctx.method === 'HEAD')) {
      ctx.type = 'text/css; charset=utf-8';
      ctx.set('Cache-Control', 'public, max-age=3600');
      ctx.body = CSS;
      return;
    }
    const match = PAGE.exec(ctx.path);
    const hl = ctx.query.hl;
    const requested: Locale | undefined = hl === 'sv' || hl === 'en' ? hl : undefined;
    const path = ctx.path;
    const em: EntityManager = ctx.state.em;
    const registration = match ? await em.findOne(BankRegistration, { id: match[1]! }) : null;
    const locale: Locale = requested ?? registration?.locale ?? 'sv';
    const t = TEXTS[locale];
    const gone = () => send(ctx, 404, message(locale, brand, t.goneTitle, fill(t.goneBody, { brand }), path));
    if (!match || (ctx.method !== 'GET' && ctx.method !== 'HEAD' && ctx.method !== 'POST')) return gone();

    const session = ctx.state.session;
    if (!session) {
      const login = `/login?redirect=${encodeURIComponent(`${path}?hl=${locale}`)}`;
      return send(
        ctx,
        401,
        message(locale, brand, t.loginTitle, fill(t.loginBody, { brand }), path, { href: login, label: t.login }),
      );
    }
    // Only the freelancer types their account: an admin acting as them gets this page, and nothing is read or kept.
    if (session.impersonatorId) {
      return send(
        ctx,
        403,
        message(locale, brand, t.impersonatingTitle, t.impersonatingBody, path, {
          href: '/dashboard/salaries/transactions',
          label: fill(t.back, { brand }),
        }),
      );
    }
    if (!registration || registration.userId !== session.userId || registration.completedAt) return gone();

    if (ctx.method === 'POST') {
      const site = ctx.get('sec-fetch-site');
      const origin = ctx.get('origin');
      const sameOrigin =
        (!site || site === 'same-origin') &&
        (!origin || origin === publicOrigin || (deps.allowRequestOrigin && origin === `${ctx.protocol}://${ctx.host}`));
      if (!sameOrigin) return gone();
    }

    const outcome = await em.transactional(async (tx): Promise<PageOutcome> => {
      const locked = await deps.provider.lockPending(tx, registration.id);
      // The page has ended already (saved, cancelled or failed in another tab, or the back button): send the browser
      // back to the app, which reads the outcome.
      if (!locked) return { type: 'redirect', url: deps.service.returnUrl(registration) };
      if (new Date() > locked.expiresAt) {
        deps.provider.fail(locked, 'expired');
        await tx.flush();
        return { type: 'expired', url: deps.service.returnUrl(locked) };
      }
      if (ctx.method !== 'POST') return { type: 'form', form: { kind: 'domestic', values: blank(), errors: [] } };
      const form = await readForm(ctx);
      if (!form) return { type: 'form', form: { kind: 'domestic', values: blank(), errors: [] } };
      if (form.get('action') === 'cancel') {
        deps.provider.cancel(locked);
        await tx.flush();
        return { type: 'redirect', url: deps.service.returnUrl(locked) };
      }
      const kind = form.get('kind') === 'iban' ? 'iban' : 'domestic';
      const values = {
        clearingNumber: form.get('clearingNumber') ?? '',
        accountNumber: form.get('accountNumber') ?? '',
        iban: form.get('iban') ?? '',
        bic: form.get('bic') ?? '',
      };
      const input: BankAccountInput =
        kind === 'iban'
          ? { kind, iban: values.iban, bic: values.bic }
          : { kind, clearingNumber: values.clearingNumber, accountNumber: values.accountNumber };
      const result = deps.provider.submit(locked, input);
      await tx.flush();
      if (result.kind === 'ended') return { type: 'redirect', url: deps.service.returnUrl(locked) };
      return { type: 'invalid', form: { kind, values, errors: result.errors, attemptsLeft: result.attemptsLeft } };
    });

    if (outcome.type === 'redirect') return redirect(ctx, outcome.url);
    if (outcome.type === 'expired') {
      return send(
        ctx,
        410,
        message(locale, brand, t.expiredTitle, t.expiredBody, path, {
          href: outcome.url,
          label: fill(t.back, { brand }),
        }),
      );
    }
    if (outcome.type === 'invalid') return send(ctx, 422, formPage(locale, brand, path, outcome.form));
    return send(ctx, 200, formPage(locale, brand, path, outcome.form));
  };
}

type PageOutcome =
  | { type: 'redirect'; url: string }
  | { type: 'expired'; url: string }
  | { type: 'form'; form: FormState }
  | { type: 'invalid'; form: FormState };

const blank = () => ({ clearingNumber: '', accountNumber: '', iban: '', bic: '' });
