// The shell's tracker instance: posts to /api/analytics/events (operationId trackEvent).
import { createApiClient } from '@frilo/openapi/client';
import { config } from '../../app/config.ts';
import { createTracker } from './analytics.ts';

const api = createApiClient();

export const tracker = createTracker({
  productionHost: config.productionHost,
  version: config.version,
  environment: config.environment,
  host: window.location.host,
  send: (event) => api.POST('/api/analytics/events', { body: event }),
});
