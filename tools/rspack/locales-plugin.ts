// Emits an app's texts (`src/locales/<language>/<namespace>.json`) into its build as
// `locales/<language>/<namespace>.json`, minified, so the texts deploy with the code that uses
// them: a text change is a deploy of that remote, never of the BFF. The names carry no hash: the
// shell finds them by convention next to the remote's manifest, and they are served like the
// manifest (always revalidated), so a redeployed remote's texts are picked up at once.
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { rspack, type Compiler, type RspackPluginInstance } from '@rspack/core';

export class LocalesPlugin implements RspackPluginInstance {
  private readonly dir: string;
  /** `dir`: the app's folder (its `src/locales` is read). */
  constructor(dir: string) {
    this.dir = join(dir, 'src', 'locales');
  }

  apply(compiler: Compiler): void {
    compiler.hooks.thisCompilation.tap('LocalesPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'LocalesPlugin', stage: rspack.Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          if (!existsSync(this.dir)) return;
          compilation.contextDependencies.add(this.dir);
          for (const language of readdirSync(this.dir, { withFileTypes: true })) {
            if (!language.isDirectory()) continue;
            for (const file of readdirSync(join(this.dir, language.name))) {
              if (!file.endsWith('.json')) continue;
              const path = join(this.dir, language.name, file);
              compilation.fileDependencies.add(path);
              const minified = JSON.stringify(JSON.parse(readFileSync(path, 'utf8')));
              compilation.emitAsset(`locales/${language.name}/${file}`, new rspack.sources.RawSource(minified));
            }
          }
        },
      );
    });
  }
}
