import { useTranslation } from 'react-i18next';
import type { Lang } from '../../shared/i18n/langs.ts';
import { TRAIL_LIMITS, trailTextFields } from '../../shared/schemas/trail.ts';
import { Label, type FieldKit } from './fields.tsx';

/** The other language's key stems: an English member may add Chinese texts, a Chinese member English ones. */
const WORDING = {
  en: { heading: 'form.english', hint: 'form.englishHint', title: 'form.titleEn', summary: 'form.summaryEn', route: 'form.routeEn', lang: 'en' },
  'zh-cn': { heading: 'form.chinese', hint: 'form.chineseHint', title: 'form.titleZh', summary: 'form.summaryZh', route: 'form.routeZh', lang: 'zh-CN' },
} as const;

/** The optional texts in the language the member does not write in, folded away until opened. */
export function OtherLanguage({ lang, open, onToggle, kit }: { lang: Lang; open: boolean; onToggle(open: boolean): void; kit: FieldKit }) {
  const { t } = useTranslation('trail');
  const other: Lang = lang === 'en' ? 'zh-cn' : 'en';
  const words = WORDING[other];
  const [title, summary, route] = trailTextFields(other);
  const { control, describe, error, set } = kit;
  return (
    <details className="mb-4 trail-apply-other" data-other-lang={other} open={open} onToggle={(e) => onToggle(e.currentTarget.open)}>
      <summary className="h5 mb-2">
        {t(words.heading)} <span className="text-body-secondary small">({t('form.optional')})</span>
      </summary>
      <p className="form-text mt-0">{t(words.hint)}</p>
      <div className="row g-3" lang={words.lang}>
        <div className="col-12">
          <Label field={title} text={t(words.title)} />
          <input {...control(title)} type="text" maxLength={TRAIL_LIMITS.title} autoComplete="off" aria-describedby={describe(title)} onChange={(e) => set(title, e.target.value)} />
          {error(title)}
        </div>
        <div className="col-12">
          <Label field={summary} text={t(words.summary)} />
          <input {...control(summary)} type="text" maxLength={TRAIL_LIMITS.summary} autoComplete="off" aria-describedby={describe(summary)} onChange={(e) => set(summary, e.target.value)} />
          {error(summary)}
        </div>
        <div className="col-12">
          <Label field={route} text={t(words.route)} />
          <textarea {...control(route)} rows={5} maxLength={TRAIL_LIMITS.route} aria-describedby={describe(route)} onChange={(e) => set(route, e.target.value)} />
          {error(route)}
        </div>
      </div>
    </details>
  );
}
