import { useTranslation } from 'react-i18next';

interface Pair {
  key: string;
  value: string;
}

/** The rows as the input holds them: blank rows stay while the admin types (the server drops them). */
function rowsOf(value: string): Pair[] {
  try {
    const parsed = JSON.parse(value || '[]') as unknown;
    if (!Array.isArray(parsed)) return [];
    return parsed.map((p) => {
      const row = (p && typeof p === 'object' ? p : {}) as Record<string, unknown>;
      return { key: String(row.key ?? ''), value: String(row.value ?? '') };
    });
  } catch {
    return [];
  }
}

export interface ArrayInputProps {
  id: string;
  /** JSON of `[{key, value}]`, as an `array` field stores it. */
  value: string;
  onChange(value: string): void;
  invalid?: boolean;
}

/** An `array` field (reference design type): a list of key/value rows, each removable, with one to add. */
export function ArrayInput({ id, value, onChange, invalid = false }: ArrayInputProps) {
  const { t } = useTranslation('crud-ui');
  const rows = rowsOf(value);
  const write = (next: Pair[]) => onChange(JSON.stringify(next));
  const cls = `form-control form-control-sm${invalid ? ' is-invalid' : ''}`;
  return (
    <div className="d-grid gap-1">
      {rows.map((row, i) => (
        <div className="input-group input-group-sm" key={i}>
          <input
            className={cls}
            id={i === 0 ? `${id}-key` : undefined}
            aria-label={t('array.key', { n: i + 1 })}
            placeholder={t('array.keyPlaceholder')}
            value={row.key}
            onChange={(e) => write(rows.map((r, j) => (j === i ? { ...r, key: e.target.value } : r)))}
          />
          <input
            className={cls}
            aria-label={t('array.value', { n: i + 1 })}
            placeholder={t('array.valuePlaceholder')}
            value={row.value}
            onChange={(e) => write(rows.map((r, j) => (j === i ? { ...r, value: e.target.value } : r)))}
          />
          <button type="button" className="btn btn-outline-secondary" aria-label={t('array.remove', { n: i + 1 })} onClick={() => write(rows.filter((_, j) => j !== i))}>
            <i className="bi bi-x-lg" aria-hidden="true" />
          </button>
        </div>
      ))}
      <div>
        <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => write([...rows, { key: '', value: '' }])}>
          <i className="bi bi-plus-lg me-1" aria-hidden="true" />
          {t('array.add')}
        </button>
      </div>
    </div>
  );
}
