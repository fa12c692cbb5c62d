import { useTranslation } from 'react-i18next';
import { normalizeLang, DEFAULT_LANG } from '../../../shared/i18n/langs.ts';
import { withLang } from '../../../shared/i18n/links.ts';
import type { ApplicationStatus, MemberApplication } from '../../../shared/schemas/trail.ts';
import { formatTime } from '../../../shared/time.ts';
import { Pagination, pageOf } from '../components/Pagination.tsx';
import { ListStatus, usePagedList } from '../components/PagedList.tsx';
import { useMember, type ScreenProps } from '../context.ts';

interface ApplicationPage {
  list: MemberApplication[];
  total: number;
}

const LIMIT = 10;

const BADGE: Record<ApplicationStatus, string> = {
  pending: 'text-bg-warning',
  approved: 'text-bg-success',
  rejected: 'text-bg-danger',
};

/** The member's trail applications with their review: status, the reviewer's remark, and the trail once published. */
export default function TrailApplications({ location }: ScreenProps) {
  const { t, i18n } = useTranslation(['trail', 'common']);
  const { site } = useMember();
  const lang = normalizeLang(i18n.language) ?? DEFAULT_LANG;
  const page = pageOf(location.search);
  const { data, failed } = usePagedList<ApplicationPage>('/api/trail/applications', page, LIMIT);
  const applyHref = withLang('/trail/apply', lang);


  if (failed || !data || data.total === 0) {
    return (
      <ListStatus failed={failed} loading={!data} failedText={t('list.failed')} icon="bi-signpost-2">
        <p>{t('list.empty')}</p>
        <a className="btn btn-primary" href={applyHref}>
          {t('list.apply')}
        </a>
      </ListStatus>
    );
  }
  return (
    <>
      <div className="d-flex justify-content-end mb-3">
        <a className="btn btn-primary btn-sm" href={applyHref}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('list.apply')}
        </a>
      </div>
      <ul className="list-group">
        {data.list.map((item) => (
          <li key={item.id} className="list-group-item d-flex gap-3 align-items-start" data-application={item.id} data-status={item.status}>
            {item.cover && <img src={site.cdnUrl + item.cover} alt="" width={96} height={72} className="rounded flex-shrink-0 object-fit-cover" loading="lazy" />}
            <div className="flex-grow-1" style={{ minWidth: 0 }}>
              <div className="d-flex flex-wrap align-items-center gap-2">
                <h2 className="h6 mb-0 text-break">{item.title}</h2>
                <span className={`badge ${BADGE[item.status]}`}>{t(`status.${item.status}`)}</span>
              </div>
              <div className="small text-body-secondary mt-1">
                {[item.canal, item.city].filter(Boolean).join(' · ')}
                {item.canal ? ' · ' : ''}
                {t('list.submitted', { time: formatTime(item.create_time, 'yyyy-mm-dd hh:MM', site.timeZone) })}
                {item.review_time ? ` · ${t('list.reviewed', { time: formatTime(item.review_time, 'yyyy-mm-dd hh:MM', site.timeZone) })}` : ''}
              </div>
              {item.remark && (
                <p className="small mb-0 mt-2">
                  <strong>{t('list.remark')}</strong> <span className="text-break">{item.remark}</span>
                </p>
              )}
              {item.status === 'rejected' && (
                <a className="btn btn-outline-primary btn-sm mt-2" href={withLang(`/trail/apply?id=${item.id}`, lang)} data-change-application={item.id}>
                  <i className="bi bi-pencil me-1" aria-hidden="true" />
                  {t('list.change')}
                </a>
              )}
              {item.status === 'approved' && item.trail_id !== null && (
                <a className="btn btn-outline-success btn-sm mt-2" href={withLang(`/trail/info?id=${item.trail_id}`, lang)} data-trail-link={item.trail_id}>
                  <i className="bi bi-box-arrow-up-right me-1" aria-hidden="true" />
                  {t('list.viewTrail')}
                </a>
              )}
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={page} total={data.total} limit={LIMIT} hrefOf={(p) => `${location.pathname}?page=${p}`} />
    </>
  );
}
