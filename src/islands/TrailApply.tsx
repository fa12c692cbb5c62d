import { useCallback, useEffect, useId, useLayoutEffect, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDuration } from '../components/content/format.ts';
import type { UserInfo } from '../shared/account.ts';
import { ApiCode } from '../shared/api/envelope.ts';
import { DIFFICULTIES } from '../shared/content.ts';
import { RequestError } from '../shared/request/client.ts';
import type { Lang } from '../shared/i18n/langs.ts';
import { TRAIL_LIMITS, trailApplicationSchema, trailTextFields, type TrailDraft, type TrailOptions } from '../shared/schemas/trail.ts';
import type { SiteInfo } from '../shared/site.ts';
import Uploader from './Uploader.tsx';
import { Icon } from './lib/Icon.tsx';
import { browserRequest } from './lib/request.ts';
import { EMPTY, FORM_ID, Label, fieldId, focusField, messageKey, type FieldKit, type TextField, type Values } from './trailApply/fields.tsx';
import { OtherLanguage } from './trailApply/OtherLanguage.tsx';

export interface TrailApplyProps {
  /** The login page, set to come back here (in the page language). */
  loginHref: string;
  /** The member centre's list of applications (in the page language). */
  applicationsHref: string;
}

/** GET /api/index/index?requiredLogin=1, the parts the form needs. */
interface IndexAnswer {
  site: SiteInfo;
  userInfo: UserInfo;
}

type Phase = 'checking' | 'redirecting' | 'failed' | 'form' | 'done';

/**
 * A rejected application's texts in the form. Where an English member gave no Chinese, the Chinese columns
 * hold their English: the optional Chinese fields start empty then, as they were left.
 */
function draftValues(draft: TrailDraft, lang: Lang): Values {
  const values: Values = { ...EMPTY };
  for (const field of Object.keys(EMPTY) as TextField[]) values[field] = draft[field];
  if (lang === 'en') for (const name of ['title', 'summary', 'route'] as const) if (values[name] === values[`${name}_en`]) values[name] = '';
  return values;
}

/**
 * The /trail/apply form (an island): only for logged-in members, so a guest goes to the login page and is
 * sent back here. The member writes in the page's language (the other one is optional, folded away).
 * Validated with the schema the server uses; photos go up through the member uploader
 * first, and the application is sent with their URLs. Success shows a confirmation with a link to the
 * member centre, where the review can be followed.
 */
