import { useTranslation } from 'react-i18next';
import userResource from '../../../resources/user/user.ts';
import { joinPath } from '../../app/paths.ts';
import { useAdmin } from '../context.ts';
import { CrudPage, type Row } from '../crud/index.ts';
import { MEMBER_PARAM } from './Ledger.tsx';

/** The ledger pages a member row links to, with what each shows of the member. */
const LEDGERS = [
  { name: 'user/moneyLog', column: 'money', icon: 'bi-cash-coin', label: 'members.moneyLedger' },
  { name: 'user/scoreLog', column: 'score', icon: 'bi-award', label: 'members.scoreLedger' },
] as const;

/**
 * user/user: the generic member screen. Balance and points are read-only columns here (reference 3.5; they
 * change through the ledgers); each row links to that member's balance and points ledgers.
 */
export default function Members() {
  const { auth, adminBase } = useAdmin();
  const { t } = useTranslation('admin-screens-auth');

  function rowActions(row: Row) {
    const id = String(row[userResource.pk]);
    const name = typeof row.username === 'string' ? row.username : `#${id}`;
    return LEDGERS.filter((ledger) => auth({ name: ledger.name })).map((ledger) => (
      // A plain link: the shell opens admin links in the app, and a middle click opens a new window.
      <a
        key={ledger.name}
        href={`${joinPath(adminBase, ledger.name)}?${MEMBER_PARAM}=${id}`}
        className="btn btn-sm btn-outline-secondary"
        aria-label={t(ledger.label, { name, amount: String(row[ledger.column] ?? '') })}
        title={t(ledger.label, { name, amount: String(row[ledger.column] ?? '') })}
        data-ledger-link={ledger.name}
      >
        <i className={`bi ${ledger.icon}`} aria-hidden="true" />
      </a>
    ));
  }

  return <CrudPage def={userResource} rowActions={rowActions} />;
}
