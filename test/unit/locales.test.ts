import test from 'ava';
import fs from 'node:fs';
import path from 'node:path';

const dir = path.resolve(import.meta.dirname, '../../src/locales');

function keys(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return [`${prefix}[${value.length}]`];
  if (value && typeof value === 'object') {
    return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
  }
  return [prefix];
}

function catalogueFiles(lang: string): string[] {
  return fs
    .readdirSync(path.join(dir, lang), { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.split(path.sep).join('/'));
}

function load(lang: string): Map<string, string[]> {
  return new Map(catalogueFiles(lang).map((f) => [f, keys(JSON.parse(fs.readFileSync(path.join(dir, lang, f), 'utf8')))]));
}

test('zh-cn and en catalogues have the same namespaces and keys', (t) => {
  const zh = load('zh-cn');
  const en = load('en');
  t.deepEqual([...zh.keys()].sort(), [...en.keys()].sort(), 'namespaces differ');
  for (const [ns, zhKeys] of zh) {
    const enKeys = new Set(en.get(ns));
    const zhSet = new Set(zhKeys);
    t.deepEqual(zhKeys.filter((k) => !enKeys.has(k)), [], `${ns}: keys only in zh-cn`);
    t.deepEqual([...enKeys].filter((k) => !zhSet.has(k)), [], `${ns}: keys only in en`);
  }
});

test('no catalogue value is empty', (t) => {
  for (const lang of ['zh-cn', 'en']) {
    for (const f of catalogueFiles(lang)) {
      const text = fs.readFileSync(path.join(dir, lang, f), 'utf8');
      t.false(/:\s*""/.test(text), `${lang}/${f} has an empty string`);
    }
  }
});
