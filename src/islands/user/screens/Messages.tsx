import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG, normalizeLang } from '../../../shared/i18n/langs.ts';
import { localizedText } from '../../../shared/localized.ts';
import { formatTime } from '../../../shared/time.ts';
import { LocalTextView } from '../../app/LocalTextView.tsx';
import { browserRequest } from '../../lib/request.ts';
import { Pagination, pageOf } from '../components/Pagination.tsx';
import { ListStatus, usePagedList } from '../components/PagedList.tsx';
import { useMember, type ScreenProps } from '../context.ts';

/** A row of user_message: title and content in Chinese and English. */
interface Message {
  id: number;
  title: string;
  title_en: string;
  content: string;
  content_en: string;
  read_time: number | null;
  create_time: number;
}

interface MessagePage {
  list: Message[];
  total: number;
  unread: number;
}

const LIMIT = 15;

/** The member's inbox: a page of messages, each opened in place (which marks it read), and "mark all read". */
export default function Messages({ location }: ScreenProps) {
  const { t, i18n } = useTranslation(['user', 'common']);
  const lang = normalizeLang(i18n.language) ?? DEFAULT_LANG;
  const { site, setUnread } = useMember();
  const page = pageOf(location.search);
  const { data, setData, failed } = usePagedList<MessagePage>('/api/account/message', page, LIMIT);
  const [open, setOpen] = useState<number | null>(null);
  const [opening, setOpening] = useState<number | null>(null);
  const [marking, setMarking] = useState(false);

  useEffect(() => {
    if (data) setUnread(data.unread);
  }, [data, setUnread]);

  // A message opened on one page is not open on the next.
  useEffect(() => setOpen(null), [page]);

  async function toggle(message: Message): Promise<void> {
    if (open === message.id) return setOpen(null);
    if (message.read_time) return setOpen(message.id);
    setOpening(message.id);
    try {
      const answer = await browserRequest()<{ row: Message; unread: number }>('/api/account/message', { params: { id: message.id } });
      setData((d) => d && { ...d, unread: answer.data.unread, list: d.list.map((m) => (m.id === message.id ? answer.data.row : m)) });
      setOpen(message.id);
    } catch {
      // The request client said why.
    } finally {
      setOpening(null);
    }
  }

  async function markAll(): Promise<void> {
    setMarking(true);
    try {
      const answer = await browserRequest()<{ unread: number }>('/api/account/message', { method: 'POST' }, { showSuccessMessage: true });
      const now = Math.floor(Date.now() / 1000);
      setData((d) => d && { ...d, unread: answer.data.unread, list: d.list.map((m) => ({ ...m, read_time: m.read_time ?? now })) });
    } catch {
      // The request client said why.
    } finally {
      setMarking(false);
    }
  }

  if (failed || !data || data.total === 0) {
    return (
      <ListStatus failed={failed} loading={!data} failedText={t('list.failed')} icon="bi-envelope-open">
        {t('messages.empty')}
      </ListStatus>
    );
  }
  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <span className={`badge ${data.unread > 0 ? 'text-bg-danger' : 'text-bg-secondary'}`} aria-live="polite" data-unread={data.unread}>
          {t('messages.unread', { n: data.unread })}
        </span>
        <button type="button" className="btn btn-outline-primary btn-sm ms-auto" onClick={() => void markAll()} disabled={marking || data.unread === 0}>
          {marking && <span className="spinner-border spinner-border-sm me-1" aria-hidden="true" />}
          {t('messages.markAll')}
        </button>
      </div>
      <ul className="list-group">
        {data.list.map((message) => {
          const expanded = open === message.id;
          return (
            <li key={message.id} className="list-group-item p-0">
              <button
                type="button"
                className="btn w-100 text-start d-flex align-items-center gap-2 px-3 py-2 border-0 rounded-0"
                aria-expanded={expanded}
                aria-controls={`message-${message.id}`}
                onClick={() => void toggle(message)}
                disabled={opening === message.id}
              >
                {!message.read_time && <span className="badge text-bg-danger">{t('messages.new')}</span>}
                <span className={`flex-grow-1 text-truncate${message.read_time ? '' : ' fw-semibold'}`}>
                  <LocalTextView value={localizedText(message, 'title', lang)} />
                </span>
                <small className="text-body-secondary text-nowrap">{formatTime(message.create_time, 'yyyy-mm-dd hh:MM', site.timeZone)}</small>
                {opening === message.id ? (
                  <span className="spinner-border spinner-border-sm" aria-hidden="true" />
                ) : (
                  <i className={`bi ${expanded ? 'bi-chevron-up' : 'bi-chevron-down'}`} aria-hidden="true" />
                )}
              </button>
              {expanded && (
                <div id={`message-${message.id}`} className="px-3 pb-3 member-message-body">
                  <LocalTextView value={localizedText(message, 'content', lang)} />
                </div>
              )}
            </li>
          );
        })}
      </ul>
      <Pagination page={page} total={data.total} limit={LIMIT} hrefOf={(p) => `${location.pathname}?page=${p}`} />
    </>
  );
}
