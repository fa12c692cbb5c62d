import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { greetingKey } from '../../../shared/greeting.ts';
import { formatTime } from '../../../shared/time.ts';
import { browserRequest } from '../../lib/request.ts';
import { BarChart } from '../components/BarChart.tsx';
import { useMember } from '../context.ts';
import { Spinner } from '../../app/Spinner.tsx';

/** GET /api/account/overview: the last 7 days, oldest first. */
interface OverviewData {
  days: string[];
  score: number[];
  /** Yuan strings, e.g. "-3.50". */
  money: string[];
}

function sum(values: readonly number[]): number {
  return values.reduce((a, b) => a + b, 0);
}

/** The member's figures at a glance and the 7-day changes of balance and points. */
export default function Overview() {
  const { t } = useTranslation(['user', 'common']);
  const { user, site } = useMember();
  const [data, setData] = useState<OverviewData | null>(null);
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current = true;
    browserRequest()<OverviewData>('/api/account/overview').then(
      (answer) => current && setData(answer.data),
      () => current && setFailed(true),
    );
    return () => {
      current = false;
    };
  }, []);

  const money = data?.money.map(Number) ?? [];
  const yuan = (v: number) => v.toFixed(2);
  const points = (v: number) => String(v);
  const short = (day: string) => day.slice(5);

  return (
    <div data-screen="overview">
      <p className="lead mb-3">
        {t(`common:greeting.${greetingKey(new Date().getHours())}`)} <strong>{user.nickname}</strong>
      </p>
      <div className="row g-3 mb-4">
        <div className="col-6 col-xl-3">
          <dl className="member-stat">
            <dt>{t('overview.balance')}</dt>
            <dd>{user.money}</dd>
          </dl>
        </div>
        <div className="col-6 col-xl-3">
          <dl className="member-stat">
            <dt>{t('overview.score')}</dt>
            <dd>{user.score}</dd>
          </dl>
        </div>
        <div className="col-12 col-sm-6 col-xl-3">
          <dl className="member-stat">
            <dt>{t('overview.joined')}</dt>
            <dd className="fs-6">{formatTime(user.join_time, undefined, site.timeZone) || t('overview.unknown')}</dd>
          </dl>
        </div>
        <div className="col-12 col-sm-6 col-xl-3">
          <dl className="member-stat">
            <dt>{t('overview.lastLogin')}</dt>
            <dd className="fs-6" data-last-login="">
              {formatTime(user.last_login_time, undefined, site.timeZone) || t('overview.unknown')}
              {user.last_login_ip && <span className="d-block small text-body-secondary">{user.last_login_ip}</span>}
            </dd>
          </dl>
        </div>
      </div>
      {failed && (
        <div className="alert alert-warning" role="alert">
          {t('overview.chartsFailed')}
        </div>
      )}
      {!data && !failed && (
        <Spinner compact label={t('common:title.loading')} />
      )}
      {data && (
        <div className="row g-4">
          <div className="col-12 col-lg-6">
            <div className="card card-body">
              <BarChart
                title={t('overview.moneyChart')}
                labels={data.days}
                axisLabel={short}
                values={money}
                format={yuan}
                labelHeading={t('overview.day')}
                valueHeading={t('overview.moneyChange')}
                summary={t('overview.moneySummary', { total: yuan(sum(money)), days: data.days.length })}
              />
            </div>
          </div>
          <div className="col-12 col-lg-6">
            <div className="card card-body">
              <BarChart
                title={t('overview.scoreChart')}
                labels={data.days}
                axisLabel={short}
                values={data.score}
                format={points}
                labelHeading={t('overview.day')}
                valueHeading={t('overview.scoreChange')}
                summary={t('overview.scoreSummary', { total: sum(data.score), days: data.days.length })}
                color="var(--bs-warning)"
              />
            </div>
          </div>
        </div>
      )}
    </div>
  );
}
