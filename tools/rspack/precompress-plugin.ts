// Writes `<asset>.br` and `<asset>.gz` next to every JavaScript, CSS, HTML and JSON asset at build
// time, so a static server (the BFF through koa-send, or a CDN) sends them as they are instead of
// compressing on every request, and at the best levels: brotli 11 and gzip 9 are too slow per
// request but cost nothing here. Compressed files keep the asset's info (immutable or not).
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import { rspack, type Compiler, type RspackPluginInstance } from '@rspack/core';

const brotli = promisify(brotliCompress);
const gz = promisify(gzip);

export const PRECOMPRESSED = /\.(?:js|css|html|json)$/;

export type PrecompressOptions = {
  /** Asset names never to compress: files a deployment edits after the build (e.g. `remotes.json`). */
  exclude?: RegExp;
};

export async function precompress(content: Buffer): Promise<{ br: Buffer; gz: Buffer }> {
  const [br, gzipped] = await Promise.all([
    brotli(content, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
      },
    }),
    gz(content, { level: constants.Z_BEST_COMPRESSION }),
  ]);
  return { br, gz: gzipped };
}

export class PrecompressPlugin implements RspackPluginInstance {
  private readonly exclude: RegExp | undefined;
  constructor(options: PrecompressOptions = {}) {
    this.exclude = options.exclude;
  }

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('PrecompressPlugin', (compilation) => {
      compilation.hooks.processAssets.tapPromise(
        // After everything that creates or rewrites assets (the federation manifest is written at
        // OPTIMIZE_TRANSFER), so the compressed files match what is emitted.
        { name: 'PrecompressPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ANALYSE },
        async () => {
          const jobs = compilation
            .getAssets()
            .filter(({ name }) => PRECOMPRESSED.test(name) && !this.exclude?.test(name))
            .map(async ({ name, source, info }) => {
              const content = source.buffer();
              const { br, gz: gzipped } = await precompress(content);
              const related = { compressed: true, immutable: info.immutable ?? false };
              compilation.emitAsset(`${name}.br`, new rspack.sources.RawSource(br), related);
              compilation.emitAsset(`${name}.gz`, new rspack.sources.RawSource(gzipped), related);
            });
          await Promise.all(jobs);
        },
      );
    });
  }
}
