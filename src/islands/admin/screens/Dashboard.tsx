import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { greetingKey } from '../../../shared/greeting.ts';
import { formatTime } from '../../../shared/time.ts';
import { useAdmin } from '../context.ts';
import { LineChart } from '../LineChart.tsx';
import { Spinner } from '../../app/Spinner.tsx';
import type { TodoSection } from '../../../resources/todo.ts';
import { DashboardTodo } from './DashboardTodo.tsx';
import { RegistrationNotice } from './RegistrationNotice.tsx';

/** GET /admin/Dashboard/index. */
interface DashboardData {
  remark: string;
  /** What needs doing among the lists the admin may open. */
  todo: TodoSection[];
  /** Whether members can register: the site can send them a code by mail or SMS. */
  registration: { open: boolean };
  stats: {
    /** The last 30 days in the site's time zone, oldest first ('yyyy-mm-dd'). */
    memberJoins: { dates: string[]; counts: number[] };
    /** Yuan paid per day over the same days; null for admins who may not see the orders. */
    paidPerDay: { dates: string[]; amounts: string[] } | null;
    totals: { members: number; admins: number; attachments: number };
    content: { name: string; title: string; published: number; total: number }[];
    recentActivity: { id: number; time: number; username: string; title: string }[];
  };
}

const TOTALS = [
  { key: 'members', icon: 'bi-people' },
  { key: 'admins', icon: 'bi-person-badge' },
  { key: 'attachments', icon: 'bi-paperclip' },
] as const;

/** Days read as month-day under the axis. */
function axisLabel(day: string): string {
  return day.slice(5);
}

/** Paid top-ups per day, in yuan, with their total. */
function PaidChart({ dates, amounts }: { dates: string[]; amounts: string[] }) {
  const { t } = useTranslation(['pay', 'admin']);
  const values = amounts.map(Number);
  const total = (amounts.reduce((sum, a) => sum + Math.round(Number(a) * 100), 0) / 100).toFixed(2);
  const summary = t('dashboard.paidSummary', { days: dates.length, total });
  return (
    <div className="admin-card mb-3" data-paid-chart="">
      <LineChart
        title={t('dashboard.paidTitle')}
        labels={dates}
        values={values}
        axisLabel={axisLabel}
        labelHeading={t('admin:dashboard.day')}
        valueHeading={t('dashboard.paidAmount')}
        summary={summary}
      />
      <p className="small text-body-secondary mb-0 mt-2" data-paid-total={total}>
        {summary}
      </p>
    </div>
  );
}

/** The dashboard: the admin's greeting and real figures (members joined, totals, content, recent activity). */
export default function Dashboard() {
  const { t } = useTranslation(['admin', 'common', 'pay']);
  const { request, adminInfo, siteConfig } = useAdmin();
  const [data, setData] = useState<DashboardData | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    request<DashboardData>('/admin/Dashboard/index').then(
      (answer) => current && setData(answer.data),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, [request]);

  const greeting = `${t(`common:greeting.${greetingKey(new Date().getHours())}`)} ${t('dashboard.welcome', { name: adminInfo.nickname })}`;
  if (failed) {
    return (
      <div data-screen="dashboard">
        <div className="alert alert-danger" role="alert">
          {t('dashboard.failed')}
        </div>
      </div>
    );
  }
  if (!data) {
    return <Spinner screen="dashboard" label={t('common:title.loading')} />;
  }

  const { memberJoins, paidPerDay, totals, content, recentActivity } = data.stats;
  const joined = memberJoins.counts.reduce((a, b) => a + b, 0);
  const busiest = memberJoins.counts.reduce((best, n, i) => (n > (memberJoins.counts[best] ?? 0) ? i : best), 0);
  const summary =
    joined === 0
      ? t('dashboard.joinsNone')
      : t('dashboard.joinsSummary', { total: joined, day: memberJoins.dates[busiest], most: memberJoins.counts[busiest] });

  return (
    <div data-screen="dashboard" className="admin-dashboard">
      <div className="admin-card admin-welcome mb-3">
        <h2 className="h5 mb-1">{greeting}</h2>
        {adminInfo.last_login_time && <p className="mb-0 text-body-secondary small" data-last-login="">{t('header.lastLogin', { time: adminInfo.last_login_time })}</p>}
      </div>
      {!data.registration.open && <RegistrationNotice />}
      {data.remark && (
        <div className="alert alert-info" role="note">
          {data.remark}
        </div>
      )}
      <DashboardTodo sections={data.todo} />
      {/* A <dl> holds only dt/dd pairs, each in one div: the icon goes inside the term. */}
      <dl className="admin-stats mb-3">
        {TOTALS.map(({ key, icon }) => (
          <div className="admin-card admin-stat" key={key}>
            <dt>
              <i className={`bi ${icon} admin-stat-icon`} aria-hidden="true" />
              {t(`dashboard.totals.${key}`)}
            </dt>
            <dd data-total={key}>{totals[key]}</dd>
          </div>
        ))}
      </dl>
      <div className="admin-card mb-3">
        <LineChart
          title={t('dashboard.joinsTitle')}
          labels={memberJoins.dates}
          values={memberJoins.counts}
          axisLabel={axisLabel}
          labelHeading={t('dashboard.day')}
          valueHeading={t('dashboard.joined')}
          summary={summary}
        />
        <p className="small text-body-secondary mb-0 mt-2" data-joins-total="">
          {summary}
        </p>
      </div>
      {paidPerDay && <PaidChart dates={paidPerDay.dates} amounts={paidPerDay.amounts} />}
      <div className="row g-3">
        <div className="col-lg-6">
          <section className="admin-card h-100" aria-labelledby="dashboard-content">
            <h2 className="h6 fw-semibold" id="dashboard-content">
              {t('dashboard.content')}
            </h2>
            <table className="table table-sm align-middle mb-0" data-content-counts="">
              <thead>
                <tr>
                  <th scope="col">{t('dashboard.kind')}</th>
                  <th scope="col" className="text-end">
                    {t('dashboard.published')}
                  </th>
                  <th scope="col" className="text-end">
                    {t('dashboard.total')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {content.map((row) => (
                  <tr key={row.name} data-content={row.name}>
                    <th scope="row" className="fw-normal">
                      {row.title}
                    </th>
                    <td className="text-end">{row.published}</td>
                    <td className="text-end">{row.total}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        </div>
        <div className="col-lg-6">
          <section className="admin-card h-100" aria-labelledby="dashboard-activity">
            <h2 className="h6 fw-semibold" id="dashboard-activity">
              {t('dashboard.activity')}
            </h2>
            {recentActivity.length === 0 ? (
              <p className="admin-empty mb-0">{t('dashboard.noActivity')}</p>
            ) : (
              <ol className="list-unstyled mb-0 admin-activity" data-activity="">
                {recentActivity.map((entry) => (
                  <li key={entry.id}>
                    <time className="small text-body-secondary" dateTime={new Date(entry.time * 1000).toISOString()}>
                      {formatTime(entry.time, undefined, siteConfig.timeZone)}
                    </time>
                    <span>{t('dashboard.activityEntry', { name: entry.username, title: entry.title })}</span>
                  </li>
                ))}
              </ol>
            )}
          </section>
        </div>
      </div>
    </div>
  );
}
