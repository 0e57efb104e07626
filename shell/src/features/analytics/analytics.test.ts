import { test } from 'node:test';
import assert from 'node:assert/strict';
import { createTracker, type AnalyticsEvent } from './analytics.ts';

const base = { productionHost: 'app.frilo.se', version: '24.10.2025.01', environment: 'production' };

test('events go out only on the production host, with version and environment', () => {
  const sent: AnalyticsEvent[] = [];
  const send = async (event: AnalyticsEvent) => void sent.push(event);
  createTracker({ ...base, host: 'localhost:3000', send }).track({ name: 'page_view' });
  assert.equal(sent.length, 0);
  createTracker({ ...base, host: 'app.frilo.se', send }).track({ name: 'page_view', properties: { route: 'home' } });
  assert.deepEqual(sent, [
    { name: 'page_view', version: '24.10.2025.01', environment: 'production', properties: { route: 'home' } },
  ]);
});

test('a failing analytics call is swallowed', async () => {
  const tracker = createTracker({ ...base, host: 'app.frilo.se', send: () => Promise.reject(new Error('down')) });
  assert.doesNotThrow(() => tracker.track({ name: 'x' }));
  await new Promise((resolve) => setTimeout(resolve, 0));
});
