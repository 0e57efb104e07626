// Build tooling shared by the shell and every remote: one Rspack + Module Federation setup, so the
// shared singletons, hashing and chunk timeouts cannot drift between teams. App code never imports it.
import { createHash } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { rspack, type Compiler, type Configuration, type RspackPluginInstance } from '@rspack/core';
import { ModuleFederationPlugin } from '@module-federation/enhanced/rspack';
import { defaultManifestPath, type RemoteName } from '../../openapi/src/remotes.ts';
import { CONTRACT_VERSION, MANIFEST_CONTRACT_KEY } from '../../openapi/src/shell-contract.ts';
import { FederationEsmRuntimePlugin } from './federation-esm-runtime.ts';
import { LocalesPlugin } from './locales-plugin.ts';
import { PrecompressPlugin } from './precompress-plugin.ts';
import { StartupPreloadPlugin } from './startup-preload-plugin.ts';

/** The only modules shared through federation, all singletons (one React, one router, one i18next). */
export const SHARED_SINGLETONS = [
  'react',
  'react-dom',
  'react-dom/client',
  'react/jsx-runtime',
  'react-router',
  'jotai',
  'i18next',
  'react-i18next',
] as const;

/**
 * Shared packages provided as a tree-shaken subset (tools/rspack/shared/<package>.ts) under their
 * normal share key: a shared module cannot be tree-shaken, and these two are mostly code we never
 * use. Each subset file imports the real package through the `frilo-<package>-full` alias.
 */
export const SUBSET_SHARED = ['react-router', 'react-i18next'] as const;

/**
 * The packages the shared singletons are made of: the singletons' own packages plus what they
 * import (react-dom → scheduler, react-i18next → html-parse-stringify).
 */
const SHARED_PACKAGES = [
  ...new Set(SHARED_SINGLETONS.map((request) => request.split('/')[0] ?? request)),
  'scheduler',
  'html-parse-stringify',
];

const SEP = String.raw`[\\/]`;
/** Modules of the shared singletons, including the subset files that provide two of them. */
export const SHARED_CODE = new RegExp(
  `${SEP}(node_modules${SEP}(${SHARED_PACKAGES.join('|')})|tools${SEP}rspack${SEP}shared)${SEP}`,
);

function subsetFile(packageName: string): string {
  return join(import.meta.dirname, 'shared', `${packageName}.ts`);
}

/** Script chunk loading times out after 120000 ms (docs/product/web-app.md#loading-and-failures). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** `mf-auth` → `mf_auth`: container names end up as JavaScript globals, so no dashes. */
export function containerName(workspaceName: string): string {
  return workspaceName.replace(/[^a-zA-Z0-9_]/g, '_');
}

type PackageJson = { name: string; dependencies?: Record<string, string> };

function readPackageJson(dir: string): PackageJson {
  return JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as PackageJson;
}

/** Shared config with requiredVersion taken from the workspace's own package.json. */
export function sharedConfig(pkg: PackageJson, development: boolean) {
  const modules: string[] = [...SHARED_SINGLETONS];
  if (development) modules.push('react/jsx-dev-runtime');
  const shared: Record<string, SharedItem> = {};
  for (const request of modules) {
    const packageName = request.startsWith('@')
      ? request.split('/').slice(0, 2).join('/')
      : (request.split('/')[0] ?? request);
    const version = pkg.dependencies?.[packageName];
    if (!version) throw new Error(`${pkg.name}: shared module ${request} needs ${packageName} in dependencies`);
    shared[request] = { singleton: true, requiredVersion: version, strictVersion: false };
  }
  // Provide the tree-shaken subsets under the same keys and the installed versions.
  for (const packageName of SUBSET_SHARED) {
    shared[packageName] = {
      ...(shared[packageName] as SharedItem),
      import: subsetFile(packageName),
      version: installedVersion(packageName),
    };
  }
  return shared;
}

type SharedItem = {
  singleton: true;
  requiredVersion: string;
  strictVersion: false;
  import?: string;
  version?: string;
};

