import fs from 'node:fs';
import path from 'node:path';
import test from 'ava';
import { toResources, type CatalogueFiles } from '../../src/shared/i18n/catalogues.ts';
import { createI18n } from '../../src/shared/i18n/instance.ts';
import { LANGS } from '../../src/shared/i18n/langs.ts';
import { createTranslator, type Catalogues } from '../../src/islands/lib/translation.ts';

// The islands' translator stands in for i18next in the browser: for our catalogues it must say exactly what
// i18next says on the server, or a hydrated island would differ from its server render.

const LOCALES = path.resolve(import.meta.dirname, '../../src/locales');

function catalogueFiles(): CatalogueFiles {
  const files: CatalogueFiles = {};
  for (const file of fs.readdirSync(LOCALES, { recursive: true }) as string[]) {
    if (file.endsWith('.json')) files[`locales/${file.split(path.sep).join('/')}`] = JSON.parse(fs.readFileSync(path.join(LOCALES, file), 'utf8')) as Record<string, unknown>;
  }
  return files;
}

/** Every text's key path in a catalogue, with the text. */
function texts(node: Record<string, unknown>, prefix = ''): [string, string][] {
  return Object.entries(node).flatMap(([key, value]): [string, string][] =>
    typeof value === 'string' ? [[prefix + key, value]] : typeof value === 'object' && value !== null ? texts(value as Record<string, unknown>, `${prefix}${key}.`) : [],
  );
}

const resources = toResources(catalogueFiles());

test('every text of every catalogue, in both languages, reads as i18next reads it (interpolation included)', (t) => {
  let compared = 0;
  for (const lang of LANGS) {
    const mine = resources[lang] as Catalogues;
    const namespaces = Object.keys(mine);
    const i18next = createI18n(lang, resources, namespaces);
    const translator = createTranslator(lang, mine);
    for (const ns of namespaces) {
      const ours = translator.getFixedT(null, ns);
      const theirs = i18next.getFixedT(lang, ns);
      for (const [key, text] of texts(mine[ns]!)) {
        // A key written with a colon (a few keys are English sentences) is one i18next reads as `ns:key`.
        if (key.includes(':')) continue;
        const values = Object.fromEntries([...text.matchAll(/\{\{\s*-?\s*([\w.]+)\s*\}\}/g)].map(([, name]) => [name!, `<${name}>`]));
        t.is(ours(key, values), theirs(key, values), `${lang} ${ns}:${key}`);
        t.is(ours(`${ns}:${key}`, values), theirs(`${ns}:${key}`, values), `${lang} ${ns}:${key} named`);
        compared++;
      }
    }
  }
  t.true(compared > 1000, `${compared} texts compared`);
});

test('a missing key reads as the key; another namespace by option or prefix; added catalogues and texts are read', (t) => {
  const translator = createTranslator('en', { user: { form: { loading: 'Loading…' } }, validate: { required: 'Please enter {{field}}' } }, 'user');
  const t0 = translator.getFixedT(null);
  t.is(t0('form.loading'), 'Loading…', 'the default namespace');
  t.is(t0('form.nothing'), 'form.nothing');
  t.is(t0('validate:nothing'), 'nothing');
  t.is(t0('Server says: no'), 'Server says: no', 'a colon after something that is no namespace is text');
  t.is(t0('required', { ns: 'validate', field: 'name' }), 'Please enter name');
  t.is(t0('validate:required'), 'Please enter {{field}}', 'a value not given stays as written');
  t.false(translator.hasResourceBundle('en', 'captcha'));
  translator.addResourceBundle('en', 'captcha', { title: 'Security check' });
  translator.addResourceBundle('zh-cn', 'captcha', { title: '安全验证' });
  t.true(translator.hasResourceBundle('en', 'captcha'));
  t.false(translator.hasResourceBundle('zh-cn', 'captcha'), 'only the page language is kept');
  t.is(t0('captcha:title'), 'Security check');
  translator.addResource('en', 'user', 'menu.news', 'News');
  t.is(t0('menu.news'), 'News');
  t.is(t0('form.loading'), 'Loading…', 'a text added beside others keeps them');
});

test('a missing key reads as the default value the call gives, an empty one too, as i18next reads it', (t) => {
  const catalogues: Catalogues = { pay: { hints: { topup_amounts: 'Separated by commas' } } };
  const ours = createTranslator('en', catalogues, 'pay').getFixedT(null);
  const theirs = createI18n('en', { en: catalogues }, ['pay']).getFixedT('en', 'pay');
  for (const [key, options] of [
    ['hints.topup_min', { defaultValue: '' }],
    ['hints.topup_amounts', { defaultValue: '' }],
    ['hints.topup_min', { defaultValue: 'Field {{name}}', name: 'min' }],
    ['hints.topup_min', {}],
  ] as const) {
    t.is(ours(key, options), theirs(key, options), `${key} ${JSON.stringify(options)}`);
  }
  t.is(ours('hints.topup_min', { defaultValue: '' }), '');
});