export default function TrailApply({ loginHref, applicationsHref }: TrailApplyProps) {
  const { t, i18n } = useTranslation(['trail', 'content']);
  const [phase, setPhase] = useState<Phase>('checking');
  const [site, setSite] = useState<SiteInfo | null>(null);
  const [userId, setUserId] = useState(0);
  const [options, setOptions] = useState<TrailOptions>({ canals: [] });
  const [values, setValues] = useState<Values>(EMPTY);
  const [photos, setPhotos] = useState<string[]>([]);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // The field the keyboard goes to, a new object per attempt so the same field is focused again.
  const [focusOn, setFocusOn] = useState<{ field: string } | null>(null);
  const [otherOpen, setOtherOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState('');
  /** A rejected application being changed (from `?id=`): its id and the reviewer's remark. */
  const [draft, setDraft] = useState<{ id: number; remark: string } | null>(null);
  const doneRef = useRef<HTMLHeadingElement>(null);
  const hintPrefix = useId();
  const lang: Lang = i18n.language === 'en' ? 'en' : 'zh-cn';
  const [title, summary, route] = trailTextFields(lang);
  const otherFields: readonly string[] = trailTextFields(lang === 'en' ? 'zh-cn' : 'en');

  const toLogin = useCallback(() => {
    setPhase('redirecting');
    window.location.assign(loginHref);
  }, [loginHref]);

  // A guest with no stored login never gets here: the island loader sends them to loginHref first.
  const load = useCallback(async () => {
    setPhase('checking');
    try {
      // requiredLogin: an expired access token is refreshed by the client; a guest answers 303.
      const againId = new URLSearchParams(window.location.search).get('id');
      const [index, choices, previous] = await Promise.all([
        browserRequest()<IndexAnswer>('/api/index/index', { params: { requiredLogin: 1 } }, { showCodeMessage: false }),
        browserRequest()<TrailOptions>('/api/trail/options'),
        againId ? browserRequest()<TrailDraft>('/api/trail/application', { params: { id: againId } }) : null,
      ]);
      if (previous) {
        setValues(draftValues(previous.data, lang));
        setPhotos(previous.data.photos);
        setDraft({ id: previous.data.id, remark: previous.data.remark });
      }
      setSite(index.data.site);
      setUserId(index.data.userInfo.id);
      setOptions(choices.data);
      setPhase('form');
    } catch (error) {
      if (error instanceof RequestError && error.envelope?.code === ApiCode.loginState) return toLogin();
      setPhase('failed');
    }
  }, [toLogin, lang]);

  useEffect(() => {
    void load();
  }, [load]);

  // In the commit that shows the messages (and opens the other language's part when the problem is there), so
  // a key typed at once lands in the field: Preact runs a plain effect only after the next frame.
  useLayoutEffect(() => {
    if (focusOn) focusField(focusOn.field);
  }, [focusOn]);

  useLayoutEffect(() => {
    if (phase === 'done') doneRef.current?.focus();
  }, [phase]);

  function set(field: TextField, value: string): void {
    setValues((v) => {
      const next = { ...v, [field]: value };
      // A city belongs to one section: changing the section clears a city that is not on it.
      if (field === 'canal_id' && !options.canals.find((c) => String(c.id) === value)?.cities.some((c) => String(c.id) === v.city_id)) next.city_id = '';
      return next;
    });
    setErrors((e) => {
      if (!(field in e)) return e;
      const { [field]: _fixed, ...rest } = e;
      return rest;
    });
  }

  function show(next: Record<string, string>): void {
    setErrors(next);
    const first = Object.keys(next)[0];
    if (!first) return;
    if (otherFields.includes(first)) setOtherOpen(true);
    setFocusOn({ field: first });
  }

  async function submit(e: FormEvent<HTMLFormElement>): Promise<void> {
    e.preventDefault();
    setNotice('');
    const parsed = trailApplicationSchema(lang).safeParse({ ...values, photos });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? '');
        found[field] ??= t(messageKey(issue.message));
      }
      return show(found);
    }
    setBusy(true);
    try {
      await browserRequest()('/api/trail/apply', { method: 'POST', body: { ...values, photos, id: draft?.id ?? '' } }, { showCodeMessage: false });
      if (draft) {
        // Sent again: a reload must not reopen it (it is pending now, no longer to be changed).
        const url = new URL(window.location.href);
        url.searchParams.delete('id');
        window.history.replaceState(null, '', url);
        setDraft(null);
      }
      setPhase('done');
    } catch (error) {
      if (error instanceof RequestError && error.envelope?.code === ApiCode.loginState) return toLogin();
      const field = error instanceof RequestError ? (error.envelope?.data as { field?: unknown } | null)?.field : undefined;
      if (typeof field === 'string' && field) show({ [field]: error instanceof Error ? error.message : '' });
      else if (error instanceof RequestError && error.kind === 'code') setNotice(error.message);
    } finally {
      setBusy(false);
    }
  }

  function again(): void {
    setValues(EMPTY);
    setPhotos([]);
    setErrors({});
    setPhase('form');
  }

  const describe = (field: string, hint = false): string | undefined =>
    [hint ? `${hintPrefix}-${field}` : '', errors[field] ? `${fieldId(field)}-error` : ''].filter(Boolean).join(' ') || undefined;
  const control: FieldKit['control'] = (field, className = 'form-control') => ({
    id: fieldId(field),
    name: field,
    className: errors[field] ? `${className} is-invalid` : className,
    ...(errors[field] ? { 'aria-invalid': true as const } : {}),
    value: values[field],
  });
  const error = (field: string): ReactNode =>
    errors[field] ? (
      <div id={`${fieldId(field)}-error`} className="invalid-feedback d-block">
        {errors[field]}
      </div>
    ) : null;
  const hint = (field: string, text: ReactNode): ReactNode => (
    <div id={`${hintPrefix}-${field}`} className="form-text">
      {text}
    </div>
  );

  if (phase === 'checking' || phase === 'redirecting') {
    return (
      <div className="text-center py-5" role="status" aria-live="polite">
        <span className="spinner-border text-primary mb-3" aria-hidden="true" />
        <p className="mb-2">{t(phase === 'checking' ? 'form.checking' : 'form.redirecting')}</p>
        <a href={loginHref} className={phase === 'checking' ? 'visually-hidden-focusable' : 'btn btn-outline-primary'}>
          {t('form.logIn')}
        </a>
      </div>
    );
  }
  if (phase === 'failed') {
    return (
      <div className="alert alert-warning d-flex flex-wrap align-items-center gap-2" role="alert">
        <span className="me-auto">{t('form.loadFailed')}</span>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => void load()}>
          {t('form.retry')}
        </button>
      </div>
    );
  }
  if (phase === 'done') {
    return (
      <div className="trail-apply-done card card-body my-4" data-trail-applied="">
        <h2 className="h4" tabIndex={-1} ref={doneRef}>
          <Icon name="check-circle-fill" className="text-success me-2" />
          {t('form.doneTitle')}
        </h2>
        <p>{t('form.doneText')}</p>
        <div className="d-flex flex-wrap gap-2">
          <a className="btn btn-primary" href={applicationsHref}>
            {t('form.viewApplications')}
          </a>
          <button type="button" className="btn btn-outline-secondary" onClick={again}>
            {t('form.applyAnother')}
          </button>
        </div>
      </div>
    );
  }

  const canal = options.canals.find((c) => String(c.id) === values.canal_id);
  const minutes = Number(values.duration_min);
  const durationText = Number.isInteger(minutes) && minutes > 0 && minutes <= TRAIL_LIMITS.durationMin ? t('form.durationIs', { text: formatDuration(i18n.getFixedT(i18n.language, 'content'), minutes) }) : '';

  return (
    <form id={FORM_ID} className="trail-apply my-4" noValidate onSubmit={(e) => void submit(e)} aria-busy={busy || undefined}>
      {draft && (
        <div className="alert alert-info" data-changing={draft.id}>
          <p className="mb-1">{t('form.changing')}</p>
          {draft.remark && <p className="mb-0 fw-semibold">{t('form.reviewerSaid', { remark: draft.remark })}</p>}
        </div>
      )}
      <fieldset className="mb-4">
        <legend className="h5">{t('form.basics')}</legend>
        <div className="row g-3">
          <div className="col-12">
            <Label field={title} text={t('form.title')} required />
            <input {...control(title)} type="text" maxLength={TRAIL_LIMITS.title} autoComplete="off" aria-required="true" aria-describedby={describe(title)} onChange={(e) => set(title, e.target.value)} />
            {error(title)}
          </div>
          <div className="col-12 col-md-6">
            <Label field="canal_id" text={t('form.canal')} required />
            <select {...control('canal_id', 'form-select')} aria-required="true" aria-describedby={describe('canal_id')} onChange={(e) => set('canal_id', e.target.value)}>
              <option value="">{t('form.chooseCanal')}</option>
              {options.canals.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {error('canal_id')}
          </div>
          <div className="col-12 col-md-6">
            <Label field="city_id" text={t('form.city')} />
            <select {...control('city_id', 'form-select')} disabled={!canal || canal.cities.length === 0} aria-describedby={describe('city_id')} onChange={(e) => set('city_id', e.target.value)}>
              <option value="">{t('form.anyCity')}</option>
              {(canal?.cities ?? []).map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
            {error('city_id')}
          </div>
          <div className="col-6 col-md-4">
            <Label field="length_km" text={t('form.length')} required />
            <input {...control('length_km')} type="text" inputMode="decimal" autoComplete="off" aria-required="true" aria-describedby={describe('length_km')} onChange={(e) => set('length_km', e.target.value)} />
            {error('length_km')}
          </div>
          <div className="col-6 col-md-4">
            <Label field="duration_min" text={t('form.duration')} required />
            <input {...control('duration_min')} type="text" inputMode="numeric" pattern="[0-9]*" autoComplete="off" aria-required="true" aria-describedby={describe('duration_min', true)} onChange={(e) => set('duration_min', e.target.value)} />
            {hint('duration_min', <span aria-live="polite">{durationText}</span>)}
            {error('duration_min')}
          </div>
          <div className="col-12 col-md-4">
            <fieldset id={fieldId('difficulty')} aria-describedby={describe('difficulty')}>
              <legend className="form-label fs-6 mb-2">
                {t('form.difficulty')}
                <span className="text-body-secondary small ms-1">({t('form.required')})</span>
              </legend>
              {DIFFICULTIES.map((d) => (
                <div className="form-check form-check-inline" key={d}>
                  <input
                    className={`form-check-input${errors.difficulty ? ' is-invalid' : ''}`}
                    type="radio"
                    name="difficulty"
                    id={`${fieldId('difficulty')}-${d}`}
                    value={d}
                    checked={values.difficulty === d}
                    onChange={() => set('difficulty', d)}
                  />
                  <label className="form-check-label" htmlFor={`${fieldId('difficulty')}-${d}`}>
                    {t(`content:trail.difficulty.${d}`)}
                  </label>
                </div>
              ))}
              {error('difficulty')}
            </fieldset>
          </div>
          <div className="col-12">
            <Label field={summary} text={t('form.summary')} />
            <input {...control(summary)} type="text" maxLength={TRAIL_LIMITS.summary} autoComplete="off" aria-describedby={describe(summary)} onChange={(e) => set(summary, e.target.value)} />
            {error(summary)}
          </div>
          <div className="col-12">
            <Label field={route} text={t('form.route')} required />
            <textarea {...control(route)} rows={7} maxLength={TRAIL_LIMITS.route} aria-required="true" aria-describedby={describe(route, true)} onChange={(e) => set(route, e.target.value)} />
            {hint(route, t('form.routeHint'))}
            {error(route)}
          </div>
        </div>
      </fieldset>

      <fieldset className="mb-4" id={fieldId('photos')} tabIndex={-1} aria-describedby={describe('photos', true)}>
        <legend className="h5">
          {t('form.photos')}
          <span className="text-body-secondary small ms-1">
            ({t('form.required')}, {photos.length}/{TRAIL_LIMITS.photos})
          </span>
        </legend>
        {hint('photos', t('form.photosHint'))}
        {site && (
          <Uploader
            endpoint="member"
            accept="image"
            multiple
            topic={`trail-u${userId}`}
            value={photos}
            settings={site.upload}
            cdnUrl={site.cdnUrl}
            onChange={(urls) => {
              setPhotos(Array.isArray(urls) ? urls : [urls].filter(Boolean));
              setErrors(({ photos: _fixed, ...rest }) => rest);
            }}
          />
        )}
        {error('photos')}
      </fieldset>

      <OtherLanguage lang={lang} open={otherOpen} onToggle={setOtherOpen} kit={{ control, describe, error, set }} />

      {notice && (
        <div className="alert alert-danger" role="alert">
          {notice}
        </div>
      )}
      <div className="d-grid d-md-block">
        <button type="submit" className="btn btn-primary btn-lg" disabled={busy}>
          {busy && <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />}
          {t(busy ? 'form.submitting' : draft ? 'form.resubmit' : 'form.submit')}
        </button>
      </div>
    </form>
  );
}
