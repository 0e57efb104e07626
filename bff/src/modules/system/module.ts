// The system module: health, the contract and its docs page, translations, analytics and the dev mailbox.
import { defineModule } from '../../platform/module.ts';
import { ANALYTICS_BODY_LIMIT, apiDocs, systemHandlers } from './routes.ts';

export const systemModule = defineModule({
  name: 'system',
  entities: [],
  create({ services, translations }) {
    // Production has no development mailbox: no route, and not in the published contract either.
    const omit = services.config.env === 'production' ? ['listDevMailbox' as const] : [];
    return {
      handlers: systemHandlers(services, translations, omit),
      omit,
      bodyLimits: [{ path: '/api/analytics/events', limit: ANALYTICS_BODY_LIMIT }],
      middleware: { beforeRouter: [apiDocs(services.config.staticRoot)] },
    };
  },
});
