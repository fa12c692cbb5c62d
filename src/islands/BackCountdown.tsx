import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface BackCountdownProps {
  seconds: number;
  homeHref: string;
}

/** Did the visitor come from one of our pages? Only then is "back" somewhere on this site. */
function canGoBack(): boolean {
  try {
    return window.history.length > 1 && new URL(document.referrer).origin === window.location.origin;
  } catch {
    return false;
  }
}

/** The 404 page's way out: counts down and returns to the previous page (or home when there is none). */
export default function BackCountdown({ seconds, homeHref }: BackCountdownProps) {
  const { t } = useTranslation('common');
  const [left, setLeft] = useState(seconds);
  const [hasBack, setHasBack] = useState(true);

  useEffect(() => {
    setHasBack(canGoBack());
    const timer = window.setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => window.clearInterval(timer);
  }, []);

  useEffect(() => {
    if (left > 0) return;
    if (hasBack) window.history.back();
    else window.location.assign(homeHref);
  }, [left, hasBack, homeHref]);

  return (
    <>
      <p className="text-body-secondary" aria-live="polite">
        {t(hasBack ? 'notFound.autoBack' : 'notFound.autoHome', { count: left })}
      </p>
      <div className="d-flex justify-content-center gap-2">
        <a className="btn btn-primary" href={homeHref}>
          {t('notFound.home')}
        </a>
        <button type="button" className="btn btn-outline-primary" onClick={() => (hasBack ? window.history.back() : window.location.assign(homeHref))}>
          {t('notFound.back')}
        </button>
      </div>
    </>
  );
}
