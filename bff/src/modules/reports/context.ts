// What every report is computed with: the configuration (the seller, the reports' contact and VAT period) and the
// clock ("today" is the Swedish day).
import type { Config } from '../../platform/config.ts';

export interface ReportsContext {
  config: Config;
  now: () => Date;
  /** Today in Sweden, `YYYY-MM-DD`. */
  today: () => string;
}
