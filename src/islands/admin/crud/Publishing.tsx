import { useState, type InputHTMLAttributes, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { actionUrl } from '../../../resources/naming.ts';
import { isScheduled, publishingOf } from '../../../resources/publishing.ts';
import type { ResourceDef } from '../../../resources/types.ts';
import { formatTime } from '../../../shared/time.ts';
import { useAdmin } from '../context.ts';
import { toInputDateTime } from './formModel.ts';
import type { Row } from './listModel.ts';
import { Modal } from './Modal.tsx';

/**
 * What a resource's `publish` rule shows in the admin (src/resources/publishing.ts): a published row whose
 * time has not come is "Scheduled" with its time in the list, the publish time is chosen as "now" or "at",
 * and a row the public cannot see yet has a preview link.
 */

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** The status cell of a scheduled row: "Scheduled" and when it goes public; any other cell as it is. */
export function PublishStateCell({ def, row, field, children }: { def: ResourceDef; row: Row; field: string; children: ReactNode }) {
  const { t } = useTranslation('staff');
  const { siteConfig } = useAdmin();
  const publishing = publishingOf(def);
  if (publishing?.status !== field || !publishing.field || !isScheduled(row, def, nowSeconds())) return children;
  const at = formatTime(Number(row[publishing.field]), 'yyyy-mm-dd hh:MM', siteConfig.timeZone);
  return (
    <span className="badge text-bg-info" data-scheduled={row[publishing.field] as string}>
      <i className="bi bi-clock me-1" aria-hidden="true" />
      {t('schedule.scheduledAt', { time: at })}
    </span>
  );
}

export interface PublishTimeInputProps {
  id: string;
  value: string;
  onChange(value: string): void;
  /** The attributes of the date-time input (its id, name, validity): the field's label points at it. */
  control: InputHTMLAttributes<HTMLInputElement>;
  labelId?: string | undefined;
}

/**
 * The publish time with a choice beside it: "now" (a new row gets the current time; a row already public
 * keeps its own) or "at" the time in the input, which schedules the row when it is later than now. Typing a
 * time chooses "at".
 */
export function PublishTimeInput({ id, value, onChange, control, labelId }: PublishTimeInputProps) {
  const { t } = useTranslation('staff');
  const { siteConfig } = useAdmin();
  const current = () => toInputDateTime(nowSeconds(), siteConfig.timeZone);
  const [mode, setMode] = useState<'now' | 'at'>(() => (value > current() ? 'at' : 'now'));
  const later = value > current();

  function choose(next: 'now' | 'at'): void {
    setMode(next);
    // "Now" never leaves a time in the future behind it.
    if (next === 'now' && (value === '' || value > current())) onChange(current());
  }

  return (
    <div data-publish-time="">
      <input
        {...control}
        type="datetime-local"
        step={1}
        value={value}
        onChange={(e) => {
          setMode('at');
          onChange(e.target.value);
        }}
      />
      <div role="radiogroup" aria-labelledby={labelId} className="mt-1">
        {(['now', 'at'] as const).map((choice) => (
          <div className="form-check form-check-inline" key={choice}>
            <input className="form-check-input" type="radio" id={`${id}-${choice}`} name={`${id}-mode`} checked={mode === choice} onChange={() => choose(choice)} data-publish-mode={choice} />
            <label className="form-check-label" htmlFor={`${id}-${choice}`}>
              {t(`schedule.${choice}`)}
            </label>
          </div>
        ))}
      </div>
      <div className="form-text" data-publish-hint="">
        {later ? t('schedule.willAppear') : mode === 'now' && value ? t('schedule.keepsTime', { time: value.replace('T', ' ') }) : null}
      </div>
    </div>
  );
}

/** A row the public cannot see now: a draft, or published but scheduled. */
function hidden(def: ResourceDef, row: Row): boolean {
  const publishing = publishingOf(def);
  if (!publishing?.page) return false;
  return String(row[publishing.status] ?? '') !== publishing.value || isScheduled(row, def, nowSeconds());
}

/** The preview button of a row the public cannot see yet, and the dialog with its signed link. */
export function PreviewButton({ def, row }: { def: ResourceDef; row: Row }) {
  const { t } = useTranslation('staff');
  const { request, siteConfig } = useAdmin();
  const [link, setLink] = useState<{ url: string; expires: number } | null>(null);
  if (!hidden(def, row)) return null;
  const id = String(row[def.pk]);

  async function open(): Promise<void> {
    try {
      const answer = await request<{ url: string; expires: number }>(actionUrl(def, 'preview'), { params: { [def.pk]: id } });
      setLink(answer.data);
    } catch {
      // The request client showed why.
    }
  }

  const href = link ? new URL(link.url, window.location.origin).href : '';
  return (
    <>
      <button type="button" className="btn btn-sm btn-outline-secondary" aria-label={t('preview.rowLabel', { id })} title={t('preview.button')} onClick={() => void open()} data-action="preview">
        <i className="bi bi-box-arrow-up-right" aria-hidden="true" />
      </button>
      {link && (
        <Modal title={t('preview.title')} onClose={() => setLink(null)} initialFocus="[data-preview-open]">
          <p>{t('preview.explain', { time: formatTime(link.expires, 'yyyy-mm-dd hh:MM', siteConfig.timeZone) })}</p>
          <input className="form-control mb-3" readOnly value={href} aria-label={t('preview.link')} onFocus={(e) => e.currentTarget.select()} data-preview-link="" />
          <a className="btn btn-primary" href={href} target="_blank" rel="noopener noreferrer" data-preview-open="">
            <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
            {t('preview.open')}
          </a>
        </Modal>
      )}
    </>
  );
}
