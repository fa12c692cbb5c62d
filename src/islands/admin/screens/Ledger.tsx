import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceDef } from '../../../resources/types.ts';
import moneyLog from '../../../resources/user/moneyLog.ts';
import scoreLog from '../../../resources/user/scoreLog.ts';
import { joinPath } from '../../app/paths.ts';
import { useAdmin, type ScreenProps } from '../context.ts';
import { CrudPage, type SearchEntry } from '../crud/index.ts';
import { LedgerDialog, type LedgerColumn } from './LedgerDialog.tsx';

const LEDGERS: Record<string, { def: ResourceDef; column: LedgerColumn }> = {
  'user/moneyLog': { def: moneyLog, column: 'money' },
  'user/scoreLog': { def: scoreLog, column: 'score' },
};

/** The query parameter a member row's ledger link sets (Members screen). */
export const MEMBER_PARAM = 'user_id';

function memberOf(search: string): string | null {
  const id = new URLSearchParams(search).get(MEMBER_PARAM);
  return id && /^\d+$/.test(id) ? id : null;
}

/**
 * The member a ledger is filtered by, from the address (`?user_id=`). The shell gives screens no location,
 * but it renders the open screens again on every navigation: the address is read then, and only while it
 * is this screen's own page (another tab's address must not clear the filter).
 */
function useMemberFilter(ownPath: string): string | null {
  const here = window.location.pathname.replace(/\/+$/, '') === ownPath ? window.location.search : null;
  const [member, setMember] = useState<string | null>(() => (here === null ? null : memberOf(here)));
  useEffect(() => {
    if (here !== null) setMember(memberOf(here));
  }, [here]);
  return member;
}

function LedgerScreen({ def, column, ownPath }: { def: ResourceDef; column: LedgerColumn; ownPath: string }) {
  const { auth, navigate } = useAdmin();
  const { t } = useTranslation('admin-screens-auth');
  const member = useMemberFilter(ownPath);
  const [adding, setAdding] = useState(false);
  // A new line shows at the top of page one: after an add the list starts afresh.
  const [version, setVersion] = useState(0);
  const search: SearchEntry[] = member ? [{ field: MEMBER_PARAM, operator: 'eq', val: member }] : [];

  return (
    <>
      <CrudPage
        key={version}
        def={def}
        // Insert-only (reference 3.8): lines are never edited or deleted; adding has its own dialog.
        without={['add', 'edit', 'del', 'sortable']}
        list={{ params: { search } }}
        toolbar={
          <>
            {auth('add') && (
              <button type="button" className="btn btn-sm btn-primary" onClick={() => setAdding(true)} data-toolbar="add">
                <i className="bi bi-plus-lg me-1" aria-hidden="true" />
                {t(`ledger.${column}.add`)}
              </button>
            )}
            {member && (
              <span className="badge text-bg-info d-inline-flex align-items-center gap-2 py-2" data-member-filter={member}>
                {t('ledger.filtered', { id: member })}
                <button type="button" className="btn-close btn-close-white" style={{ fontSize: '.55rem' }} aria-label={t('ledger.showAll')} title={t('ledger.showAll')} onClick={() => navigate(ownPath)} />
              </span>
            )}
          </>
        }
      />
      {adding && (
        <LedgerDialog
          def={def}
          column={column}
          userId={member ?? undefined}
          onClose={() => setAdding(false)}
          onSaved={() => {
            setAdding(false);
            setVersion((v) => v + 1);
          }}
        />
      )}
    </>
  );
}

/** user/moneyLog and user/scoreLog: the generic list of an insert-only ledger, and its add dialog. */
export default function Ledger({ route, screen }: ScreenProps) {
  const { adminBase } = useAdmin();
  const { t } = useTranslation('crud-ui');
  const ledger = LEDGERS[screen];
  if (!ledger) {
    return (
      <div className="alert alert-warning" role="alert">
        {t('unknownResource', { name: route.component })}
      </div>
    );
  }
  return <LedgerScreen key={ledger.def.name} def={ledger.def} column={ledger.column} ownPath={joinPath(adminBase, route.path)} />;
}