function installedVersion(packageName: string): string {
  const entry = fileURLToPath(import.meta.resolve(packageName));
  let dir = dirname(entry);
  while (dir !== dirname(dir)) {
    try {
      const pkg = JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')) as { name?: string; version?: string };
      if (pkg.name === packageName && pkg.version) return pkg.version;
    } catch {
      // keep walking up
    }
    dir = dirname(dir);
  }
  throw new Error(`cannot find the installed version of ${packageName}`);
}

const UI_DIR = join(import.meta.dirname, '..', '..', 'ui');

/**
 * The identity of the UI kit this build bundles: its version and every stylesheet it has. It salts
 * the kit's CSS-module class names (`fui-button-3k9x1q`), so two apps built with different kits
 * never share a class name on one page (each keeps its own rules), and apps built with the same
 * kit share names whose rules are identical. See docs/decisions/0014-ui-kit.md.
 */
export function uiKitScope(dir = UI_DIR): string {
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync(join(dir, 'package.json'), 'utf8')).version as string);
  const walk = (folder: string): void => {
    for (const entry of readdirSync(folder, { withFileTypes: true }).sort((a, b) => a.name.localeCompare(b.name))) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.css')) hash.update(entry.name).update(readFileSync(path));
    }
  };
  walk(join(dir, 'src'));
  return hash.digest('hex').slice(0, 12);
}

type Common = {
  /** The workspace folder (use `import.meta.dirname`). */
  dir: string;
  /** Extra plugins (e.g. the host's HTML page). */
  plugins?: RspackPluginInstance[];
};

function baseConfig(dir: string, development: boolean): Configuration {
  return {
    context: dir,
    mode: development ? 'development' : 'production',
    devtool: development ? 'cheap-module-source-map' : 'hidden-source-map',
    target: ['web', 'es2022'],
    resolve: {
      extensions: ['.ts', '.tsx', '.js', '.json'],
      // The real packages, for the subset files only (plain imports get the shared subset).
      alias: Object.fromEntries(
        SUBSET_SHARED.map((name) => [`frilo-${name}-full$`, fileURLToPath(import.meta.resolve(name))]),
      ),
    },
    output: {
      path: join(dir, 'dist'),
      filename: '[name].[contenthash:8].js',
      chunkFilename: '[name].[contenthash:8].js',
      cssFilename: '[name].[contenthash:8].css',
      cssChunkFilename: '[name].[contenthash:8].css',
      assetModuleFilename: 'assets/[name].[contenthash:8][ext]',
      chunkLoadTimeout: CHUNK_LOAD_TIMEOUT_MS,
      clean: true,
    },
    module: {
      rules: [
        {
          test: /\.tsx?$/,
          exclude: /node_modules/,
          loader: 'builtin:swc-loader',
          options: {
            jsc: {
              parser: { syntax: 'typescript', tsx: true },
              transform: {
                react: { runtime: 'automatic', development, refresh: false },
              },
            },
          },
          type: 'javascript/auto',
        },
        {
          // The kit's component styles: class names scoped to this kit build (uiKitScope).
          test: /\.module\.css$/,
          type: 'css/module',
          parser: { namedExports: false },
          generator: {
            localIdentName: 'fui-[local]-[hash]',
            localIdentHashSalt: uiKitScope(),
            localIdentHashDigestLength: 6,
          },
        },
        // Page-wide and app styles (the app's own classes carry its area prefix).
        { test: /\.css$/, exclude: /\.module\.css$/, type: 'css' },
        { test: /\.svg$/, type: 'asset/resource' },
      ],
    },
    optimization: {
      minimize: !development,
      // Stable ids keep unchanged chunks' hashes stable between releases (better caching).
      moduleIds: 'deterministic',
      chunkIds: 'deterministic',
    },
    performance: { hints: false },
    // Our own config files import these through Node; nothing in the bundles needs Node built-ins.
    node: false,
  };
}

