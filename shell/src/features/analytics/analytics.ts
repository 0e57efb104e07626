// Analytics events (docs/product/web-app.md#analytics): sent only on the production host, tagged with version and environment.
import type { TrackDetail } from '@frilo/openapi/shell-contract';

export type AnalyticsEvent = {
  name: string;
  version: string;
  environment: string;
  properties?: Record<string, string | number | boolean | null>;
};

export type AnalyticsOptions = {
  productionHost: string;
  version: string;
  environment: string;
  /** window.location.host of the page. */
  host: string;
  send: (event: AnalyticsEvent) => Promise<unknown>;
};

export function createTracker(options: AnalyticsOptions) {
  const enabled = options.host === options.productionHost;
  return {
    enabled,
    track(detail: TrackDetail): void {
      if (!enabled || !detail.name) return;
      const event: AnalyticsEvent = {
        name: detail.name.slice(0, 100),
        version: options.version,
        environment: options.environment,
        ...(detail.properties ? { properties: detail.properties } : {}),
      };
      // Analytics must never break the app: failures are dropped.
      options.send(event).catch(() => {});
    },
  };
}

export type Tracker = ReturnType<typeof createTracker>;
