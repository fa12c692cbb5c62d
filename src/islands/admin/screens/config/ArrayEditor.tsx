import { useTranslation } from 'react-i18next';
import { emptyRow, type KeyValueRow } from './model.ts';

/** A row's two cells, in column order; each input is marked `data-array-<part>`. */
const PARTS = ['key', 'value'] as const;

export interface ArrayEditorProps {
  id: string;
  rows: readonly KeyValueRow[];
  onChange(rows: KeyValueRow[]): void;
  labelledBy: string;
  describedBy?: string;
  invalid?: boolean;
}

/** The key/value rows of an array item (config groups, quick entrances...): edit, add and remove rows. */
export function ArrayEditor({ id, rows, onChange, labelledBy, describedBy, invalid = false }: ArrayEditorProps) {
  const { t } = useTranslation('admin-screens-routine');
  const set = (at: number, change: Partial<KeyValueRow>) => onChange(rows.map((r, i) => (i === at ? { ...r, ...change } : r)));
  const control = `form-control form-control-sm${invalid ? ' is-invalid' : ''}`;
  return (
    <div id={id} role="group" aria-labelledby={labelledBy} aria-describedby={describedBy} data-array-editor="">
      {rows.length > 0 && (
        <div className="row g-2 small text-body-secondary mb-1" aria-hidden="true">
          {PARTS.map((part) => (
            <div className="col-5" key={part}>
              {t(`array.${part}`)}
            </div>
          ))}
        </div>
      )}
      {rows.map((row, i) => (
        <div className="row g-2 mb-2 align-items-center" key={row.id} data-array-row={i}>
          {PARTS.map((part) => (
            <div className="col-5" key={part}>
              <input
                type="text"
                className={control}
                aria-label={t(`array.${part}Of`, { n: i + 1 })}
                value={row[part]}
                onChange={(e) => set(i, { [part]: e.target.value })}
                {...{ [`data-array-${part}`]: '' }}
              />
            </div>
          ))}
          <div className="col-2">
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              title={t('array.remove', { n: i + 1 })}
              aria-label={t('array.remove', { n: i + 1 })}
              onClick={() => onChange(rows.filter((_, j) => j !== i))}
            >
              <i className="bi bi-x-lg" aria-hidden="true" />
            </button>
          </div>
        </div>
      ))}
      <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onChange([...rows, emptyRow()])} data-array-add="">
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        {t('array.add')}
      </button>
    </div>
  );
}
