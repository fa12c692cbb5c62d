import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SignupFacts, SignupStatus } from '../shared/activity.ts';
import { formatTime } from '../shared/time.ts';
import { browserRequest } from './lib/request.ts';

export interface ActivitySignupProps {
  id: number;
  /** What the page prints of the sign-ups: the same for everyone, so the page stays cacheable. */
  facts: SignupFacts;
  timeZone: string;
  /** The login page, set to come back here (in the page language). */
  loginHref: string;
  /** "My activities" in the member centre, where the check-in code is shown as a QR image. */
  activitiesHref: string;
}

const when = (seconds: number, timeZone: string) => formatTime(seconds, 'yyyy-mm-dd hh:MM', timeZone);

/**
 * The sign-up box of an activity page. The server renders the facts and a login link; in the browser the
 * island reads the live state (places left, the waitlist, the member's own sign-up) and offers signing up,
 * joining the waitlist or giving the place up, each answered with the server's message.
 */
export default function ActivitySignup({ id, facts, timeZone, loginHref, activitiesHref }: ActivitySignupProps) {
  const { t } = useTranslation('activity');
  const [status, setStatus] = useState<SignupStatus | null>(null);
  const [failed, setFailed] = useState(false);
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);

  const load = useCallback(async () => {
    try {
      setStatus((await browserRequest()<SignupStatus>('/api/activity/status', { params: { id } }, { showCodeMessage: false })).data);
      setFailed(false);
    } catch {
      setFailed(true);
    }
  }, [id]);

  useEffect(() => {
    void load();
  }, [load]);

  async function act(action: 'signup' | 'cancel'): Promise<void> {
    setBusy(true);
    try {
      await browserRequest()(`/api/activity/${action}`, { method: 'POST', body: { id } }, { showSuccessMessage: true });
    } catch {
      // The request client showed why (a full balance, a closed window...).
    } finally {
      setConfirming(false);
      setBusy(false);
      await load();
    }
  }

  const places =
    status === null
      ? facts.capacity > 0
        ? t('signup.capacity', { capacity: facts.capacity })
        : null
      : status.left === null
        ? t('signup.unlimited', { taken: status.taken })
        : status.left > 0
          ? t('signup.places', { left: status.left, capacity: status.capacity })
          : t('signup.full', { count: status.waitlist });
  const mine = status?.mine ?? null;
  const open = (status?.window ?? 'open') === 'open';
  return (
    <section className="fact-box signup-box" aria-labelledby={`signup-${id}`} data-signup={status?.window ?? 'loading'}>
      <h2 className="h6" id={`signup-${id}`}>
        {t('signup.heading')}
      </h2>
      <dl className="mb-2">
        {places && (
          <>
            <dt>{t('signup.placesLabel')}</dt>
            <dd data-places="">{places}</dd>
          </>
        )}
        <dt>{t('signup.fee')}</dt>
        <dd>{facts.fee === '0.00' ? t('signup.free') : t('signup.feeAmount', { fee: facts.fee })}</dd>
        {facts.opensAt !== null && (
          <>
            <dt>{t('signup.opens')}</dt>
            <dd>{when(facts.opensAt, timeZone)}</dd>
          </>
        )}
        <dt>{t('signup.closes')}</dt>
        <dd>{when(facts.closesAt, timeZone)}</dd>
        <dt>{t('signup.cancelUntil')}</dt>
        <dd>{when(facts.cancelUntil, timeZone)}</dd>
      </dl>
      {failed && <p className="small text-danger mb-0">{t('signup.failed')}</p>}
      {status?.window === 'notYet' && status.opensAt !== null && <p className="mb-0">{t('signup.notYet', { time: when(status.opensAt, timeZone) })}</p>}
      {status?.window === 'closed' && !mine && <p className="mb-0">{t('signup.closedNow')}</p>}
      {mine && (
        <p className="mb-2" data-mine={mine.status}>
          {mine.status === 'confirmed' ? t('signup.yourPlace', { code: mine.code }) : t('signup.yourWait')} <a href={activitiesHref}>{t('signup.myActivities')}</a>
        </p>
      )}
      {open && status?.member === false && (
        <a className="btn btn-primary" href={loginHref}>
          {t('signup.login')}
        </a>
      )}
      {status === null && !failed && (
        <a className="btn btn-primary" href={loginHref}>
          {t('signup.login')}
        </a>
      )}
      {open && status?.member && !mine && (
        <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void act('signup')} data-action="signup">
          {status.left === 0 ? t('signup.joinWaitlist') : t('signup.signUp')}
        </button>
      )}
      {mine && !confirming && (mine.status === 'waitlisted' || Date.now() / 1000 < facts.cancelUntil) && (
        <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy} onClick={() => setConfirming(true)} data-action="cancel">
          {mine.status === 'confirmed' ? t('signup.cancel') : t('signup.leaveWaitlist')}
        </button>
      )}
      {confirming && (
        <div role="group" aria-label={t('signup.cancel')}>
          <p className="small mb-2">{t('signup.confirmCancel')}</p>
          <button type="button" className="btn btn-danger btn-sm me-2" disabled={busy} onClick={() => void act('cancel')} data-action="confirm-cancel">
            {t('signup.confirm')}
          </button>
          <button type="button" className="btn btn-outline-secondary btn-sm" disabled={busy} onClick={() => setConfirming(false)}>
            {t('signup.keep')}
          </button>
        </div>
      )}
    </section>
  );
}