export type RemoteOptions = Common & {
  /** What the remote publishes, e.g. `{ './app': './src/app/lifecycles.tsx' }`. */
  exposes: Record<string, string>;
};

/**
 * The shell-contract version a remote declares in its manifest: the contract's own (CONTRACT_VERSION), unless the build
 * is told another with `--env shellContractVersion=N`. Only the version-skew test does that (shell/e2e/remote-deploy.spec.ts):
 * it builds a copy of a remote that claims an older contract, as a remote built from an older commit would.
 */
export function declaredContractVersion(env: Record<string, unknown>): number {
  const given = env['shellContractVersion'];
  if (given === undefined) return CONTRACT_VERSION;
  const version = Number(given);
  if (!Number.isInteger(version) || version < 0)
    throw new Error(`--env shellContractVersion must be a whole number ≥ 0, got ${String(given)}`);
  return version;
}

/** A remote: no page of its own, publishes `mf-manifest.json` + `remoteEntry.js`, hostable anywhere. */
export function remoteConfig(options: RemoteOptions, env: Record<string, unknown> = {}): Configuration {
  const development = env['development'] === true || process.env['NODE_ENV'] === 'development';
  const contractVersion = declaredContractVersion(env);
  const pkg = readPackageJson(options.dir);
  const workspace = pkg.name.replace(/^@frilo\//, '');
  const base = baseConfig(options.dir, development);
  return {
    ...base,
    name: workspace,
    entry: {},
    output: { ...base.output, publicPath: 'auto', uniqueName: containerName(workspace) },
    optimization: {
      ...base.optimization,
      // A remote's own libraries (single-spa-react, the API client) stay in the chunk that uses
      // them instead of a separate vendors file: one request and ~0.5 KB gzipped less for the
      // first screen. Shared singletons' fallback copies keep their own chunks (they are loaded
      // on their own, and normally never).
      splitChunks: { cacheGroups: { defaultVendors: false } },
    },
    plugins: [
      new ModuleFederationPlugin({
        name: containerName(workspace),
        filename: 'remoteEntry.js',
        exposes: options.exposes,
        shared: sharedConfig(pkg, development),
        shareStrategy: 'loaded-first',
        manifest: {
          fileName: 'mf-manifest.json',
          // The contract version this remote speaks, for the shell to check before it runs any of its code. The
          // manifest's metaData is copied from these stats.
          additionalData: ({ stats }) => {
            (stats.metaData as unknown as Record<string, unknown>)[MANIFEST_CONTRACT_KEY] = contractVersion;
            return stats;
          },
        },
        dts: false,
        // The shell provides the federation runtime core; shipping it again in every remoteEntry
        // would cost each remote ~30 KB gzipped. Remotes are only ever loaded by the shell.
        // A remote never loads other remotes (they may not import each other), so the bundler
        // runtime's remote-loading half is left out of remoteEntry.js (disableRemote).
        experiments: { externalRuntime: true, optimization: { target: 'web', disableRemote: true } },
      }),
      new FederationEsmRuntimePlugin(),
      new LocalesPlugin(options.dir),
      ...(development ? [] : [new PrecompressPlugin()]),
      ...(options.plugins ?? []),
    ],
  };
}

export type HostOptions = Common & {
  /** The registry's remotes; the default `remotes.json` maps each to `/remotes/<name>/mf-manifest.json`. */
  remotes: RemoteName[];
  /** HTML template of the single page. */
  template: string;
  /** Values compiled into the page's JavaScript (brand, version, production host...). */
  define?: Record<string, string>;
  /** Values for `<%= name %>` placeholders in the template. */
  templateParameters?: Record<string, string>;
};

/** Emits the default `remotes.json`; deployments overwrite it to repoint a remote without rebuilding. */
class RemotesJsonPlugin implements RspackPluginInstance {
  private readonly remotes: RemoteName[];
  constructor(remotes: RemoteName[]) {
    this.remotes = remotes;
  }
  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('RemotesJsonPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RemotesJsonPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const map = Object.fromEntries(this.remotes.map((name) => [name, defaultManifestPath(name)]));
          compilation.emitAsset('remotes.json', new rspack.sources.RawSource(`${JSON.stringify(map, null, 2)}\n`));
        },
      );
    });
  }
}

