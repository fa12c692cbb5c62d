import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAdmin } from '../context.ts';

interface AreaOption {
  value: number;
  label: string;
}

export interface CityPickerProps {
  id: string;
  /** Province, city and district ids, as many as chosen. */
  value: readonly string[];
  onChange(value: string[]): void;
  invalid?: boolean;
  describedBy?: string;
  labelledBy?: string;
}

const LEVELS = ['province', 'city', 'district'] as const;

// Areas never change while the admin works: each list is fetched once per page load.
const cache = new Map<string, Promise<AreaOption[]>>();

/** Province → city → district, each list fetched from `/admin/ajax/area` when the level above is chosen. */
export function CityPicker({ id, value, onChange, invalid, describedBy, labelledBy }: CityPickerProps) {
  const { t } = useTranslation('crud-ui');
  const { request } = useAdmin();
  const [lists, setLists] = useState<AreaOption[][]>([[], [], []]);
  const [province = '', city = ''] = value;

  useEffect(() => {
    let current = true;
    const wanted: Array<Record<string, string> | null> = [{}, province ? { province } : null, province && city ? { province, city } : null];
    const fetchList = (params: Record<string, string>): Promise<AreaOption[]> => {
      const key = JSON.stringify(params);
      let pending = cache.get(key);
      if (!pending) {
        pending = request<AreaOption[]>('/admin/ajax/area', { params }, { cancelDuplicate: false }).then((a) => a.data);
        pending.catch(() => cache.delete(key));
        cache.set(key, pending);
      }
      return pending;
    };
    Promise.all(wanted.map((params) => (params ? fetchList(params) : Promise.resolve([])))).then(
      (found) => current && setLists(found),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [province, city, request]);

  function choose(level: number, chosen: string): void {
    // A new choice clears the levels below it.
    const next = [...value.slice(0, level), chosen].filter(Boolean);
    onChange(next);
  }

  return (
    <div className="row g-2" role="group" aria-labelledby={labelledBy} aria-describedby={describedBy}>
      {LEVELS.map((level, i) => (
        <div className="col-sm-4" key={level}>
          <select
            id={i === 0 ? id : `${id}-${level}`}
            className={`form-select${invalid ? ' is-invalid' : ''}`}
            aria-label={t(`city.${level}`)}
            aria-invalid={invalid || undefined}
            value={value[i] ?? ''}
            disabled={i > 0 && !value[i - 1]}
            onChange={(e) => choose(i, e.target.value)}
          >
            <option value="">{t(`city.${level}`)}</option>
            {lists[i]!.map((o) => (
              <option key={o.value} value={String(o.value)}>
                {o.label}
              </option>
            ))}
          </select>
        </div>
      ))}
    </div>
  );
}
