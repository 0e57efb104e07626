// Adds <link rel="preload" as="script"> to the page for chunks the entry will load at once.
//
// The host's entry chunk only asks for its bootstrap chunk (and, through the federation share
// scope, the shared singletons) once it has downloaded and run; preloading them from the HTML
// lets all of them download in parallel with the entry instead of after it.
import { rspack, type Compiler, type RspackPluginInstance } from '@rspack/core';

export type StartupPreloadOptions = {
  /** Chunk groups whose files to preload (named with a webpackChunkName comment on the import). */
  chunkGroups?: string[];
  /** Single named chunks to preload (e.g. a splitChunks cache group with a name). */
  chunks?: string[];
};

export class StartupPreloadPlugin implements RspackPluginInstance {
  private readonly options: StartupPreloadOptions;
  constructor(options: StartupPreloadOptions) {
    this.options = options;
  }

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('StartupPreloadPlugin', (compilation) => {
      rspack.HtmlRspackPlugin.getCompilationHooks(compilation).alterAssetTags.tapPromise(
        'StartupPreloadPlugin',
        async (data) => {
          const files = new Set<string>();
          for (const name of this.options.chunkGroups ?? []) {
            for (const file of compilation.namedChunkGroups.get(name)?.getFiles() ?? []) files.add(file);
          }
          for (const name of this.options.chunks ?? []) {
            for (const file of compilation.namedChunks.get(name)?.files ?? []) files.add(file);
          }
          const links = [...files]
            .filter((file) => file.endsWith('.js'))
            .map((file) => ({
              tagName: 'link',
              voidTag: true,
              attributes: { rel: 'preload', as: 'script', href: `${data.publicPath}${file}` },
            }));
          data.assetTags.meta.push(...links);
          return data;
        },
      );
    });
  }
}
