// The host: page, routing, session, federation runtime. Remotes are found at run time through
// remotes.json, so no remote URL is compiled in here.
import { REMOTE_NAMES } from '@frilo/openapi/remotes';
import { hostConfig } from '../tools/rspack/federated-config.ts';

const env = process.env;

export default (cliEnv: Record<string, unknown>) => {
  const config = hostConfig(
    {
      dir: import.meta.dirname,
      template: './public/index.html',
      remotes: [...REMOTE_NAMES],
      define: {
        __FRILO_BRAND__: JSON.stringify(env['FRILO_BRAND'] ?? 'Frilo'),
        __FRILO_VERSION__: JSON.stringify(env['FRILO_VERSION'] ?? '24.10.2025.01'),
        __FRILO_ENVIRONMENT__: JSON.stringify(env['FRILO_ENVIRONMENT'] ?? 'production'),
        __FRILO_PRODUCTION_HOST__: JSON.stringify(env['FRILO_PRODUCTION_HOST'] ?? 'app.frilo.se'),
        __FRILO_SURVEY_URL__: JSON.stringify(env['FRILO_SURVEY_URL'] ?? 'https://frilo.se/2.0/survey'),
      },
      templateParameters: { brand: env['FRILO_BRAND'] ?? 'Frilo' },
    },
    cliEnv,
  );
  return config;
};
