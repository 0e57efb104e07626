// The kit's gallery: every component on one page, in both languages (`?hl=en`), served by the BFF
// at /ui-gallery/ outside production. The team's visual reference and the page the kit's
// component tests and accessibility scan run against (ui/e2e).
import { pageConfig } from '../tools/rspack/federated-config.ts';

export default (env: Record<string, unknown>) =>
  pageConfig(
    {
      dir: import.meta.dirname,
      entry: './gallery/index.tsx',
      template: './gallery/index.html',
      publicPath: '/ui-gallery/',
    },
    env,
  );
