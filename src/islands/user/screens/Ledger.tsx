import { useTranslation } from 'react-i18next';
import { DEFAULT_LANG, normalizeLang } from '../../../shared/i18n/langs.ts';
import { localizedText } from '../../../shared/localized.ts';
import { formatTime } from '../../../shared/time.ts';
import { LocalTextView } from '../../app/LocalTextView.tsx';
import { Pagination, pageOf } from '../components/Pagination.tsx';
import { ListStatus, usePagedList } from '../components/PagedList.tsx';
import { useMember, type ScreenProps } from '../context.ts';

/** A row of user_money_log (amounts as yuan strings) or user_score_log (whole points). */
interface LedgerRow {
  id: number;
  money?: string;
  score?: number;
  before: string | number;
  after: string | number;
  memo: string;
  /** The memo in English when the system wrote it (a top-up); staff write one memo. */
  memo_en: string;
  create_time: number;
}

interface LedgerPage {
  list: LedgerRow[];
  total: number;
}

export type LedgerKind = 'balance' | 'integral';

const LIMIT = 15;

function changeOf(row: LedgerRow, kind: LedgerKind): { text: string; sign: number } {
  const raw = kind === 'balance' ? (row.money ?? '0') : String(row.score ?? 0);
  const value = Number(raw);
  return { text: value > 0 ? `+${raw}` : raw, sign: Math.sign(value) };
}

/** The member's balance or points history, newest first, a page at a time (`?page=`); a new `version` reloads it. */
export function Ledger({ kind, location, version = 0 }: ScreenProps & { kind: LedgerKind; version?: number }) {
  const { t, i18n } = useTranslation(['user', 'common']);
  const lang = normalizeLang(i18n.language) ?? DEFAULT_LANG;
  const { site } = useMember();
  const page = pageOf(location.search);
  const { data, failed } = usePagedList<LedgerPage>(`/api/account/${kind}`, page, LIMIT, version);


  if (failed || !data || data.total === 0) {
    return (
      <ListStatus failed={failed} loading={!data} failedText={t('list.failed')} icon="bi-inbox">
        {t(`ledger.${kind}.empty`)}
      </ListStatus>
    );
  }
  return (
    <>
      <div className="table-responsive">
        <table className="table table-hover align-middle mb-0">
          <caption className="visually-hidden">{t(`ledger.${kind}.caption`, { page })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('ledger.time')}</th>
              <th scope="col" className="text-end">
                {t('ledger.change')}
              </th>
              <th scope="col" className="text-end">
                {t('ledger.before')}
              </th>
              <th scope="col" className="text-end">
                {t('ledger.after')}
              </th>
              <th scope="col">{t('ledger.memo')}</th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((row) => {
              const change = changeOf(row, kind);
              return (
                <tr key={row.id}>
                  <td className="text-nowrap">{formatTime(row.create_time, undefined, site.timeZone)}</td>
                  <td className={`text-end fw-semibold ${change.sign > 0 ? 'text-success' : change.sign < 0 ? 'text-danger' : ''}`}>
                    {change.text}
                    <span className="visually-hidden"> {t(change.sign < 0 ? 'ledger.decrease' : 'ledger.increase')}</span>
                  </td>
                  <td className="text-end">{row.before}</td>
                  <td className="text-end">{row.after}</td>
                  <td>
                    <LocalTextView value={localizedText(row, 'memo', lang)} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <Pagination page={page} total={data.total} limit={LIMIT} hrefOf={(p) => `${location.pathname}?page=${p}`} />
    </>
  );
}
