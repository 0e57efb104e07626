// Lint for the whole repo (flat config). Besides the recommended JS/TS and React hooks rules it
// enforces the micro-frontend boundaries: the shell and each remote may import npm packages, the
// openapi workspace and the UI kit (`@frilo/ui`), never each other's source; the kit imports no
// app; apps import only the shared subset of react-router/react-i18next; and the BFF's: a module
// imports another module only through its `public.ts`, platform/ imports no module nor the composition root,
// domain/ only domain/. (The same layers, on resolved paths and with every import cycle, are checked by
// dependency-cruiser: .dependency-cruiser.js, `npm run deps`.)
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import { REMOTE_NAMES } from './openapi/src/remotes.ts';

/** The shell and every registered remote (openapi/src/remotes.ts). */
const APPS = ['shell', ...REMOTE_NAMES];

// Keep in step with tools/rspack/shared/*.ts: what the federation singletons actually provide.
const SHARED_SUBSETS = [
  {
    name: 'react-router',
    allowImportNames: [
      'BrowserRouter',
      'Link',
      'NavLink',
      'Navigate',
      'Outlet',
      'Route',
      'Routes',
      'createSearchParams',
      'generatePath',
      'matchPath',
      'useHref',
      'useInRouterContext',
      'useLocation',
      'useMatch',
      'useNavigate',
      'useOutletContext',
      'useParams',
      'useResolvedPath',
      'useSearchParams',
    ],
  },
  {
    name: 'react-i18next',
    allowImportNames: ['I18nContext', 'I18nextProvider', 'Trans', 'getI18n', 'initReactI18next', 'useTranslation'],
  },
].map((entry) => ({
  ...entry,
  allowTypeImports: true,
  message: `Only the shared subset of ${entry.name} is available at run time (tools/rspack/shared/${entry.name}.ts); add the export there first.`,
}));

/** Folders and package names of everything the kit may never import. */
const NOT_FOR_THE_KIT = [...APPS, 'bff'];

function boundaries(app) {
  const others = APPS.filter((name) => name !== app);
  const folders = others.join('|');
  const apps = [
    {
      regex: `(^|/)(${folders})(/|$)`,
      message: `${app} may not import another app's source (shell or remote): use the shell contract (parcel props and frilo:* events, see docs/shell-remote-contract.md).`,
    },
    {
      regex: `^@frilo/(${folders})(/|$)`,
      message: `${app} may not import another app: use the shell contract (see docs/shell-remote-contract.md).`,
    },
  ];
  const bff = {
    regex: '(^|/)bff(/|$)',
    message: `${app} talks to the BFF only through @frilo/openapi/client. (A test may read bff/src/domain to keep a copied rule equal.)`,
  };
  const rule = (patterns) => ({
    '@typescript-eslint/no-restricted-imports': ['error', { paths: SHARED_SUBSETS, patterns }],
  });
  return [
    {
      files: [`${app}/**/*.{ts,tsx}`],
      ignores: [`${app}/rspack.config.ts`, '**/*.test.ts', `${app}/e2e/**`],
      rules: rule([...apps, bff]),
    },
    // Tests may compare a rule the app repeats with the BFF's pure domain (never its modules); end-to-end tests may
    // use its pure writers to make the files a bank would send (a BgMax file).
    {
      files: [`${app}/**/*.test.ts`, `${app}/e2e/**/*.ts`],
      rules: rule([...apps, { ...bff, regex: '(^|/)bff/(?!src/domain/)' }]),
    },
  ];
}

