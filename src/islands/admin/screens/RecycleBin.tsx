import { useTranslation } from 'react-i18next';
import { fieldLabelKey } from '../../../resources/naming.ts';
import dataRecycleLog from '../../../resources/security/dataRecycleLog.ts';
import type { AccountLabel } from '../../../shared/account.ts';
import { formatTime } from '../../../shared/time.ts';
import { useAdmin } from '../context.ts';
import { ReadOnlyDialog, useResourceLabels, type Row } from '../crud/index.ts';
import { LogScreen, useLogEntry } from './security/LogScreen.tsx';
import { accountColumn, recordLines, resourceOfTable } from './security/records.ts';

const def = dataRecycleLog;
const COLUMN_AS = { admin_id: accountColumn('admin_id') };
/** The server searches the rule's name (a joined column): the placeholder names the rule column. */
const QUICK_SEARCH = ['recycle_id'];

/** GET info: the entry with the deleted row decoded. */
interface RecycleEntry {
  id: number;
  data: unknown;
  data_table: string;
  primary_key: string;
  ip: string;
  create_time: number;
  admin: AccountLabel | null;
}

/** One recycle-bin entry: who deleted what and when, and the deleted row field by field (secrets left out). */
function RecycleInfo({ id, onClose }: { id: string; onClose(): void }) {
  const { t: own } = useTranslation('admin-screens-routine');
  const { t, fieldLabel } = useResourceLabels(def);
  const { siteConfig } = useAdmin();
  const { row, failure } = useLogEntry<RecycleEntry>(def, id);
  const owner = row ? resourceOfTable(row.data_table) : undefined;
  const lines = row ? recordLines(row.data) : [];
  return (
    <ReadOnlyDialog title={own('log.infoOf', { id })} ready={!!row} failure={failure} onClose={onClose}>
      {row && (
        <div data-recycle-info={row.id}>
          <dl className="row mb-3">
            <dt className="col-sm-3 fw-normal text-body-secondary">{fieldLabel('data_table')}</dt>
            <dd className="col-sm-9">
              <code>{row.data_table}</code>
            </dd>
            <dt className="col-sm-3 fw-normal text-body-secondary">{fieldLabel('admin_id')}</dt>
            <dd className="col-sm-9">{row.admin ? `${row.admin.nickname} (${row.admin.username})` : own('log.unknownAdmin')}</dd>
            <dt className="col-sm-3 fw-normal text-body-secondary">{fieldLabel('create_time')}</dt>
            <dd className="col-sm-9">{formatTime(row.create_time, undefined, siteConfig.timeZone)}</dd>
            <dt className="col-sm-3 fw-normal text-body-secondary">{fieldLabel('ip')}</dt>
            <dd className="col-sm-9">{row.ip}</dd>
          </dl>
          <h3 className="h6">{fieldLabel('data')}</h3>
          <div className="table-responsive">
            <table className="table table-sm table-striped align-middle mb-0" data-recycle-data="">
              <thead>
                <tr>
                  <th scope="col">{own('log.field')}</th>
                  <th scope="col">{own('log.value')}</th>
                </tr>
              </thead>
              <tbody>
                {lines.map((line) => {
                  const label = owner ? t(fieldLabelKey(owner, line.column), { defaultValue: '' }) : '';
                  return (
                    <tr key={line.column} data-data-field={line.column}>
                      <th scope="row" className="fw-normal text-nowrap">
                        <code>{line.column}</code>
                        {label && <span className="text-body-secondary ms-2">{label}</span>}
                      </th>
                      <td className="text-break" data-value="">
                        {line.hidden ? <span className="text-body-secondary fst-italic">{own('log.hidden')}</span> : line.value}
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </ReadOnlyDialog>
  );
}

/**
 * security/dataRecycleLog, the recycle bin: deleted rows by rule, table, admin and time; the deleted row in
 * a details dialog; restore (one or the selection) and delete for good, each after a confirmation.
 */
export default function RecycleBin() {
  const { t } = useTranslation('admin-screens-routine');
  return (
    <div data-screen="recycle-bin">
      <LogScreen
        def={def}
        action="restore"
        columnAs={COLUMN_AS}
        quickSearchLabels={QUICK_SEARCH}
        Info={RecycleInfo}
        confirmMessage={(count, row?: Row) => (row ? t('recycle.restoreOne', { table: String(row.data_table) }) : t('recycle.restoreMany', { count }))}
        deleteMessage={(count) => (count === 1 ? t('recycle.deleteOne') : t('recycle.deleteMany', { count }))}
      />
    </div>
  );
}
