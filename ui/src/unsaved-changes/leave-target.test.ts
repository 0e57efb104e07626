import { test } from 'node:test';
import assert from 'node:assert/strict';
import { leaveTarget, pathOf } from './leave-target.ts';

const here = new URL('https://app.frilo.se/dashboard/customers/edit/1');
const click = (href: string, over: Partial<Parameters<typeof leaveTarget>[0]> = {}) =>
  leaveTarget({ button: 0, modified: false, href, target: '', download: false, ...over }, here);

test('a plain click on a link to another screen of the app leaves the page', () => {
  assert.equal(click('/dashboard/home'), '/dashboard/home');
  assert.equal(click('https://app.frilo.se/dashboard/customers?q=a#top'), '/dashboard/customers?q=a#top');
});

test('clicks that keep the page, or open another tab, window or site, do not ask', () => {
  assert.equal(click('/dashboard/home', { modified: true }), null);
  assert.equal(click('/dashboard/home', { button: 1 }), null);
  assert.equal(click('/dashboard/home', { target: '_blank' }), null);
  assert.equal(click('/receipt.pdf', { download: true }), null);
  assert.equal(click('https://frilo.se/villkor'), null);
  assert.equal(click('mailto:support@frilo.se'), null);
  assert.equal(click('/dashboard/customers/edit/1#vat'), null);
});

test('single-spa reports absolute URLs; the guard navigates by path', () => {
  assert.equal(pathOf('https://app.frilo.se/dashboard/home?x=1', here.origin), '/dashboard/home?x=1');
});
