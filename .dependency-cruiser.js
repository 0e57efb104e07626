// The BFF's import graph, checked on resolved paths (`npm run lint` runs it: `npm run deps`). ESLint's boundaries in
// eslint.config.js read each import as written; this reads what the imports resolve to, across files, so it also sees
// a circle that no single import shows: platform/db/orm.ts once imported entities.ts, which imports every module,
// which import platform/ (77 files in one circle). See docs/decisions/0028-platform-knows-no-module.md.

/** The composition root: the files in bff/src/ itself, which build the app from every module. */
const COMPOSITION_ROOT = '^bff/src/[^/]+\\.ts$';
/** Tests and benches drive the real app, so they may import what their folder's code may not. */
const TESTS_AND_BENCHES = '\\.(test|bench)\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
export default {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'Files that import each other (type-only imports count too) cannot be understood, tested or moved one at a ' +
        'time. Break the circle: move what both need into a third file, or let the composition root hand it over.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'platform-knows-no-module',
      severity: 'error',
      comment:
        'platform/ serves every module and knows none of them, nor the composition root that lists them (app.ts, ' +
        'app-modules.ts, entities.ts, server.ts…): what it needs from them is handed to it (createOrm takes the entities).',
      from: { path: '^bff/src/platform/', pathNot: TESTS_AND_BENCHES },
      to: { path: ['^bff/src/modules/', COMPOSITION_ROOT] },
    },
    {
      name: 'domain-imports-only-domain',
      severity: 'error',
      comment: 'domain/ holds pure rules: of the BFF it imports only other domain/ files (and npm packages).',
      from: { path: '^bff/src/domain/', pathNot: TESTS_AND_BENCHES },
      to: { path: '^(bff|openapi)/', pathNot: '^bff/(src/domain/|node_modules/)' },
    },
  ],
  options: {
    // Type-only imports are edges too: the 77-file circle closed through `import type { Orm }`.
    tsPreCompilationDeps: true,
    doNotFollow: { path: 'node_modules' },
    // `@frilo/openapi/types/…` and the like resolve through the packages' `exports`, as Node resolves them.
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'node', 'default'],
      extensions: ['.ts', '.js', '.json'],
    },
  },
};
