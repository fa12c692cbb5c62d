import { lazy, Suspense, use, type ComponentProps } from 'react';
import { useTranslation } from 'react-i18next';
import type { ClickCaptcha } from '../ClickCaptcha.tsx';
import { loadCatalogues } from '../islandDef.ts';
import type { CatalogueStore } from './translation.ts';

const Loaded = lazy(async () => ({ default: (await import('../ClickCaptcha.tsx')).ClickCaptcha }));
const catalogues = import.meta.glob('../../locales/*/captcha.json', { import: 'default' }) as Record<string, () => Promise<Record<string, unknown>>>;

/** Per translator, the captcha catalogue on its way or there. */
const arriving = new WeakMap<CatalogueStore, Promise<void>>();

function captchaCatalogue(i18n: CatalogueStore): Promise<void> {
  let pending = arriving.get(i18n);
  if (!pending) {
    pending = i18n.hasResourceBundle(i18n.language, 'captcha')
      ? Promise.resolve()
      : loadCatalogues(catalogues, i18n.language).then((byNs) => i18n.addResourceBundle(i18n.language, 'captcha', byNs.captcha ?? {}));
    arriving.set(i18n, pending);
  }
  return pending;
}

function WithCatalogue(props: ComponentProps<typeof ClickCaptcha>) {
  const { i18n } = useTranslation();
  use(captchaCatalogue(i18n));
  return <Loaded {...props} />;
}

/** The click captcha with its catalogue, fetched when it first opens: most visits to a form never need it. */
export function LazyClickCaptcha(props: ComponentProps<typeof ClickCaptcha>) {
  return (
    <Suspense fallback={null}>
      <WithCatalogue {...props} />
    </Suspense>
  );
}
