import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decide, safeRedirectTarget, type AuthState } from './guard.ts';

const anonymous: AuthState = { kind: 'anonymous' };
const unconfirmed: AuthState = { kind: 'unconfirmed' };
const confirmed: AuthState = { kind: 'confirmed', legacy: false };
const legacyUser: AuthState = { kind: 'confirmed', legacy: true };
const owner = (path: string, auth: AuthState = confirmed) => {
  const decision = decide(path, '', auth);
  return decision.kind === 'render' ? decision.remote : decision.kind;
};

test('logged out: the sign-in family and public links render in the plain layout', () => {
  for (const path of [
    '/login',
    '/sign-up',
    '/forgotten-password',
    '/reset-password/abc',
    '/confirm/1/tok',
    '/email-change-confirm',
    '/bank-account-change/confirm',
    '/bank-account-change/stop',
    '/recipients/u-1/verify/n-1',
    '/quotations/recipients/organization/u-1',
  ]) {
    const decision = decide(path, '', anonymous);
    assert.equal(decision.kind, 'render', path);
    assert.equal(decision.kind === 'render' && decision.chrome, 'plain', path);
  }
});

test('logged out: /dashboard/* goes to /login keeping the origin path and query', () => {
  assert.deepEqual(decide('/dashboard/invoices', '?page=2', anonymous), {
    kind: 'redirect',
    to: '/login?redirect=%2Fdashboard%2Finvoices%3Fpage%3D2',
  });
});

test('logged out: any other path goes to plain /login', () => {
  for (const path of ['/', '/quotations/create', '/nothing/here']) {
    assert.deepEqual(decide(path, '', anonymous), { kind: 'redirect', to: '/login' }, path);
  }
});

test('unconfirmed email: only the confirmation link, everything else asks for confirmation', () => {
  const confirm = decide('/confirm/7/token', '', unconfirmed);
  assert.equal(confirm.kind === 'render' && confirm.route?.pattern, '/confirm/:id/:token');
  for (const path of ['/dashboard/home', '/login', '/', '/quotations/create']) {
    const decision = decide(path, '', unconfirmed);
    assert.deepEqual(
      decision.kind === 'render' && { remote: decision.remote, route: decision.route },
      { remote: 'mf-auth', route: null },
      path,
    );
  }
});

test('confirmed: / redirects home and the dashboard renders inside the app layout', () => {
  assert.deepEqual(decide('/', '', confirmed), { kind: 'redirect', to: '/dashboard/home' });
  const home = decide('/dashboard/home', '', confirmed);
  assert.equal(home.kind === 'render' && `${home.remote}:${home.chrome}`, 'mf-invoices:app');
});

test('confirmed: /login and /sign-up say "already logged in" and go on to the dashboard or the redirect', () => {
  assert.deepEqual(decide('/login', '', confirmed), { kind: 'already-logged-in', to: '/dashboard/home' });
  assert.deepEqual(decide('/sign-up', '', confirmed), { kind: 'already-logged-in', to: '/dashboard/home' });
  assert.deepEqual(decide('/login', '?redirect=%2Fdashboard%2Finvoices', confirmed), {
    kind: 'already-logged-in',
    to: '/dashboard/invoices',
  });
});

test('confirmed: the confirmation link redirects to /login', () => {
  assert.deepEqual(decide('/confirm/1/t', '', confirmed), { kind: 'redirect', to: '/login' });
});

test('confirmed: each area is owned by its remote', () => {
  assert.equal(owner('/dashboard/profile'), 'mf-auth');
  assert.equal(owner('/dashboard/customers'), 'mf-customers');
  assert.equal(owner('/dashboard/customers/edit/u-1'), 'mf-customers');
  assert.equal(owner('/quotations/recipients/organization'), 'mf-customers');
  assert.equal(owner('/quotations/create'), 'mf-invoices');
  assert.equal(owner('/quotations/edit/42'), 'mf-invoices');
  assert.equal(owner('/dashboard/invoices'), 'mf-invoices');
  assert.equal(owner('/dashboard/invoices/0b6f2c1e-8a7d-4a51-9a39-2f1d3c4b5a69'), 'mf-invoices');
  assert.equal(owner('/dashboard/salaries/transactions'), 'mf-salaries');
  assert.equal(owner('/dashboard/pinebucket-confirmation'), 'mf-salaries');
  assert.equal(owner('/bank-account-change/confirm'), 'mf-salaries');
  assert.equal(owner('/bank-account-change/stop'), 'mf-salaries');
  assert.equal(owner('/bank-account-change/stop', anonymous), 'mf-salaries');
  assert.equal(owner('/dashboard/legacy/invoices', legacyUser), 'mf-legacy');
});

