import { useTranslation } from 'react-i18next';
import { usePageContext } from 'vike-react/usePageContext';
import { DEFAULT_LANG } from '../shared/i18n/langs.ts';
import { MAX_QUERY_LENGTH } from '../shared/search.ts';

/**
 * The site search's form: a plain GET to /search, so it works without JavaScript. English readers keep their
 * language through the `lang` field, as their links do.
 */
export function SearchForm({ id, query, className }: { id: string; query: string; className: string }) {
  const { t } = useTranslation('search');
  const { lang } = usePageContext();
  return (
    <form action="/search" method="get" role="search" className={className}>
      <label htmlFor={id} className="visually-hidden">
        {t('label')}
      </label>
      <input id={id} type="search" name="q" defaultValue={query} maxLength={MAX_QUERY_LENGTH} placeholder={t('placeholder')} className="form-control" enterKeyHint="search" />
      {lang !== DEFAULT_LANG && <input type="hidden" name="lang" value={lang} />}
      <button type="submit" className="btn">
        {t('submit')}
      </button>
    </form>
  );
}