/** The host: the page, the federation runtime and the shared singletons; remotes are registered at run time. */
export function hostConfig(options: HostOptions, env: Record<string, unknown> = {}): Configuration {
  const development = env['development'] === true || process.env['NODE_ENV'] === 'development';
  const pkg = readPackageJson(options.dir);
  const workspace = pkg.name.replace(/^@frilo\//, '');
  const base = baseConfig(options.dir, development);
  return {
    ...base,
    name: workspace,
    entry: { main: './src/index.ts' },
    output: { ...base.output, publicPath: '/', uniqueName: containerName(workspace) },
    optimization: {
      ...base.optimization,
      splitChunks: {
        chunks: 'async',
        cacheGroups: {
          // The host provides every shared singleton, and its first screen needs all of them: one
          // chunk instead of ten compresses better and saves requests (/login 168.3 -> 163.6 KB
          // gzipped, 16 -> 7 scripts). App code stays out of it, so a shell release does not
          // invalidate it. Not for remotes: their copies are fallbacks that normally never load.
          shared: { test: SHARED_CODE, name: 'shared', chunks: 'async', enforce: true, priority: 10 },
        },
      },
    },
    plugins: [
      new ModuleFederationPlugin({
        name: containerName(workspace),
        remotes: {},
        shared: sharedConfig(pkg, development),
        shareStrategy: 'loaded-first',
        dts: false,
        manifest: false,
        // disableSnapshot: the shell reads the remotes' mf-manifest.json itself
        // (shell/src/features/remotes/remote-manifest.ts), so the runtime's snapshot and preload
        // plugins are left out (~1.4 KB gzipped on every first load).
        experiments: { provideExternalRuntime: true, optimization: { target: 'web', disableSnapshot: true } },
      }),
      new rspack.HtmlRspackPlugin({
        template: options.template,
        inject: 'body',
        scriptLoading: 'defer',
        minify: !development,
        templateParameters: options.templateParameters ?? {},
      }),
      new rspack.DefinePlugin(options.define ?? {}),
      new RemotesJsonPlugin(options.remotes),
      // The entry imports `bootstrap` (webpackChunkName) at once and it consumes the shared chunk.
      new StartupPreloadPlugin({ chunkGroups: ['bootstrap'], chunks: ['shared'] }),
      new FederationEsmRuntimePlugin(),
      new LocalesPlugin(options.dir),
      // remotes.json is rewritten per deployment after the build: a stale .br/.gz beside it would win.
      ...(development ? [] : [new PrecompressPlugin({ exclude: /^remotes\.json$/ })]),
      ...(options.plugins ?? []),
    ],
  };
}

export type PageOptions = Common & {
  /** The page's script, e.g. `./gallery/index.tsx`. */
  entry: string;
  template: string;
  /** Where the page is served from, e.g. `/ui-gallery/`. */
  publicPath: string;
};

/**
 * A standalone page without federation (the UI kit's gallery): the same TypeScript, CSS and
 * CSS-module scoping as the apps, so it shows the components exactly as the apps do.
 */
export function pageConfig(options: PageOptions, env: Record<string, unknown> = {}): Configuration {
  const development = env['development'] === true || process.env['NODE_ENV'] === 'development';
  const base = baseConfig(options.dir, development);
  return {
    ...base,
    name: 'page',
    entry: { main: options.entry },
    output: { ...base.output, publicPath: options.publicPath },
    plugins: [
      new rspack.HtmlRspackPlugin({
        template: options.template,
        inject: 'body',
        scriptLoading: 'defer',
        minify: !development,
      }),
      ...(development ? [] : [new PrecompressPlugin()]),
      ...(options.plugins ?? []),
    ],
  };
}