test('confirmed: the legacy area needs the legacy flag; unknown paths are not found', () => {
  assert.deepEqual(decide('/dashboard/legacy/invoices', '', confirmed), { kind: 'not-found' });
  assert.deepEqual(decide('/dashboard/nope', '', confirmed), { kind: 'not-found' });
});

test('the back office (/admin/...) is only for admins; anyone else gets not-found, anonymous users the login', () => {
  const admin: AuthState = { kind: 'confirmed', legacy: false, admin: true };
  for (const path of [
    '/admin/users',
    '/admin/users/42',
    '/admin/audit',
    '/admin/approvals',
    '/admin/blocklist',
    '/admin/e-invoice-recipients',
  ]) {
    assert.deepEqual(decide(path, '', confirmed), { kind: 'not-found' }, path);
    assert.equal(decide(path, '', admin).kind, 'render', path);
  }
  assert.equal(owner('/admin/users/42', admin), 'mf-auth');
  assert.equal(owner('/admin/approvals/7', admin), 'mf-invoices');
  assert.equal(owner('/admin/campaign-codes', admin), 'mf-invoices');
  assert.equal(owner('/admin/settings', admin), 'mf-invoices');
  assert.equal(owner('/admin/e-invoice-recipients', admin), 'mf-invoices');
  assert.equal(owner('/admin/payouts', admin), 'mf-salaries');
  assert.equal(owner('/admin/exchange-rates', admin), 'mf-salaries');
  assert.equal(owner('/admin/legacy-import', admin), 'mf-legacy');
  assert.deepEqual(decide('/admin/users', '', { kind: 'anonymous' }), { kind: 'redirect', to: '/login' });
});

test('redirect targets stay on this site', () => {
  assert.equal(safeRedirectTarget('/dashboard/invoices?x=1'), '/dashboard/invoices?x=1');
  assert.equal(safeRedirectTarget('//evil.example'), '/dashboard/home');
  assert.equal(safeRedirectTarget('https://evil.example'), '/dashboard/home');
  assert.equal(safeRedirectTarget('/\\evil.example'), '/dashboard/home');
  assert.equal(safeRedirectTarget(null), '/dashboard/home');
});

test('a redirect target that is not plainly a path of this site falls back to the home page', () => {
  // `?redirect=` arrives decoded once: each of these is what a crafted link can make of it.
  const nasty = [
    '/\t/evil.example',
    '/\n/evil.example',
    '/\r//evil.example',
    '/\u0000/evil.example',
    '/%09/evil.example',
    '/%0a/evil.example',
    '/%2f/evil.example',
    '/%2F%2Fevil.example',
    '/%5cevil.example',
    '/%5C%5Cevil.example',
    '/%00',
    '/%E0%A4%A',
    '/%',
    '\t//evil.example',
    ' //evil.example',
    '///evil.example',
    '/\\/evil.example',
    'javascript:alert(1)',
    '/\u2028/evil.example',
    'evil.example',
    '',
    '  ',
    'https:/evil.example',
    '/dashboard/\u007f',
  ];
  for (const target of nasty) assert.equal(safeRedirectTarget(target), '/dashboard/home', JSON.stringify(target));
  const fine: [string, string][] = [
    ['/dashboard/customers?q=Volvo%20AB', '/dashboard/customers?q=Volvo%20AB'],
    ['/dashboard/invoices#latest', '/dashboard/invoices#latest'],
    [
      '/dashboard/customers/edit/6f1c2d3e-1111-4222-8333-444455556666',
      '/dashboard/customers/edit/6f1c2d3e-1111-4222-8333-444455556666',
    ],
    ['/dashboard/customers?q=%C3%85sa', '/dashboard/customers?q=%C3%85sa'],
  ];
  for (const [target, expected] of fine) assert.equal(safeRedirectTarget(target), expected, target);
});

test('an admin starts in the back office, not on a freelancer dashboard; a freelancer (and an admin acting as one) on the dashboard', () => {
  const admin: AuthState = { kind: 'confirmed', legacy: false, admin: true };
  const freelancer: AuthState = { kind: 'confirmed', legacy: false, admin: false };
  assert.deepEqual(decide('/', '', admin), { kind: 'redirect', to: '/admin/approvals' });
  assert.deepEqual(decide('/dashboard/home', '', admin), { kind: 'redirect', to: '/admin/approvals' });
  assert.deepEqual(decide('/', '', freelancer), { kind: 'redirect', to: '/dashboard/home' });
  assert.equal(decide('/dashboard/home', '', freelancer).kind, 'render');
  // Other freelancer screens stay open to an admin who navigates there.
  assert.equal(decide('/dashboard/invoices', '', admin).kind, 'render');
});
