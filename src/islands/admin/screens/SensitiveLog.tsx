import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import sensitiveDataLog from '../../../resources/security/sensitiveDataLog.ts';
import type { AccountLabel } from '../../../shared/account.ts';
import { formatTime } from '../../../shared/time.ts';
import { useAdmin } from '../context.ts';
import { ReadOnlyDialog, useResourceLabels, type Row } from '../crud/index.ts';
import { LogScreen, useLogEntry } from './security/LogScreen.tsx';
import { accountColumn, hiddenColumn } from './security/records.ts';

const def = sensitiveDataLog;
/** The field's title says which field; its column name, the table and the IP are in the details. */
const COLUMN_AS = {
  admin_id: accountColumn('admin_id'),
  data_table: hiddenColumn(def, 'data_table'),
  data_field: hiddenColumn(def, 'data_field'),
  ip: hiddenColumn(def, 'ip'),
};
/** The server searches the rule's name (a joined column): the placeholder names the rule column. */
const QUICK_SEARCH = ['sensitive_id'];

/** GET info: the change (a password's values come masked). */
interface SensitiveEntry {
  id: number;
  data_table: string;
  primary_key: string;
  data_field: string;
  data_comment: string;
  /** The row's key value as stored (the list sends it as "<pk>=<value>"). */
  id_value: string | number;
  before: string | null;
  after: string | null;
  ip: string;
  useragent: string;
  create_time: number;
  admin: AccountLabel | null;
}

/** A change's field title, falling back to its column. */
const fieldOf = (row: { data_comment?: unknown; data_field?: unknown }) => String(row.data_comment || row.data_field || '');

/** One logged change: which row and field, the value before and after, who changed it, when and from where. */
function SensitiveInfo({ id, onClose }: { id: string; onClose(): void }) {
  const { t: own } = useTranslation('admin-screens-routine');
  const { fieldLabel } = useResourceLabels(def);
  const { siteConfig } = useAdmin();
  const { row, failure } = useLogEntry<SensitiveEntry>(def, id);
  const facts: [string, string][] = row
    ? [
        ['data_table', row.data_table],
        ['data_field', `${fieldOf(row)} (${row.data_field})`],
        ['id_value', `${row.primary_key}=${row.id_value}`],
        ['before', row.before ?? ''],
        ['after', row.after ?? ''],
        ['admin_id', row.admin ? `${row.admin.nickname} (${row.admin.username})` : own('log.unknownAdmin')],
        ['create_time', formatTime(row.create_time, undefined, siteConfig.timeZone)],
        ['ip', row.ip],
        ['useragent', row.useragent],
      ]
    : [];
  return (
    <ReadOnlyDialog title={own('log.infoOf', { id })} ready={!!row} failure={failure} onClose={onClose}>
      <dl className="row mb-0" data-sensitive-info={id}>
        {facts.map(([name, value]) => (
          <Fragment key={name}>
            <dt className="col-sm-3 fw-normal text-body-secondary">{fieldLabel(name)}</dt>
            <dd className="col-sm-9 text-break" data-fact={name}>
              {value}
            </dd>
          </Fragment>
        ))}
      </dl>
    </ReadOnlyDialog>
  );
}

/**
 * security/sensitiveDataLog: changes of watched fields (field, "key=value" of the row, before and after,
 * passwords masked by the server); details, rollback (one or the selection) and delete, each confirmed.
 */
export default function SensitiveLog() {
  const { t } = useTranslation('admin-screens-routine');
  return (
    <div data-screen="sensitive-log">
      <LogScreen
        def={def}
        action="rollback"
        columnAs={COLUMN_AS}
        quickSearchLabels={QUICK_SEARCH}
        Info={SensitiveInfo}
        confirmMessage={(count, row?: Row) => (row ? t('sensitive.rollbackOne', { field: fieldOf(row), row: String(row.id_value) }) : t('sensitive.rollbackMany', { count }))}
        deleteMessage={(count) => (count === 1 ? t('sensitive.deleteOne') : t('sensitive.deleteMany', { count }))}
      />
    </div>
  );
}
