// Build-time settings of the shell (rspack DefinePlugin; see rspack.config.ts for the env vars).

declare const __FRILO_BRAND__: string;
declare const __FRILO_VERSION__: string;
declare const __FRILO_ENVIRONMENT__: string;
declare const __FRILO_PRODUCTION_HOST__: string;
declare const __FRILO_SURVEY_URL__: string;

export const config = {
  brand: typeof __FRILO_BRAND__ === 'string' ? __FRILO_BRAND__ : 'Frilo',
  version: typeof __FRILO_VERSION__ === 'string' ? __FRILO_VERSION__ : '24.10.2025.01',
  environment: typeof __FRILO_ENVIRONMENT__ === 'string' ? __FRILO_ENVIRONMENT__ : 'production',
  productionHost: typeof __FRILO_PRODUCTION_HOST__ === 'string' ? __FRILO_PRODUCTION_HOST__ : 'app.frilo.se',
  surveyUrl: typeof __FRILO_SURVEY_URL__ === 'string' ? __FRILO_SURVEY_URL__ : 'https://frilo.se/2.0/survey',
} as const;
