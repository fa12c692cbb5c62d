import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface BackCountdownProps {
  seconds: number;
  homeHref: string;
}

/** The page the visitor came from when it is one of ours (only then is "back" somewhere on this site). */
function previousPage(): URL | null {
  try {
    const from = new URL(document.referrer);
    return window.history.length > 1 && from.origin === window.location.origin ? from : null;
  } catch {
    return null;
  }
}

/**
 * The 404 page's way out: says where it will go (the previous page, named by its address, or home), counts
 * down, and can be stopped; the home and back buttons stay either way.
 */
export default function BackCountdown({ seconds, homeHref }: BackCountdownProps) {
  const { t } = useTranslation('common');
  const [left, setLeft] = useState(seconds);
  const [back, setBack] = useState<URL | null>(null);
  const [stopped, setStopped] = useState(false);

  useEffect(() => setBack(previousPage()), []);

  useEffect(() => {
    if (stopped) return;
    const timer = window.setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [stopped]);

  const leave = () => (back ? window.history.back() : window.location.assign(homeHref));

  useEffect(() => {
    if (left === 0 && !stopped) leave();
    // `leave` reads only `back` and `homeHref`.
  }, [left, stopped, back, homeHref]);

  const target = back ? decodeURI(back.pathname + back.search) : '';
  return (
    <>
      <p className="text-body-secondary" data-countdown={stopped ? 'stopped' : left}>
        {stopped ? t('notFound.stopped') : back ? t('notFound.autoBack', { count: left, target }) : t('notFound.autoHome', { count: left })}
      </p>
      <div className="d-flex flex-wrap justify-content-center gap-2">
        <a className="btn btn-primary" href={homeHref}>
          {t('notFound.home')}
        </a>
        <button type="button" className="btn btn-outline-primary" onClick={leave}>
          {t('notFound.back')}
        </button>
        {!stopped && (
          <button type="button" className="btn btn-outline-secondary" onClick={() => setStopped(true)} data-countdown-stop="">
            {t('notFound.stop')}
          </button>
        )}
      </div>
    </>
  );
}
