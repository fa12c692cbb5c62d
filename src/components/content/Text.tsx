import { useTranslation } from 'react-i18next';
import type { LocalText } from '../../shared/content.ts';

/** The badge beside Chinese text standing in for a missing English translation. */
export function FallbackMark() {
  const { t } = useTranslation('common');
  return <span className="badge text-bg-warning fallback-mark ms-1">{t('fallback.notTranslated')}</span>;
}

/** Inline localized text; fallen-back Chinese is tagged `lang="zh-CN"` so screen readers pronounce it right. */
export function Text({ value }: { value: LocalText }) {
  if (!value.fallback) return <>{value.text}</>;
  return (
    <>
      <span lang="zh-CN">{value.text}</span>
      <FallbackMark />
    </>
  );
}

/** What a link of the page's navigation says: the catalogue's own words, or an item's name in the page's language. */
export type Label = string | LocalText;

/** A label as it is shown: an item's name marked when it fell back to Chinese. */
export function LabelText({ value }: { value: Label }) {
  return typeof value === 'string' ? <>{value}</> : <Text value={value} />;
}

/** A label's words, to fill a stamped part's hole. */
export const labelWords = (label: Label): string => (typeof label === 'string' ? label : label.text);

/** What a stamped part's markup depends on in a label besides its words: whether it fell back to Chinese. */
export const labelShape = (label: Label): string => (typeof label === 'string' || !label.fallback ? 't' : 'f');

/** A label's `words` put in its place: a mark or a value of a stamped part's hole. */
export const labelWith = (label: Label, words: string): Label => (typeof label === 'string' ? words : { text: words, fallback: label.fallback });

/** Rich text from an editor field (sanitized when saved in the admin; seeds are our own markup). */
export function RichText({ value, className = 'rich-text' }: { value: LocalText; className?: string }) {
  return (
    <>
      {value.fallback && (
        <p className="mb-2">
          <FallbackMark />
        </p>
      )}
      <div className={className} lang={value.fallback ? 'zh-CN' : undefined} dangerouslySetInnerHTML={{ __html: value.text }} />
    </>
  );
}

function lines(text: string): string[] {
  return text
    .split(/\r?\n/)
    .map((l) => l.trim())
    .filter(Boolean);
}

/** Plain text whose lines are paragraphs. */
export function Paragraphs({ value }: { value: LocalText }) {
  return (
    <>
      {lines(value.text).map((p, i) => (
        <p key={i}>
          <span lang={value.fallback ? 'zh-CN' : undefined}>{p}</span>
          {value.fallback && i === 0 && <FallbackMark />}
        </p>
      ))}
    </>
  );
}

/** Plain text holding one item per line (heritage sites), as a list. */
export function LineList({ value, className }: { value: LocalText; className?: string }) {
  const items = lines(value.text);
  if (items.length === 0) return null;
  return (
    <>
      {value.fallback && <FallbackMark />}
      <ul className={className} lang={value.fallback ? 'zh-CN' : undefined}>
        {items.map((item, i) => (
          <li key={i}>{item}</li>
        ))}
      </ul>
    </>
  );
}
