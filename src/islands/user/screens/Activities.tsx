import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizeLang, DEFAULT_LANG } from '../../../shared/i18n/langs.ts';
import { withLang } from '../../../shared/i18n/links.ts';
import type { MemberSignup, SignupState } from '../../../shared/activity.ts';
import { formatTime } from '../../../shared/time.ts';
import { browserRequest } from '../../lib/request.ts';
import { Pagination, pageOf } from '../components/Pagination.tsx';
import { ListStatus, usePagedList } from '../components/PagedList.tsx';
import { useMember, type ScreenProps } from '../context.ts';

interface SignupPage {
  list: MemberSignup[];
  total: number;
}

const LIMIT = 10;

const BADGE: Record<SignupState, string> = {
  confirmed: 'text-bg-success',
  waitlisted: 'text-bg-warning',
  cancelled: 'text-bg-secondary',
};

/**
 * "My activities": the member's sign-ups, newest first, each with its status; a confirmed place shows its
 * check-in code and the code as a QR image to show at the venue, and anything still open may be given up.
 */
export default function Activities({ location }: ScreenProps) {
  const { t, i18n } = useTranslation(['activity', 'common']);
  const { site } = useMember();
  const lang = normalizeLang(i18n.language) ?? DEFAULT_LANG;
  const page = pageOf(location.search);
  const [version, setVersion] = useState(0);
  const [busy, setBusy] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<number | null>(null);
  const { data, failed } = usePagedList<SignupPage>('/api/account/activities', page, LIMIT, version);
  const time = (seconds: number) => formatTime(seconds, 'yyyy-mm-dd hh:MM', site.timeZone);

  async function cancel(item: MemberSignup): Promise<void> {
    setBusy(item.id);
    try {
      await browserRequest()('/api/activity/cancel', { method: 'POST', body: { id: item.rowId, resource: item.resource } }, { showSuccessMessage: true });
    } catch {
      // The request client showed why.
    } finally {
      setBusy(null);
      setConfirming(null);
      setVersion((v) => v + 1);
    }
  }

  if (failed || !data || data.total === 0) {
    return (
      <ListStatus failed={failed} loading={!data} failedText={t('mine.failed')} icon="bi-calendar-event">
        <p>{t('mine.empty')}</p>
        <a className="btn btn-primary" href={withLang('/brand', lang)}>
          {t('mine.browse')}
        </a>
      </ListStatus>
    );
  }
  return (
    <>
      <ul className="list-group">
        {data.list.map((item) => (
          <li key={item.id} className="list-group-item d-flex flex-wrap gap-3 align-items-start" data-signup={item.id} data-status={item.status}>
            <div className="flex-grow-1" style={{ minWidth: 0 }}>
              <div className="d-flex flex-wrap align-items-center gap-2">
                <h2 className="h6 mb-0 text-break">{item.url ? <a href={withLang(item.url, lang)}>{item.title}</a> : item.title}</h2>
                <span className={`badge ${BADGE[item.status]}`}>{t(`mine.status.${item.status}`)}</span>
              </div>
              <div className="small text-body-secondary mt-1">
                {item.startTime > 0 && t('mine.starts', { time: time(item.startTime) })}
                {item.fee !== '0.00' && ` · ${t('mine.paid', { fee: item.fee })}`}
                {item.refund !== '0.00' && ` · ${t('mine.refunded', { fee: item.refund })}`}
              </div>
              {item.checkinTime !== null && <p className="small text-success mb-0 mt-1">{t('mine.checkedIn', { time: time(item.checkinTime) })}</p>}
              {item.cancellable && (
                <div className="mt-2">
                  {item.status === 'confirmed' && <span className="small text-body-secondary me-2">{t('mine.cancelUntil', { time: time(item.cancelUntil) })}</span>}
                  {confirming === item.id ? (
                    <span role="group" aria-label={t('signup.cancel')}>
                      <span className="small d-block mb-2">{t('signup.confirmCancel')}</span>
                      <button type="button" className="btn btn-danger btn-sm me-2" disabled={busy === item.id} onClick={() => void cancel(item)} data-action="confirm-cancel">
                        {t('signup.confirm')}
                      </button>
                      <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setConfirming(null)}>
                        {t('signup.keep')}
                      </button>
                    </span>
                  ) : (
                    <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setConfirming(item.id)} data-action="cancel">
                      {item.status === 'confirmed' ? t('signup.cancel') : t('signup.leaveWaitlist')}
                    </button>
                  )}
                </div>
              )}
            </div>
            {item.qr && (
              <figure className="text-center mb-0">
                <img src={item.qr} alt={t('mine.qrAlt', { code: item.code })} width={144} height={144} className="border rounded" data-qr={item.code} />
                <figcaption className="small mt-1">
                  {t('mine.code')} <strong className="font-monospace">{item.code}</strong>
                  <br />
                  <span className="text-body-secondary">{t('mine.showAtVenue')}</span>
                </figcaption>
              </figure>
            )}
          </li>
        ))}
      </ul>
      <Pagination page={page} total={data.total} limit={LIMIT} hrefOf={(p) => `${location.pathname}?page=${p}`} />
    </>
  );
}
