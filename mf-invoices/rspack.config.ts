// mf-invoices: builds remoteEntry.js + mf-manifest.json exposing `./app` (single-spa lifecycles).
import { remoteConfig } from '../tools/rspack/federated-config.ts';

export default (env: Record<string, unknown>) =>
  remoteConfig({ dir: import.meta.dirname, exposes: { './app': './src/app/lifecycles.tsx' } }, env);
