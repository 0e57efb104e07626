import { test } from 'node:test';
import assert from 'node:assert/strict';
import { InvalidManifestError, parseManifest } from './remote-manifest.ts';

const manifest = {
  id: 'mf_auth',
  name: 'mf_auth',
  metaData: {
    name: 'mf_auth',
    globalName: 'mf_auth',
    publicPath: 'auto',
    remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    shellContractVersion: 1,
  },
  shared: [],
  remotes: [],
  exposes: [
    {
      id: 'mf_auth:app',
      name: 'app',
      path: './app',
      assets: {
        js: { sync: ['562.f1907dc2.js', '__federation_expose_app.25efc2df.js'], async: ['9.js'] },
        css: { sync: ['__federation_expose_app.9bec97f8.css'], async: [] },
      },
    },
  ],
};

test('publicPath auto resolves files next to the manifest, on any origin', () => {
  const info = parseManifest(manifest, 'https://cdn.example/frilo/mf-auth/mf-manifest.json');
  assert.deepEqual(info, {
    entry: 'https://cdn.example/frilo/mf-auth/remoteEntry.js',
    globalName: 'mf_auth',
    type: 'global',
    assets: {
      js: [
        'https://cdn.example/frilo/mf-auth/562.f1907dc2.js',
        'https://cdn.example/frilo/mf-auth/__federation_expose_app.25efc2df.js',
      ],
      css: ['https://cdn.example/frilo/mf-auth/__federation_expose_app.9bec97f8.css'],
    },
    contractVersion: 1,
  });
});

test('an explicit publicPath and a remoteEntry path are honoured', () => {
  const info = parseManifest(
    {
      ...manifest,
      metaData: {
        ...manifest.metaData,
        publicPath: 'https://static.example/auth/',
        remoteEntry: { name: 'remoteEntry.js', path: 'entry/', type: 'global' },
      },
    },
    'https://app.example/remotes/mf-auth/mf-manifest.json',
  );
  assert.equal(info.entry, 'https://static.example/auth/entry/remoteEntry.js');
  assert.equal(info.assets.js[0], 'https://static.example/auth/562.f1907dc2.js');
});

test('a manifest without the exposed module still loads (nothing to preload)', () => {
  const info = parseManifest({ ...manifest, exposes: [] }, 'https://app.example/remotes/mf-auth/mf-manifest.json');
  assert.equal(info.entry, 'https://app.example/remotes/mf-auth/remoteEntry.js');
  assert.deepEqual(info.assets, { js: [], css: [] });
});

test('the declared shell-contract version is read; a manifest built before declarations declares none', () => {
  const url = 'https://cdn.example/mf-auth/mf-manifest.json';
  assert.equal(
    parseManifest({ ...manifest, metaData: { ...manifest.metaData, shellContractVersion: 0 } }, url).contractVersion,
    0,
  );
  assert.equal(
    parseManifest({ ...manifest, metaData: { ...manifest.metaData, shellContractVersion: 7 } }, url).contractVersion,
    7,
  );
  const { shellContractVersion: _, ...before } = manifest.metaData;
  assert.equal(parseManifest({ ...manifest, metaData: before }, url).contractVersion, null);
});

test('a declared version that is not a whole number makes the manifest invalid (RUNTIME-013)', () => {
  for (const bad of ['1', 1.5, -1, null, true, Number.NaN]) {
    assert.throws(
      () =>
        parseManifest(
          { ...manifest, metaData: { ...manifest.metaData, shellContractVersion: bad } },
          'https://a/m.json',
        ),
      /RUNTIME-013.*shellContractVersion/,
      String(bad),
    );
  }
});

test('anything that is not a federation manifest fails with RUNTIME-013', () => {
  for (const bad of [null, [], {}, { metaData: {} }, { metaData: { remoteEntry: { name: 'x.js' } } }]) {
    assert.throws(() => parseManifest(bad, 'https://app.example/m.json'), InvalidManifestError);
  }
  assert.throws(() => parseManifest('<html>', 'https://app.example/m.json'), /RUNTIME-013/);
});
