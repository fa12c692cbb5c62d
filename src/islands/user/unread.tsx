import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteTable } from '../app/routes.ts';
import { browserRequest } from '../lib/request.ts';

/** The member-centre rule of the inbox (seed 002). */
const INBOX_RULE = 'account/message';

/** The inbox's path in the member centre, when the member's menus open it. */
export function inboxPath(table: RouteTable | null): string | null {
  for (const route of table?.routes.values() ?? []) if (route.kind === 'tab' && route.node.name === INBOX_RULE) return route.path;
  return null;
}

/**
 * The member's unread messages, read once the menus show an inbox (one message's page is enough: the
 * answer carries the count); the inbox screen reports the count as messages are read.
 */
export function useUnread(inbox: string | null): [number, (n: number) => void] {
  const [unread, setUnread] = useState(0);
  // A count the inbox reported is newer than this first read's, even when that read answers after it.
  const reported = useRef(false);
  const report = useCallback((n: number) => {
    reported.current = true;
    setUnread(n);
  }, []);
  useEffect(() => {
    if (!inbox) return;
    let current = true;
    browserRequest()<{ unread: number }>('/api/account/message', { params: { limit: 1 } }, { showCodeMessage: false }).then(
      (answer) => current && !reported.current && setUnread(Number(answer.data.unread) || 0),
      // Only a count: the inbox itself shows the problem when opened.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [inbox]);
  return [unread, report];
}

/** The count beside the inbox's menu entry and on the phone's menu button; nothing when all is read. */
export function UnreadBadge({ n, className = 'ms-auto' }: { n: number; className?: string }) {
  const { t } = useTranslation('user');
  if (n <= 0) return null;
  return (
    <span className={`badge rounded-pill text-bg-danger ${className}`} data-unread-badge={n}>
      <span aria-hidden="true">{n > 99 ? '99+' : n}</span>
      <span className="visually-hidden">{t('messages.unread', { n })}</span>
    </span>
  );
}

/** The header's envelope: straight to the inbox, with the unread count. */
export function InboxLink({ href, n }: { href: string; n: number }) {
  const { t } = useTranslation('user');
  return (
    <a className="btn btn-outline-secondary btn-sm position-relative text-nowrap" href={href} data-inbox-link="" title={t('messages.inbox')}>
      <i className="bi bi-envelope" aria-hidden="true" />
      <span className="visually-hidden">{t('messages.inbox')}</span>
      <UnreadBadge n={n} className="ms-1" />
    </a>
  );
}