// The BFF's modules: every folder of bff/src/modules (each registered in bff/src/app-modules.ts).
const BFF_MODULES = readdirSync(join(import.meta.dirname, 'bff/src/modules'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const bffRule = (patterns) => ({ '@typescript-eslint/no-restricted-imports': ['error', { patterns }] });

/**
 * Inside modules/<name>: other modules only through their public entry (tests also through their test steps and
 * data, `test-helpers.ts` and `test-data.ts`), never the composition root; and HTTP problems only in the module's
 * HTTP layer (routes.ts), since services throw domain errors (platform/errors.ts).
 */
function bffModuleBoundaries(module) {
  const others = BFF_MODULES.filter((name) => name !== module).join('|');
  const patterns = (allowed) => [
    ...(others
      ? [
          {
            regex: `^(\\.\\./)+(modules/)?(${others})/(?!(${allowed})\\.ts$)`,
            message: `A BFF module may import another module only through its public entry (modules/<name>/public.ts); see docs/decisions/0008-bff-module-interface.md.`,
          },
        ]
      : []),
    {
      regex: `^\\.\\./\\.\\./[^/]+\\.ts$`,
      message:
        'Modules do not import the composition root (the files of bff/src itself); it imports them (bff/src/app-modules.ts).',
    },
  ];
  const tests = `bff/src/modules/${module}/**/*.test.ts`;
  const routes = `bff/src/modules/${module}/routes.ts`;
  return [
    { files: [tests], rules: bffRule(patterns('public|test-helpers|test-data')) },
    { files: [routes], rules: bffRule(patterns('public')) },
    {
      files: [`bff/src/modules/${module}/**/*.ts`],
      ignores: [tests, routes],
      rules: bffRule([
        ...patterns('public'),
        {
          regex: '(^|/)platform/http/problem\\.ts$',
          message:
            'Services throw domain errors (platform/errors.ts); platform/http/problem.ts maps them to HTTP. See docs/decisions/0009-domain-errors.md.',
        },
      ]),
    },
  ];
}

/** What pure rules never use, in domain/ and its tests alike. */
const DOMAIN_LIBRARIES = {
  group: ['koa', '@koa/*', '@mikro-orm/*', 'pg', 'pg-boss', 'nodemailer'],
  message: 'domain/ holds pure rules: no HTTP, database or email libraries.',
};

/**
 * A layer of bff/src (its folder `layer`) may import, of the rest of bff/src, only the folders `allowed`. Imports are
 * read as written, so the rule is made once per depth below bff/src (four; dependency-cruiser checks any depth): from
 * `platform/db/orm.ts`, `../../` is bff/src itself, where the composition root lives (app.ts, app-modules.ts,
 * entities.ts, server.ts, backup-commands.ts).
 */
function bffLayer(layer, allowed, message, { ignores = [], patterns = [] } = {}) {
  return [1, 2, 3, 4].map((depth) => ({
    files: [`bff/src/${layer}/${'*/'.repeat(depth - 1)}*.ts`],
    ignores,
    rules: bffRule([{ regex: `^(\\./)?(\\.\\./){${depth}}(?!(${allowed.join('|')})/)`, message }, ...patterns]),
  }));
}

const BFF_LAYERS = [
  ...bffLayer(
    'platform',
    ['platform', 'domain', 'migrations', 'locales'],
    'platform/ serves every module and knows none of them, nor the composition root that lists them (app.ts, entities.ts…): ' +
      'it imports only platform/, domain/, migrations/ and locales/. What it needs of the modules is handed to it ' +
      '(createOrm takes the entities); see docs/decisions/0028-platform-knows-no-module.md.',
    { ignores: ['bff/src/platform/**/*.test.ts', 'bff/src/platform/**/*.bench.ts'] },
  ),
  {
    // Tests drive the real app, so they may use a module's test steps (signing up through auth), nothing else of it.
    files: ['bff/src/platform/**/*.test.ts', 'bff/src/platform/**/*.bench.ts'],
    rules: bffRule([
      {
        regex: '(^|/)(modules/(?![a-z-]+/test-helpers\\.ts$)|app-modules\\.ts$)',
        message: 'platform/ tests may use a module only through its test-helpers.ts.',
      },
    ]),
  },
  ...bffLayer(
    'domain',
    ['domain'],
    'domain/ holds pure rules: of the BFF it imports nothing but other domain/ files.',
    {
      ignores: ['bff/src/domain/**/*.test.ts', 'bff/src/domain/**/*.bench.ts'],
      patterns: [DOMAIN_LIBRARIES],
    },
  ),
  {
    // Its tests and benches may also read the test fixtures (the e-invoice examples and their schemas).
    files: ['bff/src/domain/**/*.test.ts', 'bff/src/domain/**/*.bench.ts'],
    rules: bffRule([
      {
        regex: '(^|/)(platform|modules)/|^(\\.\\./)+[^/]+\\.ts$',
        message: 'domain/ holds pure rules: its tests use no platform/, module or composition root either.',
      },
      DOMAIN_LIBRARIES,
    ]),
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/generated/**',
      '.data/**',
      '.test-data/**',
      '.bench/**',
      '.cache/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: 'module',
      globals: {
        window: 'readonly',
        document: 'readonly',
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        URLSearchParams: 'readonly',
        fetch: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
      },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: APPS.map((app) => `${app}/**/*.{ts,tsx}`),
    rules: { '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }] },
  },
  // TypeScript checks undefined names better than no-undef (which knows nothing of DOM types).
  { files: ['**/*.{ts,tsx}'], rules: { 'no-undef': 'off' } },
  ...APPS.flatMap(boundaries),
  ...BFF_MODULES.flatMap(bffModuleBoundaries),
  ...BFF_LAYERS,
  {
    files: ['ui/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: SHARED_SUBSETS,
          patterns: [
            {
              regex: `(^|/)(${NOT_FOR_THE_KIT.join('|')})(/|$)`,
              message: 'The UI kit imports no app: apps depend on the kit, never the other way round.',
            },
            {
              regex: `^@frilo/(${NOT_FOR_THE_KIT.join('|')})(/|$)`,
              message: 'The UI kit imports no app: apps depend on the kit, never the other way round.',
            },
          ],
        },
      ],
    },
  },
  {
    // The two classic rules. The React Compiler's rules in the plugin's recommended set are left
    // off: nothing here is compiled by it, and its `refs` rule misreads the `inputRef` props.
    files: [...APPS, 'ui'].map((dir) => `${dir}/**/*.{ts,tsx}`),
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      // Missing dependencies are bugs (stale values), so they fail the lint like everything else.
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // Every text a person reads comes from the translation files (Swedish and English, both complete: each
    // workspace's locales.test.ts). A word written into a screen's markup would show in Swedish to an English reader
    // (or the other way round), and only a browser test in that language would notice: this finds it on every screen.
    // Text without letters (a symbol, a number) passes; a name with letters, a brand's too, comes from the translations.
    files: [...APPS, 'ui'].map((dir) => `${dir}/src/**/*.tsx`),
    ignores: ['**/*.test.tsx'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['JSXText', 'JSXExpressionContainer > Literal'].map((node) => ({
          selector: `${node}[value=/\\p{L}/u]`,
          message: 'Text in markup is read in one language only: take it from the translations (t(…)).',
        })),
        {
          selector: `JSXAttribute[name.name=/^(aria-label|aria-description|title|placeholder|alt|label|description|hint|heading|message)$/] > Literal[value=/\\p{L}/u]`,
          message: 'A label or description is read in one language only: take it from the translations (t(…)).',
        },
      ],
    },
  },
);
