// Test helper shared by every workspace's locales test: Swedish and English must both be complete,
// and every literal t('key') in the sources must exist. (Test tooling, not app code.)
import assert from 'node:assert/strict';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const LANGUAGES = ['sv', 'en'] as const;

type Tree = { [key: string]: string | Tree };

export function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [inner, text] of flatten(value, path)) out.set(inner, text);
  }
  return out;
}

export function placeholders(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.]+)\s*(?:,[^}]*)?\}\}/g)].map((match) => match[1] ?? '').sort();
}

export function readNamespace(workspaceDir: string, language: string, namespace: string): Map<string, string> {
  const file = join(workspaceDir, 'src', 'locales', language, `${namespace}.json`);
  return flatten(JSON.parse(readFileSync(file, 'utf8')) as Tree);
}

/** Keys and placeholders equal in sv and en; no empty text. Returns the keys. */
export function assertLocalesComplete(workspaceDir: string, namespace: string): Set<string> {
  const [sv, en] = LANGUAGES.map((language) => readNamespace(workspaceDir, language, namespace)) as [
    Map<string, string>,
    Map<string, string>,
  ];
  const missingInEn = [...sv.keys()].filter((key) => !en.has(key));
  const missingInSv = [...en.keys()].filter((key) => !sv.has(key));
  assert.deepEqual(missingInEn, [], `${namespace}: keys missing in en`);
  assert.deepEqual(missingInSv, [], `${namespace}: keys missing in sv`);
  for (const [key, text] of sv) {
    const english = en.get(key) ?? '';
    assert.ok(text.trim() !== '', `${namespace}: sv text for ${key} is empty`);
    assert.ok(english.trim() !== '', `${namespace}: en text for ${key} is empty`);
    assert.deepEqual(placeholders(text), placeholders(english), `${namespace}: placeholders differ for ${key}`);
  }
  return new Set(sv.keys());
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) out.push(...sourceFiles(path));
    else if (/\.tsx?$/.test(name) && !name.endsWith('.test.ts')) out.push(path);
  }
  return out;
}

/** Every literal `t('a.b')` in src must be a key (dynamic keys like t(`nav.${id}`) are skipped). */
export function assertUsedKeysExist(workspaceDir: string, keys: Set<string>): void {
  const missing: string[] = [];
  for (const file of sourceFiles(join(workspaceDir, 'src'))) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/\bt\(\s*'([^']+)'/g)) {
      const key = match[1] ?? '';
      // A plural (t('x', { count })) is written as x_one, x_other... in the files.
      if (!keys.has(key) && !keys.has(`${key}_other`)) missing.push(`${file.slice(workspaceDir.length + 1)}: ${key}`);
    }
  }
  assert.deepEqual(missing, [], 'translation keys used in the code but missing from the locale files');
}
